"""The heuristic bot planned its moves on the scenario's face-up barricades only, not those Red
put on the bridgeheads at set-up (5.2.3.5): the hexes next to them cost it 1 MP instead of 2,
and its engineers arrived next to them with no action left (8.2.3.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battlefield.movement import step_cost
from engine.bots import HeuristicBot, RandomBot
from engine.bots.routes import dynamic
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, View, mover
from engine.model.scenario import Side
from engine.rules.uo.actions import Destroy
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.observation import closed_to_movement
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _impulses(game: Game, seed: int) -> tuple[Play, HeuristicBot]:
    """The game played to Green's first decision after set-up (Red random)."""
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(seed, Side.green))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    while (d := play.decision) is not None and (play.state.phase.value == "setup" or d.side != Side.green):
        bots = {Side.green: bot, Side.red: rnd}
        play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
    return play, bot


def test_5_2_3_5_routes_know_the_barricades_placed_at_set_up(game: Game) -> None:
    """Red's set-up barricade on a bridgehead closes it in the bot's move graph, and the hex
    next to it costs the chart's barricade_adjacent MP, as the rules price it."""
    play, bot = _impulses(game, 1003)
    obs = play.observation(Side.green)
    placed = closed_to_movement(obs)[0] - bot.briefing.barricades
    assert "A2108" in placed  # this seed's red barricade on a green bridgehead
    view = View(bot.know, obs, Memory())
    dyn = dynamic(view)
    assert placed <= dyn.barricades
    bf = game.battlefield
    how = mover(bot.briefing.own["g2-eng1"])
    graph = bot.know.moves(how, dyn)
    into = {bf.locations[j].id: cost for i, row in enumerate(graph) for j, cost in row}
    assert "A2108" not in into
    adjacent = bf.chart.barricade_adjacent.foot
    step = next(s for s in bf.out[bf.location("A2208").index] if bf.locations[s.dst].id == "A2109")
    assert step_cost(bf, step, how, dyn) == adjacent
    assert (bf.location("A2109").index, adjacent) in graph[bf.location("A2208").index]


def test_8_2_3_2_an_engineer_closes_in_and_destroys_in_the_same_activation(game: Game) -> None:
    """Seed 1000: the engineer walks up to the barricade on A2115 within the 3 MP an action
    allows (7.1.2) and destroys it in that activation, not a turn later."""
    seed = 1000
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(seed, Side.green))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    after_moving = []
    while (d := play.decision) is not None:
        actions = play.legal_actions()
        if d.side == Side.green:
            choice = bot.choose(play.observation(Side.green), actions)
            act = play.state.activation
            if isinstance(choice, Destroy) and act is not None and act.spent > 0:
                after_moving.append(choice.location)
        else:
            choice = rnd.choose(play.observation(Side.red), actions)
        play.apply(choice)
    assert set(after_moving) & set(bot.know.objectives[Side.green].hold)
