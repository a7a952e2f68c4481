"""Balance: the heuristic bot against the random bot, 200 games from each side.

The issue's target is that the heuristic bot wins at least 70% of 200 games on the sample
scenario from either side. The figures are the wins, the share with its 95% interval (what
200 games say of the true rate), and the series' speed. The games run in one worker process
per core; `UO_BENCH_BALANCE_GAMES` sets another number of games a side (seeds 0 to N-1).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from engine.bots.series import Tally, play_series
from engine.model.scenario import Side
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
GAMES = int(os.environ.get("UO_BENCH_BALANCE_GAMES", "200"))
TARGET = 0.70


def run() -> None:
    game = Game.load(SCENARIO)
    jobs = os.cpu_count() or 1
    for side in Side:
        green, red = ("heuristic", "random") if side == Side.green else ("random", "heuristic")
        tally = Tally()
        t0 = time.perf_counter()
        for result in play_series(game, SCENARIO, green, red, range(GAMES), jobs):
            if result.error is not None:
                raise RuntimeError(result.error)
            tally.add(result)
        elapsed = time.perf_counter() - t0
        low, high = tally.interval(side.value)
        other = "red" if side == Side.green else "green"
        print(
            f"  heuristic as {side.value:<5} vs random, {GAMES} games: "
            f"won {tally.wins[side.value]}, lost {tally.wins[other]}, undecided {tally.wins['undecided']}"
        )
        print(
            f"    win rate {tally.share(side.value):.1%} (95% interval {low:.1%}-{high:.1%}); "
            f"ratio to the 70% target {tally.share(side.value) / TARGET:.2f}; "
            f"average points {tally.points[side.value] / GAMES:.2f} to {tally.points[other] / GAMES:.2f}; "
            f"{GAMES / elapsed:.2f} games/s on {jobs} processes"
        )
