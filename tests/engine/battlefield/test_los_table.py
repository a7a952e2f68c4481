"""The all-pairs LOS table agrees with the exact rule (5.1.7) pair by pair."""

from __future__ import annotations

import pickle
import random

import pytest

from bench.mapgen import make_sheet
from engine.battlefield import Dynamic, Placement, compile_file, compile_sheets
from engine.battlefield.los import los, sees
from engine.battlefield.los_table import LosTable
from engine.geometry.polygons import bearing, in_arc
from engine.model.sheet import MapSheet


def small_town() -> MapSheet:
    """Buildings off the hex grid, rooms behind apertures, garden walls, woods and hillocks."""
    sheet = make_sheet("T", seed=11)
    small = sheet.model_copy(
        update={
            "grid": sheet.grid.model_copy(update={"columns": 20, "rows": 12}),
            "size": (20 * 1.5 * 8.5 + 8.5, 12 * 1.732 * 8.5 + 8.5),
            "buildings": [
                b
                for b in sheet.buildings
                if max(x for x, _ in b.outline) < 20 * 1.5 * 8.5
                and max(y for _, y in b.outline) < 12 * 1.732 * 8.5
            ],
        }
    )
    keep = {b.id for b in small.buildings}
    small = small.model_copy(
        update={
            "walls": [w for w in sheet.walls if w.id.split("-")[0] in keep or w.kind.value == "outer_wall"]
        }
    )
    return small


def test_5_1_7_table_matches_exact_rule_on_every_pair_of_a_generated_town() -> None:
    bf = compile_sheets([(small_town(), Placement())])
    table = LosTable(bf)
    ids = [loc.id for loc in bf.locations]
    assert len(ids) > 200
    mismatches = [
        (a, b, los(bf, a, b).reason)
        for i, a in enumerate(ids)
        for b in ids[i:]
        if table.clear(a, b) != los(bf, a, b).clear
    ]
    assert mismatches == []


def test_5_1_7_table_matches_exact_rule_on_the_sample_scenario(sample_scenario_path) -> None:
    bf = compile_file(sample_scenario_path)
    table = bf.los_table
    rng = random.Random(5)
    ids = [loc.id for loc in bf.locations]
    pairs = [(rng.choice(ids), rng.choice(ids)) for _ in range(4000)]
    assert [(a, b) for a, b in pairs if table.clear(a, b) != los(bf, a, b).clear] == []
    # reciprocal by construction
    assert all(table.clear(a, b) == table.clear(b, a) for a, b in pairs)


@pytest.mark.parametrize("counter", ["smoke", "wrecks", "vehicles"])
def test_5_1_7_1_dynamic_blockers_bypass_the_static_table(sample_scenario_path, counter: str) -> None:
    bf = compile_file(sample_scenario_path)
    # a long clear street line, then the same line with a counter in the middle of it
    a, b, middle = "A1010", "A1015", "A1012"
    assert los(bf, a, b).clear and sees(bf, a, b)
    dyn = Dynamic(**{counter: frozenset({middle})})
    assert not sees(bf, a, b, dyn)
    assert los(bf, a, b, dyn).rule == "5.1.7.2"


def test_8_2_5_3_table_matches_exact_rule_into_rooms_from_their_apertures_arcs(
    sample_scenario_path,
) -> None:
    """Into a building only through the facade segment holding the aperture: outside
    locations in an aperture's arc (where the building's other wings may hide the room),
    table and los() agree (a deterministic sample of the sample's 22,000 such pairs)."""
    bf = compile_file(sample_scenario_path)
    table = bf.los_table
    outside = [loc for loc in bf.locations if loc.layer == "surface" and not loc.interior]
    pairs = sorted(
        {
            (ap.interior, loc.id)
            for ap in bf.apertures.values()
            if ap.interior
            for loc in outside
            if in_arc(bearing(ap.at, loc.centre), *ap.arc)
        }
    )
    pairs = random.Random(7).sample(pairs, 5000)
    hidden = [(a, b) for a, b in pairs if not los(bf, a, b).clear]
    assert len(hidden) > 500  # the building's own wings and other obstacles hide many
    assert [(a, b) for a, b in pairs if table.clear(a, b) != los(bf, a, b).clear] == []


@pytest.mark.parametrize("town", ["generated", "sample"])
def test_5_1_7_rows_built_on_demand_equal_the_rows_built_up_front(town: str, sample_scenario_path) -> None:
    """A large map's table is ready at once and builds each row when first asked (issue 14):
    outside locations sweep every target, rooms and zones sweep from their apertures,
    underground locations ask the exact rule. Each row equals the up-front build's, which
    the tests above check against los() pair by pair."""
    if town == "generated":
        bf = compile_sheets([(small_town(), Placement())])
        bits = list(range(len(bf)))
    else:
        bf = compile_file(sample_scenario_path)
        rng = random.Random(3)
        interiors = [loc for loc in bf.locations if loc.interior or loc.layer != "surface"]
        bits = rng.sample(range(len(bf)), 60)
    up_front = LosTable(bf, eager=True)
    on_demand = LosTable(bf, eager=False)
    assert not any(on_demand.done)
    if town == "sample":  # rooms, zones and underground hexes, as well as random rows
        bits += [on_demand.bit[loc.index] for loc in rng.sample(interiors, 40)]
    assert [b for b in bits if on_demand.row(b) != up_front.rows[b]] == []
    # a lookup uses whichever end's row is built, else builds one
    a, b = bf.locations[0].id, bf.locations[-1].id
    fresh = LosTable(bf, eager=False)
    assert fresh.clear(a, b) == up_front.clear(a, b) and sum(fresh.done) == 1
    assert fresh.clear(b, a) == up_front.clear(a, b) and sum(fresh.done) == 1


def test_table_pickles_as_its_rows_and_builds_on_after_reading() -> None:
    """The disk cache (store.py) pickles tables: the rows travel, not copies of the
    battlefield's locations; a table read back answers and builds missing rows alike."""
    bf = compile_sheets([(small_town(), Placement())])
    table = LosTable(bf, eager=False)
    table.row(0)
    state = table.__getstate__()
    assert set(state) == {"bf", "rows", "done"}
    back = pickle.loads(pickle.dumps(table))
    assert back.rows == table.rows and back.done == table.done
    full = LosTable(bf, eager=True)
    assert [back.row(b) for b in range(len(bf))] == full.rows
