"""Soak (`make soak`, issue 27): seeded bot games on every Urban Operations scenario of the
repository and on generated ones, every ordered pairing of the bots, the invariants after
every action, a legal action at every decision, and every legal action applied to a copy of
the play at a seeded sample of positions (engine/bots/soak.py). Prints games, actions,
failures, time and load; each failure with its `uo play` command and a replayable log.

Settings (environment):
  UO_SOAK_GAMES      games in all, spread evenly over scenarios x pairings (default 2400)
  UO_SOAK_WORKERS    worker processes (default 2)
  UO_SOAK_SCENARIO   soak only this scenario: a path, or a name under scenarios/
  UO_SOAK_BOTS       the bots, comma-separated (default: every bot of the registry)
  UO_SOAK_GENERATED  how many generated scenarios (default: all of bench.scengen's SOAK_SEEDS)
  UO_SOAK_REPOSITORY 0: leave out the repository's scenarios (the generated ones alone)
  UO_SOAK_PROBE      share of positions where every legal action is applied to a copy
                     (default 0.02: about 20 positions a game; 1 probes every position)
  UO_SOAK_OUT        folder for the generated scenarios and the failures' logs
                     (default build/soak)
  UO_SOAK_SEED       the first seed of every cell (default 0)
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from engine.bots.soak import SoakReport, plan, soak

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
RULES = "urban-operations"


def repository_scenarios() -> list[Path]:
    """The repository's Urban Operations scenarios: scenarios/*.yaml naming no rule set, or
    this one (the other rule sets' scenarios have bots of their own)."""
    from engine.io.files import load_document

    found = []
    for path in sorted(SCENARIOS.glob("*.yaml")):
        rules = getattr(load_document(path).model, "rules", None)
        if rules in (None, RULES):
            found.append(path)
    return found


def generated_scenarios(out: Path, count: int | None) -> list[Path]:
    """The generated scenarios of the soak: bench.scengen's SOAK_SEEDS (the first `count`),
    each written to out/gen-<seed>/scenario.yaml (the same seed, the same bytes)."""
    from bench.scengen import SOAK_SEEDS, write_scenarios

    seeds = list(SOAK_SEEDS)[:count] if count is not None else list(SOAK_SEEDS)
    return write_scenarios(seeds, out)


def scenarios(out: Path) -> tuple[list[Path], list[Path]]:
    """(repository's, generated) scenarios to soak; UO_SOAK_SCENARIO names one alone."""
    given = os.environ.get("UO_SOAK_SCENARIO")
    if given:
        path = Path(given)
        if not path.exists():
            path = SCENARIOS / (given if given.endswith(".yaml") else f"{given}.yaml")
        if not path.exists():
            raise SystemExit(f"UO_SOAK_SCENARIO: no scenario {given!r}")
        return [path], []
    count = os.environ.get("UO_SOAK_GENERATED")
    repository = repository_scenarios() if os.environ.get("UO_SOAK_REPOSITORY", "1") != "0" else []
    return repository, generated_scenarios(out, int(count) if count is not None else None)


def bots() -> list[str]:
    from engine.bots import bots_for

    known = list(bots_for(RULES))
    given = os.environ.get("UO_SOAK_BOTS")
    if not given:
        return known
    chosen = [name.strip() for name in given.split(",") if name.strip()]
    unknown = [name for name in chosen if name not in known]
    if unknown:
        raise SystemExit(f"UO_SOAK_BOTS: no bot {', '.join(unknown)} (the bots: {', '.join(known)})")
    return chosen


def _shown(path: Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def run() -> None:
    games = int(os.environ.get("UO_SOAK_GAMES", "2400"))
    workers = int(os.environ.get("UO_SOAK_WORKERS", "2"))
    probe = float(os.environ.get("UO_SOAK_PROBE", "0.02"))
    first = int(os.environ.get("UO_SOAK_SEED", "0"))
    out = Path(os.environ.get("UO_SOAK_OUT", str(ROOT / "build" / "soak")))
    names = bots()
    repository, generated = scenarios(out / "scenarios")
    every = repository + generated
    todo = plan([_shown(p) for p in every], names, games, first)
    print(f"  scenarios: {len(repository)} of the repository ({', '.join(p.stem for p in repository)})")
    where = f" (bench.scengen's SOAK_SEEDS, under {_shown(out / 'scenarios')})" if generated else ""
    print(f"             {len(generated)} generated{where}")
    print(f"  bots: {', '.join(names)} ({len(names) ** 2} pairings); {len(todo)} games, seeds from {first}")
    print(f"  every legal action applied to a copy at {probe:.0%} of positions; {workers} processes")
    print(f"  load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    tty = sys.stderr.isatty()
    started = time.perf_counter()
    step = max(1, len(todo) // 20)

    def progress(report: SoakReport, total: int) -> None:
        line = (
            f"{report.games}/{total} games, {report.actions:,} actions, {len(report.failures)} failures,"
            f" {time.perf_counter() - started:.0f} s"
        )
        if tty:
            print(f"\r  {line}", end="", file=sys.stderr, flush=True)
        elif report.games % step == 0 or report.games == total:
            print(f"  {line}", flush=True)

    report = soak(todo, workers, probe, out / "failures", progress)
    if tty:
        print(file=sys.stderr)
    load = os.getloadavg()
    n = max(report.games, 1)
    print(
        f"  games {report.games} in {report.seconds:.1f} s on {workers} processes (load after {load[0]:.2f})"
    )
    print(
        f"  {report.actions:,} actions ({report.actions / n:.0f} a game), {report.cpu:.0f} s of CPU in games"
    )
    probed = f"{report.probed_positions:,} positions, {report.probed_actions:,} legal actions"
    print(f"  probed {probed} applied to copies of the play")
    print(
        "  games by pairing (CPU a game): "
        + ", ".join(
            f"{k} {v} ({report.pairing_cpu[k] / v:.2f} s)" for k, v in sorted(report.pairings.items())
        )
    )
    print("  games by scenario: " + ", ".join(f"{k} {v}" for k, v in sorted(report.scenarios.items())))
    rare = sorted(report.kinds.items(), key=lambda kv: kv[1])[:8]
    print("  rarest actions: " + ", ".join(f"{k} {v}" for k, v in rare))
    print(f"  failures: {len(report.failures)}")
    for failure in report.failures[:10]:
        print("  " + failure.report().replace("\n", "\n  "))
    if len(report.failures) > 10:
        print(f"  ... and {len(report.failures) - 10} more:")
        for failure in report.failures[10:]:
            print(f"    {failure.game.name()}, action {failure.action}: {failure.what[:100]}")
    if report.failures:
        raise SystemExit(1)


if __name__ == "__main__":
    run()
