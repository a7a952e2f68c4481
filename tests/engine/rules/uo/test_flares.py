"""Flares against the night (7.3.3.4, 9; flares.py): a location lit by a flare is seen at night
as by day for the sight rules of 9: the range bands of a fire at it (9.2) and the scouting
range towards it (9.3). The flare lights the target, not the firer: a lit block fired at from
the dark answers with the night's bands, unless the firer's own location is lit too."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.rules.uo import fight
from engine.rules.uo.play import Fire, Play, ReturnFire

from .small import B
from .test_fire import activate, check, game_of, legal, play_of
from .test_scouting_night import along_row_1, scouts

INF = BlockType.infantry
# rifles [6, 5, 3, -], light MG [5, 6, 5, 3]: at 7 EP, by day rifles 3 and MG 5; at night
# (bands 1 / 3 / 6 / 9) the rifles cannot reach and the MG has 3


def night_street(*rolls: int) -> Play:
    """Unequipped `g` at S0801, revealed red `r` 7 EP down the street at S0808, a night turn."""
    game = game_of([B("g", INF, "S0801")], [B("r", INF, "S0808", hidden=False)], night_turns=(1,))
    play = play_of(game, *rolls)
    activate(play, "g")
    return play


def test_7_3_3_4_9_2_a_target_lit_by_a_flare_is_fired_at_as_by_day() -> None:
    play = night_street()
    assert {f.weapon for f in legal(play, Fire) if f.target == "S0808"} == {"mg"}
    play.state.third.lit = {"S0808"}  # a flare fell there this turn
    assert {f.weapon for f in legal(play, Fire) if f.target == "S0808"} == {"rifles", "mg"}
    weapons = {w.id: w for w in play.game.blocks["g"].profile.weapons}
    assert fight.firepower(play, "g", weapons["rifles"], 7, False, "S0808") == 3
    assert fight.firepower(play, "g", weapons["mg"], 7, False, "S0808") == 5
    # elsewhere it is still night
    assert fight.firepower(play, "g", weapons["mg"], 7, False, "S0807") == 3
    assert fight.firepower(play, "g", weapons["rifles"], 7, False) is None


def test_7_3_3_4_9_2_the_lit_target_answers_the_dark_firer_with_the_night_s_bands() -> None:
    # rifles at the lit target (3 FP by day at 7 EP), its MG back at the dark firer (3 FP at
    # night): the same fight as an equipped firer's at night (test_scouting_night), dice 4, 0
    play = night_street(4, 0)
    play.state.third.lit = {"S0808"}
    play.apply(Fire("S0808", "rifles"))
    assert set(legal(play, ReturnFire)) == {ReturnFire("mg")}  # rifles reach 6 EP at night
    play.apply(ReturnFire("mg"))
    assert (play.state.blocks["r"].losses, play.state.blocks["g"].losses) == (1, 0)
    check(play)


def test_7_3_3_4_9_2_a_lit_firer_is_answered_as_by_day() -> None:
    play = night_street()
    play.state.third.lit = {"S0801", "S0808"}
    play.apply(Fire("S0808", "mg"))
    assert set(legal(play, ReturnFire)) == {ReturnFire("rifles"), ReturnFire("mg")}


def test_7_3_3_4_9_3_a_lit_location_is_scouted_as_by_day() -> None:
    play = along_row_1(INF, [3, 4], night_turns=(1,))
    assert scouts(play) == {"S0401"}  # unequipped at night: 3 EP
    play.state.third.lit = {"S0501"}
    assert scouts(play) == {"S0401", "S0501"}  # 4 EP, within the day's 5
    check(play)
