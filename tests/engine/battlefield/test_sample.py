"""The sample scenario (scenarios/harbour-crossing.yaml: sheet A-harbour and insert
U-sewers): the roof example of 8.1.6 and the map's connectivity."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battlefield import Battlefield, LocKind, StepKind, compile_file
from engine.battlefield.movement import FOOT, VEHICLE, path, reach
from engine.battlefield.terrain import load_terrain_chart

from .mapkit import step_between

CHART = load_terrain_chart()
EVERYWHERE = 1000  # more MP than any path on the sheet needs


@pytest.fixture(scope="module")
def bf(sample_scenario_path: Path) -> Battlefield:
    return compile_file(sample_scenario_path)


def street(bf: Battlefield) -> str:
    return "A0101"


def test_8_1_6_roof_example_zone_32_2_to_roof_costs_2(bf: Battlefield) -> None:
    assert bf.location("32.2").kind == LocKind.zone
    (step,) = step_between(bf, "32.2", "32.R")
    assert step.kind == StepKind.stairs
    assert path(bf, "32.2", "32.R") == (CHART.roofs.stairs, ["32.2", "32.R"])
    assert CHART.roofs.stairs == 2


def test_8_1_6_roof_example_roof_32_to_roof_35_costs_4(bf: Battlefield) -> None:
    (step,) = step_between(bf, "32.R", "35.R")
    assert step.kind == StepKind.roof_to_roof
    assert path(bf, "32.R", "35.R") == (CHART.roofs.roof_to_roof, ["32.R", "35.R"])
    assert CHART.roofs.roof_to_roof == 4
    # and on into building 35 by its own stairs
    found = path(bf, "32.2", "35.R")
    assert found is not None and found[0] == 6


def test_5_1_2_every_room_and_zone_is_reached_on_foot_from_the_street(bf: Battlefield) -> None:
    got = reach(bf, street(bf), FOOT, EVERYWHERE)
    interiors = [loc.id for loc in bf.locations if loc.interior]
    assert len(interiors) > 50
    assert [i for i in interiors if i not in got] == []
    roofs = [loc.id for loc in bf.locations if loc.kind == LocKind.roof]
    assert "32.R" in roofs and "35.R" in roofs
    assert [r for r in roofs if r not in got] == []


def test_8_1_4_vehicles_reach_no_room_but_the_hangar_39(bf: Battlefield) -> None:
    got = reach(bf, street(bf), VEHICLE, EVERYWHERE)
    inside = {i for i in got if bf.location(i).kind != LocKind.hex}
    hangar = {loc.id for loc in bf.locations if loc.interior and loc.building == "39"}
    assert hangar and inside == hangar
    assert all(bf.location(i).layer == "surface" for i in got)


def test_8_1_10_every_underground_hex_is_reached_from_a_manhole(bf: Battlefield) -> None:
    underground = {loc.id for loc in bf.locations if loc.kind == LocKind.underground}
    assert len(underground) > 20
    manholes = {"A0911": "U0301", "A3012": "U1001"}  # manholes A and B and a hex of their zone
    reached: set[str] = set()
    for hx, below in manholes.items():
        assert path(bf, hx, below) == (CHART.manhole.foot, [hx, below])
        reached |= set(reach(bf, hx, FOOT, EVERYWHERE))
    assert underground <= reached
    # the dummy manhole (A1619) leads nowhere
    assert all(bf.location(n).layer == "surface" for n in bf.neighbours("A1619"))


def test_8_2_5_3_room_30_1_is_hidden_by_its_own_building_from_a_hex_in_its_arc(bf: Battlefield) -> None:
    """A0202 is in the fire arc of door D30.1 (285-75), but the line to the door crosses
    the north-west wing of building 30: only the facade segment holding the door lets a
    line of sight in (5.1.3.1)."""
    from engine.battlefield.los import los
    from engine.geometry.polygons import bearing, in_arc

    door = bf.apertures["D30.1"]
    for hx in ("A0202", "A0301"):
        assert in_arc(bearing(door.at, bf.location(hx).centre), *door.arc)
    hidden = los(bf, "A0202", "30.1")
    assert (hidden.clear, hidden.rule, hidden.blocker) == (False, "5.1.7.2", "building 30")
    assert not bf.los_table.clear("A0202", "30.1")
    seen = los(bf, "A0301", "30.1")
    assert (seen.clear, seen.via) == (True, "D30.1")
    assert bf.los_table.clear("A0301", "30.1")
