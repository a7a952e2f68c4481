"""Soak: 10,000 seeded random games on the sample scenario, invariants after every action, in
two worker processes (`make soak`; UO_SOAK_GAMES sets another count, UO_SOAK_SCENARIO another
scenario: a path, or a name under scenarios/ such as `advanced-rules`). Prints games,
actions, failures, time and rates; the first failures in full."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from engine.bots.soak import soak

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def scenario() -> Path:
    """The scenario to soak: UO_SOAK_SCENARIO (a path, or a name under scenarios/), else the
    sample, harbour-crossing."""
    given = os.environ.get("UO_SOAK_SCENARIO")
    if not given:
        return SCENARIO
    path = Path(given)
    if not path.exists():
        path = ROOT / "scenarios" / (given if given.endswith(".yaml") else f"{given}.yaml")
    if not path.exists():
        raise SystemExit(f"UO_SOAK_SCENARIO: no scenario {given!r}")
    return path


def run() -> None:
    games = int(os.environ.get("UO_SOAK_GAMES", "10000"))
    workers = int(os.environ.get("UO_SOAK_WORKERS", "2"))
    load = os.getloadavg()[0]

    def progress(done: int, total: int) -> None:
        if sys.stderr.isatty():
            print(f"\r  {done}/{total} games", end="", file=sys.stderr, flush=True)

    path = scenario()
    print(f"  scenario {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")
    report = soak(path, range(games), workers, progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    print(f"  games {report.games} in {report.seconds:.1f} s on {workers} processes (load {load:.2f})")
    print(f"  {report.games / report.seconds:.2f} games/s, {report.actions / report.seconds:,.0f} actions/s,")
    print(f"  {report.actions:,} actions, {report.actions / max(report.games, 1):.0f} a game")
    print(f"  failures: {len(report.failures)}")
    rare = sorted(report.kinds.items(), key=lambda kv: kv[1])[:6]
    print("  rarest actions: " + ", ".join(f"{k} {v}" for k, v in rare))
    for failure in report.failures[:3]:
        print("  " + failure.replace("\n", "\n  "))
    if report.failures:
        raise SystemExit(1)


if __name__ == "__main__":
    run()
