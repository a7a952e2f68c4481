"""Many bot games on one scenario, to judge its balance: `uo play --games K [--jobs J]` and
`bench/bench_balance.py`.

Games run in worker processes when asked (each loads the scenario once and keeps it); the
results come back in seed order whatever the order the games end in, so a series is the
same figures for the same seeds on any number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from ..model.scenario import Side
from ..rules.uo.game import Game
from ..rules.uo.play import Play
from . import workers
from .balance import wilson
from .runner import GameTooLong, make_bot, play_game


@dataclass(frozen=True)
class GameResult:
    seed: int
    winner: str | None  # "green" | "red" | None: undecided
    level: str | None
    points: dict[str, int]
    actions: int
    turns: int
    error: str | None = None  # a game that did not end, or broke an invariant (--check)
    #: CPU seconds the game took in the process that played it (not part of the result: the
    #: same game costs more on a busy machine); what a series' speed is judged by there
    cpu: float = field(default=0.0, compare=False)


def run_game(game: Game, green: str, red: str, seed: int, check: bool = False) -> Play:
    """One game, bots by name, seeded as `uo play` seeds them; `check`: the invariants after
    every action. Raises GameTooLong, or AssertionError for a broken invariant."""
    checker: Callable[[Play], None] | None = None
    if check:
        from ..rules.registry import invariants_of

        checker = invariants_of(game.rules)
    return play_game(
        game, make_bot(green, game, seed, Side.green), make_bot(red, game, seed, Side.red), seed, checker
    )


def play_one(game: Game, green: str, red: str, seed: int, check: bool = False) -> GameResult:
    """One game's result; a game that does not end or breaks an invariant is an error."""
    started = time.process_time()
    try:
        play = run_game(game, green, red, seed, check)
    except GameTooLong as exc:
        return GameResult(seed, None, None, {}, 0, 0, str(exc), time.process_time() - started)
    except AssertionError as exc:  # a broken invariant
        return GameResult(seed, None, None, {}, 0, 0, f"seed {seed}: {exc}", time.process_time() - started)
    outcome = play.outcome
    return GameResult(
        seed,
        outcome.winner.value if outcome.winner else None,
        outcome.level,
        {side.value: n for side, n in outcome.points.items()},
        len(play.log),
        play.state.turn,
        cpu=time.process_time() - started,
    )


# -- worker processes: the game is loaded once per process ---------------------------------
_WORKER_GAME: Game | None = None


def _init_worker(given: Game | str) -> None:
    global _WORKER_GAME
    _WORKER_GAME = workers.load(given)


def _work(task: tuple[str, str, int, bool]) -> GameResult:
    assert _WORKER_GAME is not None
    green, red, seed, check = task
    return play_one(_WORKER_GAME, green, red, seed, check)


def play_series(
    game: Game,
    scenario: str | Path,
    green: str,
    red: str,
    seeds: range,
    jobs: int = 1,
    check: bool = False,
) -> Iterator[GameResult]:
    """The games of `seeds`, in seed order; `jobs` > 1 plays them in that many processes
    (forked with `game`, or each loading `scenario` itself: workers.py)."""
    if jobs <= 1 or len(seeds) <= 1:
        battlefield = getattr(game, "battlefield", None)  # a square board (Urban Battle) has none
        if len(seeds) > 1 and battlefield is not None:
            # a series asks for most EP rows sooner or later: read (or build) them all at once,
            # as the workers of `jobs` > 1 get them (workers.ep_rows)
            workers.ep_rows(battlefield)
        for seed in seeds:
            yield play_one(game, green, red, seed, check)
        return
    ctx = workers.context()
    given = workers.source(game, scenario, ctx, jobs)
    tasks = [(green, red, seed, check) for seed in seeds]
    with workers.pool(ctx, min(jobs, len(seeds)), _init_worker, given) as pool:
        # a game at a time to whichever worker is free, back in seed order (workers.py)
        ended = pool.imap_unordered(_work, tasks, chunksize=1)
        yield from workers.in_seed_order(ended, seeds, lambda result: result.seed)


@dataclass
class Tally:
    """Wins, points and lengths over a series."""

    games: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"green": 0, "red": 0, "undecided": 0})
    points: dict[str, int] = field(default_factory=lambda: {"green": 0, "red": 0})
    actions: int = 0
    turns: int = 0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins[result.winner or "undecided"] += 1
        for side, n in result.points.items():
            self.points[side] = self.points.get(side, 0) + n
        self.actions += result.actions
        self.turns += result.turns

    def share(self, outcome: str) -> float:
        return self.wins[outcome] / self.games if self.games else 0.0

    def interval(self, outcome: str, z: float = 1.96) -> tuple[float, float]:
        """The 95% Wilson score interval of `outcome`'s share: what the series says of the
        true rate, given its length (one home for it: balance.wilson)."""
        return wilson(self.wins[outcome], self.games, z)
