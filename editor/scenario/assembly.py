"""Where a sheet may sit in a scenario's map assembly: snapped so that the half hexes on
the edges of two sheets join into whole hexes (5.1.1: the half-hexagons on the map
edges are playable, and an assembly continues one grid across sheets).

Pure geometry, no Qt: the assembly view calls `snap` while a sheet is dragged."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from engine.model.sheet import Orientation

Pt = tuple[float, float]


@dataclass(frozen=True)
class Placed:
    """A sheet of the assembly: its top-left corner and size in mm (turned or not)."""

    position: Pt
    size: Pt


def steps(orientation: Orientation, hex_size: float) -> Pt:
    """The grid's repeat along x and y: a column (flat) or row (pointy) step across, a
    half-hex step along, so a sheet can sit one half hex lower and its edge hexes still
    meet its neighbour's."""
    across = 1.5 * hex_size
    along = math.sqrt(3) / 2 * hex_size
    return (across, along) if orientation == Orientation.flat else (along, across)


def _nearest(value: float, step: float) -> float:
    return round(value / step) * step


def snap(position: Pt, size: Pt, others: Sequence[Placed], grid_steps: Pt) -> Pt:
    """`position` moved to the nearest grid step of the assembly, or flush against an edge
    of another sheet when one is within a step (printed sizes are rounded to the mm, so an
    edge wins over the exact lattice)."""
    out = []
    for axis in (0, 1):
        step = grid_steps[axis]
        value = position[axis]
        edges = [
            e
            for other in others
            for e in (
                other.position[axis] + other.size[axis],  # after the other sheet
                other.position[axis] - size[axis],  # before it
                other.position[axis],  # level with it
            )
            if abs(e - value) <= step
        ]
        snapped = min(edges, key=lambda e: abs(e - value)) if edges else _nearest(value, step)
        out.append(round(snapped, 3))
    return (out[0], out[1])
