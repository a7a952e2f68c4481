"""Balance runs: many bot games on one scenario and the figures that judge it (`uo balance`,
the editor's Play > Balance...).

Each game is played through the rule-set interface and recorded from the two sides'
observations after every action (nothing is read from the play state; once set-up is over,
only the observations' own blocks are made: the play's own_blocks):
- where blocks were eliminated: a side always knows its own blocks, so a block that turns up
  eliminated in its side's observation fell where that observation last had it (a passenger,
  where its carrier was); dummies (no type) are not blocks and do not count;
- which victory locations changed hands: a location is held by the last side to have had
  blocks there alone (2.3, "the last side through"); the locations are those the two sides'
  briefings name as objectives. Holdings at the end of set-up are the start, not a change.
- the side with the first turn's initiative (first-mover advantage).

The figures (`BalanceReport`) depend only on the games' results in seed order, so the same
seeds give the same figures on one process, several, or a Ray cluster (engine/bots/cluster.py).
"""

from __future__ import annotations

import math
import multiprocessing
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..model.scenario import Side
from ..rules.registry import rule_set
from ..rules.uo.game import Game
from ..rules.uo.play import Play
from . import workers
from .runner import GameTooLong, make_bot, play_game

SIDES = ("green", "red")
OUTCOMES = ("green", "red", "undecided")


@dataclass(frozen=True)
class GameRecord:
    """One game of a balance run: its result and what the plots need."""

    seed: int
    winner: str | None  # "green" | "red" | None: undecided
    level: str | None
    points: dict[str, int]
    actions: int
    turns: int
    initiative: str | None  # the side with the first turn's initiative
    eliminations: tuple[str, ...] = ()  # a location per block eliminated, in order
    captures: tuple[tuple[str, str], ...] = ()  # (victory location, side that took it)
    error: str | None = None  # a game that did not end
    #: CPU seconds the game took in the process that played it (not part of the figures)
    cpu: float = field(default=0.0, compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "winner": self.winner,
            "level": self.level,
            "points": dict(self.points),
            "actions": self.actions,
            "turns": self.turns,
            "initiative": self.initiative,
            "eliminations": list(self.eliminations),
            "captures": [list(c) for c in self.captures],
            "error": self.error,
        }


#: actions that move no block and decide no fight: the record skips the observations after
#: them (they are half of a game's actions, and two observations an action would more than
#: double a random game's time); whatever they change shows at the next observed action
QUIET = frozenset({"Activate", "EndActivation", "StartImpulse", "EndImpulse", "Pass", "HoldFire"})


class _Recorder:
    """Follows a play from both sides' observations after each action (runner's hook)."""

    def __init__(self, objectives: frozenset[str]):
        self.objectives = objectives
        self.last_at: dict[str, str] = {}  # own block id -> its last location on the map
        self.fallen: set[str] = set()
        self.eliminations: list[str] = []
        self.holder: dict[str, str] = {}
        self.captures: list[tuple[str, str]] = []
        self.initiative: str | None = None
        #: set-up still on at the last action: whole observations (their phase, initiative)
        self.setup = True

    def __call__(self, play: Play) -> None:
        if play.log and play.log[-1].get("action") in QUIET and play.decision is not None:
            return
        self.observe(play)

    def observe(self, play: Play) -> None:
        present: dict[str, set[str]] = {}
        views: dict[Side, tuple[Any, ...]] = {}
        setup = False
        if self.setup:
            for side in Side:
                obs = play.observation(side)
                if self.initiative is None:
                    self.initiative = obs.initiative.value
                setup = obs.phase.value == "setup"
                views[side] = obs.own
            self.setup = setup
        else:
            # set-up does not come back: the blocks are all the record reads of an observation
            # (the whole of both sides' was a tenth of a heuristic game, a third of a random one)
            views = {side: tuple(play.own_blocks(side)) for side in Side}
        for side, own in views.items():
            carriers = {b.id: b.location for b in own}
            for b in own:
                if b.type is None:  # a dummy is no block
                    continue
                where = b.location or (carriers.get(b.mounted_in) if b.mounted_in else None)
                if b.eliminated:
                    if b.id not in self.fallen:
                        self.fallen.add(b.id)
                        if b.id in self.last_at:
                            self.eliminations.append(self.last_at[b.id])
                    continue
                if where is not None:
                    self.last_at[b.id] = where
                if b.location is not None and b.location in self.objectives:
                    present.setdefault(b.location, set()).add(side.value)
        for location, sides in present.items():
            if len(sides) != 1:
                continue  # contested: whoever held it still does
            (side_name,) = sides
            before = self.holder.get(location)
            self.holder[location] = side_name
            if before != side_name and not setup:
                self.captures.append((location, side_name))


def objectives_of(game: Game) -> frozenset[str]:
    """The victory locations: every location either side's briefing names as an objective."""
    found: set[str] = set()
    for side in Side:
        for objectives in rule_set(game.rules).briefing(game, side).objectives.values():
            found.update(objectives.hold)
    return frozenset(found)


def record_game(game: Game, green: str, red: str, seed: int, objectives: frozenset[str]) -> GameRecord:
    """One game, bots by name and seeded as `uo play` seeds them, with its record."""
    recorder = _Recorder(objectives)
    started = time.process_time()
    try:
        play = play_game(
            game,
            make_bot(green, game, seed, Side.green),
            make_bot(red, game, seed, Side.red),
            seed,
            recorder,
        )
    except GameTooLong as exc:
        return GameRecord(
            seed, None, None, {}, 0, 0, recorder.initiative, error=str(exc), cpu=time.process_time() - started
        )
    outcome = play.outcome
    return GameRecord(
        seed,
        outcome.winner.value if outcome.winner else None,
        outcome.level.value if outcome.level else None,
        {side.value: n for side, n in outcome.points.items()},
        len(play.log),
        play.state.turn,
        recorder.initiative,
        tuple(recorder.eliminations),
        tuple(recorder.captures),
        cpu=time.process_time() - started,
    )


def record_games(scenario: str, green: str, red: str, seeds: Iterable[int]) -> list[GameRecord]:
    """Several games in this process, the scenario loaded once (a worker's or a Ray task's
    batch; the compiled battlefield comes from the disk cache)."""
    game = workers.load(str(scenario))  # with the rule set the scenario names
    objectives = objectives_of(game)
    return [record_game(game, green, red, seed, objectives) for seed in seeds]


# -- worker processes: the game is loaded once per process ---------------------------------
_WORKER: tuple[Game, frozenset[str]] | None = None


def _init_worker(given: Game | str) -> None:
    global _WORKER
    game = workers.load(given)
    _WORKER = (game, objectives_of(game))


def _work(task: tuple[str, str, int]) -> GameRecord:
    assert _WORKER is not None
    green, red, seed = task
    return record_game(_WORKER[0], green, red, seed, _WORKER[1])


class BalanceRun:
    """The games of `seeds` in seed order, played in `jobs` worker processes (or here with
    one job); `cancel()` from another thread stops the workers at once (the pool is
    terminated) and ends the iteration."""

    def __init__(self, scenario: str | Path, green: str, red: str, seeds: range, jobs: int = 1):
        self.scenario, self.green, self.red, self.seeds = str(scenario), green, red, seeds
        self.jobs = max(1, min(jobs, len(seeds)))
        self._cancelled = threading.Event()
        #: set once the worker processes are started (a run cancelled before has none)
        self.started = threading.Event()
        self._pool: Any = None
        self._lock = threading.Lock()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()
        with self._lock:
            if self._pool is not None:
                self._pool.terminate()

    def __iter__(self) -> Iterator[GameRecord]:
        if self.jobs <= 1:
            game = workers.load(self.scenario)
            battlefield = getattr(game, "battlefield", None)
            if len(self.seeds) > 1 and battlefield is not None:
                workers.ep_rows(battlefield)  # as play_series: the EP rows a series asks for, at once
            objectives = objectives_of(game)
            for seed in self.seeds:
                if self.cancelled:
                    return
                yield record_game(game, self.green, self.red, seed, objectives)
            return
        # forked with the game loaded here where that is safe, else spawned (a Qt application,
        # threads), each loading the scenario through the disk cache: workers.py
        ctx = workers.context()
        loaded = workers.load(self.scenario) if ctx.get_start_method() == "fork" else None
        given = workers.source(loaded, self.scenario, ctx, self.jobs)
        seeds = self.seeds
        pool = workers.pool(ctx, self.jobs, _init_worker, given)
        with self._lock:
            self._pool = pool
        self.started.set()
        if self.cancelled:
            pool.terminate()
            return
        try:
            tasks = [(self.green, self.red, seed) for seed in seeds]
            # a game at a time to whichever worker is free, back in seed order (workers.py)
            ended = _ended(pool.imap_unordered(_work, tasks, chunksize=1), len(seeds), self)
            for record in workers.in_seed_order(ended, seeds, lambda r: r.seed):
                if self.cancelled:
                    return
                yield record
        finally:
            with self._lock:
                self._pool = None
            pool.terminate()
            pool.join()


def _ended(results: Any, games: int, run: BalanceRun) -> Iterator[GameRecord]:
    """The records as the games end, waking up now and then to see whether the run was
    cancelled (a terminated pool's iterator would otherwise wait for ever)."""
    for _ in range(games):
        while True:
            try:
                record: GameRecord = results.next(timeout=0.2)
                break
            except multiprocessing.TimeoutError:
                if run.cancelled:
                    return
            except StopIteration:
                return
        if run.cancelled:
            return
        yield record


# -- the figures ---------------------------------------------------------------------------


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share k/n: what n games say of the true rate."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Share:
    count: int
    games: int

    @property
    def share(self) -> float:
        return self.count / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.games)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"count": self.count, "games": self.games, "share": self.share, "interval": [low, high]}

    def text(self) -> str:
        low, high = self.interval
        return f"{self.count:>5}  {self.share:6.1%}  (95% interval {low:.1%}-{high:.1%})"


@dataclass(frozen=True)
class BalanceReport:
    """The figures of a run: from its records only, so equal seeds give equal figures."""

    scenario: str
    green: str
    red: str
    records: tuple[GameRecord, ...]
    outcomes: dict[str, Share] = field(init=False)
    first_mover: dict[str, Share] = field(init=False)  # "first" / "second": their wins

    def __post_init__(self) -> None:
        n = len(self.records)
        wins = Counter(r.winner or "undecided" for r in self.records)
        object.__setattr__(self, "outcomes", {o: Share(wins[o], n) for o in OUTCOMES})
        first = sum(1 for r in self.records if r.initiative is not None and r.winner == r.initiative)
        second = sum(
            1 for r in self.records if r.initiative is not None and r.winner not in (None, r.initiative)
        )
        known = sum(1 for r in self.records if r.initiative is not None)
        object.__setattr__(
            self, "first_mover", {"first": Share(first, known), "second": Share(second, known)}
        )

    @property
    def games(self) -> int:
        return len(self.records)

    def average_points(self) -> dict[str, float]:
        n = self.games or 1
        return {s: sum(r.points.get(s, 0) for r in self.records) / n for s in SIDES}

    def average_length(self) -> dict[str, float]:
        n = self.games or 1
        return {
            "actions": sum(r.actions for r in self.records) / n,
            "turns": sum(r.turns for r in self.records) / n,
        }

    def initiative_sides(self) -> dict[str, int]:
        """How many games each side had the first turn's initiative."""
        counts = Counter(r.initiative for r in self.records if r.initiative is not None)
        return {s: counts[s] for s in SIDES}

    def eliminations(self) -> dict[str, int]:
        return dict(sorted(Counter(loc for r in self.records for loc in r.eliminations).items()))

    def captures(self) -> dict[str, dict[str, int]]:
        """Victory location -> side -> how many times that side took it."""
        found: dict[str, dict[str, int]] = {}
        for r in self.records:
            for location, side in r.captures:
                by_side = found.setdefault(location, {s: 0 for s in SIDES})
                by_side[side] += 1
        return dict(sorted(found.items()))

    def to_json(self) -> dict[str, Any]:
        seeds = [r.seed for r in self.records]
        return {
            "scenario": self.scenario,
            "green": self.green,
            "red": self.red,
            "games": self.games,
            "seeds": [seeds[0], seeds[-1]] if seeds else [],
            "outcomes": {o: s.to_json() for o, s in self.outcomes.items()},
            "average_points": self.average_points(),
            "average_length": self.average_length(),
            "first_mover": {
                "initiative": self.initiative_sides(),
                "first": self.first_mover["first"].to_json(),
                "second": self.first_mover["second"].to_json(),
            },
            "eliminations": self.eliminations(),
            "captures": self.captures(),
        }

    def text(self) -> str:
        seeds = [r.seed for r in self.records]
        span = f"seeds {seeds[0]}-{seeds[-1]}" if seeds else "no games"
        points, length = self.average_points(), self.average_length()
        who = ", ".join(f"{s} {n}" for s, n in self.initiative_sides().items() if n)
        lines = [f"{self.scenario}: green {self.green} vs red {self.red}, {self.games} games ({span})"]
        lines += [f"{o + ':':<10} {self.outcomes[o].text()}" for o in OUTCOMES]
        lines.append(f"average points: green {points['green']:.2f}, red {points['red']:.2f}")
        lines.append(f"average length: {length['actions']:.0f} actions, {length['turns']:.1f} turns")
        lines.append(f"first turn's initiative: {who or 'unknown'}")
        lines.append(f"  first mover won  {self.first_mover['first'].text()}")
        lines.append(f"  second mover won {self.first_mover['second'].text()}")
        falls, taken = self.eliminations(), self.captures()
        lines.append(
            f"blocks eliminated: {sum(falls.values())} at {len(falls)} locations; "
            f"victory locations changed hands {sum(sum(v.values()) for v in taken.values())} times "
            f"at {len(taken)} locations"
        )
        return "\n".join(lines)


def run_balance(
    scenario: str | Path,
    scenario_id: str,
    green: str,
    red: str,
    seeds: range,
    jobs: int = 1,
    progress: Callable[[GameRecord], None] | None = None,
) -> BalanceReport:
    """A whole run in local worker processes; `progress` is told of each game as it ends."""
    records = []
    for record in BalanceRun(scenario, green, red, seeds, jobs):
        records.append(record)
        if progress is not None:
            progress(record)
    return BalanceReport(scenario_id, green, red, tuple(records))
