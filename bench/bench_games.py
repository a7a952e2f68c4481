"""Whole games, bot against bot on the sample scenario: games and actions per second.

Random against random (10 seeded games) measures the rules engine: legal actions, apply,
fights, the log. Heuristic against random (2 games each side) adds the heuristic bot's
decisions, timed on their own against its target of ~5 ms a decision.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from engine.bots import HeuristicBot, RandomBot
from engine.bots.runner import bot_seed, play_game
from engine.model.scenario import Side
from engine.rules.uo.actions import action_from_json
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .timing import best_of, fmt, row

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
RANDOM_GAMES = 10
HEURISTIC_GAMES = 2


class _Timed:
    """A bot whose decisions are timed."""

    def __init__(self, bot: HeuristicBot):
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.calls = 0

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        t0 = time.perf_counter()
        try:
            return self.bot.choose(observation, actions)
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


def run() -> None:
    t0 = time.perf_counter()
    game = Game.load(SCENARIO)
    game.battlefield.los_table  # noqa: B018  (built once, shared by every game)
    row("load the scenario (validate, compile, LOS table)", time.perf_counter() - t0)

    actions = 0
    t0 = time.perf_counter()
    for seed in range(RANDOM_GAMES):
        play = play_game(
            game, RandomBot(None, bot_seed(seed, Side.green)), RandomBot(None, bot_seed(seed, Side.red)), seed
        )
        actions += len(play.log)
    elapsed = time.perf_counter() - t0
    row(
        f"random vs random: one game (mean of {RANDOM_GAMES})",
        elapsed / RANDOM_GAMES,
        f"{RANDOM_GAMES / elapsed:.2f} games/s, {actions / RANDOM_GAMES:.0f} actions a game",
    )
    row("random vs random: one action", elapsed / actions, f"{actions / elapsed:,.0f} actions/s")

    for side in Side:
        timed_total = 0.0
        calls = actions = 0
        t0 = time.perf_counter()
        for seed in range(HEURISTIC_GAMES):
            # the briefing is built once per side per game, as `uo play` builds it
            timed = _Timed(HeuristicBot(briefing(game, side), bot_seed(seed, side)))
            other = RandomBot(None, bot_seed(seed, Side.red if side == Side.green else Side.green))
            green, red = (timed, other) if side == Side.green else (other, timed)
            play = play_game(game, green, red, seed)
            timed_total += timed.seconds
            calls += timed.calls
            actions += len(play.log)
        elapsed = time.perf_counter() - t0
        row(
            f"heuristic ({side.value}) vs random: one game (mean of {HEURISTIC_GAMES})",
            elapsed / HEURISTIC_GAMES,
            f"{HEURISTIC_GAMES / elapsed:.2f} games/s, {actions / HEURISTIC_GAMES:.0f} actions a game",
        )
        row(
            f"heuristic ({side.value}): one decision",
            timed_total / max(calls, 1),
            f"{calls} decisions; target ~5 ms: {fmt(timed_total / max(calls, 1)).strip()}",
        )

    # the runner builds each decision's observation before the bot's timed choice
    play = play_game(game, RandomBot(None, 1), RandomBot(None, 2), 1, max_actions=10**6)
    mid = Play(game, 1)
    for entry in play.log[: len(play.log) // 2]:
        mid.apply(action_from_json(entry))
    row("observation: one side's, mid-game", best_of(lambda: mid.observation(Side.green), 5, 200))
