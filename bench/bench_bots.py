"""Bots' table: heuristic vs random (and search vs heuristic) on every scenario, both sides.

Scenarios: every Urban Operations scenario of scenarios/ (those of another rule set are left
out) and the generated ones of bench/scengen.py's BENCH_SEEDS, written into a temporary
folder. For each, one row per pairing and side: the bot under test as green against its
opponent as red, then the other way round; each row gives the tested bot's wins, losses and
undecided games with their 95% intervals (balance.wilson, the project's one home for it),
errors (a game that did not end or raised), and CPU seconds per game. Search vs heuristic
rows are played only if a bot called "search" is in the registry (engine/bots BOTS).

Games per cell: `UO_BENCH_BOTS_GAMES` (default 40), seeds from `UO_BENCH_BOTS_SEED` (default
1000); `UO_BENCH_BOTS_JOBS` worker processes (default 2, the series runner's `--jobs`);
`UO_BENCH_BOTS_ONLY`: a comma-separated list of substrings of the scenario names to play.
From the shell the same as options:

    .venv/bin/python -m bench.bench_bots --games 10 --jobs 2 [--only gen-7,customs]

The acceptance of issue 27 is printed beside each heuristic-vs-random row: >= 85% wins with
the interval's lower end >= 75% where the side has a reachable objective, undecided <= 10%.
For a generated scenario "reachable" is scengen's `info(seed).reachable`; for a repository
scenario every side is taken to have one.

On 2 cores shared with other work, two workers give about 1.2-1.4x the games per second of
one (each worker waits for a core part of the time): the table prints the load average before
and after and, per scenario, the CPU of its games over its wall time, the parallelism it got.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from engine.bots import BOTS
from engine.bots.balance import wilson
from engine.bots.series import GameResult, play_series
from engine.bots.workers import load
from engine.io.files import load_document

from .scengen import BENCH_SEEDS, info, write_scenario

ROOT = Path(__file__).resolve().parent.parent
GAMES = max(1, int(os.environ.get("UO_BENCH_BOTS_GAMES", "40")))
SEED = int(os.environ.get("UO_BENCH_BOTS_SEED", "1000"))
JOBS = max(1, int(os.environ.get("UO_BENCH_BOTS_JOBS", "2")))
ONLY = [s for s in os.environ.get("UO_BENCH_BOTS_ONLY", "").split(",") if s]
WIN_TARGET, LOW_TARGET, UNDECIDED_TARGET = 0.85, 0.75, 0.10


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f} on {os.cpu_count()} cores"


@dataclass
class Cell:
    """One pairing on one side: the tested bot's results."""

    tested: str
    opponent: str
    side: str  # the tested bot's side
    wins: int = 0
    losses: int = 0
    undecided: int = 0
    errors: int = 0
    cpu: float = 0.0
    wall: float = 0.0
    first_error: str = ""

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.undecided + self.errors

    def add(self, r: GameResult) -> None:
        self.cpu += r.cpu
        if r.error is not None:
            self.errors += 1
            self.first_error = self.first_error or r.error
        elif r.winner is None:
            self.undecided += 1
        elif r.winner == self.side:
            self.wins += 1
        else:
            self.losses += 1

    def share(self, k: int) -> str:
        n = self.games
        low, high = wilson(k, n)
        return f"{k:>3} {k / n if n else 0:5.0%} [{low:4.0%}-{high:4.0%}]"


def scenarios(folder: Path) -> Iterator[tuple[str, Path, dict[str, bool] | None, str]]:
    """(name, path, reachable per side or None, what it is) of every scenario benched."""
    for path in sorted((ROOT / "scenarios").glob("*.yaml")):
        rules = getattr(load_document(path).model, "rules", None)
        if rules in (None, "urban-operations"):
            yield path.stem, path, None, "repository sample"
    for seed in BENCH_SEEDS:
        path = write_scenario(seed, folder / f"gen-{seed}")
        meta = info(seed)
        yield f"gen-{seed}", path, meta.reachable, meta.summary().split(": ", 1)[1]


def pairings() -> list[tuple[str, str]]:
    out = [("heuristic", "random")]
    if "search" in BOTS:
        out.append(("search", "heuristic"))
    return out


def play_cell(game: object, path: Path, tested: str, opponent: str, side: str, games: int, jobs: int) -> Cell:
    cell = Cell(tested, opponent, side)
    green, red = (tested, opponent) if side == "green" else (opponent, tested)
    started = time.perf_counter()
    seeds = range(SEED, SEED + games)
    try:
        for r in play_series(game, path, green, red, seeds, jobs=jobs):  # type: ignore[arg-type]
            cell.add(r)
    except Exception as exc:  # an engine crash aborts the series: count the games left as errors
        missing = games - cell.games
        cell.errors += missing
        cell.first_error = cell.first_error or f"{type(exc).__name__}: {exc}"
    cell.wall = time.perf_counter() - started
    return cell


def verdict(cell: Cell, reachable: bool) -> str:
    if cell.tested != "heuristic" or cell.opponent != "random":
        return ""
    n = cell.games
    low, _ = wilson(cell.wins, n)
    notes = []
    if reachable and cell.wins / n < WIN_TARGET:
        notes.append("WINS BELOW TARGET")
    elif reachable and low < LOW_TARGET:
        notes.append("too few games to tell")
    if cell.undecided / n > UNDECIDED_TARGET:
        notes.append("UNDECIDED ABOVE 10%")
    if cell.errors:
        notes.append("ERRORS")
    return ", ".join(notes) or "ok"


def run(games: int = GAMES, jobs: int = JOBS, only: list[str] | None = None) -> list[tuple[str, Cell, str]]:
    only = ONLY if only is None else only
    print(f"  {games} games a cell, seeds {SEED}-{SEED + games - 1}, --jobs {jobs}; {_load()}")
    print("  (2 shared cores: two workers play about 1.2-1.4x the games a second of one)")
    if "search" not in BOTS:
        print("  search vs heuristic: skipped, no bot called 'search' in engine/bots BOTS")
    summary: list[tuple[str, Cell, str]] = []
    with tempfile.TemporaryDirectory(prefix="uo-bench-bots-") as tmp:
        for name, path, reachable, what in scenarios(Path(tmp)):
            if only and not any(s in name for s in only):
                continue
            print(f"\n  {name}: {what}")
            print(
                f"    {'tested':<10} {'side':<5} {'vs':<10} {'games':>5}  {'wins':<20} {'losses':<20} "
                f"{'undecided':<20} {'err':>3} {'CPU/game':>8}  verdict"
            )
            game = load(str(path))
            cpu = wall = 0.0
            for tested, opponent in pairings():
                for side in ("green", "red"):
                    cell = play_cell(game, path, tested, opponent, side, games, jobs)
                    cpu += cell.cpu
                    wall += cell.wall
                    ok = reachable[side] if reachable is not None else True
                    v = verdict(cell, ok)
                    if not ok and v:
                        v += " (no reachable objective)"
                    print(
                        f"    {tested:<10} {side:<5} {opponent:<10} {cell.games:>5}  {cell.share(cell.wins)} "
                        f"{cell.share(cell.losses)} {cell.share(cell.undecided)} {cell.errors:>3} "
                        f"{cell.cpu / max(1, cell.games):7.2f}s  {v}"
                    )
                    if cell.first_error:
                        print(f"      first error: {cell.first_error.splitlines()[0][:160]}")
                    summary.append((name, cell, v))
            got = cpu / wall if wall else 0.0
            print(f"    CPU {cpu:.0f} s over {wall:.0f} s wall: x{got:.2f} parallel; {_load()}")
    print(f"\n  done; {_load()}")
    return summary


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bench.bench_bots", description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=GAMES, help="games a cell (UO_BENCH_BOTS_GAMES)")
    p.add_argument("--jobs", type=int, default=JOBS, help="worker processes (UO_BENCH_BOTS_JOBS)")
    p.add_argument("--only", default=",".join(ONLY), help="comma-separated scenario name parts")
    a = p.parse_args(argv)
    run(max(1, a.games), max(1, a.jobs), [s for s in a.only.split(",") if s])
    return 0


if __name__ == "__main__":
    sys.exit(main())
