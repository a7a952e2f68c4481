"""Soak runs (issue 27): many seeded bot games on many scenarios, every pairing of the bots,
checking after every action what no sequence of legal actions may break:

- the rule set's invariants (engine/rules/uo/invariants.py, `uo play --check`);
- until the game is over, the side to decide has at least one legal action (the runner
  raises `NoLegalAction` where it asks for them);
- every legal action applies without error: at a seeded sample of positions (`probe`, a
  share of them) each legal action is applied to a copy of the play, which must then keep
  the invariants and, unless that action ended the game, offer a legal action in turn.
  Checking every position costs some 25 ms a position (a copy of the play, ~2-5 ms, and the
  action, for each of ~10 actions): 20-80 s a game against ~1 s of play, so `make soak`
  probes a sample (bench/bench_soak.py says how much) and a test may probe them all.

Games are played by the shared runner (runner.play_game) with bots taken by name from the
rule set's registry (`bots_for`), each seeded from the game's seed as `uo play` seeds them:
a (scenario, green bot, red bot, seed) names one game, here, in `uo play` and in a report.
A failing game is reported with that name, the action it failed at, the traceback, the
`uo play` command that plays it again, and a replayable log (`uo-log/1`, as `uo play --log`
writes it) of the game up to the last action that applied cleanly.

The suite plays a short run (tests/engine/rules/uo/test_random_games.py); `make soak` a long
one over every scenario of the repository and generated ones (bench/bench_soak.py).
"""

from __future__ import annotations

import copy
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import product
from pathlib import Path
from typing import Any

from ..model.scenario import Side
from . import workers
from .runner import make_bot, play_game


def scenario_label(scenario: str | Path) -> str:
    """A scenario's short name: its file's stem, or its folder's name for a folder's
    `scenario.yaml` (as generated scenarios are written: gen-<seed>/scenario.yaml)."""
    path = Path(scenario)
    return path.parent.name if path.stem == "scenario" and path.parent.name else path.stem


@dataclass(frozen=True)
class SoakGame:
    """One game of a soak: the scenario (a path), the bots by name, the seed."""

    scenario: str
    green: str
    red: str
    seed: int

    def command(self) -> str:
        """The `uo play` command that plays this game again, the invariants checked."""
        return f"uo play {self.scenario} --green {self.green} --red {self.red} --seed {self.seed} --check"

    def name(self) -> str:
        return f"{scenario_label(self.scenario)}, green {self.green} vs red {self.red}, seed {self.seed}"


@dataclass
class SoakFailure:
    """A game that broke: at which action (the index in its log of the action that raised,
    or after which a check failed), what broke, and how to see it again."""

    game: SoakGame
    action: int
    what: str  # one line: the exception, or the check that failed
    detail: str  # the traceback
    probe: dict[str, Any] | None = None  # the action applied to a copy of the play that failed
    log: str | None = None  # the game's log up to the last action that applied cleanly

    def report(self) -> str:
        lines = [f"FAILED {self.game.name()}, action {self.action}: {self.what}"]
        if self.probe is not None:
            lines.append(f"  applying the legal action {json.dumps(self.probe)} to a copy of the play there")
        lines.append(f"  play it again: {self.game.command()}")
        if self.log is not None:
            lines.append(f"  the game up to there: uo replay {self.log}")
        lines.extend("  " + line for line in self.detail.rstrip().splitlines())
        return "\n".join(lines)


@dataclass
class SoakReport:
    games: int = 0
    actions: int = 0
    #: positions where every legal action was applied to a copy, and those actions
    probed_positions: int = 0
    probed_actions: int = 0
    seconds: float = 0.0  # wall time of the whole run
    cpu: float = 0.0  # CPU seconds of the games, in whichever process played them
    failures: list[SoakFailure] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)  # action class name -> times played
    #: games played by pairing ("heuristic-random": green heuristic, red random)
    pairings: Counter[str] = field(default_factory=Counter)
    scenarios: Counter[str] = field(default_factory=Counter)  # games by scenario_label
    #: CPU seconds of the games by pairing (what a pairing costs: the search bot's most)
    pairing_cpu: dict[str, float] = field(default_factory=dict)

    def add(self, other: SoakReport) -> None:
        self.games += other.games
        self.actions += other.actions
        self.probed_positions += other.probed_positions
        self.probed_actions += other.probed_actions
        self.cpu += other.cpu
        self.failures += other.failures
        self.kinds.update(other.kinds)
        self.pairings.update(other.pairings)
        self.scenarios.update(other.scenarios)
        for pairing, cpu in other.pairing_cpu.items():
            self.pairing_cpu[pairing] = self.pairing_cpu.get(pairing, 0.0) + cpu


def plan(
    scenarios: Sequence[str | Path], bots: Sequence[str], games: int, first_seed: int = 0
) -> list[SoakGame]:
    """`games` games spread evenly over every scenario and every ordered pairing of `bots`
    (green, red), the first cells one game more when they do not divide evenly; a cell's
    games have the seeds first_seed, first_seed + 1, ... The order goes seed by seed across
    all cells, so a run cut short has played every cell alike."""
    cells = [(str(s), g, r) for s in scenarios for g, r in product(bots, repeat=2)]
    if not cells:
        return []
    each, extra = divmod(games, len(cells))
    counts = [each + (1 if i < extra else 0) for i in range(len(cells))]
    out = []
    for k in range(max(counts, default=0)):
        for (scenario, green, red), n in zip(cells, counts, strict=True):
            if k < n:
                out.append(SoakGame(scenario, green, red, first_seed + k))
    return out


def fork(play: Any) -> Any:
    """A copy of the play that plays on independently: the play's own `copy` when it has
    one, else a deep copy sharing what never changes in a game (the game itself, and the
    answers the play keeps per game, as every play of the game shares them) and the log's
    past entries (never changed once written). ~1.5 ms on the sample, mid-game."""
    copier = getattr(play, "copy", None)
    if callable(copier):
        return copier()
    memo: dict[int, Any] = {id(play.game): play.game, id(play.log): list(play.log)}
    # answers kept per game, the same for every play of it: weapons usable (fight.py), LOS
    # with the counters now in play (Situation._sees: a per-game table), a move's text
    for name in ("usable_kept", "_blocked_los", "_move_texts"):
        kept = getattr(play, name, None)
        if kept is not None:
            memo[id(kept)] = kept
    return copy.deepcopy(play, memo)


class _ProbeFailed(Exception):
    def __init__(self, action: dict[str, Any], what: str, detail: str):
        super().__init__(what)
        self.action, self.what, self.detail = action, what, detail


class _Checks:
    """What runs after every action of a soak game (runner.play_game's `check`)."""

    def __init__(self, game: Any, soak_game: SoakGame, probe: float):
        from ..rules.registry import invariants_of, rule_set

        self.invariants = invariants_of(game.rules)
        self.to_json = rule_set(game.rules).action_to_json
        self.probe = probe
        # the sample of positions probed: its own stream, never the bots' nor the dice
        self.rng = random.Random(f"probe {soak_game.seed}")
        self.play: Any = None
        self.positions = 0
        self.probed_actions = 0

    def __call__(self, play: Any) -> None:
        self.play = play
        self.invariants(play)
        if play.decision is not None and self.probe > 0 and self.rng.random() < self.probe:
            self.positions += 1
            for action in play.legal_actions():
                self.probed_actions += 1
                self._try(play, action)

    def _try(self, play: Any, action: Any) -> None:
        what = "raised"
        try:
            after = fork(play)
            after.apply(action)
            what = "broke an invariant"
            self.invariants(after)
            what = "left no legal action"
            if after.decision is not None and not after.legal_actions():
                raise AssertionError(f"{after.decision.side} has no legal action after it")
        except Exception as exc:
            raise _ProbeFailed(
                self.to_json(action), f"{what}: {type(exc).__name__}: {exc}", traceback.format_exc(limit=8)
            ) from None


def play_game_checked(game: Any, soak_game: SoakGame, probe: float, out: Path | None) -> SoakReport:
    """Play one soak game in this process with every check; a failure is recorded (with
    its log written under `out`, when given) and never raised."""
    report = SoakReport(games=1)
    report.pairings[f"{soak_game.green}-{soak_game.red}"] += 1
    report.scenarios[scenario_label(soak_game.scenario)] += 1
    checks = _Checks(game, soak_game, probe)
    started = time.process_time()
    play: Any = None
    try:
        green = make_bot(soak_game.green, game, soak_game.seed, Side.green)
        red = make_bot(soak_game.red, game, soak_game.seed, Side.red)
        play = play_game(game, green, red, soak_game.seed, checks)
    except Exception as exc:
        play = checks.play
        entries = list(play.log) if play is not None else []
        clean = [e for e in entries if "rolls" in e]  # an action that raised has none yet
        if isinstance(exc, _ProbeFailed):
            failure = SoakFailure(soak_game, len(clean), exc.what, exc.detail, probe=exc.action)
        else:
            at = len(entries) - 1 if len(clean) == len(entries) else len(clean)
            failure = SoakFailure(
                soak_game, max(at, 0), f"{type(exc).__name__}: {exc}", traceback.format_exc(limit=8)
            )
        if out is not None:
            failure.log = _write_log(game, soak_game, clean, out)
        report.failures.append(failure)
    finally:
        report.cpu = time.process_time() - started
        report.pairing_cpu[f"{soak_game.green}-{soak_game.red}"] = report.cpu
    if play is not None:
        report.actions = len(play.log)
        report.kinds.update(str(entry.get("action")) for entry in play.log)
    report.probed_positions, report.probed_actions = checks.positions, checks.probed_actions
    return report


def _write_log(game: Any, soak_game: SoakGame, entries: list[dict[str, Any]], out: Path) -> str | None:
    """The failing game's log up to its last clean action, as `uo play --log` writes it
    (replayed from the scenario, so the log is the rules' own); None if even that fails."""
    from ..rules.log import make_log, replay_actions, write_log
    from ..rules.registry import rule_set

    rules = rule_set(game.rules)
    target = (
        out / f"{scenario_label(soak_game.scenario)}-{soak_game.green}-{soak_game.red}-{soak_game.seed}.json"
    )
    try:
        state = replay_actions(rules, game, soak_game.seed, [dict(e) for e in entries])
        players = {"green": soak_game.green, "red": soak_game.red}
        out.mkdir(parents=True, exist_ok=True)
        write_log(make_log(state, game, Path(soak_game.scenario), players, target), target)
    except Exception:
        return None
    return str(target)


# -- worker processes ------------------------------------------------------------------------
_GAMES: dict[str, Any] = {}
_SETTINGS: tuple[float, Path | None] = (0.0, None)


def _game(scenario: str) -> Any:
    found = _GAMES.get(scenario)
    if found is None:
        found = _GAMES[scenario] = workers.load(scenario)
    return found


def _init_worker(games: dict[str, Any], probe: float, out: Path | None) -> None:
    global _SETTINGS
    _GAMES.update(games)
    _SETTINGS = (probe, out)


def _work(soak_game: SoakGame) -> SoakReport:
    probe, out = _SETTINGS
    return play_game_checked(_game(soak_game.scenario), soak_game, probe, out)


def soak(
    games: Iterable[SoakGame],
    workers_count: int = 2,
    probe: float = 0.0,
    out: Path | None = None,
    progress: Callable[[SoakReport, int], None] | None = None,
) -> SoakReport:
    """Play `games` with every check, in `workers_count` processes (one: in this one),
    handed out a game at a time as workers free up; `progress(report so far, total)` after
    each game. The figures do not depend on the number of workers (failures in plan order)."""
    started = time.perf_counter()
    games = list(games)
    total = SoakReport()
    order = {g: i for i, g in enumerate(games)}
    scenarios = sorted({g.scenario for g in games})
    if workers_count <= 1 or len(games) <= 1:
        _init_worker({}, probe, out)
        results: Iterable[SoakReport] = map(_work, games)
        _collect(results, total, len(games), progress)
    else:
        ctx = workers.context()
        # forked workers inherit every game loaded here once (and its EP rows); spawned
        # ones load each scenario they meet through the disk cache
        loaded = {s: _loaded(s) for s in scenarios} if ctx.get_start_method() == "fork" else {}
        with ctx.Pool(min(workers_count, len(games)), _init_worker, (loaded, probe, out)) as pool:
            _collect(pool.imap_unordered(_work, games, chunksize=1), total, len(games), progress)
    total.failures.sort(key=lambda f: order[f.game])
    total.seconds = time.perf_counter() - started
    return total


def _loaded(scenario: str) -> Any:
    game = workers.load(scenario)
    battlefield = getattr(game, "battlefield", None)
    if battlefield is not None:
        workers.ep_rows(battlefield)
    return game


def _collect(
    results: Iterable[SoakReport],
    total: SoakReport,
    count: int,
    progress: Callable[[SoakReport, int], None] | None,
) -> None:
    for part in results:
        total.add(part)
        if progress is not None:
            progress(total, count)
