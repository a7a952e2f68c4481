"""Soak runs: many seeded games of uniformly random legal actions with every invariant checked
after every action. The suite plays a short run (tests/engine/rules/uo/test_random_games.py);
`make soak` plays 10,000 games in worker processes and prints the figures (bench/bench_soak.py).

A game's choices come from `random.Random(seed)` over `legal_actions()` in the order the rules
give them, so a seed names the same game in the test, the soak and a bug report.
"""

from __future__ import annotations

import multiprocessing
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class SoakReport:
    games: int = 0
    actions: int = 0
    seconds: float = 0.0  # wall time of the whole run
    failures: list[str] = field(default_factory=list)  # "seed N, action M: traceback"
    kinds: Counter[str] = field(default_factory=Counter)  # action class name -> times played

    def add(self, other: SoakReport) -> None:
        self.games += other.games
        self.actions += other.actions
        self.failures += other.failures
        self.kinds.update(other.kinds)


def play_seeds(scenario: str, seeds: Sequence[int]) -> SoakReport:
    """Play `seeds` in this process; a game that raises (a broken invariant included) is a
    failure with its seed and action index, and the run goes on."""
    from ..rules.uo.game import Game
    from ..rules.uo.invariants import check
    from ..rules.uo.play import Play

    game = Game.load(Path(scenario))
    report = SoakReport()
    for seed in seeds:
        play = Play(game, seed)
        rng = random.Random(seed)
        report.games += 1
        try:
            while legal := play.legal_actions():
                action = rng.choice(legal)
                report.kinds[type(action).__name__] += 1
                play.apply(action)
                check(play)
                report.actions += 1
        except Exception:
            report.failures.append(f"seed {seed}, action {len(play.log)}: {traceback.format_exc(limit=6)}")
    return report


def _work(task: tuple[str, list[int]]) -> SoakReport:
    return play_seeds(*task)


def soak(
    scenario: str | Path,
    seeds: Sequence[int],
    workers: int = 2,
    progress: Callable[[int, int], None] | None = None,
) -> SoakReport:
    """Play `seeds` in `workers` processes (spawned: the caller may hold Qt or threads), in
    chunks so progress can be reported; the figures do not depend on the number of workers."""
    t0 = time.perf_counter()
    total = SoakReport()
    seeds = list(seeds)
    chunk = max(1, min(50, len(seeds) // (workers * 4) or 1))
    tasks = [(str(scenario), seeds[i : i + chunk]) for i in range(0, len(seeds), chunk)]
    if workers <= 1:
        results = map(_work, tasks)
        for part in results:
            total.add(part)
            if progress:
                progress(total.games, len(seeds))
    else:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for part in pool.imap_unordered(_work, tasks):
                total.add(part)
                if progress:
                    progress(total.games, len(seeds))
    total.failures.sort(key=lambda f: int(f.split(",")[0].split()[1]))
    total.seconds = time.perf_counter() - t0
    return total
