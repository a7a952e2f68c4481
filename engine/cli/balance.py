"""`uo balance` (docs/cli.md): a series of bot games and the figures that judge a scenario's
balance (engine/bots/balance.py), in local worker processes or as Ray tasks."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .games import _load_game, _rules_of, with_profiles


def cmd_balance(args: argparse.Namespace) -> int:
    from ..bots.balance import BalanceReport, BalanceRun, GameRecord
    from ..bots.cluster import ClusterUnavailable, import_ray, ray_records
    from ..rules.registry import UnknownRuleSet, rule_set

    scenario = Path(args.scenario)
    if args.cluster == "ray":
        try:
            import_ray()  # before any game is loaded: say how to install it at once
        except ClusterUnavailable as exc:
            print(f"uo balance: {exc}", file=sys.stderr)
            return 2
    if args.plots is not None and Path(args.plots).exists() and not Path(args.plots).is_dir():
        print(f"uo balance: --plots {args.plots}: exists and is not a folder", file=sys.stderr)
        return 2
    try:
        rules = rule_set(_rules_of(scenario))
    except UnknownRuleSet as exc:
        print(f"{scenario}: {exc}", file=sys.stderr)
        return 2
    game = _load_game(rules, scenario)
    if game is None or not with_profiles(args, "balance"):
        return 2
    seeds = range(args.seed, args.seed + args.games)
    if args.cluster == "ray":
        games = ray_records(scenario, args.green, args.red, seeds, args.address)
    else:
        games = iter(BalanceRun(scenario, args.green, args.red, seeds, args.jobs))
    records: list[GameRecord] = []
    progress = sys.stderr.isatty()
    started = time.perf_counter()
    try:
        for record in games:
            if record.error is not None:
                print(f"uo balance: {record.error}", file=sys.stderr)
                return 1
            records.append(record)
            if progress:
                print(f"\r{len(records)}/{args.games} games", end="", file=sys.stderr, flush=True)
    except ClusterUnavailable as exc:  # Ray could not start or reach the cluster
        print(f"uo balance: {exc}", file=sys.stderr)
        return 2
    if progress:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    report = BalanceReport(game.scenario_id, args.green, args.red, tuple(records))
    written: list[Path] = []
    if args.plots is not None:
        from ..bots.balance_plots import write_plots

        try:
            written = write_plots(report, game.battlefield, Path(args.plots))
        except OSError as exc:
            from ..io.reading import os_reason

            print(f"uo balance: --plots {args.plots}: {os_reason(exc)}", file=sys.stderr)
            return 2
    if args.json:
        print(json.dumps(report.to_json(), indent=2))
        return 0
    print(report.text())
    where = f"Ray ({args.address or 'local'})" if args.cluster else f"{args.jobs} job(s)"
    cpu = sum(r.cpu for r in records) / len(records)  # the games' own, wherever they were played
    print(
        f"speed: {len(records) / elapsed:.2f} games/s ({elapsed / len(records):.2f} s a game, {where};"
        f" {cpu:.2f} s of CPU a game)"
    )
    for path in written:
        print(f"plot: {path}")
    return 0
