"""The `uo` command line: every subcommand with only its own options, each explained.

Values the commands cannot use (a negative MP, a zoom of 0 or NaN, a screenshot format Qt
cannot write) are refused here, by argparse (exit 2, naming the option), before any file is
read. The contract is docs/cli.md.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from typing import Any

#: image formats the editor's screenshot can write (Qt's built-in writers)
SCREENSHOT_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".ppm", ".xbm", ".xpm")
BOTS = ("random", "heuristic", "search")
#: the bots that search within a budget per decision (--think)
SEARCHING = ("search",)
#: who moves: foot or vehicle on a hex map (Urban Operations); vehicle or amphibious on a
#: square board (Urban Battle). The file's rule set decides which apply (a located error).
UNITS = ("foot", "vehicle", "amphibious")

FILE_HELP = "a map sheet or a scenario (YAML or JSON); a scenario's sheets and inserts are assembled"
FORMAT_HELP = "json (default): one JSON object; text: one 'key: value' line per field"


def non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def positive_int(text: str) -> int:
    value = non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not -(2**63) <= value < 2**63:
        raise argparse.ArgumentTypeError("must fit in 64 bits")
    return value


def zoom_factor(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a finite number above 0, got {text!r}")
    return value


def point(text: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected X,Y in mm, got {text!r}") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise argparse.ArgumentTypeError(f"X and Y must be finite numbers, got {text!r}")
    return x, y


def screenshot_path(text: str) -> str:
    suffix = (
        "." + text.rsplit(".", 1)[-1].lower() if "." in text.replace("\\", "/").rsplit("/", 1)[-1] else ""
    )
    if suffix not in SCREENSHOT_SUFFIXES:
        shown = f"'{suffix}'" if suffix else "no extension"
        raise argparse.ArgumentTypeError(
            f"{text!r} has {shown}: the image format comes from the extension, one of "
            + ", ".join(SCREENSHOT_SUFFIXES)
        )
    return text


def _check_edit(args: argparse.Namespace) -> str | None:
    if args.screenshot is None:
        given = [name for name in ("zoom", "center") if getattr(args, name) is not None]
        if given:
            return " and ".join(f"--{n}" for n in given) + " only apply with --screenshot OUT.png"
    return None


#: `uo render`: the largest resolution a PNG may ask for
MAX_RENDER_DPI = 1200


def _check_render(args: argparse.Namespace) -> str | None:
    outputs = [name for name in ("pdf", "png", "svg") if getattr(args, name) is not None]
    if not outputs:
        return "name an output: --pdf OUT.pdf, --png OUT.png or --svg OUT.svg"
    for name in outputs:
        if not str(getattr(args, name)).lower().endswith("." + name):
            return f"--{name} writes a .{name} file, not {getattr(args, name)!r}"
    if args.dpi is not None and args.png is None:
        return "--dpi only applies with --png OUT.png"
    if args.dpi is not None and args.dpi > MAX_RENDER_DPI:
        return f"--dpi must be {MAX_RENDER_DPI} or less, got {args.dpi}"
    return None


def _check_query(args: argparse.Namespace) -> str | None:
    if args.query is None and args.batch is None:
        return "name a query (los, path, reach, distance) or give --batch FILE"
    if args.query is not None and args.batch is not None:
        return "--batch FILE reads its queries from stdin: name no query on the command line"
    return None


def _lazy(module: str, name: str) -> Callable[[argparse.Namespace], int]:
    """The command `name` of engine.cli.`module`, imported only when it runs."""

    def run(args: argparse.Namespace) -> int:
        from importlib import import_module

        command: Callable[[argparse.Namespace], int] = getattr(import_module(module, __package__), name)
        return command(args)

    return run


class _Parser(argparse.ArgumentParser):
    """argparse with a check after parsing (options that only make sense together)."""

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        parsed, rest = super().parse_known_args(args, namespace)
        check = getattr(parsed, "check", None)
        if check is not None and self is getattr(parsed, "checked_by", None):
            problem = check(parsed)
            if problem:
                self.error(problem)
        return parsed, rest


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="uo",
        description="UO Studio: maps, scenarios and playtests. The contract of every command is docs/cli.md.",
        epilog="exit codes: 0 done/valid, 1 problems found (or a replay that differs), 2 unusable input",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("edit", help="open the editor", description="Open the editor, on FILE if given.")
    p.add_argument("file", nargs="?", metavar="FILE", help="sheet, scenario or card library to open")
    p.add_argument(
        "--screenshot",
        type=screenshot_path,
        metavar="OUT.png",
        help="render the window after loading FILE, save it (format from the extension: "
        + ", ".join(SCREENSHOT_SUFFIXES)
        + ") and exit",
    )
    p.add_argument(
        "--zoom",
        type=zoom_factor,
        metavar="FACTOR",
        help="with --screenshot: zoom in FACTOR times (> 0) from the fitted sheet",
    )
    p.add_argument(
        "--center",
        type=point,
        metavar="X,Y",
        help="with --screenshot: centre the view on this point (sheet mm)",
    )
    p.set_defaults(func=_lazy(".commands", "cmd_edit"), check=_check_edit, checked_by=p)

    p = sub.add_parser(
        "validate",
        help="check files and folders; exit 0 valid, 1 problems, 2 unusable",
        description="Check files (sheets, scenarios, card libraries, game logs) and the model files "
        "in folders. Problems print as path:line:col: error CODE: message [json/pointer].",
    )
    p.add_argument("paths", nargs="+", metavar="PATH", help="files or folders")
    p.add_argument(
        "--format", choices=["text", "json"], default="text", help="text (default) or one JSON report"
    )
    p.set_defaults(func=_lazy(".commands", "cmd_validate"))

    _add_query(sub, parser)

    p = sub.add_parser(
        "schema",
        help="write the JSON Schemas generated from the models",
        description="Write schemas/ from the models in engine/model, or check it is up to date.",
    )
    p.add_argument("--check", action="store_true", help="write nothing; exit 1 if schemas/ is stale")
    p.add_argument("--out", metavar="DIR", help="folder (default: the project's schemas/)")
    p.set_defaults(func=_lazy(".commands", "cmd_schema"))

    p = sub.add_parser(
        "play",
        help="play a scenario bot against bot and print the outcome",
        description="Play SCENARIO bot against bot and print the outcome; with --games, a series.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--green", choices=BOTS, default="random", help="green's bot (default random)")
    p.add_argument("--red", choices=BOTS, default="random", help="red's bot (default random)")
    _think_option(p)
    p.add_argument(
        "--green-profile",
        metavar="FILE",
        help="the heuristic green bot's parameters (uo-bot-profile/1; default: the built-in profile)",
    )
    p.add_argument(
        "--red-profile",
        metavar="FILE",
        help="the heuristic red bot's parameters (uo-bot-profile/1; default: the built-in profile)",
    )
    p.add_argument(
        "--seed", type=seed, default=0, metavar="N", help="the game's seed: dice and bots (default 0)"
    )
    p.add_argument(
        "--log",
        metavar="OUT",
        help="write the game's log (uo-log/1) for `uo replay`; an existing file is replaced only if it "
        "is a game log (or with --force), and never if it is an input of the game",
    )
    p.add_argument("--force", action="store_true", help="with --log: replace OUT even if it is no game log")
    p.add_argument(
        "--games",
        type=positive_int,
        default=1,
        metavar="K",
        help="play K games, seeds N to N+K-1, and sum up",
    )
    p.add_argument(
        "--jobs", type=positive_int, default=1, metavar="J", help="with --games, play in J worker processes"
    )
    p.add_argument("--check", action="store_true", help="check the state's invariants after every action")
    p.set_defaults(func=_lazy(".games", "cmd_play"))
    _add_balance(sub)

    p = sub.add_parser(
        "replay",
        help="re-run a game log and check it ends in the same state",
        description="Replay LOG from its scenario: exit 0 same scenario, dice and final state; 1 other "
        "dice or final state; 2 unusable log, or another scenario than the one it was played with.",
    )
    p.add_argument("log", metavar="LOG", help="log written by `uo play --log`")
    p.add_argument(
        "--scenario",
        metavar="FILE",
        help="the scenario, when it is not where the log says (relative to the log's folder)",
    )
    p.set_defaults(func=_lazy(".games", "cmd_replay"))
    p = sub.add_parser(
        "render",
        help="print a scenario (PDF briefing pack) or its map (PNG, SVG)",
        description="Render FILE: --pdf writes a scenario's briefing pack (title, briefing, special rules, "
        "map with set-up and objectives, orders of battle with unit cards, events and 3D tables, "
        "victory) or a sheet's map page; --png and --svg write the assembled map. Exit 0 written, "
        "2 unusable input or output.",
    )
    p.add_argument("file", metavar="FILE", help="a scenario or a map sheet (YAML or JSON)")
    p.add_argument("--pdf", metavar="OUT.pdf", help="write the briefing pack (A4)")
    p.add_argument("--png", metavar="OUT.png", help="write the map as a PNG image")
    p.add_argument(
        "--dpi",
        type=positive_int,
        metavar="N",
        help="with --png: pixels per inch of the printed map (default 150)",
    )
    p.add_argument("--svg", metavar="OUT.svg", help="write the map as an SVG drawing in millimetres")
    p.set_defaults(func=_lazy(".commands", "cmd_render"), check=_check_render, checked_by=p)
    _add_cache(sub)
    return parser


def _add_cache(sub: Any) -> None:
    p = sub.add_parser(
        "cache",
        help="where compiled battlefields and query validations are cached: info, clear",
        description="The cache of compiled battlefields with their LOS tables and of `uo query`'s "
        "validations, in $UO_CACHE_DIR, else $XDG_CACHE_HOME/uo-studio, else ~/.cache/uo-studio "
        "(UO_CACHE=off: not used). Exit 0.",
    )
    actions = p.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=_Parser)
    info = actions.add_parser(
        "info",
        help="print the folder, its entries and their size",
        description="Print the cache's "
        "folder and, for each part (battlefields, query), its entries and their size.",
    )
    info.add_argument("--format", choices=["text", "json"], default="text", help="text (default) or JSON")
    info.set_defaults(func=_lazy(".commands", "cmd_cache"))
    clear = actions.add_parser(
        "clear",
        help="remove every entry",
        description="Remove every entry of the cache (they are "
        "built again when needed) and print how many files went.",
    )
    clear.set_defaults(func=_lazy(".commands", "cmd_cache"))


def _add_balance(sub: Any) -> None:
    p = sub.add_parser(
        "balance",
        help="play a series of bot games and judge the scenario's balance",
        description="Play N games of SCENARIO bot against bot (seeds S to S+N-1) and print win and "
        "undecided shares with 95%% Wilson intervals, average points, game length and the first "
        "mover's advantage; the same seeds give the same figures whatever --jobs or --cluster. "
        "Exit 0 done, 1 a game did not end, 2 unusable input.",
    )
    p.add_argument("scenario", metavar="SCENARIO", help="scenario file")
    p.add_argument("--games", type=positive_int, default=100, metavar="N", help="games to play (default 100)")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--green", choices=BOTS, default="random", help="green's bot (default random)")
    p.add_argument("--red", choices=BOTS, default="random", help="red's bot (default random)")
    p.add_argument(
        "--green-profile",
        metavar="FILE",
        help="the heuristic green bot's parameters (uo-bot-profile/1; default: the built-in profile)",
    )
    p.add_argument(
        "--red-profile",
        metavar="FILE",
        help="the heuristic red bot's parameters (uo-bot-profile/1; default: the built-in profile)",
    )
    p.add_argument("--seed", type=seed, default=0, metavar="S", help="the first game's seed (default 0)")
    _think_option(p)
    p.add_argument(
        "--plots",
        metavar="DIR",
        help="write balance-points.png (points per side) and balance-heatmap.png (where blocks were "
        "eliminated and victory locations changed hands) into DIR",
    )
    p.add_argument("--json", action="store_true", help="print the figures as one JSON document")
    p.add_argument(
        "--cluster",
        choices=["ray"],
        help="play the games as Ray tasks (an optional extra: pip install -e '.[cluster]'); "
        "--jobs is then unused",
    )
    p.add_argument(
        "--address", metavar="ADDR", help="with --cluster ray: an existing cluster (default: a local Ray)"
    )
    p.set_defaults(func=_lazy(".balance", "cmd_balance"), check=_check_balance, checked_by=p)


def _check_balance(args: argparse.Namespace) -> str | None:
    if args.address is not None and args.cluster is None:
        return "--address only applies with --cluster ray"
    return None


def _add_query(sub: Any, top: argparse.ArgumentParser) -> None:
    q = sub.add_parser(
        "query",
        help="ask the compiled battlefield: los, path, reach, distance",
        description="Ask the compiled battlefield of a sheet or scenario. FROM and TO are location ids: "
        "hexes <sheet><CCRR> (A0512), rooms and zones <building>.<n> (32.2), roofs <building>.R, "
        "underground hexes (U0304). Answers are JSON (see docs/cli.md). The file is validated first "
        "(the result is cached by content digest); problems refuse the query with exit 1.",
    )
    q.add_argument(
        "--batch",
        metavar="FILE",
        help='compile FILE once, then read queries as JSON lines on stdin, e.g. {"query": "los", '
        '"from": "A0505", "to": "A0510"} (keys: each query\'s arguments and options by name, see '
        "`uo query los --help`), and answer each with one JSON line",
    )
    q.set_defaults(func=_lazy(".query", "cmd_query"), check=_check_query, checked_by=q, query=None)
    qs = q.add_subparsers(dest="query", metavar="QUERY", parser_class=_Parser)

    def located(p: argparse.ArgumentParser, to: bool) -> None:
        p.add_argument("file", metavar="FILE", help=FILE_HELP)
        p.add_argument("src", metavar="FROM", help="location id where it starts (e.g. A0512, 32.2, 32.R)")
        if to:
            p.add_argument("dst", metavar="TO", help="location id where it ends")
        p.add_argument("--format", choices=["json", "text"], default="json", help=FORMAT_HELP)
        p.set_defaults(func=_lazy(".query", "cmd_query"))

    def los_situation(p: argparse.ArgumentParser) -> None:
        g = p.add_argument_group("situation (comma-separated ids)")
        g.add_argument("--smoke", metavar="IDS", help="locations holding a Smoke counter (5.1.7.2)")
        g.add_argument("--wreck", metavar="IDS", help="locations holding a Wreck counter")
        g.add_argument("--vehicles", metavar="IDS", help="locations holding a Vehicles counter")
        g.add_argument("--breach", metavar="IDS", help="breaches already opened (aperture ids)")
        no_setup(g)

    def no_setup(g: Any) -> None:
        g.add_argument(
            "--no-setup",
            action="store_true",
            help="for a scenario: leave out its set-up's counters (by default they act, and the "
            "options above add to them)",
        )

    def move_situation(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--unit",
            choices=UNITS,
            default=None,
            help="who moves: foot (default) or vehicle on an Urban Operations map; vehicle "
            "(default) or amphibious on an Urban Battle board",
        )
        p.add_argument("--ladder", action="store_true", help="the block carries a ladder (8.1.6, 8.1.7)")
        g = p.add_argument_group("situation (comma-separated ids)")
        g.add_argument("--breach", metavar="IDS", help="breaches already opened (aperture ids)")
        g.add_argument("--barricade", metavar="IDS", help="locations holding a barricade")
        g.add_argument("--impassable", metavar="IDS", help="IED/UXO and other impassable locations")
        g.add_argument("--population", metavar="IDS", help="locations holding a Population counter (5.2.3.3)")
        no_setup(g)
        g.add_argument(
            "--helper", metavar="IDS", help="locations of friendly vehicle or ladder blocks to climb over"
        )

    p = qs.add_parser(
        "los",
        help="line of sight between two locations",
        description="Line of sight from FROM to TO: {clear, reason, rule, blocker, point, via}.",
    )
    located(p, to=True)
    los_situation(p)
    p = qs.add_parser(
        "path", help="cheapest path in MP", description="Cheapest path from FROM to TO: {mp, path}."
    )
    located(p, to=True)
    move_situation(p)
    p = qs.add_parser(
        "reach",
        help="locations reachable with N MP",
        description="Every location reachable from FROM with --mp N: {locations: {id: mp}}.",
    )
    located(p, to=False)
    p.add_argument(
        "--mp", type=non_negative_int, required=True, metavar="N", help="movement points to spend (>= 0)"
    )
    move_situation(p)
    p = qs.add_parser(
        "distance",
        help="EP distance (ranges, command radius)",
        description="Distance in EP from FROM to TO (ranges, command radius): {ep}; null if none.",
    )
    located(p, to=True)


def _think(text: str) -> str:
    """A search bot's budget per decision: "0.2s" (CPU seconds) or "200r" (rollouts)."""
    if re.fullmatch(r"\d+(\.\d+)?[sr]", text) is None:
        raise argparse.ArgumentTypeError(f"{text!r}: give CPU seconds (0.2s) or rollouts (200r)")
    return text


def _think_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--think",
        type=_think,
        metavar="BUDGET",
        help="the search bot's budget per decision: CPU seconds (0.2s, the default) or rollouts "
        "(200r, deterministic for a seed)",
    )


def apply_think(args: argparse.Namespace) -> None:
    """--think given: each side's bot that searches is named with its budget ("search:0.2s"),
    the name that reaches the worker processes and the log."""
    think = getattr(args, "think", None)
    if not think:
        return
    for side in ("green", "red"):
        name = getattr(args, side)
        if name in SEARCHING:
            setattr(args, side, f"{name}:{think}")
