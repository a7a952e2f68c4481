"""Whole games, bot against bot on the sample scenario: games and actions per second.

Random against random (10 seeded games) measures the rules engine: legal actions, apply,
fights, the log. Heuristic against random plays `UO_BENCH_HEURISTIC_GAMES` games (default
50) from each side: per game the wall and CPU seconds (min, median, mean) and the share the
heuristic bot's decisions take and how often it takes each of the new actions (issues 13,
16), with the machine's load average beside them (the machine is
shared: a high load slows the wall figures; CPU seconds suffer less). The target (issue 14)
is a heuristic-vs-random game in 0.8 s. The bots' shared map tables (EP rows, sight rows)
are filled once before, as a series' worker fills them over its first games: timed on
their own.
"""

from __future__ import annotations

import os
import statistics
import time
from collections import Counter
from pathlib import Path
from typing import Any

from engine.bots import HeuristicBot, RandomBot
from engine.bots.base import takes_sole_action
from engine.bots.map_tables import ep_table, sight_table
from engine.bots.runner import bot_seed, play_game
from engine.model.scenario import Side
from engine.rules.uo.actions import action_from_json
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .timing import best_of, row

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
RANDOM_GAMES = 10
HEURISTIC_GAMES = int(os.environ.get("UO_BENCH_HEURISTIC_GAMES", "50"))
#: issue 14: a heuristic-vs-random game on the sample
TARGET_GAME = 0.8


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


#: the actions of the No Man's Land, support, transport, event and 3D rules (issues 13, 16):
#: how often the heuristic bot takes each is printed
NEW_ACTIONS = (
    "PlaceCounter",
    "KeepInReserve",
    "ScoutMines",
    "ScoutCounter",
    "ScatterPopulation",
    "Destroy",
    "Mount",
    "Dismount",
    "Support",
    "Breach",
    "SmokeFire",
    "PlayEvent",
    "EventTarget",
    "Request3D",
    "EndRequests",
    "Carry3D",
    "Cancel3D",
    "Adjust3D",
)


class _Timed:
    """A bot whose decisions are timed, and the kinds of action it takes counted."""

    def __init__(self, bot: HeuristicBot, kinds: Counter[str]):
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.calls = 0
        self.kinds = kinds
        # offered one action, the runner applies it without an observation when the bot
        # says it may (as `uo play` plays it): the wrapper says what the bot says
        self.takes_sole_action = takes_sole_action(bot)

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        t0 = time.perf_counter()
        try:
            choice = self.bot.choose(observation, actions)
            self.kinds[type(choice).__name__] += 1
            return choice
        finally:
            self.seconds += time.perf_counter() - t0
            self.calls += 1


def run() -> None:
    t0 = time.perf_counter()
    game = Game.load(SCENARIO)
    game.battlefield.los_table  # noqa: B018  (built once, shared by every game)
    row("load the scenario (validate, compile, LOS table)", time.perf_counter() - t0)

    actions = 0
    t0, c0 = time.perf_counter(), time.process_time()
    for seed in range(RANDOM_GAMES):
        play = play_game(
            game, RandomBot(None, bot_seed(seed, Side.green)), RandomBot(None, bot_seed(seed, Side.red)), seed
        )
        actions += len(play.log)
    elapsed, cpu = time.perf_counter() - t0, time.process_time() - c0
    row(
        f"random vs random: one game (mean of {RANDOM_GAMES})",
        elapsed / RANDOM_GAMES,
        f"{RANDOM_GAMES / elapsed:.2f} games/s, CPU {cpu / RANDOM_GAMES:.2f} s a game, "
        f"{actions / RANDOM_GAMES:.0f} actions a game; {_load()}",
    )
    row("random vs random: one action", elapsed / actions, f"{actions / elapsed:,.0f} actions/s")

    t0 = time.perf_counter()
    bf = game.battlefield
    ep_table(bf).fill()
    sights = sight_table(bf)
    for loc in bf.locations:
        sights.row(loc.id)
    row("bots' map tables: EP and sight rows of every location", time.perf_counter() - t0, _load())

    for side in Side:
        walls: list[float] = []
        cpus: list[float] = []
        thinking = 0.0
        calls = actions = 0
        kinds: Counter[str] = Counter()
        for seed in range(HEURISTIC_GAMES):
            # the briefing is built once per side per game, as `uo play` builds it
            timed = _Timed(HeuristicBot(briefing(game, side), bot_seed(seed, side)), kinds)
            other = RandomBot(None, bot_seed(seed, Side.red if side == Side.green else Side.green))
            green, red = (timed, other) if side == Side.green else (other, timed)
            w0, c0 = time.perf_counter(), time.process_time()
            play = play_game(game, green, red, seed)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            thinking += timed.seconds
            calls += timed.calls
            actions += len(play.log)
        wall, cpu = sum(walls), sum(cpus)
        label = f"heuristic ({side.value}) vs random, {HEURISTIC_GAMES} games:"
        print(
            f"  {label:<52} wall a game min {min(walls):.2f} s, median {statistics.median(walls):.2f} s, "
            f"mean {wall / HEURISTIC_GAMES:.2f} s ({HEURISTIC_GAMES / wall:.2f} games/s); "
            f"{_load()}"
        )
        print(
            f"  {'':<52} CPU a game min {min(cpus):.2f} s, median {statistics.median(cpus):.2f} s, "
            f"mean {cpu / HEURISTIC_GAMES:.2f} s; ratio of the mean to the {TARGET_GAME} s target "
            f"{cpu / HEURISTIC_GAMES / TARGET_GAME:.2f} (CPU); {actions / HEURISTIC_GAMES:.0f} actions a game"
        )
        row(
            f"heuristic ({side.value}): one decision",
            thinking / max(calls, 1),
            f"{calls} decisions, {thinking / wall:.0%} of the games' wall time (the rest: the rules)",
        )
        used = ", ".join(f"{k} {kinds[k] / HEURISTIC_GAMES:.2f}" for k in NEW_ACTIONS if kinds[k])
        print(f"  {'':<52} new actions a game: {used or 'none'}")

    # the runner builds each decision's observation before the bot's timed choice
    play = play_game(game, RandomBot(None, 1), RandomBot(None, 2), 1, max_actions=10**6)
    mid = Play(game, 1)
    for entry in play.log[: len(play.log) // 2]:
        mid.apply(action_from_json(entry))
    row("observation: one side's, mid-game", best_of(lambda: mid.observation(Side.green), 5, 200))
