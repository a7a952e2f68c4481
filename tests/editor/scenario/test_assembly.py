"""Where a dragged sheet lands in the assembly (5.1.1: edge half hexes join into hexes)."""

from __future__ import annotations

import math

from editor.scenario.assembly import Placed, snap, steps
from engine.model.sheet import Orientation

HARBOUR = (560.0, 390.0)  # 43 columns of 1.5 x 8.682 mm: its last column is half hexes
STEPS = steps(Orientation.flat, 8.682)


def test_5_1_1_steps_of_a_flat_grid():
    assert steps(Orientation.flat, 8.682) == (1.5 * 8.682, math.sqrt(3) / 2 * 8.682)
    assert steps(Orientation.pointy, 10.0) == (math.sqrt(3) / 2 * 10.0, 15.0)


def test_5_1_1_a_sheet_near_the_right_edge_snaps_flush():
    first = Placed((0.0, 0.0), HARBOUR)
    assert snap((566.0, 3.0), HARBOUR, [first], STEPS) == (560.0, 0.0)
    assert snap((-7.0, 394.0), HARBOUR, [first], STEPS) == (0.0, 390.0)


def test_5_1_1_away_from_edges_a_sheet_keeps_to_the_grid():
    first = Placed((0.0, 0.0), HARBOUR)
    x, y = snap((700.0, 100.0), (100.0, 100.0), [first], STEPS)
    assert math.isclose(x / STEPS[0], round(x / STEPS[0]), abs_tol=1e-3)
    assert math.isclose(y / STEPS[1], round(y / STEPS[1]), abs_tol=1e-3)
    # the first sheet alone has nothing to meet
    assert snap((0.4, -0.3), HARBOUR, [], STEPS) == (0.0, 0.0)
