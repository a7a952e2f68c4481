"""What the play mode draws of 3D actions comes from the observation (7.3.3): the strikes of
this turn, seen by both sides, and the own T+1 mission being carried, cancelled or adjusted;
recording them leaves the state and its digest as they were."""

from __future__ import annotations

from engine.model.scenario import Side
from engine.rules.uo.actions import Carry3D, Request3D
from engine.rules.uo.play import Pass, Play

from .test_fire import Dice
from .test_third_dimension import row, street, with_3d


def test_7_3_3_3_a_t_strike_is_seen_by_both_sides_this_turn_only() -> None:
    play = Play(with_3d(street(turns=2), [row("mortar", missions=2)]), 0)
    play.rng = Dice(8)  # type: ignore[assignment]
    before = play.digest()
    play.apply(Request3D("mortar", "pl", "S0807"))
    strike = (Side.green, "mortar", "S0807")
    assert [(k.side, k.support, k.target) for k in play.observation(Side.green).strikes] == [strike]
    assert [(k.side, k.support, k.target) for k in play.observation(Side.red).strikes] == [strike]
    (seen,) = play.observation(Side.green).to_json()["strikes"]
    assert (seen["side"], seen["support"], seen["target"]) == ("green", "mortar", "S0807")
    assert before != play.digest()  # the strike's harm is state; the record of it is not
    assert "strikes" not in str(play.digest_parts())
    play.rng = Dice(0)  # type: ignore[assignment]  # turn 2's request: U
    play.apply(Pass())
    play.apply(Pass())
    assert play.state.turn == 2 and play.observation(Side.red).strikes == ()


def test_7_3_3_2_the_t_plus_1_mission_decided_is_named_then_falls_next_turn() -> None:
    play = Play(with_3d(street(turns=2), [row("mortar")]), 0)
    play.rng = Dice(4)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.observation(Side.green).strikes == ()
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Pass())
    play.apply(Pass())
    assert play.observation(Side.green).deciding == ("mortar", "S0806")
    assert play.observation(Side.red).deciding is None  # the enemy's plans are its own
    play.apply(Carry3D())
    assert play.observation(Side.green).deciding is None
    assert [(k.side, k.support, k.target) for k in play.observation(Side.red).strikes] == [
        (Side.green, "mortar", "S0806")
    ]
