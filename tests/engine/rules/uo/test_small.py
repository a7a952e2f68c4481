"""The small-scenario builder: its map is what its docstring says, its scenarios validate
like files, and a play starts with the blocks where they were placed."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battlefield import LocKind, StepKind
from engine.battlefield.los import los
from engine.io.files import dumps
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths
from engine.model.cards import BlockType, CardLibrary, Protection, TargetCapability
from engine.model.scenario import Quality, Side
from engine.model.sheet import Terrain
from engine.rules.uo.play import Deploy, Enter, Play, StartImpulse
from engine.rules.uo.state import Phase

from .small import (
    BUILDING,
    BUILDING_HEXES,
    CARDS,
    DOOR,
    DOOR_HEX,
    GREEN_HOME,
    GREEN_ZONE,
    NORTH_YARD,
    RED_EDGE,
    RED_HOME,
    ROOF,
    ROOM_N,
    ROOM_S,
    SOUTH_YARD,
    STREET,
    STREET_N,
    STREET_S,
    WATER,
    WEST_YARD,
    WINDOW,
    WINDOW_HEX,
    WOODS,
    B,
    small_battlefield,
    small_game,
    small_sheet,
)

INF, PL = BlockType.infantry, BlockType.platoon_leader


def steps(a: str, b: str) -> list[StepKind]:
    bf = small_battlefield()
    src, dst = bf.location(a).index, bf.location(b).index
    return [s.kind for s in bf.out[src] if s.dst == dst]


# --- the map ------------------------------------------------------------------------------


def test_map_compiles_with_the_building_rooms_and_roof() -> None:
    bf = small_battlefield()
    assert len([loc for loc in bf.locations if loc.kind == LocKind.hex]) == 14 * 10 - 4
    for hexid in BUILDING_HEXES:
        assert hexid not in bf.by_id  # under the building: its rooms are the locations (5.1.1)
    rooms = {loc.id: loc.kind for loc in bf.locations if loc.building == BUILDING}
    assert rooms == {ROOM_N: LocKind.room, ROOM_S: LocKind.room, ROOF: LocKind.roof}
    assert set(bf.buildings) == {BUILDING}
    assert bf.location(WOODS).terrain == Terrain.woods
    assert bf.location(WATER).terrain == Terrain.water
    assert all(bf.location(h).terrain == Terrain.clear for h in STREET)


def test_door_window_partition_and_stairs_join_what_the_docstring_says() -> None:
    assert StepKind.aperture in steps(DOOR_HEX, ROOM_N)
    assert StepKind.aperture in steps(WINDOW_HEX, ROOM_S)
    assert StepKind.aperture not in steps(DOOR_HEX, ROOM_S)
    assert steps(ROOM_N, ROOM_S) == [StepKind.partition]
    assert StepKind.stairs in steps(ROOM_S, ROOF)
    assert StepKind.climb in steps(DOOR_HEX, ROOF)
    apertures = {a.id: a for a in small_battlefield().apertures.values()}
    assert (apertures[DOOR].kind, apertures[DOOR].interior) == ("door", ROOM_N)
    assert (apertures[WINDOW].kind, apertures[WINDOW].interior) == ("window", ROOM_S)


@pytest.mark.parametrize(("a", "b"), [(NORTH_YARD, SOUTH_YARD), (WEST_YARD, DOOR_HEX), (DOOR_HEX, ROOM_S)])
def test_5_1_7_the_building_blocks_lines_across_it(a: str, b: str) -> None:
    result = los(small_battlefield(), a, b)
    assert not result.clear
    assert result.blocker == f"building {BUILDING}"


@pytest.mark.parametrize(("a", "b"), [(STREET_N, STREET_S), (DOOR_HEX, ROOM_N), (WINDOW_HEX, ROOM_S)])
def test_5_1_7_the_street_and_the_apertures_are_clear(a: str, b: str) -> None:
    assert los(small_battlefield(), a, b).clear


def test_5_1_7_1_the_woods_hex_blocks() -> None:
    result = los(small_battlefield(), "S1102", "S1106")
    assert not result.clear and result.blocker == f"woods in {WOODS}"


def test_cards_have_the_advertised_weapons() -> None:
    sniper = CARDS["sniper"].blocks[0]
    assert sniper.osl_levels == 2
    assert sniper.weapons[0].firepower[:3] == [None, None, None]  # 11-25 EP only
    assert all(f for f in sniper.weapons[0].firepower[3:])
    apc = CARDS["apc"].blocks[0]
    assert (apc.protection, apc.capacity) == (Protection.armoured, 2)
    gun = CARDS["mbt"].blocks[0].weapons[0]
    assert CARDS["mbt"].blocks[0].protection == Protection.mbt
    assert (gun.targets, gun.critical_bonus, gun.min_range) == (TargetCapability.all, True, 2)
    atgm = CARDS["atgm"].blocks[0].weapons[0]
    assert (atgm.targets, atgm.critical_bonus) == (TargetCapability.all, True)
    assert atgm.no_fire_from_building
    assert any(w.breach == "contact" for w in CARDS["engineers"].blocks[0].weapons)


# --- the scenarios ------------------------------------------------------------------------


def test_a_small_scenario_validates_like_files_do(tmp_path: Path) -> None:
    game = small_game(
        green=[
            B("g-inf", INF, DOOR_HEX),
            B("g-apc", BlockType.apc, STREET_S),
            B("g-rider", INF, mounted_in="g-apc"),
            B("g-mbt", BlockType.mbt, "S0907"),
            B("g-eng", BlockType.engineer, "S0908"),
        ],
        red=[
            B("r-inf", INF, ROOM_S),
            B("r-sniper", BlockType.sniper),
            B("r-atgm", BlockType.support_weapons, force="r2"),
        ],
        commander=True,
        entries={"r2": 2},
    )
    scenario = game.scenario.model_copy(update={"cards": ["cards.yaml"]})
    library = CardLibrary(id="small-cards", unit_cards=list(CARDS.values()))
    files = {
        tmp_path / "small.yaml": dumps(scenario),
        tmp_path / "cards.yaml": dumps(library),
        tmp_path / "S-small.yaml": dumps(small_sheet()),
    }
    report = validate_paths([tmp_path / "small.yaml"], Workspace(files))
    assert report.problems == []


def test_play_starts_with_the_blocks_where_placed() -> None:
    game = small_game(
        green=[
            B("g-inf", INF, DOOR_HEX),
            B("g-apc", BlockType.apc, STREET_N),
            B("g-in2", mounted_in="g-apc"),
        ],
        red=[B("r-inf", INF, ROOM_S), B("r-roof", INF, ROOF)],
        initiative=Side.red,
    )
    play = Play(game, 0)
    where = {bid: b.location for bid, b in play.state.blocks.items() if not game.blocks[bid].dummy}
    assert where == {
        "g1-pl": GREEN_HOME[0],
        "g-inf": DOOR_HEX,
        "g-apc": STREET_N,
        "g-in2": None,
        "r1-pl": RED_HOME[0],
        "r-inf": ROOM_S,
        "r-roof": ROOF,
    }
    assert play.state.blocks["g-in2"].mounted_in == "g-apc"
    assert play.state.phase == Phase.impulses
    assert play.state.active == Side.red
    assert game.forces["g1"].leader == "g1-pl"


def test_leaders_false_leaves_forces_without_a_leader() -> None:
    game = small_game(green=[B("g-inf", INF, DOOR_HEX)], red=[B("r-inf", INF, ROOM_N)], leaders=False)
    assert set(game.blocks) == {"g-inf", "r-inf"}
    assert game.forces["g1"].leader is None
    assert Play(game, 0).command_limit("g1") == 3  # 7.1.1


def test_own_leader_and_commander_are_used() -> None:
    game = small_game(
        green=[B("boss", PL, STREET_N), B("g-inf", INF, DOOR_HEX)],
        red=[B("r-inf", INF, ROOM_N)],
        commander=True,
        green_quality=Quality.elite,
    )
    assert game.forces["g1"].leader == "boss"
    assert game.forces["g1"].quality == Quality.elite
    assert (game.commander[Side.green], game.command_post[Side.green]) == ("g-cmd", "g-cp")
    assert (game.commander[Side.red], game.command_post[Side.red]) == ("r-cmd", "r-cp")
    assert game.blocks["g-cmd"].start == GREEN_HOME[0]  # boss is no auto block: first home hex


def test_blocks_without_a_location_are_deployed_in_the_zone() -> None:
    game = small_game(green=[B("g-inf", INF)], red=[B("r-inf", INF, ROOM_N)])
    play = Play(game, 0)
    assert play.state.phase == Phase.setup and play.state.active == Side.green
    deploys = play.legal_actions()
    assert {a.block for a in deploys if isinstance(a, Deploy)} == {"g-inf", "g1-pl"}
    assert {a.location for a in deploys if isinstance(a, Deploy)} == set(GREEN_ZONE)
    custom = small_game(green=[B("g-inf", INF)], red=[], deployment={Side.green: [STREET_N, STREET_S]})
    places = {a.location for a in Play(custom, 0).legal_actions() if isinstance(a, Deploy)}
    assert places == {STREET_N, STREET_S}


def test_7_1_1_reinforcements_enter_at_their_edge() -> None:
    game = small_game(green=[B("g-inf", INF, DOOR_HEX)], red=[B("r-inf", INF)], entries={"r1": 1})
    play = Play(game, 0)
    assert play.state.phase == Phase.impulses
    assert play.state.blocks["r-inf"].location is None
    play.state.active = Side.red
    play.apply(StartImpulse("r1"))
    entering = {a.location for a in play.legal_actions() if isinstance(a, Enter) and a.block == "r-inf"}
    assert entering == set(RED_EDGE)


def test_options_reach_the_scenario() -> None:
    game = small_game(
        green=[B("g-inf", INF, DOOR_HEX)],
        red=[B("r-inf", INF, ROOM_N)],
        turns=5,
        night_turns=(4, 5),
        initiative={1: Side.green, 3: Side.red},
        no_mans_land=[{"id": "pop", "kind": "population", "at": "S1005"}],
    )
    s = game.scenario
    assert (s.turns, s.night_turns) == (5, [4, 5])
    assert [game.initiative(t) for t in (1, 2, 3, 4)] == [Side.green, Side.green, Side.red, Side.red]
    assert s.no_mans_land[0].at == "S1005"


@pytest.mark.parametrize(
    ("green", "words"),
    [
        ([B("g", INF, "S9999")], "no location 'S9999'"),
        ([B("g", INF, DOOR_HEX), B("g", INF, STREET_N)], "given twice"),
        ([B("g", INF, DOOR_HEX, card="apc")], "no card fields"),
        ([B("g", INF, mounted_in="nobody")], "no vehicle"),
    ],
)
def test_mistakes_are_refused(green: list[B], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        small_game(green=green, red=[])
