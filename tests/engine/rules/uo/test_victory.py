"""Victory (1.3): control of locations (2.3) and buildings, destruction, collateral damage,
points and levels. Situations are set directly on the state of a small game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.ruleset import Outcome, Result, VictoryLevel
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play
from engine.rules.uo.state import State
from engine.rules.uo.victory import building_locations, controller, score

from .small import DOOR_HEX, ROOF, ROOM_N, ROOM_S, STREET_N, STREET_S, WINDOW_HEX, B, small_game

ROOT = Path(__file__).resolve().parents[4]
INF = BlockType.infantry


def control(cid: str, side: str, *locations: str, points: int = 1) -> dict[str, Any]:
    return {"kind": "control", "id": cid, "side": side, "locations": list(locations), "points": points}


def hold(cid: str, side: str, *buildings: str, points: int = 1) -> dict[str, Any]:
    kind = "control_buildings"
    return {"kind": kind, "id": cid, "side": side, "buildings": list(buildings), "points": points}


def situation(*conditions: dict[str, Any], levels: list[dict[str, Any]] | None = None) -> tuple[Game, State]:
    """Two green and two red infantry blocks plus the APC and MBT of each side, all off the
    map until a test places them; no leaders, so every block is one the test names."""
    game = small_game(
        green=[
            B("g1", INF),
            B("g2", INF),
            B("g-apc", BlockType.apc),
            B("g-mbt", BlockType.mbt),
        ],
        red=[B("r1", INF), B("r2", INF), B("r-apc", BlockType.apc), B("r-mbt", BlockType.mbt)],
        leaders=False,
        victory={"conditions": list(conditions), "levels": levels or []},
    )
    state = Play(game, 0).state
    for block in state.blocks.values():
        block.location = None
    state.control.clear()
    return game, state


def put(state: State, **where: str) -> None:
    for bid, loc in where.items():
        state.blocks[bid.replace("_", "-")].location = loc


# --- control (2.3) ------------------------------------------------------------------------


def test_2_3_control_by_presence_beats_last_moved_through() -> None:
    game, state = situation(control("c", "green", DOOR_HEX))
    state.control[DOOR_HEX] = Side.red
    put(state, g1=DOOR_HEX)
    assert controller(game, state, DOOR_HEX) == Side.green


def test_2_3_without_a_block_the_last_side_through_controls() -> None:
    game, state = situation(control("c", "green", DOOR_HEX))
    assert controller(game, state, DOOR_HEX) is None
    state.control[DOOR_HEX] = Side.red
    assert controller(game, state, DOOR_HEX) == Side.red


def test_2_3_an_eliminated_block_controls_nothing() -> None:
    game, state = situation(control("c", "green", DOOR_HEX))
    put(state, g1=DOOR_HEX)
    state.blocks["g1"].eliminated = True
    state.control[DOOR_HEX] = Side.red
    assert controller(game, state, DOOR_HEX) == Side.red


def test_2_3_blocks_of_both_sides_leave_the_last_holder_in_control() -> None:
    # an assault under way (8.2.8): nobody has taken the location yet
    game, state = situation(control("c", "green", DOOR_HEX))
    put(state, g1=DOOR_HEX, r1=DOOR_HEX)
    state.control[DOOR_HEX] = Side.red
    assert controller(game, state, DOOR_HEX) == Side.red


def test_2_3_vehicles_control_too() -> None:
    game, state = situation(control("c", "green", STREET_S))
    put(state, g_apc=STREET_S)
    assert controller(game, state, STREET_S) == Side.green


def test_2_3_5_2_1_a_dummy_block_does_not_control() -> None:
    game = Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")
    state = Play(game, 0).state
    dummy = next(b for b in game.blocks.values() if b.dummy and b.start == "32.1")
    assert state.blocks[dummy.id].location == "32.1"
    state.control.clear()
    assert controller(game, state, "32.1") is None


# --- conditions (1.3) ---------------------------------------------------------------------


def test_1_3_control_locations_needs_every_location() -> None:
    game, state = situation(control("street", "green", STREET_N, STREET_S, points=2))
    put(state, g1=STREET_N)
    outcome = score(game, state)
    assert outcome.conditions == {"street": False}
    assert outcome.points == {Side.green: 0, Side.red: 0}
    state.control[STREET_S] = Side.green  # moved through, then left
    outcome = score(game, state)
    assert outcome.conditions == {"street": True}
    assert outcome.points == {Side.green: 2, Side.red: 0}


def test_1_3_control_buildings_needs_every_room() -> None:
    game, state = situation(hold("house", "red", "1", points=3))
    assert sorted(building_locations(game, "1")) == [ROOM_N, ROOM_S]
    put(state, r1=ROOM_N)
    assert score(game, state).conditions == {"house": False}
    put(state, r2=ROOM_S)
    assert score(game, state).conditions == {"house": True}
    assert score(game, state).points[Side.red] == 3
    state.blocks["r2"].location = None
    state.control[ROOM_S] = Side.green
    assert score(game, state).conditions == {"house": False}


def test_1_3_control_buildings_roof_counts_only_when_the_enemy_holds_it() -> None:
    game, state = situation(hold("house", "red", "1"))
    put(state, r1=ROOM_N, r2=ROOM_S)
    assert controller(game, state, ROOF) is None
    assert score(game, state).conditions == {"house": True}  # nobody on the roof: no climb needed
    put(state, g1=ROOF)
    assert score(game, state).conditions == {"house": False}  # an enemy on the roof denies it
    state.blocks["g1"].location = None
    state.control[ROOF] = Side.red
    assert score(game, state).conditions == {"house": True}


def test_1_3_control_buildings_of_a_building_not_on_the_map_is_not_met() -> None:
    game, state = situation(hold("ghost", "green", "99"))
    assert score(game, state).conditions == {"ghost": False}


def test_1_3_destroy_named_blocks_counts_those_eliminated() -> None:
    game, state = situation(
        {"kind": "destroy", "id": "kill", "side": "green", "blocks": ["r1", "r2"], "count": 2, "points": 2}
    )
    state.blocks["r1"].eliminated = True
    assert score(game, state).conditions == {"kill": False}
    state.blocks["r2"].eliminated = True
    outcome = score(game, state)
    assert outcome.conditions == {"kill": True}
    assert outcome.points[Side.green] == 2


def test_1_3_destroy_block_types_counts_enemy_blocks_only() -> None:
    game, state = situation(
        {"kind": "destroy", "id": "armour", "side": "red", "block_types": ["apc", "mbt"], "count": 2}
    )
    state.blocks["r-apc"].eliminated = True  # red's own: no score for red
    state.blocks["g-apc"].eliminated = True
    state.blocks["g1"].eliminated = True  # infantry: not a listed type
    assert score(game, state).conditions == {"armour": False}
    state.blocks["g-mbt"].eliminated = True
    assert score(game, state).conditions == {"armour": True}


def test_1_3_destroy_with_names_and_types_counts_either() -> None:
    game, state = situation(
        {"kind": "destroy", "id": "d", "side": "green", "blocks": ["r1"], "block_types": ["mbt"], "count": 2}
    )
    state.blocks["r1"].eliminated = True
    assert score(game, state).conditions == {"d": False}
    state.blocks["r-mbt"].eliminated = True
    assert score(game, state).conditions == {"d": True}


def test_5_2_3_3_collateral_scores_nothing_until_population_can_be_eliminated() -> None:
    game, state = situation(
        control("c", "green", DOOR_HEX, points=2),
        {"kind": "collateral", "id": "massacre", "side": "green", "per_population": -3},
    )
    put(state, g1=DOOR_HEX)
    outcome = score(game, state)
    assert outcome.conditions == {"c": True, "massacre": False}
    assert outcome.points[Side.green] == 2


def test_1_3_negative_points_go_to_the_condition_side() -> None:
    game, state = situation(control("lost", "red", WINDOW_HEX, points=-2))
    state.control[WINDOW_HEX] = Side.red
    assert score(game, state).points == {Side.green: 0, Side.red: -2}


# --- levels (1.3) -------------------------------------------------------------------------

LEVELS = [
    {"side": "green", "level": "total", "min_points": 3},
    {"side": "green", "level": "partial", "min_points": 1},
    {"side": "red", "level": "total", "min_points": 1},
]


def test_1_3_levels_are_checked_in_order() -> None:
    game, state = situation(
        control("door", "green", DOOR_HEX, points=1),
        control("street", "green", STREET_N, points=2),
        control("window", "red", WINDOW_HEX, points=1),
        levels=LEVELS,
    )
    assert score(game, state) == Outcome(
        Result.ongoing,
        None,
        None,
        {Side.green: 0, Side.red: 0},
        {"door": False, "street": False, "window": False},
    )
    put(state, r1=WINDOW_HEX)
    assert (score(game, state).winner, score(game, state).level) == (Side.red, "total")
    put(state, g1=DOOR_HEX)  # green partial comes before red total in the list
    assert (score(game, state).winner, score(game, state).level) == (Side.green, "partial")
    put(state, g2=STREET_N)
    outcome = score(game, state)
    assert (outcome.winner, outcome.level, outcome.points[Side.green]) == (Side.green, VictoryLevel.total, 3)
    assert outcome.result is Result.ongoing  # the last turn is not over: it counts then (1.3)


def test_1_3_no_level_reached_is_undecided() -> None:
    game, state = situation(
        control("street", "green", STREET_N, STREET_S),
        levels=[{"side": "green", "level": "total", "min_points": 2}],
    )
    put(state, g1=STREET_N, g2=STREET_S)
    outcome = score(game, state)
    assert outcome.points[Side.green] == 1
    assert (outcome.winner, outcome.level) == (None, None)


# --- the sample scenario --------------------------------------------------------------------


def test_1_3_the_sample_scenario_scores_at_start() -> None:
    game = Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")
    state = Play(game, 0).state
    outcome = score(game, state)
    assert list(outcome.conditions) == [c.id for c in game.scenario.victory.conditions]
    # red starts in the town hall but not in its zone 36.3; nobody is at the bridgeheads
    assert not outcome.conditions["hold-town-hall"]
    assert not outcome.conditions["bridgeheads"]
    assert outcome.points == {Side.green: 0, Side.red: 0}
    assert outcome.winner is None
