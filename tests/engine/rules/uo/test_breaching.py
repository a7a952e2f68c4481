"""Breaching (8.2.9), Breach markers (5.2.4.1) and Fortified markers (5.2.4.2), on the small
map with one breach symbol added: `B1`, in the west facade of room 1.1 (the side between
S0604, under the building, and S0504), its fire arc facing west."""

from __future__ import annotations

from functools import cache

import pytest

from engine.battlefield import Battlefield, Placement, compile_sheets
from engine.battlefield.movement import reach
from engine.model.cards import BlockType
from engine.model.scenario import Allotment, Side
from engine.rules.uo import breaching, fight, harm, invariants, obstructions
from engine.rules.uo.actions import Breach
from engine.rules.uo.game import Game
from engine.rules.uo.play import Activate, EndActivation, HoldFire, Move
from engine.rules.uo.state import Opportunity
from tests.engine.battlefield.mapkit import MapKit

from . import small
from .small import ROOM_N, B
from .test_fire import activate, check, game_of, legal, move, play_of

INF, ENG, MBT = BlockType.infantry, BlockType.engineer, BlockType.mbt
BREACH, OUTSIDE = "B1", "S0504"


@cache
def breach_battlefield() -> Battlefield:
    kit = MapKit(small.SHEET, columns=small.COLUMNS, rows=small.ROWS)
    kit.set_terrain("woods", "1104")
    kit.set_terrain("water", "0309")
    kit.building(
        small.BUILDING,
        {ROOM_N: ["0604", "0704"], small.ROOM_S: ["0605", "0705"]},
        roof=[("0605", "R1", 180.0)],
    )
    kit.aperture(small.DOOR, "0704", "0804", kind="door", interior=ROOM_N)
    kit.aperture(small.WINDOW, "0705", "0805", kind="window", interior=small.ROOM_S)
    kit.aperture(BREACH, "0604", "0504", kind="breach", interior=ROOM_N)
    return compile_sheets([(kit.sheet(), Placement())], [])


def on_breach_map(game: Game, *, green_markers: int = 1, fixed: tuple[str, ...] = ()) -> Game:
    """`game` on the map with the breach symbol, green holding `green_markers` Breach markers
    (`fixed` of them placed by the scenario)."""
    scenario = game.scenario
    green = scenario.sides.green
    env = green.environment.model_copy(
        update={"breach_markers": Allotment(count=green_markers, locations=list(fixed))}
    )
    sides = scenario.sides.model_copy(update={"green": green.model_copy(update={"environment": env})})
    return Game(scenario.model_copy(update={"sides": sides}), breach_battlefield(), game.cards)


def test_5_2_4_1_a_breach_symbol_is_a_wall_until_opened() -> None:
    play = play_of(on_breach_map(game_of([B("g", INF, OUTSIDE)], [B("r", INF, "S1310")])))
    assert obstructions.breach_sides(play.game.battlefield, BREACH) == (ROOM_N, OUTSIDE)
    assert not play.sees(OUTSIDE, ROOM_N)
    activate(play, "g")
    assert Move(ROOM_N) not in play.legal_actions()
    check(play)


def test_8_2_9_a_contact_breach_opens_it_moves_the_engineer_and_blasts_its_friends() -> None:
    game = on_breach_map(
        game_of(
            [B("eng", ENG, OUTSIDE), B("friend", INF, "S0503"), B("g2", INF, "S0501")], [B("r", INF, "S1310")]
        )
    )
    play = play_of(game)
    activate(play, "eng")
    offered = legal(play, Breach)
    assert {(b.aperture, b.weapon) for b in offered} == {(BREACH, "charges")}  # not the rifles
    assert {b.to for b in offered} == set(fight.withdrawal_options(play, "eng"))  # 2 MP away
    play.apply(Breach(BREACH, "charges", "S0405"))
    while play.state.pending and isinstance(play.state.pending[-1], Opportunity):
        play.apply(HoldFire())  # its move after the blast enters a location (8.3.1)
    s = play.state
    assert s.breaches == {BREACH} and breaching.markers_left(play, Side.green) == 0
    assert s.blocks["eng"].location == "S0405" and s.blocks["eng"].losses == 0  # not its own blast
    assert s.blocks["friend"].losses == 1  # within 2 EP of the breach (the card: -1 OSL, 2 EP)
    assert s.blocks["g2"].losses == 0  # 3 EP away
    assert s.blocks["eng"].revealed
    assert play.sees(OUTSIDE, ROOM_N)  # LOS into the room through the breach
    play.apply(EndActivation())
    play.apply(Activate("g2"))
    for hex_ in ("S0502", "S0503", OUTSIDE):  # passing over its friend at S0503 (8.1.1)
        move(play, hex_)
    assert Move(ROOM_N) in play.legal_actions()  # 2 MP through the breach (8.1.5)
    check(play)


def test_8_2_9_a_contact_breach_from_the_room_with_the_symbol() -> None:
    play = play_of(on_breach_map(game_of([B("eng", ENG, ROOM_N)], [B("r", INF, "S1310")])))
    activate(play, "eng")
    assert {b.aperture for b in legal(play, Breach)} == {BREACH}
    check(play)


def test_8_2_9_not_from_elsewhere_nor_without_a_breach_marker_left() -> None:
    far = play_of(on_breach_map(game_of([B("eng", ENG, "S0304")], [B("r", INF, "S1310")])))
    activate(far, "eng")
    assert not legal(far, Breach)  # contact only, and not next to it
    check(far)
    none = play_of(on_breach_map(game_of([B("eng", ENG, OUTSIDE)], [B("r", INF, "S1310")]), green_markers=0))
    activate(none, "eng")
    assert not legal(none, Breach)  # 5.2.4: the scenario's allotment of markers
    check(none)


def test_8_2_9_a_remote_breach_from_the_fire_arc_at_2_ep_or_more() -> None:
    play = play_of(on_breach_map(game_of([B("tank", MBT, "S0304")], [B("r", INF, "S1310")])))
    activate(play, "tank")
    assert legal(play, Breach) == {Breach(BREACH, "gun", "S0304")}
    play.apply(Breach(BREACH, "gun", "S0304"))
    assert play.state.breaches == {BREACH} and play.state.blocks["tank"].location == "S0304"
    check(play)
    near = play_of(on_breach_map(game_of([B("tank", MBT, OUTSIDE)], [B("r", INF, "S1310")])))
    activate(near, "tank")
    assert not legal(near, Breach)  # next to it: remote breaching needs 2 EP
    check(near)


def test_5_2_4_1_a_breach_marker_set_up_by_the_scenario_is_open_from_the_start() -> None:
    play = play_of(on_breach_map(game_of([B("g", INF, OUTSIDE)], [B("r", INF, "S1310")]), fixed=(ROOM_N,)))
    assert obstructions.opened_breaches(play.game, play.state) == {BREACH}
    assert breaching.markers_left(play, Side.green) == 0  # the fixed one was the allotment
    assert play.sees(OUTSIDE, ROOM_N)
    assert ROOM_N in reach(play.game.battlefield, OUTSIDE, play.mover("g"), 2, play.dynamic(Side.green))
    check(play)


# --- 5.2.4.2 fortified markers ---------------------------------------------------------------


def fortify(game: Game, side: Side, *locations: str) -> Game:
    scenario = game.scenario
    setup = getattr(scenario.sides, side.value)
    env = setup.environment.model_copy(
        update={"fortified": Allotment(count=len(locations), locations=list(locations))}
    )
    sides = scenario.sides.model_copy(update={side.value: setup.model_copy(update={"environment": env})})
    return Game(scenario.model_copy(update={"sides": sides}), game.battlefield, game.cards)


def test_5_2_4_2_a_fortified_location_gives_plus_1_to_whoever_holds_it() -> None:
    # red's marker, but green stands there: "effective in all directions"
    play = play_of(fortify(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), Side.red, "S0801"))
    assert fight.modifiers(play, "g", "r", False) == 1
    assert fight.modifiers(play, "r", "g", False) == 0
    check(play)


def test_5_2_4_2_a_fortified_block_shrugs_off_a_weapons_effect_on_0_to_7() -> None:
    game = fortify(
        game_of([B("g", INF, "S0801"), B("h", INF, "S0803")], [B("r", INF, "S1310")]), Side.green, "S0801"
    )
    play = play_of(game, 7, 8)
    harm.suffer(play, "g", 1)  # 7: protected
    assert play.state.blocks["g"].losses == 0 and play.state.blocks["g"].activated
    harm.suffer(play, "g", 1)  # 8: not
    assert play.state.blocks["g"].losses == 1
    harm.suffer(play, "h", 1)  # no fortification, no die
    assert play.state.blocks["h"].losses == 1
    check(play)


def test_5_2_4_1_both_sides_see_an_opened_breach() -> None:
    play = play_of(on_breach_map(game_of([B("g", INF, OUTSIDE)], [B("r", INF, "S1310")]), fixed=(ROOM_N,)))
    for side in Side:
        assert play.observation(side).breaches == (BREACH,)
    check(play)


def test_5_2_4_the_invariants_catch_a_breach_beyond_the_allotment() -> None:
    play = play_of(on_breach_map(game_of([B("g", INF, OUTSIDE)], [B("r", INF, "S1310")]), green_markers=0))
    play.state.breaches.add(BREACH)
    play.state.breach_markers_used[Side.green] = 1
    with pytest.raises(invariants.BrokenInvariant, match="Breach markers beyond its allotment"):
        invariants.check(play)
