"""Balance runs: games/s of `uo balance` locally (1 and 2 worker processes) and as Ray tasks,
and the Ray run's figures against the local run's for the same seeds.

A balance run's speed is games per second of whole runs (worker start-up, the scenario's
load and the first game's line-of-sight table included, as a user waits for them), random
bots on the sample scenario. Each configuration is run `UO_BENCH_BALANCE_REPEAT` times
(default 3): min and median seconds a run, and the machine's load average beside them (the
machine is shared: a high load slows every figure). `UO_BENCH_BALANCE_GAMES` sets the games
a run (default 20). Ray runs only if installed (`pip install -e '.[cluster]'`); its first
run starts the local Ray, which is timed apart.

`UO_BENCH_BALANCE_TARGET=1` also plays the heuristic bot against the random bot 200 games
from each side (the bots issue's target: it wins at least 70% from either side).
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from engine.bots.balance import BalanceReport, BalanceRun, GameRecord
from engine.bots.series import Tally, play_series
from engine.model.scenario import Side
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
GAMES = int(os.environ.get("UO_BENCH_BALANCE_GAMES", "20"))
REPEAT = int(os.environ.get("UO_BENCH_BALANCE_REPEAT", "3"))
TARGET = 0.70


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


def _timed(label: str, run: Callable[[], Iterable[GameRecord]]) -> BalanceReport:
    times: list[float] = []
    report: BalanceReport | None = None
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        records = tuple(run())
        times.append(time.perf_counter() - t0)
        assert all(r.error is None for r in records), [r.error for r in records if r.error]
        report = BalanceReport("harbour-crossing", "random", "random", records)
    best, median = min(times), statistics.median(times)
    print(
        f"  {label:<34} {GAMES} games: min {best:6.1f} s ({GAMES / best:5.2f} games/s), "
        f"median {median:6.1f} s ({GAMES / median:5.2f} games/s); {_load()}"
    )
    assert report is not None
    return report


def run() -> None:
    seeds = range(GAMES)
    figures = {}
    for jobs in (1, 2):
        report = _timed(
            f"local, {jobs} worker process(es)",
            lambda jobs=jobs: BalanceRun(SCENARIO, "random", "random", seeds, jobs),
        )
        figures[f"local {jobs}"] = report.to_json()
    if figures["local 1"] != figures["local 2"]:
        raise RuntimeError("1 and 2 worker processes gave other figures for the same seeds")
    print("  same figures on 1 and 2 worker processes")
    try:
        import ray
    except ImportError:
        print("  Ray not installed (pip install -e '.[cluster]'): no Ray figures")
    else:
        from engine.bots.cluster import ray_records

        t0 = time.perf_counter()
        ray.init(include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        print(
            f"  Ray local start: {time.perf_counter() - t0:.1f} s, {ray.cluster_resources().get('CPU')} CPUs"
        )
        report = _timed(
            "Ray (local), batched tasks", lambda: ray_records(SCENARIO, "random", "random", seeds)
        )
        same = report.to_json() == figures["local 1"]
        print(f"  Ray figures equal the local run's for seeds 0-{GAMES - 1}: {same}")
        ray.shutdown()
        if not same:
            print(json.dumps(report.to_json())[:400])
            raise RuntimeError("Ray gave other figures than the local run for the same seeds")
    if os.environ.get("UO_BENCH_BALANCE_TARGET"):
        heuristic_target()


def heuristic_target() -> None:
    game = Game.load(SCENARIO)
    jobs = os.cpu_count() or 1
    for side in Side:
        green, red = ("heuristic", "random") if side == Side.green else ("random", "heuristic")
        tally = Tally()
        t0 = time.perf_counter()
        for result in play_series(game, SCENARIO, green, red, range(200), jobs):
            if result.error is not None:
                raise RuntimeError(result.error)
            tally.add(result)
        elapsed = time.perf_counter() - t0
        low, high = tally.interval(side.value)
        other = "red" if side == Side.green else "green"
        print(
            f"  heuristic as {side.value:<5} vs random, 200 games: won {tally.wins[side.value]}, "
            f"lost {tally.wins[other]}, undecided {tally.wins['undecided']}; win rate "
            f"{tally.share(side.value):.1%} (95% interval {low:.1%}-{high:.1%}), ratio to the 70% target "
            f"{tally.share(side.value) / TARGET:.2f}; {200 / elapsed:.2f} games/s on {jobs} processes"
        )


if __name__ == "__main__":
    run()
