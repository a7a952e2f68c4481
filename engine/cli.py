"""The `uo` command (its contract is in DESIGN.md)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from .io.problems import LoadError

if TYPE_CHECKING:  # the rules engine is imported only by the commands that play
    from .rules.uo.game import Game


def _project_schemas_dir() -> Path:
    """schemas/ of the project this package was installed from (or the working folder)."""
    here = Path(__file__).resolve().parent.parent / "schemas"
    return here if here.is_dir() else Path.cwd() / "schemas"


def cmd_validate(args: argparse.Namespace) -> int:
    from .lint.runner import validate_paths

    report = validate_paths([Path(p) for p in args.paths])
    if args.format == "json":
        print(
            json.dumps(
                {
                    "files": report.files,
                    "problems": [p.to_json() for p in report.problems],
                    "exit_code": report.exit_code,
                },
                indent=2,
            )
        )
    else:
        for p in report.problems:
            print(p.format())
        n = len(report.problems)
        status = "ok" if n == 0 else f"{n} problem{'s' if n != 1 else ''}"
        print(
            f"{len(report.files)} file{'s' if len(report.files) != 1 else ''} checked: {status}",
            file=sys.stderr,
        )
    return report.exit_code


def cmd_schema(args: argparse.Namespace) -> int:
    from .io.schemas import stale_schemas, write_schemas

    folder = Path(args.out) if args.out else _project_schemas_dir()
    if args.check:
        stale = stale_schemas(folder)
        for path in stale:
            print(f"{path}: stale or missing; run `uo schema` (or `make schemas`)", file=sys.stderr)
        return 1 if stale else 0
    for path in write_schemas(folder):
        print(path)
    return 0


def _dynamic(args: argparse.Namespace) -> object:
    from .battlefield import Dynamic

    def ids(value: str | None) -> frozenset[str]:
        return frozenset(v.strip() for v in (value or "").split(",") if v.strip())

    return Dynamic(
        opened_breaches=ids(args.breach),
        helpers=ids(args.helper),
        barricades=ids(args.barricade),
        impassable=ids(args.impassable),
        smoke=ids(args.smoke),
        wrecks=ids(args.wreck),
        vehicles=ids(args.vehicles),
    )


def cmd_query(args: argparse.Namespace) -> int:
    from .battlefield import CompileError, compile_file
    from .battlefield.los import los
    from .battlefield.movement import Mover, Unit, ep_distance, path, reach

    try:
        bf = compile_file(args.file)
    except CompileError as exc:
        for p in exc.problems:
            print(p.format(), file=sys.stderr)
        return 2
    except LoadError as exc:
        for p in exc.problems:
            print(p.format(), file=sys.stderr)
        return 2
    dyn = _dynamic(args)
    for ident in [args.src] + ([args.dst] if getattr(args, "dst", None) else []):
        if ident not in bf.by_id:
            print(f"{args.file}: no location '{ident}'", file=sys.stderr)
            return 2
    out: dict[str, object]
    if args.query == "los":
        result = los(bf, args.src, args.dst, dyn)  # type: ignore[arg-type]
        out = {"from": args.src, "to": args.dst, **result.to_json()}
    elif args.query == "path":
        mover = Mover(Unit(args.unit), args.ladder)
        found = path(bf, args.src, args.dst, mover, dyn)  # type: ignore[arg-type]
        out = {"from": args.src, "to": args.dst, "unit": args.unit, "ladder": args.ladder}
        out.update({"mp": found[0], "path": found[1]} if found else {"mp": None, "path": []})
    elif args.query == "reach":
        mover = Mover(Unit(args.unit), args.ladder)
        got = reach(bf, args.src, mover, args.mp, dyn)  # type: ignore[arg-type]
        out = {"from": args.src, "unit": args.unit, "mp": args.mp, "locations": dict(sorted(got.items()))}
    else:
        out = {"from": args.src, "to": args.dst, "ep": ep_distance(bf, args.src, args.dst)}
    if args.format == "text":
        for key, value in out.items():
            print(f"{key}: {value}")
    else:
        print(json.dumps(out, indent=2))
    return 0


def _point(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in mm, got {text!r}") from None
    return x, y


def cmd_edit(args: argparse.Namespace) -> int:
    # The editor is the only part that needs Qt; import it only for this command.
    from editor.app import run_editor

    return run_editor(args.file, screenshot=args.screenshot, zoom=args.zoom, center=args.center)


# --- uo play / uo replay ------------------------------------------------------------------


def _load_game(path: str | Path) -> Game | None:
    """The scenario ready to play, or None after printing its located problems."""
    from .rules.uo.game import Game, GameSetupError

    try:
        return Game.load(path)
    except GameSetupError as exc:
        for problem in exc.problems:
            print(problem.format(), file=sys.stderr)
    except LoadError as exc:
        for problem in exc.problems:
            print(problem.format(), file=sys.stderr)
    return None


def cmd_play(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("uo play: --games must be at least 1", file=sys.stderr)
        return 2
    if args.jobs < 1:
        print("uo play: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.log and args.games > 1:
        print("uo play: --log writes one game: leave out --games", file=sys.stderr)
        return 2
    game = _load_game(args.scenario)
    if game is None:
        return 2
    if args.games == 1:
        return _play_one(game, args)
    return _play_series(game, args)


def _play_one(game: Game, args: argparse.Namespace) -> int:
    from .bots.runner import GameTooLong, dump_log, log_document
    from .bots.series import run_game

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
    print(f"{game.scenario.id}, seed {seed}: green {args.green} vs red {args.red}")
    print(f"game over after turn {play.state.turn}: {len(play.log)} actions")
    print(f"points: green {points['green']}, red {points['red']}")
    print(f"result: {winner} wins ({outcome.level})" if winner else "result: undecided")
    if args.log:
        out = Path(args.log)
        doc = log_document(play, args.scenario, args.green, args.red, log_path=out)
        try:
            out.write_text(dump_log(doc), encoding="utf-8")
        except OSError as exc:
            print(f"{out}: cannot write the log: {exc.strerror or exc}", file=sys.stderr)
            return 2
        print(f"log: {out}")
    return 0


def _play_series(game: Game, args: argparse.Namespace) -> int:
    import time

    from .bots.series import Tally, play_series

    seeds = range(args.seed, args.seed + args.games)
    tally = Tally()
    started = time.perf_counter()
    progress = sys.stderr.isatty()
    for result in play_series(game, args.scenario, args.green, args.red, seeds, args.jobs, args.check):
        if result.error is not None:
            print(f"uo play: {result.error}", file=sys.stderr)
            return 1
        tally.add(result)
        if progress:
            print(f"\r{tally.games}/{args.games} games", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    elapsed = time.perf_counter() - started
    n = tally.games
    print(
        f"{game.scenario.id}: green {args.green} vs red {args.red}, {n} games (seeds {seeds[0]}-{seeds[-1]})"
    )
    for outcome in ("green", "red", "undecided"):
        low, high = tally.interval(outcome)
        print(
            f"{outcome + ':':<10} {tally.wins[outcome]:>5}  {tally.share(outcome):6.1%}"
            f"  (95% interval {low:.1%}-{high:.1%})"
        )
    print(f"average points: green {tally.points['green'] / n:.2f}, red {tally.points['red'] / n:.2f}")
    print(f"average length: {tally.actions / n:.0f} actions, {tally.turns / n:.1f} turns")
    print(f"speed: {n / elapsed:.2f} games/s ({elapsed / n:.2f} s a game, {args.jobs} job(s))")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .bots.runner import LOG_KEYS, LOG_SCHEMA, state_digest, state_parts
    from .rules.uo.play import IllegalAction, ReplayMismatch, replay

    path = Path(args.log)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"{path}: cannot read the log: {getattr(exc, 'strerror', None) or exc}", file=sys.stderr)
        return 2
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"{path}:{exc.lineno}:{exc.colno}: not a JSON log: {exc.msg}", file=sys.stderr)
        return 2
    problem = _log_problem(doc, LOG_KEYS, LOG_SCHEMA)
    if problem:
        print(f"{path}: {problem}", file=sys.stderr)
        return 2
    scenario = Path(doc["scenario"])
    if not scenario.is_absolute():
        scenario = path.parent / scenario
    game = _load_game(scenario)
    if game is None:
        return 2
    actions = doc["actions"]
    try:
        play = replay(game, doc["seed"], actions)
    except IllegalAction as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    except ReplayMismatch as exc:
        print(f"{path}: replay mismatch: {exc}", file=sys.stderr)
        return 1
    except ValueError as exc:  # an entry that is no action; replay names its index
        print(f"{path}: {exc}", file=sys.stderr)
        return 2
    digest = state_digest(play.state)
    if digest != doc["final"]:
        parts = doc.get("final_parts")
        where = ""
        if isinstance(parts, dict):
            now = state_parts(play.state)
            differ = sorted(k for k in set(now) | set(parts) if now.get(k) != parts.get(k))
            if differ:
                shown = ", ".join(differ[:8]) + (", ..." if len(differ) > 8 else "")
                where = f" (differs in {shown})"
        print(
            f"{path}: replay mismatch: {len(actions)} actions replayed to another final state "
            f"than the log's{where}",
            file=sys.stderr,
        )
        return 1
    print(f"replay ok: {len(actions)} actions, same final state")
    return 0


def _log_problem(doc: object, keys: tuple[str, ...], schema: str) -> str | None:
    if not isinstance(doc, dict):
        return "not a uo log: a JSON object is expected"
    missing = [k for k in keys if k not in doc]
    if missing:
        return f"not a uo log: missing {', '.join(repr(k) for k in missing)}"
    if doc["schema"] != schema:
        return f"unknown log schema {doc['schema']!r} (expected {schema!r})"
    if not isinstance(doc["scenario"], str) or not doc["scenario"]:
        return "'scenario' must be the scenario's path"
    if not isinstance(doc["seed"], int) or isinstance(doc["seed"], bool):
        return "'seed' must be an integer"
    if not isinstance(doc["actions"], list):
        return "'actions' must be a list"
    if not isinstance(doc["final"], str):
        return "'final' must be the final state's digest"
    return None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="uo", description="UO Studio: maps, scenarios and playtests.")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("edit", help="open the editor")
    p.add_argument("file", nargs="?", help="sheet, scenario or card library to open")
    p.add_argument("--screenshot", metavar="OUT.png", help="render the window after loading, save, exit")
    p.add_argument(
        "--zoom",
        type=float,
        metavar="FACTOR",
        help="with --screenshot: zoom in FACTOR times from the fitted sheet",
    )
    p.add_argument(
        "--center",
        type=_point,
        metavar="X,Y",
        help="with --screenshot: centre the view on this point (sheet mm)",
    )
    p.set_defaults(func=cmd_edit)

    p = sub.add_parser("validate", help="check files and folders; exit 0 valid, 1 problems, 2 unusable")
    p.add_argument("paths", nargs="+", help="files or folders")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=cmd_validate)

    q = sub.add_parser("query", help="ask the compiled battlefield: los, path, reach, distance")
    qs = q.add_subparsers(dest="query", required=True)

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--format", choices=["json", "text"], default="json")
        dyn = p.add_argument_group("dynamic situation (comma-separated location or aperture ids)")
        dyn.add_argument("--smoke", help="Smoke counters (LOS)")
        dyn.add_argument("--wreck", help="Wreck counters (LOS)")
        dyn.add_argument("--vehicles", help="Vehicles counters (LOS)")
        dyn.add_argument("--breach", help="opened breaches (aperture ids)")
        dyn.add_argument("--barricade", help="barricades")
        dyn.add_argument("--impassable", help="IED/UXO and other impassable locations")
        dyn.add_argument("--helper", help="locations of friendly vehicle or ladder blocks")
        p.set_defaults(func=cmd_query)

    p = qs.add_parser("los", help="line of sight between two locations")
    p.add_argument("file", help="scenario or sheet")
    p.add_argument("src", metavar="FROM")
    p.add_argument("dst", metavar="TO")
    common(p)
    p = qs.add_parser("path", help="cheapest path in MP")
    p.add_argument("file")
    p.add_argument("src", metavar="FROM")
    p.add_argument("dst", metavar="TO")
    p.add_argument("--unit", choices=["foot", "vehicle"], default="foot")
    p.add_argument("--ladder", action="store_true", help="the block carries a ladder")
    common(p)
    p = qs.add_parser("reach", help="locations reachable with N MP")
    p.add_argument("file")
    p.add_argument("src", metavar="FROM")
    p.add_argument("--unit", choices=["foot", "vehicle"], default="foot")
    p.add_argument("--ladder", action="store_true")
    p.add_argument("--mp", type=int, required=True)
    common(p)
    p = qs.add_parser("distance", help="EP distance (ranges, command radius)")
    p.add_argument("file")
    p.add_argument("src", metavar="FROM")
    p.add_argument("dst", metavar="TO")
    common(p)

    p = sub.add_parser("schema", help="write the JSON Schemas generated from the models")
    p.add_argument("--check", action="store_true", help="exit 1 if schemas/ is stale")
    p.add_argument("--out", help="folder (default: the project's schemas/)")
    p.set_defaults(func=cmd_schema)

    bots = ["random", "heuristic"]
    p = sub.add_parser("play", help="play a scenario bot against bot and print the outcome")
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--green", choices=bots, default="random", help="green's bot")
    p.add_argument("--red", choices=bots, default="random", help="red's bot")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (dice and bots)")
    p.add_argument("--log", metavar="OUT", help="write the game's log (JSON) for `uo replay`")
    p.add_argument(
        "--games", type=int, default=1, metavar="K", help="play K games, seeds N to N+K-1, and sum up"
    )
    p.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="with --games, play in J worker processes"
    )
    p.add_argument("--check", action="store_true", help="check the state's invariants after every action")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="re-run a game log and check it ends in the same state")
    p.add_argument("log", metavar="LOG", help="log written by `uo play --log`")
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
