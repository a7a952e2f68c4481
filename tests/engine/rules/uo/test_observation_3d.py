"""What a side's observation shows of the 3D actions and the markers (issue 13): its own T+1
missions and what it knows of the enemy's (7.3.3.1: the request's d10 in the open, the sheet
secret; 7.3.3.5: an aircraft announced on its position), the effect rings of the strikes that
fell this turn (7.3.3.3), flares (7.3.3.4) and the Fortified markers (5.2.4.2)."""

from __future__ import annotations

from engine.model.scenario import Side
from engine.rules.uo.actions import Carry3D, Pass, Request3D
from engine.rules.uo.observation import SupportLeft
from engine.rules.uo.play import Play

from .test_fire import Dice
from .test_third_dimension import row, street, with_3d


def test_7_3_3_1_the_enemy_knows_a_t_plus_1_shelling_is_coming_not_what_or_where() -> None:
    play = Play(with_3d(street(turns=2), [row("mortar")]), 0)
    play.rng = Dice(4)  # type: ignore[assignment]  # T+1
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.observation(Side.green).missions == (("mortar", "S0806", 2),)
    assert play.observation(Side.green).enemy_missions == ()
    assert play.observation(Side.red).missions == ()
    assert play.observation(Side.red).enemy_missions == ((None, None, 2),)
    assert play.observation(Side.red).to_json()["enemy_missions"] == [[None, None, 2]]


def test_7_3_3_5_an_aircraft_t_plus_1_is_announced_on_its_position() -> None:
    # no air defence on red's side: it knows the jets are coming and where all the same
    play = Play(with_3d(street(turns=2), [row("cas")], jfo="pl"), 0)
    play.rng = Dice(5)  # type: ignore[assignment]  # T+1
    play.apply(Request3D("cas", "pl", "S0806"))
    assert play.observation(Side.red).enemy_missions == (("cas", "S0806", 2),)


def test_7_3_3_3_a_strike_this_turn_shows_its_effect_rings() -> None:
    play = Play(with_3d(street(), [row("mortar")]), 0)
    play.rng = Dice(8)  # type: ignore[assignment]  # T: at once
    play.apply(Request3D("mortar", "pl", "S0806"))
    for side in Side:
        (strike,) = play.observation(side).strikes
        assert (strike.support, strike.target) == ("mortar", "S0806")
        (d0, osl0, at0), (d1, osl1, at1) = strike.rings
        assert (d0, osl0, at0) == (0, 2, ("S0806",))
        assert (d1, osl1) == (1, 1) and {"S0805", "S0807"} <= set(at1) and "S0806" not in at1
    rings = play.observation(Side.red).to_json()["strikes"][0]["rings"]
    assert rings[0] == [0, 2, ["S0806"]]


def test_7_3_3_4_a_flare_has_no_rings_and_lights_its_area_for_both_sides() -> None:
    play = Play(with_3d(street(), [row("flare")]), 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("flare", "pl", "S0806"))
    for side in Side:
        obs = play.observation(side)
        assert obs.strikes[0].rings == () and "S0806" in obs.lit


def test_5_2_4_2_fortified_markers_are_on_the_map_for_both_sides() -> None:
    play = Play(with_3d(street(), [row("mortar")], fortified=["S0807"]), 0)
    for side in Side:
        assert play.observation(side).fortified == ("S0807",)
        assert play.observation(side).to_json()["fortified"] == ["S0807"]


def test_7_3_3_1_a_side_sees_the_missions_and_requests_left_of_its_own_matrix_only() -> None:
    game = with_3d(
        street(turns=2),
        [row("mortar", missions=2, per_turn=1), row("smoke", missions=1)],
        red_air=[row("manpads", missions=1)],
    )
    play = Play(game, 0)
    fresh = (SupportLeft("mortar", 2, 1), SupportLeft("smoke", 1, 1))
    assert play.observation(Side.green).support_left == fresh
    assert play.observation(Side.red).support_left == (SupportLeft("manpads", 1, None),)
    play.rng = Dice(1, 4)  # type: ignore[assignment]  # U: the request of the turn, no mission
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.observation(Side.green).support_left == (SupportLeft("mortar", 2, 0), fresh[1])
    # red's view is its own air defence only, whatever green asks for
    assert play.observation(Side.red).support_left == (SupportLeft("manpads", 1, None),)
    play.apply(Pass())
    play.apply(Pass())
    # turn 2: a new request sequence, a request of each row again
    assert play.state.turn == 2 and play.observation(Side.green).support_left == fresh
    play.apply(Request3D("mortar", "pl", "S0806"))  # T+1: the mission is spent
    left = play.observation(Side.green)
    assert left.support_left[0] == SupportLeft("mortar", 1, 0) and left.missions == (("mortar", "S0806", 3),)
    assert left.to_json()["support_left"][0] == {"support": "mortar", "missions": 1, "requests": 0}


def test_7_3_3_2_while_a_t_plus_1_waits_for_its_owner_the_turns_requests_are_all_left() -> None:
    play = Play(with_3d(street(turns=2), [row("mortar", missions=2)]), 0)
    play.rng = Dice(4, 1)  # type: ignore[assignment]  # T+1 in turn 1, then a U in turn 2
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.observation(Side.green).support_left == (SupportLeft("mortar", 1, 0),)
    play.apply(Pass())
    play.apply(Pass())
    # turn 2's resolution sequence: carry or cancel first, the request sequence to come
    assert play.state.third.resolving and play.state.turn == 2
    assert play.observation(Side.green).support_left == (SupportLeft("mortar", 1, 1),)
    play.apply(Carry3D())
    assert play.observation(Side.green).support_left == (SupportLeft("mortar", 1, 1),)
