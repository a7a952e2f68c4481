"""The blocks' goals and MP fields kept from earlier decisions (decisions.reuse) are those
a fresh view works out, and the strike's goals (decisions._targets) those routes.progress
sets: keeping them changes no choice."""

from __future__ import annotations

from pathlib import Path

from engine.bots import HeuristicBot, RandomBot
from engine.bots.decisions import _targets, reuse
from engine.bots.routes import goal_fields, progress
from engine.bots.runner import bot_seed
from engine.bots.view import View
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_kept_goal_fields_equal_a_fresh_views() -> None:
    game = Game.load(SCENARIO)
    seed, side = 5, Side.green
    bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    reused = 0
    while (decision := play.decision) is not None and len(play.log) < 120:
        observation, actions = play.observation(decision.side), play.legal_actions()
        if decision.side == side and len(actions) > 1:
            kept = View(bot.know, observation, bot.memory)
            reuse(kept)
            for bid in bot.briefing.own:
                if kept.goal_fields.get(bid) is None:
                    continue  # not kept: worked out as before
                reused += 1
                fresh = View(bot.know, observation, bot.memory)
                assert goal_fields(kept, bid) == goal_fields(fresh, bid), f"{bid}, decision {len(play.log)}"
                progress(fresh, bid)
                assert _targets(kept, bid) == fresh.targets.get(bid, set()), bid
        play.apply((bot if decision.side == side else rnd).choose(observation, actions))
    assert reused > 100, reused
