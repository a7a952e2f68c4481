"""The last holders of a stake the heuristic bot misses (holders.py): from the middle of the
game an enemy block in a location of a stake its side misses is worth the stake's points
shared among the enemy's holders of it, so that a tank next to an APC it can hurt (and that
cannot hurt it) strikes while turns remain instead of walking on. Positions on the sample."""

from __future__ import annotations

import pytest

from engine.bots.decisions import FIRE_ON_THE_MOVE
from engine.bots.estimates import fight_value
from engine.bots.holders import HOLDER_FROM, POINT_WORTH, holder_bonus, urgency
from engine.bots.view import View
from engine.model.scenario import Side
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .test_endgame import SCENARIO, _bot, _clear_red, _green_turn, _put

#: every location of Green's stakes but the hangar room the APC holds (and 36.1)
ROOMS = [f"36.{n}" for n in range(2, 7)] + ["39.1", "39.2", "39.4", "39.5", "A2108", "A2115"]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


@pytest.fixture(scope="module")
def hangar(game: Game) -> Play:
    """Red's APC (revealed) holding 39.3, Green's tank next door in 39.1; Green holds every
    other location of its stakes but 36.1, where nobody stands."""
    play = _green_turn(game)
    _clear_red(play, keep=("r3-apc", "r1-inf1"))
    _put(play, "r3-apc", "39.3")
    play.state.blocks["r3-apc"].revealed = True
    _put(play, "r1-inf1", None)
    _put(play, "g2-mbt1", "39.1")
    return play


def _view(game: Game, play: Play, turn: int, control: dict[str, Side]) -> View:
    play.state.turn = turn
    bot = _bot(game, control)
    return View(bot.know, play.observation(Side.green), bot.memory)


def _gun_at(view: View, target: str) -> float:
    """The tank's assault on the room next door with its gun (8.2.8)."""
    gun = next(w for w in view.own["g2-mbt1"].info.profile.weapons if w.id == "gun120")
    return fight_value(view, "g2-mbt1", "39.1", gun, view.enemy_at[target], True)


def test_1_3_a_hangar_room_s_last_holder_is_worth_the_stake_from_mid_game(game: Game, hangar: Play) -> None:
    control = {loc: Side.green for loc in [*ROOMS, "36.1"]} | {"39.3": Side.red}
    early = _view(game, hangar, HOLDER_FROM - 1, control)
    assert holder_bonus(early, "39.3") == 0.0
    # the flat worth of a strike it cannot answer: under what a block on the move wants
    assert _gun_at(early, "39.3") < FIRE_ON_THE_MOVE
    late = _view(game, hangar, 6, control)
    stake = next(s for s in late.know.stakes if s.side == Side.green and "39.3" in s.locations)
    assert holder_bonus(late, "39.3") == pytest.approx(stake.points * POINT_WORTH * urgency(late))
    assert 0 < urgency(late) <= 1
    assert holder_bonus(late, "39.2") == 0.0  # nobody there
    assert holder_bonus(late, "A1209") == 0.0  # no stake of Green's
    # the APC cannot hurt the tank: an evicted holder is worth half the bonus at least
    assert _gun_at(late, "39.3") >= _gun_at(early, "39.3") + holder_bonus(late, "39.3") * 0.5
    assert _gun_at(late, "39.3") > FIRE_ON_THE_MOVE


def test_1_3_two_holders_share_the_stake(game: Game, hangar: Play) -> None:
    """Clearing one of two rooms the enemy holds completes the stake only with the other."""
    _put(hangar, "r1-inf1", "36.1")
    hangar.state.blocks["r1-inf1"].revealed = True
    try:
        control = {loc: Side.green for loc in ROOMS} | {"39.3": Side.red, "36.1": Side.red}
        view = _view(game, hangar, 6, control)
        stake = next(s for s in view.know.stakes if s.side == Side.green and "39.3" in s.locations)
        share = stake.points * POINT_WORTH * urgency(view) / 2
        assert holder_bonus(view, "39.3") == pytest.approx(share)
        assert holder_bonus(view, "36.1") == pytest.approx(share)
    finally:
        _put(hangar, "r1-inf1", None)
