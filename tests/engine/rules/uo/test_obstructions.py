"""What blocks LOS now (obstructions.py): smoke, wrecks and Vehicles counters on top of the
static battlefield (5.1.7.1, 5.2.3.4, 5.2.4.3, 5.2.4.5), and the drift downwind that smoke,
toxic clouds and wrecks share (5.2.4.6). Situations on the small map (small.py)."""

from __future__ import annotations

import pytest

from engine.model.scenario import Compass
from engine.rules.uo import obstructions
from engine.rules.uo.play import Play

from .small import ROOM_N, ROOM_S, B, small_battlefield, small_game


def test_5_2_4_6_a_drift_runs_three_hexes_along_the_wind() -> None:
    bf = small_battlefield()
    # flat-topped hexes: north and south are hex directions
    assert obstructions.drift(bf, "S0803", Compass.S) == ["S0803", "S0804", "S0805"]
    assert obstructions.drift(bf, "S0803", Compass.N) == ["S0801", "S0802", "S0803"]
    # east lies between two hex directions: the drift zigzags along the wind's line
    assert obstructions.drift(bf, "S0803", Compass.E) == ["S0803", "S0903", "S1003"]


def test_5_2_4_3_a_drift_over_a_building_covers_its_rooms() -> None:
    bf = small_battlefield()
    # S0505 east: the two hexes beyond are under building 1, one in each room
    assert obstructions.drift(bf, "S0505", Compass.E) == [ROOM_N, ROOM_S, "S0505"]


def test_5_2_4_6_a_drift_at_the_map_edge_stops_there() -> None:
    bf = small_battlefield()
    assert obstructions.drift(bf, "S0801", Compass.N) == ["S0801"]


def test_5_1_7_1_nothing_placed_blocks_nothing() -> None:
    play = Play(small_game(green=[B("g", at="S0801")], red=[B("r", at="S0810")], leaders=False), 0)
    assert obstructions.blocking(play.game, play.state) == obstructions.NONE
    assert not obstructions.NONE
    assert play.sees("S0801", "S0810")


@pytest.mark.parametrize("kind", ["smoke", "wrecks"])
def test_5_2_4_3_5_2_4_5_smoke_and_wrecks_placed_in_play_block_the_los(kind: str) -> None:
    play = Play(small_game(green=[B("g", at="S0801")], red=[B("r", at="S0810")], leaders=False), 0)
    getattr(play.state, kind).add("S0805")
    # a wreck reaches 3 hexes downwind (east here, 5.2.4.5); a smoke hex is one hex
    expected = {"S0805", "S0905", "S1005"} if kind == "wrecks" else {"S0805"}
    assert obstructions.blocking_locations(play.game, play.state) == expected
    assert not play.sees("S0801", "S0810")
    assert play.sees("S0801", "S0804")  # short of it
    getattr(play.state, kind).clear()  # smoke lifts at the end of the turn (5.2.4.3)
    assert play.sees("S0801", "S0810")


def test_5_2_3_4_a_vehicles_counter_of_the_scenario_blocks_the_los_face_down_too() -> None:
    game = small_game(
        green=[B("g", at="S0801")],
        red=[B("r", at="S0810")],
        leaders=False,
        no_mans_land=[{"id": "cars", "kind": "vehicles", "at": "S0805", "hidden": True}],
    )
    play = Play(game, 0)
    assert obstructions.blocking(game, play.state).vehicles == {"S0805"}
    assert not play.sees("S0801", "S0810")


def test_5_2_3_5_a_barricade_never_blocks_the_los() -> None:
    game = small_game(
        green=[B("g", at="S0801")],
        red=[B("r", at="S0810")],
        leaders=False,
        no_mans_land=[{"id": "bar", "kind": "barricade", "at": "S0805", "hidden": False}],
    )
    play = Play(game, 0)
    assert not obstructions.blocking(game, play.state)
    assert play.sees("S0801", "S0810")


def test_5_2_4_3_covered_on_the_sample_is_the_rule_as_worded() -> None:
    """`covered` looks rooms up by their outlines' boxes (issue 14: a drift scanned every room
    of the map with a polygon test per point); on the sample, for drift points over the whole
    sheet, it finds exactly the hexes whose centre is within half a hex of a point and the
    rooms and zones holding a point or centred within 0.9 hex of one."""
    from pathlib import Path

    from engine.battlefield import LocKind
    from engine.battlefield.compile import compile_file
    from engine.geometry.polygons import contains_point, dist

    bf = compile_file(Path(__file__).resolve().parents[4] / "maps" / "A-harbour.yaml")
    size = bf.hex_size["surface"]
    interiors = [loc for loc in bf.locations if loc.interior]
    # points at room corners and centres (the boundary cases) and at hex centres
    points = [loc.outline[0] for loc in interiors[::3]] + [loc.centre for loc in bf.locations[::17]]
    found_rooms = 0
    for i in range(0, len(points), 3):
        pts = points[i : i + 3]
        expected = sorted(
            loc.id
            for loc in bf.locations
            if loc.layer == "surface"
            and (
                (loc.kind == LocKind.hex and any(dist(loc.centre, p) < size * 0.5 for p in pts))
                or (
                    loc.interior
                    and any(contains_point(loc.outline, p) or dist(loc.centre, p) < size * 0.9 for p in pts)
                )
            )
        )
        assert obstructions.covered(bf, "surface", pts) == expected
        found_rooms += sum(bf.location(x).interior for x in expected)
    assert found_rooms > 40
