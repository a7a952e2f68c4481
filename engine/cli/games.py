"""`uo play` and `uo replay` (docs/cli.md): games through the rule-set interface, logs as
`uo-log/1` files (engine/rules/log.py)."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from ..io.problems import LoadError


def _print_problems(exc: Any) -> None:
    for problem in exc.problems:
        print(problem.format(), file=sys.stderr)


def _load_game(rules: Any, path: Path) -> Any | None:
    """The scenario ready to play, or None after printing its located problems."""
    from ..rules.ruleset import GameSetupError

    try:
        return rules.load(path)
    except (GameSetupError, LoadError) as exc:
        _print_problems(exc)
    return None


def with_profiles(args: argparse.Namespace, command: str) -> bool:
    """Name each side's bot with its profile (`--green-profile`, `--red-profile`; bots.profiles'
    spec), each profile validated first: False after printing its located problems."""
    from ..bots.profiles import load_profile, spec
    from ..rules.ruleset import GameSetupError

    for side in ("green", "red"):
        path = getattr(args, f"{side}_profile", None)
        if path is None:
            continue
        if getattr(args, side) != "heuristic":
            print(
                f"uo {command}: --{side}-profile is for the heuristic bot (--{side} heuristic)",
                file=sys.stderr,
            )
            return False
        try:
            load_profile(str(Path(path).resolve()))
        except (GameSetupError, LoadError) as exc:
            _print_problems(exc)
            return False
        setattr(args, side, spec(getattr(args, side), path))
    return True


# --- where a log may be written --------------------------------------------------------------


def run_inputs(scenario: Path) -> list[Path]:
    """Every file the run reads: the scenario, its sheets, inserts, card libraries and
    house-rule tables, and the rule tables shipped with the engine."""
    from ..rules.log import scenario_inputs, shipped_tables

    return [path for _, path in scenario_inputs(scenario)] + shipped_tables()


def log_target_problem(out: Path, inputs: list[Path], force: bool) -> str | None:
    """Why `--log OUT` must not be written, or None. Never an input of the run (same
    resolved path, or the same file under another name: a symlink or a hard link); an
    existing file only if it is a game log, or with --force; never a folder or a device."""
    import stat

    from ..io.reading import os_reason, safe_resolve
    from ..rules.log import is_game_log

    try:
        st: os.stat_result | None = os.stat(out)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return f"cannot write the log there: {os_reason(exc)}"
    except ValueError as exc:
        return f"cannot write the log there: {exc}"
    target = safe_resolve(out)
    for path in inputs:
        same = safe_resolve(path) == target
        if not same and st is not None:
            try:
                other = os.stat(path)
            except (OSError, ValueError):
                continue
            same = (other.st_dev, other.st_ino) == (st.st_dev, st.st_ino)
        if same:
            return f"is {path}, an input of this game: a log never replaces it (choose another --log OUT)"
    if st is None:
        folder = out.parent if str(out.parent) else Path(".")
        if not folder.is_dir():
            return f"cannot write the log there: no folder {folder}"
        return None
    if not stat.S_ISREG(st.st_mode):
        return "exists and is not a regular file: a log is written only to a file"
    if force or is_game_log(out):
        return None
    return "exists and is not a game log: pass --force to replace it, or choose another --log OUT"


# --- uo play -----------------------------------------------------------------------------------


def cmd_play(args: argparse.Namespace) -> int:
    from ..rules.registry import UnknownRuleSet, rule_set

    if args.log and args.games > 1:
        print("uo play: --log writes one game: leave out --games", file=sys.stderr)
        return 2
    scenario = Path(args.scenario)
    try:
        rules = rule_set(_rules_of(scenario))
    except UnknownRuleSet as exc:
        print(f"{scenario}: {exc}", file=sys.stderr)
        return 2
    if args.log:
        problem = log_target_problem(Path(args.log), run_inputs(scenario), args.force)
        if problem:
            print(f"uo play: --log {args.log}: {problem}", file=sys.stderr)
            return 2
    game = _load_game(rules, scenario)
    if game is None or not with_profiles(args, "play"):
        return 2
    if args.games == 1:
        return _play_one(game, args)
    return _play_series(game, args)


def _rules_of(scenario: Path) -> str | None:
    """The rule set a scenario names (`rules:`), if the scenario says; the loader reports any
    other problem of the file."""
    from ..io.files import load_document

    try:
        model = load_document(scenario).model
    except LoadError:
        return None
    value = getattr(model, "rules", None)
    return value if isinstance(value, str) else None


def _play_one(game: Any, args: argparse.Namespace) -> int:
    from ..bots.runner import GameTooLong
    from ..bots.series import run_game
    from ..rules.log import make_log, write_log

    seed = args.seed
    try:
        play = run_game(game, args.green, args.red, seed, args.check)
    except GameTooLong as exc:
        print(f"uo play: {exc}", file=sys.stderr)
        return 1
    except AssertionError as exc:  # a broken invariant (--check)
        print(f"uo play: seed {seed}: {exc}", file=sys.stderr)
        return 1
    outcome = play.outcome
    points = {side.value: n for side, n in outcome.points.items()}
    winner = outcome.winner.value if outcome.winner else None
    level = getattr(outcome.level, "value", outcome.level)
    print(f"{game.scenario_id}, seed {seed}: green {args.green} vs red {args.red}")
    print(f"game over after turn {play.state.turn}: {len(play.log)} actions")
    print(f"points: green {points['green']}, red {points['red']}")
    print(f"result: {winner} wins ({level})" if winner else "result: undecided")
    if args.log:
        out = Path(args.log)
        log = make_log(play, game, Path(args.scenario), {"green": args.green, "red": args.red}, out)
        try:
            write_log(log, out)
        except OSError as exc:
            from ..io.reading import os_reason

            print(f"{out}: cannot write the log: {os_reason(exc)}", file=sys.stderr)
            return 2
        print(f"log: {out}")
    return 0


def _play_series(game: Any, args: argparse.Namespace) -> int:
    import time

    from ..bots.series import Tally, play_series

    seeds = range(args.seed, args.seed + args.games)
    tally = Tally()
    cpu = 0.0  # the games' own CPU seconds, in whichever process played them
    started = time.perf_counter()
    progress = sys.stderr.isatty()
    for result in play_series(game, args.scenario, args.green, args.red, seeds, args.jobs, args.check):
        if result.error is not None:
            print(f"uo play: {result.error}", file=sys.stderr)
            return 1
        tally.add(result)
        cpu += result.cpu
        if progress:
            print(f"\r{tally.games}/{args.games} games", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    n = tally.games
    print(
        f"{game.scenario_id}: green {args.green} vs red {args.red}, {n} games (seeds {seeds[0]}-{seeds[-1]})"
    )
    for outcome in ("green", "red", "undecided"):
        low, high = tally.interval(outcome)
        print(
            f"{outcome + ':':<10} {tally.wins[outcome]:>5}  {tally.share(outcome):6.1%}"
            f"  (95% interval {low:.1%}-{high:.1%})"
        )
    print(f"average points: green {tally.points['green'] / n:.2f}, red {tally.points['red'] / n:.2f}")
    print(f"average length: {tally.actions / n:.0f} actions, {tally.turns / n:.1f} turns")
    print(
        f"speed: {n / elapsed:.2f} games/s ({elapsed / n:.2f} s a game, {args.jobs} job(s);"
        f" {cpu / n:.2f} s of CPU a game)"
    )
    return 0


# --- uo replay ---------------------------------------------------------------------------------


def cmd_replay(args: argparse.Namespace) -> int:
    from ..rules.log import ReplayMismatch, ReplayRefused, read_log, replay

    path = Path(args.log)
    try:
        log = read_log(path)
    except LoadError as exc:
        _print_problems(exc)
        return 2
    given = Path(args.scenario) if args.scenario else None
    try:
        replay(log, path, given)
    except ReplayRefused as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    except ReplayMismatch as exc:
        print(f"{path}: replay mismatch: {exc}", file=sys.stderr)
        return 1
    print(f"replay ok: {len(log.actions)} actions, same scenario, dice and final state")
    return 0
