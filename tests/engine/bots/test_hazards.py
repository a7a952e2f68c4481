"""The heuristic bot and the wrecks' blasts (hazards.py): a wreck explodes in each initial
phase on a d10 under 4 (5.2.4.5), and a block within 2 EP suffers it and is Activated for the
turn (8.2.1.3); a place within reach of a wreck costs a block on its way its chance of losing
the next turn. Positions on the sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot
from engine.bots.hazards import TURN_MP, WRECK_CHANCE, blast_cost, wrecks_near
from engine.bots.routes import place_score
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import StartImpulse
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
SEED = 7


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _green_turn(game: Game) -> Play:
    play = Play(game, SEED)
    bots = {s: RandomBot(None, bot_seed(SEED, s)) for s in Side}
    while (d := play.decision) is not None and not (
        d.side == Side.green and any(isinstance(a, StartImpulse) for a in play.legal_actions())
    ):
        play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
    return play


def _view(game: Game, play: Play) -> View:
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(SEED, Side.green))
    return View(bot.know, play.observation(Side.green), Memory())


def test_5_2_4_5_a_place_within_a_wrecks_blast_costs_a_turn_s_chance(game: Game) -> None:
    play = _green_turn(game)
    play.state.turn = 3
    play.state.wrecks = {"A1816", "A1716"}
    view = _view(game, play)
    assert wrecks_near(view, "A1816") == 2  # its own hex, and the other one next door
    assert wrecks_near(view, "A1615") >= 1
    assert wrecks_near(view, "A1810") == 0
    assert blast_cost(view, "A1816") == pytest.approx(2 * WRECK_CHANCE * TURN_MP)
    # the place's score (lower better) carries the cost; without the wrecks it does not
    clear = _green_turn(game)
    clear.state.turn = 3
    worse = place_score(view, "g1-inf1", "A1815") - place_score(_view(game, clear), "g1-inf1", "A1815")
    assert worse == pytest.approx(blast_cost(view, "A1815"))
    # on the last turn there is no next turn to lose
    play.state.turn = game.scenario.turns
    assert blast_cost(_view(game, play), "A1816") == 0.0
