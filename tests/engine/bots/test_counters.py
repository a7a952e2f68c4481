"""The heuristic bot and No Man's Land counters (5.2, 8.2.3): it places none at set-up (placed
blind they close its own ways) and its engineers destroy what closes its goals (8.2.3.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot
from engine.bots.runner import bot_seed
from engine.model.scenario import Side
from engine.rules.uo.actions import Deploy, Destroy, KeepInReserve, PlaceCounter
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def test_8_2_3_1_the_bot_keeps_its_counters_in_reserve_at_set_up(game: Game) -> None:
    play = Play(game, 3)
    bots = {side: HeuristicBot(briefing(game, side), 1) for side in Side}
    offered = 0
    while (decision := play.decision) is not None and play.state.phase.value == "setup":
        actions = play.legal_actions()
        choice = bots[decision.side].choose(play.observation(decision.side), actions)
        assert not isinstance(choice, PlaceCounter)
        if KeepInReserve() in actions and not any(isinstance(a, Deploy) for a in actions):
            assert choice == KeepInReserve()
            offered += 1
        play.apply(choice)
    assert offered


def test_8_2_3_2_an_engineer_destroys_the_barricade_on_a_goal(game: Game) -> None:
    """Red's barricades set up on Green's bridgeheads (seed 100): Green's engineers clear
    them, and the bot's moves no longer keep out of the location."""
    seed = 100
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(seed, Side.green))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    goals = set(bot.know.objectives[Side.green].hold)
    destroyed = []
    while (decision := play.decision) is not None:
        actions = play.legal_actions()
        if decision.side == Side.green:
            choice = bot.choose(play.observation(Side.green), actions)
            if isinstance(choice, Destroy):
                assert choice.location in goals | bot.memory.avoid
                destroyed.append(choice.location)
        else:
            choice = rnd.choose(play.observation(Side.red), actions)
        play.apply(choice)
    assert set(destroyed) & goals
    assert not set(destroyed) & bot.memory.avoid
