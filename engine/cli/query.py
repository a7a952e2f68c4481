"""`uo query` (docs/cli.md): line of sight, paths, reach and distances on a compiled
battlefield, one query from the command line or many as JSON lines (`--batch FILE`).

A query refuses a file that does not validate (exit 1, with the located problems): answers on
a map with duplicate ids or self-crossing buildings would be wrong without a word. Validation
and compilation are cached on disk by the content digest of every input file
(engine/cli/cache.py), so a repeated query pays neither.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .cache import Prepared, prepare
from .query_input import QueryError, _ids, _parse_line, _text

#: each query's keys in a batch line: the subcommand's arguments and options
QUERY_KEYS: dict[str, frozenset[str]] = {
    "los": frozenset({"from", "to", "smoke", "wreck", "vehicles", "breach", "setup"}),
    "path": frozenset(
        {"from", "to", "unit", "ladder", "breach", "barricade", "impassable", "population", "helper", "setup"}
    ),
    "reach": frozenset(
        {"from", "mp", "unit", "ladder", "breach", "barricade", "impassable", "population", "helper", "setup"}
    ),
    "distance": frozenset({"from", "to"}),
}
REQUIRED: dict[str, tuple[str, ...]] = {
    "los": ("from", "to"),
    "path": ("from", "to"),
    "reach": ("from", "mp"),
    "distance": ("from", "to"),
}
ID_LISTS = ("smoke", "wreck", "vehicles", "breach", "barricade", "impassable", "population", "helper")
#: the longest batch line read (a query is a few hundred bytes)
MAX_LINE = 1 << 20


def cmd_query(args: argparse.Namespace) -> int:
    from .query_ub import cmd_query_ub, is_square_board

    if is_square_board(Path(args.batch if args.batch is not None else args.file)):
        return cmd_query_ub(args)  # an Urban Battle board or mission: squares, not hexes
    if args.batch is not None:
        return run_batch(Path(args.batch), sys.stdin, sys.stdout)
    prepared = _prepared(Path(args.file))
    if isinstance(prepared, int):
        return prepared
    query: dict[str, Any] = {"query": args.query, "from": args.src}
    for key in ("dst", "unit", "ladder", "mp", *ID_LISTS):
        value = getattr(args, key, None)
        if value is not None and value is not False:
            query["to" if key == "dst" else key] = value
    if getattr(args, "no_setup", False):
        query["setup"] = False
    try:
        out = answer(prepared, query)
    except QueryError as exc:
        print(f"{args.file}: {exc}", file=sys.stderr)
        return 2
    if args.format == "text":
        for key, value in out.items():
            print(f"{key}: {value}")
    else:
        print(json.dumps(out, indent=2))
    return 0


def _prepared(path: Path) -> Prepared | int:
    """The file's battlefield, or the exit code after printing why there is none: 1 when it
    has problems, 2 when it cannot be used at all."""
    prepared = prepare(path)
    if prepared.problems:
        for line in prepared.problems:
            print(line, file=sys.stderr)
    if prepared.battlefield is None:
        return prepared.exit_code or 2
    return prepared


def run_batch(path: Path, lines: Any, out: Any) -> int:
    """Answer each JSON line of `lines` with one JSON line on `out`; a line that cannot be
    answered gets `{"error": ..., "line": n}` and the batch goes on. FILE is compiled once."""
    prepared = _prepared(path)
    if isinstance(prepared, int):
        return prepared
    for n, line in enumerate(_bounded_lines(lines), start=1):
        if line is None:
            reply: dict[str, Any] = {"error": f"line longer than {MAX_LINE} characters", "line": n}
        elif not line.strip():
            continue
        else:
            try:
                reply = answer(prepared, _parse_line(line))
            except QueryError as exc:
                reply = {"error": str(exc), "line": n}
        out.write(json.dumps(reply, separators=(", ", ": ")) + "\n")
        out.flush()
    return 0


def _bounded_lines(stream: Any) -> Any:
    """Lines of `stream`, None for one longer than MAX_LINE (the rest of it is skipped)."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while (rest := stream.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
            yield None
            continue
        yield line


def answer(prepared: Prepared, query: Mapping[str, Any]) -> dict[str, Any]:
    """One query's answer as JSON-ready data (the shapes of docs/cli.md); QueryError says why
    there is none."""
    kind = query.get("query")
    if kind not in QUERY_KEYS:
        raise QueryError(f"'query' must be one of {', '.join(QUERY_KEYS)}, got {kind!r}")
    unknown = sorted(set(query) - QUERY_KEYS[kind] - {"query"})
    if unknown:
        takes = ", ".join(sorted(QUERY_KEYS[kind]))
        raise QueryError(f"{kind} takes no {', '.join(repr(k) for k in unknown)} (it takes {takes})")
    missing = [k for k in REQUIRED[kind] if k not in query]
    if missing:
        raise QueryError(f"{kind} needs {', '.join(repr(k) for k in missing)}")
    bf = prepared.battlefield
    ends = [_text(query, "from")] + ([_text(query, "to")] if "to" in QUERY_KEYS[kind] else [])
    for ident in ends:
        if ident not in bf.by_id:
            raise QueryError(f"no location '{ident}'")
    setup = query.get("setup", True)
    if not isinstance(setup, bool):
        raise QueryError(f"'setup' must be true or false, got {setup!r}")
    if setup and prepared.setup:
        # a scenario's counters act unless the query says otherwise (issue 16); the query's
        # own ids add to them
        query = {**query, **{k: sorted(_ids(query, k) | set(v)) for k, v in prepared.setup.items()}}
    return _ANSWERS[kind](bf, query, ends)


def _dynamic(query: Mapping[str, Any]) -> Any:
    from ..battlefield import Dynamic

    return Dynamic(
        opened_breaches=_ids(query, "breach"),
        helpers=_ids(query, "helper"),
        barricades=_ids(query, "barricade"),
        impassable=_ids(query, "impassable") | _ids(query, "population"),  # 5.2.3.1, 5.2.3.3
        smoke=_ids(query, "smoke"),
        wrecks=_ids(query, "wreck"),
        vehicles=_ids(query, "vehicles"),
    )


def _mover(query: Mapping[str, Any]) -> tuple[Any, str, bool]:
    from ..battlefield.movement import Mover, Unit

    unit = query.get("unit", "foot")
    if unit == "amphibious":
        raise QueryError(
            "'unit' amphibious applies to Urban Battle boards (ub-board/1, ub-mission/1); "
            "on an Urban Operations map a unit is 'foot' or 'vehicle'"
        )
    if unit not in ("foot", "vehicle"):
        raise QueryError(f"'unit' must be 'foot' or 'vehicle', got {unit!r}")
    ladder = query.get("ladder", False)
    if not isinstance(ladder, bool):
        raise QueryError(f"'ladder' must be true or false, got {ladder!r}")
    return Mover(Unit(unit), ladder), unit, ladder


def _los(bf: Any, query: Mapping[str, Any], ends: list[str]) -> dict[str, Any]:
    from ..battlefield.los import los

    result = los(bf, ends[0], ends[1], _dynamic(query))
    return {"from": ends[0], "to": ends[1], **result.to_json()}


def _path(bf: Any, query: Mapping[str, Any], ends: list[str]) -> dict[str, Any]:
    from ..battlefield.movement import path

    mover, unit, ladder = _mover(query)
    found = path(bf, ends[0], ends[1], mover, _dynamic(query))
    out: dict[str, Any] = {"from": ends[0], "to": ends[1], "unit": unit, "ladder": ladder}
    out.update({"mp": found[0], "path": found[1]} if found else {"mp": None, "path": []})
    return out


def _reach(bf: Any, query: Mapping[str, Any], ends: list[str]) -> dict[str, Any]:
    from ..battlefield.movement import reach

    mp = query["mp"]
    if not isinstance(mp, int) or isinstance(mp, bool) or not 0 <= mp <= 10_000:
        raise QueryError(f"'mp' must be a whole number from 0 to 10000, got {mp!r}")
    mover, unit, _ladder = _mover(query)
    got = reach(bf, ends[0], mover, mp, _dynamic(query))
    return {"from": ends[0], "unit": unit, "mp": mp, "locations": dict(sorted(got.items()))}


def _distance(bf: Any, query: Mapping[str, Any], ends: list[str]) -> dict[str, Any]:
    from ..battlefield.movement import ep_distance

    return {"from": ends[0], "to": ends[1], "ep": ep_distance(bf, ends[0], ends[1])}


_ANSWERS: dict[str, Callable[[Any, Mapping[str, Any], list[str]], dict[str, Any]]] = {
    "los": _los,
    "path": _path,
    "reach": _reach,
    "distance": _distance,
}
