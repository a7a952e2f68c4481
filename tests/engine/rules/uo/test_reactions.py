"""Reactions (8.3): opportunity fire on a block entering a location (8.3.1), scouting it
first (8.3.1.1, 8.2.5.7), one reaction a turn, the Reaction and Completed markers (4.3.3),
withdrawal (8.3.2). Dice scripted with `Dice` (see test_fire.py)."""

from __future__ import annotations

import pytest

from engine.battlefield.movement import reach
from engine.model.cards import BlockType
from engine.model.scenario import Quality, Side
from engine.rules.uo.play import (
    EndActivation,
    EndImpulse,
    Fire,
    HoldFire,
    Move,
    OpportunityFire,
    OpportunityScout,
    ReturnFire,
    Withdraw,
    WithdrawTo,
)
from engine.rules.uo.state import Fight, Opportunity, Withdrawal

from .small import ROOM_S, B, small_battlefield
from .test_fire import activate, check, game_of, legal, losses, play_of, rolls

INF, APC, MBT = BlockType.infantry, BlockType.apc, BlockType.mbt


def test_8_3_1_opportunity_fire_is_offered_when_an_enemy_enters_a_location_in_los() -> None:
    game = game_of([B("g", INF, "S0801")], [B("r", INF, "S0808"), B("blind", INF, ROOM_S)])
    play = play_of(game)
    activate(play, "g")
    assert not play.state.pending  # not on its starting position
    play.apply(Move("S0802"))
    assert play.state.pending == [Opportunity("g", "S0802")]
    assert play.decider == Side.red
    # 6 EP: no scouting (5 EP); the block in room 1.2 does not see the street there
    assert not play.sees(ROOM_S, "S0802")
    assert set(play.legal_actions()) == {
        OpportunityFire("r", "rifles"),
        OpportunityFire("r", "mg"),
        HoldFire(),
    }
    play.apply(HoldFire())
    assert not play.state.pending and play.decider == Side.green
    assert not play.state.blocks["r"].reaction  # holding fire without scouting is no reaction
    play.apply(Move("S0803"))  # every location entered may draw one
    assert play.state.pending == [Opportunity("g", "S0803")]
    check(play)


def test_8_3_1_opportunity_fire_has_plus_2_fp_and_is_a_reaction() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0808")]), 0, 0)
    activate(play, "g")
    play.apply(Move("S0802"))
    play.apply(OpportunityFire("r", "rifles"))
    r = play.state.blocks["r"]
    assert r.revealed and r.reaction and not r.activated
    assert play.state.pending == [Fight("opportunity", "r", "rifles", "g")]
    assert play.decider == Side.green
    assert set(play.legal_actions()) == {ReturnFire("rifles"), ReturnFire("mg"), Withdraw()}
    play.apply(ReturnFire("rifles"))
    assert losses(play, "g", "r") == (1, 0)  # rifles at 6 EP: 3 + 2 against 3
    # 8.3.1.2: the mover goes on from there and may still act
    assert play.state.activation is not None and play.state.blocks["g"].location == "S0802"
    assert legal(play, Move) and legal(play, Fire)
    check(play)


def test_4_3_3_opportunity_fire_by_a_block_already_activated_completes_it() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0808")]), 0, 0)
    activate(play, "r")
    play.apply(EndActivation())
    play.apply(EndImpulse())
    assert play.state.blocks["r"].activated
    activate(play, "g")
    play.apply(Move("S0802"))
    play.apply(OpportunityFire("r", "rifles"))
    r = play.state.blocks["r"]
    assert (r.activated, r.reaction, r.completed) == (False, False, True)
    play.apply(ReturnFire("rifles"))
    check(play)


def test_8_3_1_one_opportunity_fire_per_location_entered() -> None:
    game = game_of([B("g", INF, "S0801")], [B("a", INF, "S0808"), B("b", INF, "S0809")])
    play = play_of(game, 0, 0)
    activate(play, "g")
    play.apply(Move("S0802"))
    assert {a.block for a in legal(play, OpportunityFire)} == {"a", "b"}
    play.apply(OpportunityFire("a", "mg"))
    play.apply(ReturnFire("rifles"))
    assert not play.state.pending  # b may not fire on it there too
    assert play.state.blocks["g"].location == "S0802" and play.state.activation is not None
    play.apply(Move("S0803"))
    assert {a.block for a in legal(play, OpportunityFire)} == {"b"}  # a has reacted
    check(play)


@pytest.mark.parametrize("then_fire", [True, False], ids=["fire", "hold"])
def test_8_3_1_1_scouting_first_reveals_the_mover_not_the_scout(then_fire: bool) -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), *((0, 0) if then_fire else ()))
    activate(play, "g")
    play.apply(Move("S0802"))  # 4 EP from r
    assert OpportunityScout("r") in play.legal_actions()
    play.apply(OpportunityScout("r"))
    assert play.state.blocks["g"].revealed
    assert not play.state.blocks["r"].revealed
    assert play.decider == Side.red  # the scout now fires or holds
    assert set(play.legal_actions()) == {
        OpportunityFire("r", "rifles"),
        OpportunityFire("r", "mg"),
        HoldFire(),
    }
    if then_fire:
        play.apply(OpportunityFire("r", "rifles"))
        assert play.state.blocks["r"].revealed
        play.apply(ReturnFire("rifles"))
        assert losses(play, "g", "r") == (1, 0)  # 5 + 2 against 5
    else:
        play.apply(HoldFire())
        assert not play.state.blocks["r"].revealed and not play.state.pending
    assert play.state.blocks["r"].reaction  # a reaction either way (8.3.1.2)
    check(play)


def test_8_3_a_block_reacts_once_a_turn() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0807")]))
    activate(play, "g")
    play.apply(Move("S0802"))  # 5 EP
    play.apply(OpportunityScout("r"))
    play.apply(HoldFire())
    assert play.state.blocks["r"].reaction
    play.apply(Move("S0803"))
    assert not play.state.pending  # no second opportunity fire
    play.apply(Fire("S0807", "rifles"))
    assert Withdraw() not in play.legal_actions()  # no withdrawal either
    assert {ReturnFire("rifles"), ReturnFire("mg")} <= set(play.legal_actions())
    check(play)


# --- 8.3.2 withdrawal -----------------------------------------------------------------------


@pytest.mark.parametrize(("roll", "lost"), [(0, 2), (1, 2), (2, 1), (6, 1), (7, 0), (9, 0)])
def test_8_3_2_withdrawal_losses_by_the_d10(roll: int, lost: int) -> None:
    # a recruit: the withdrawal's losses are not changed by quality (no second die)
    game = game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")], red_quality=Quality.recruit)
    play = play_of(game, roll)
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    play.apply(Withdraw())
    assert rolls(play) == [roll]
    assert losses(play, "r", "g") == (lost, 0)  # the firer rolls nothing, loses nothing
    assert play.state.blocks["r"].reaction
    assert play.state.pending == [Withdrawal("r", "S0806")] and play.decider == Side.red
    play.apply(WithdrawTo("S0808"))
    assert play.state.blocks["r"].location == "S0808"
    check(play)


@pytest.mark.parametrize(("kind", "mp"), [(INF, 2), (APC, 4)])
def test_8_3_2_a_withdrawal_moves_2_mp_on_foot_4_by_vehicle_and_leaves_its_location(
    kind: BlockType, mp: int
) -> None:
    play = play_of(game_of([B("g", MBT, "S0801")], [B("r", kind, "S0806"), B("r2", INF, "S0807")]), 7)
    activate(play, "g")
    play.apply(Fire("S0806", "coax"))
    play.apply(Withdraw())
    options = {a.location for a in legal(play, WithdrawTo)}
    reachable = reach(small_battlefield(), "S0806", play.mover("r"), mp)
    assert options == set(reachable) - {"S0806", "S0807"}  # not where it is, not onto a block
    assert {loc for loc, cost in reachable.items() if cost == mp} <= options
    check(play)


@pytest.mark.parametrize("activated_before", [False, True])
def test_8_3_2_a_withdrawal_is_a_reaction_or_completes_an_activated_block(activated_before: bool) -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), 7)
    if activated_before:
        activate(play, "r")
        play.apply(EndActivation())
        play.apply(EndImpulse())
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    play.apply(Withdraw())
    play.apply(WithdrawTo("S0807"))
    r = play.state.blocks["r"]
    assert (r.activated, r.reaction, r.completed) == (False, not activated_before, activated_before)
    check(play)


def test_8_3_2_a_withdrawal_under_opportunity_fire_ends_the_activation() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0808")]), 7)
    activate(play, "g")
    play.apply(Move("S0802"))
    play.apply(OpportunityFire("r", "rifles"))
    play.apply(Withdraw())
    assert rolls(play) == [7] and losses(play, "g", "r") == (0, 0)
    play.apply(WithdrawTo("S0702"))
    g = play.state.blocks["g"]
    assert g.location == "S0702" and play.state.activation is None
    assert (g.activated, g.reaction, g.completed) == (False, False, True)
    assert play.decider == Side.green and not legal(play, Move)
    check(play)
