"""Assault (8.2.8): an adjacent location with a way in, the 1 EP firepower, no cover fire,
the loser's withdrawal or elimination, the winner's free advance (8.1.14), entering a
building (8.2.8.1), roofs (8.2.8.2). Dice scripted with `Dice` (see test_fire.py): the
attacker's d10, then the defender's, then quality rolls."""

from __future__ import annotations

import pytest

from engine.battlefield.movement import step_cost
from engine.model.cards import BlockType
from engine.model.scenario import Quality, Side
from engine.rules.uo import fight
from engine.rules.uo.play import (
    Advance,
    Assault,
    CoverFire,
    Fire,
    Move,
    ReturnFire,
    StayPut,
    Withdraw,
    WithdrawTo,
)
from engine.rules.uo.state import AdvanceChoice, Withdrawal

from .small import DOOR_HEX, ROOF, ROOM_N, ROOM_S, B, small_battlefield
from .test_fire import activate, check, game_of, legal, losses, play_of, rolls

INF, PL, ENG, APC = BlockType.infantry, BlockType.platoon_leader, BlockType.engineer, BlockType.apc


def test_8_2_8_assault_only_on_an_adjacent_location_with_a_way_in() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0802"), B("r2", INF, "S0803")]))
    activate(play, "g")
    assert legal(play, Assault) == {Assault("S0802", "rifles"), Assault("S0802", "mg")}  # not 2 EP away
    check(play)

    # from the door hex: room 1.1 through the door, not room 1.2 (adjacent, no way in)
    game = game_of(
        [B("g", INF, DOOR_HEX)], [B("n", INF, ROOM_N), B("s", INF, ROOM_S)], green_quality=Quality.elite
    )
    play = play_of(game)
    activate(play, "g")
    assert {a.target for a in legal(play, Assault)} == {ROOM_N}
    check(play)


def test_8_2_8_a_vehicle_assaults_where_it_could_move() -> None:
    game = game_of([B("apc", APC, DOOR_HEX)], [B("n", INF, ROOM_N), B("street", INF, "S0805")])
    play = play_of(game)
    activate(play, "apc")
    assert legal(play, Assault) == {Assault("S0805", "hmg")}  # a vehicle cannot enter a room
    check(play)


def test_8_2_8_the_assault_uses_the_1_ep_firepower() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0802")]), 0, 0)
    activate(play, "g")
    play.apply(Assault("S0802", "rifles"))
    assert play.state.blocks["g"].revealed
    assert legal(play, ReturnFire) == {ReturnFire("rifles"), ReturnFire("mg")}
    play.apply(ReturnFire("mg"))
    # 1 EP boxes: rifles 6 against MG 5 (at 2-5 EP it would be 5 against 6)
    assert rolls(play) == [0, 0]
    assert losses(play, "r", "g") == (2, 0)
    check(play)


def test_8_2_8_no_cover_fire_in_an_assault() -> None:
    game = game_of(
        [B("g", INF, "S0801")], [B("r", INF, "S0802"), B("r3", INF, "S0803"), B("friend", INF, "S0804")]
    )
    play = play_of(game)
    activate(play, "g")
    play.apply(Assault("S0802", "rifles"))
    assert not legal(play, CoverFire)  # r3 and friend are within 3 EP of r and see g
    assert set(play.legal_actions()) == {ReturnFire("rifles"), ReturnFire("mg"), Withdraw()}
    check(play)

    fire = play_of(game)  # a fire on r3: friend covers it
    activate(fire, "g")
    fire.apply(Fire("S0803", "rifles"))
    assert legal(fire, CoverFire) == {CoverFire("friend", "rifles"), CoverFire("friend", "mg")}
    check(fire)


@pytest.mark.parametrize("advance", [True, False])
def test_8_2_8_the_loser_loses_2_osl_and_withdraws_and_the_winner_may_advance_for_free(advance: bool) -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0802")]), 0, 0)
    activate(play, "g")
    play.apply(Assault("S0802", "rifles"))
    play.apply(ReturnFire("mg"))
    assert losses(play, "r", "g") == (2, 0)
    assert play.state.pending == [Withdrawal("r", "S0802", winner="g")]
    assert play.decider == Side.red
    options = {a.location for a in legal(play, WithdrawTo)}
    assert "S0802" not in options and "S0801" not in options  # leaves; not onto the enemy
    assert "S0804" in options and "S0805" not in options  # 2 MP
    play.apply(WithdrawTo("S0804"))
    assert play.state.blocks["r"].location == "S0804"
    assert play.state.pending == [AdvanceChoice("g", "S0802")]
    assert play.decider == Side.green
    assert set(play.legal_actions()) == {Advance(), StayPut()}
    play.apply(Advance() if advance else StayPut())
    act = play.state.activation
    assert act is not None and act.spent == 0  # 8.1.14: the advance costs no MP
    assert play.state.blocks["g"].location == ("S0802" if advance else "S0801")
    assert legal(play, Move)  # it acted first: 3 MP left
    check(play)


def test_8_2_8_1_a_loser_that_cannot_withdraw_is_eliminated() -> None:
    game = game_of(
        [B("g", INF, DOOR_HEX)], [B("r", INF, ROOM_N), B("friend", INF, ROOM_S)], green_quality=Quality.elite
    )
    play = play_of(game, 7, 0)
    activate(play, "g")
    play.apply(Assault(ROOM_N, "rifles"))
    play.apply(ReturnFire("rifles"))
    # 6 + 1 chance + 2 critical: 9 against at most 6 + 1 (behind the door); no way out
    assert play.state.blocks["r"].eliminated
    assert play.state.pending == [AdvanceChoice("g", ROOM_N)]
    play.apply(Advance())
    assert play.state.blocks["g"].location == ROOM_N
    check(play)


@pytest.mark.parametrize(
    ("leader_at", "quality", "allowed"),
    [
        (None, Quality.veteran, False),
        ("S0110", Quality.veteran, False),  # 9 EP from the door hex
        ("S0904", Quality.veteran, True),  # 1 EP
        (None, Quality.elite, True),
    ],
)
def test_8_2_8_1_assault_into_a_building_needs_the_platoon_leader_within_6_ep_except_elite(
    leader_at: str | None, quality: Quality, allowed: bool
) -> None:
    green = [B("g", INF, DOOR_HEX)] + ([B("g-pl", PL, leader_at)] if leader_at else [])
    play = play_of(game_of(green, [B("r", INF, ROOM_N)], green_quality=quality))
    activate(play, "g")
    assert bool({a for a in legal(play, Assault) if a.target == ROOM_N}) is allowed
    check(play)


def test_8_2_8_2_no_assault_between_a_roof_and_the_street_by_ladder() -> None:
    play = play_of(game_of([B("sapper", ENG, DOOR_HEX)], [B("r", INF, ROOF)]))
    bf = small_battlefield()
    climb = [s for s in bf.out[bf.location(DOOR_HEX).index] if bf.locations[s.dst].id == ROOF]
    assert climb and step_cost(bf, climb[0], play.mover("sapper")) is not None  # it could climb
    activate(play, "sapper")
    assert not legal(play, Assault)
    check(play)


def test_8_2_8_2_assault_by_the_roof_access_the_roof_block_plus_1() -> None:
    play = play_of(game_of([B("g", INF, ROOM_S)], [B("r", INF, ROOF)]), 0, 0)
    activate(play, "g")
    assert legal(play, Assault) == {Assault(ROOF, "rifles"), Assault(ROOF, "mg")}
    assert fight.modifiers(play, "r", "g", False) == 1
    play.apply(Assault(ROOF, "rifles"))
    play.apply(ReturnFire("rifles"))
    # 6 against 6 + 1: the attacker loses, withdraws, and the roof block may take its room
    assert losses(play, "g", "r") == (2, 0)
    assert play.state.pending == [Withdrawal("g", ROOM_S, winner="r")]
    assert {a.location for a in legal(play, WithdrawTo)} == {ROOM_N, "S0805"}
    play.apply(WithdrawTo(ROOM_N))
    assert play.state.activation is None  # a withdrawal ends the activation
    assert play.state.pending == [AdvanceChoice("r", ROOM_S)] and play.decider == Side.red
    play.apply(StayPut())
    assert play.state.blocks["r"].location == ROOF
    check(play)


def test_8_2_8_a_target_withdrawing_from_an_assault_leaves_its_place_to_the_attacker() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0802")]), 7)
    activate(play, "g")
    play.apply(Assault("S0802", "rifles"))
    play.apply(Withdraw())
    assert rolls(play) == [7]
    play.apply(WithdrawTo("S0804"))
    assert play.state.blocks["r"].reaction
    # 8.2.8: "if one of the blocks engaged in the assault withdraws ... the winner can
    # advance to occupy its location"
    assert play.state.pending == [AdvanceChoice("g", "S0802")]
    play.apply(Advance())
    assert play.state.blocks["g"].location == "S0802"
    check(play)
