"""`uo query los|path|distance` on Urban Battle files (a `ub-board/1` board or a
`ub-mission/1` mission, docs/rules-ub.md): squares are named like the board's printed
coordinates (`C7`). A mission's set-up pieces stand where it puts them (unless --no-setup)
and its firing mode decides how a line runs (Basic: straight or diagonal lines of squares;
Realistic: the ruler)."""

from __future__ import annotations

import argparse
import heapq
import json
import os
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..io.problems import LoadError
from .query_input import QueryError
from .query_input import _ids as query_ids
from .query_input import _parse_line as parse_line
from .query_input import _text as query_text

#: the longest batch line read (as engine/cli/query.py's)
MAX_LINE = 1 << 20


def _text(query: Mapping[str, Any], key: str) -> str:
    return query_text(query, key, "a square")


def _ids(query: Mapping[str, Any], key: str) -> frozenset[str]:
    return query_ids(query, key, "squares")


def _parse_line(line: str) -> dict[str, Any]:
    return parse_line(line, '{"query": "los", "from": "A1", "to": "A9"}')


def _lines(stream: Any) -> Any:
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


UB_QUERY_KEYS: dict[str, frozenset[str]] = {
    "los": frozenset({"from", "to", "vehicles", "setup"}),
    "path": frozenset({"from", "to", "vehicles", "setup", "unit"}),
    "distance": frozenset({"from", "to"}),
}


#: how much of a file the cheap look for an Urban Battle format reads
SNIFF_BYTES = 1 << 16


def is_square_board(path: Path) -> bool:
    """Whether FILE is an Urban Battle board or mission (read only its `schema`).

    Every hex query asks this first, so a file that does not even name an Urban Battle format in
    its first 64 KB (where its `schema` is) is answered without loading it: loading imports the
    models and pydantic, three times `uo query`'s whole start-up on a cache hit."""
    try:
        # a FIFO or a device would block the open or the read: the hex path refuses those
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False
        with open(path, "rb") as f:
            head = f.read(SNIFF_BYTES)
    except OSError:
        return False  # the hex path says what is wrong with the file
    if b"ub-board/1" not in head and b"ub-mission/1" not in head:
        return False
    from ..io.files import load_document

    try:
        data = load_document(path).data
    except LoadError:
        return False
    return isinstance(data, dict) and data.get("schema") in ("ub-board/1", "ub-mission/1")


@dataclass
class Prepared:
    board: Any  # engine.rules.ub.board.Board
    realistic: bool
    pieces: dict[tuple[int, int], tuple[int, bool]]  # set-up square -> (facing, amphibious)


def prepare(path: Path) -> Prepared | list[str]:
    """The board (and a mission's set-up), or the located problems that refuse the query."""
    from ..lint.context import Workspace
    from ..lint.ub import board_problems, mission_files
    from ..model.square_board import SquareBoard
    from ..model.ub_mission import FiringMode, Mission
    from ..rules.ub.board import Board, parse_square
    from ..rules.ub.play import COMPASS_INDEX

    try:
        doc = Workspace().load(path)
    except LoadError as exc:
        return [p.format() for p in exc.problems]
    if doc.problems:
        return [p.format() for p in doc.problems]
    if isinstance(doc.model, SquareBoard):
        found = board_problems(doc)
        if found:
            return [p.format() for p in found]
        return Prepared(Board.of(doc.model), False, {})
    assert isinstance(doc.model, Mission)
    files = mission_files(doc, Workspace())
    if files.problems or files.board is None:
        return [p.format() for p in files.problems]
    mission = doc.model
    pieces = {}
    for force in (mission.forces.green, mission.forces.red):
        for unit in force.units:
            kind = files.types[unit.type]
            pieces[parse_square(unit.square)] = (COMPASS_INDEX[unit.facing.value], kind.amphibious)
    return Prepared(Board.of(files.board), mission.firing_mode is FiringMode.realistic, pieces)


def answer(prepared: Prepared, query: Mapping[str, Any]) -> dict[str, Any]:
    from ..rules.ub import fire as F
    from ..rules.ub.board import parse_square, square_name

    kind = query.get("query")
    if kind not in UB_QUERY_KEYS:
        raise QueryError(f"'query' must be one of {', '.join(UB_QUERY_KEYS)} on a square board, got {kind!r}")
    unknown = sorted(set(query) - UB_QUERY_KEYS[kind] - {"query"})
    if unknown:
        raise QueryError(f"{kind} takes no {', '.join(repr(k) for k in unknown)} on a square board")
    for key in ("from", "to"):
        if key not in query:
            raise QueryError(f"{kind} needs '{key}'")
    board = prepared.board
    ends = []
    for key in ("from", "to"):
        name = _text(query, key)
        try:
            sq = parse_square(name)
        except ValueError:
            raise QueryError(f"no square '{name}' (squares are named like C7)") from None
        if not board.on(sq):
            raise QueryError(f"no square '{name}' on this {board.width} x {board.height} board")
        ends.append(sq)
    a, b = ends
    setup = query.get("setup", True)
    if not isinstance(setup, bool):
        raise QueryError(f"'setup' must be true or false, got {setup!r}")
    occupied = set(prepared.pieces) if setup else set()
    for name in _ids(query, "vehicles"):
        try:
            occupied.add(parse_square(name))
        except ValueError:
            raise QueryError(f"'vehicles': no square '{name}'") from None
    out: dict[str, Any] = {"from": square_name(a), "to": square_name(b)}
    if kind == "distance":
        return {**out, "distance": F.dist(a, b, prepared.realistic)}
    if kind == "los":
        squares = F.path(a, b, prepared.realistic)
        if squares is None:
            return {
                **out,
                "clear": False,
                "reason": "not on a straight or diagonal line (Basic mode)",
                "blocker": None,
            }
        blocker = next((sq for sq in squares if board.blocks_sight(sq) or sq in occupied), None)
        reason = None
        if blocker is not None:
            reason = "building" if board.blocks_sight(blocker) else "vehicle"
        return {
            **out,
            "clear": blocker is None,
            "reason": reason,
            "blocker": None if blocker is None else square_name(blocker),
            "distance": F.dist(a, b, prepared.realistic),
        }
    unit = query.get("unit", "vehicle")
    if unit == "foot":
        raise QueryError(
            "'unit' foot applies to Urban Operations maps; an Urban Battle board has vehicles only: "
            "'vehicle' or 'amphibious'"
        )
    if unit not in ("vehicle", "amphibious"):
        raise QueryError(f"'unit' must be 'vehicle' or 'amphibious' on a square board, got {unit!r}")
    facing, amphibious = (
        prepared.pieces.get(a, (None, unit == "amphibious")) if setup else (None, unit == "amphibious")
    )
    found = steps_path(board, a, b, facing, amphibious or unit == "amphibious", occupied - {a})
    if found is None:
        return {**out, "steps": None, "path": []}
    return {**out, "steps": found[0], "path": [square_name(sq) for sq in found[1]]}


def steps_path(
    board: Any,
    a: tuple[int, int],
    b: tuple[int, int],
    facing: int | None,
    amphibious: bool,
    occupied: set[Any],
) -> tuple[int, list[tuple[int, int]]] | None:
    """The fewest speed points from `a` (facing `facing`, any if None) to `b`: forward steps
    and 45-degree rotations (two points a step started on water), along narrow passages only,
    never through vehicles (Movement, Terrain Specifics)."""
    from ..model.square_board import SquareTerrain
    from ..rules.ub.board import DIRECTIONS

    starts = range(8) if facing is None else (facing,)
    best: dict[tuple[tuple[int, int], int], int] = {(a, f): 0 for f in starts}
    came: dict[tuple[tuple[int, int], int], tuple[tuple[int, int], int] | None] = {
        (a, f): None for f in starts
    }
    heap = [(0, a, f) for f in starts]
    while heap:
        cost, sq, f = heapq.heappop(heap)
        if cost > best[(sq, f)]:
            continue
        if sq == b:
            squares: list[tuple[int, int]] = []
            node: tuple[tuple[int, int], int] | None = (sq, f)
            while node is not None:
                if not squares or squares[-1] != node[0]:
                    squares.append(node[0])
                node = came[node]
            return cost, squares[::-1]
        water = board.terrain(sq) in (SquareTerrain.water, SquareTerrain.deep) and not amphibious
        step = 2 if water else 1
        moves = []
        if board.passage_axis(sq) is None:
            moves += [(sq, (f + 1) % 8), (sq, (f - 1) % 8)]
        dx, dy = DIRECTIONS[f]
        to = (sq[0] + dx, sq[1] + dy)
        along = all((axis := board.passage_axis(x)) is None or f in axis for x in (sq, to) if board.on(x))
        if board.enterable(to, amphibious) and to not in occupied and along:
            moves.append((to, f))
        for node in moves:
            if cost + step < best.get(node, 1 << 30):
                best[node] = cost + step
                came[node] = (sq, f)
                heapq.heappush(heap, (cost + step, node[0], node[1]))
    return None


def cmd_query_ub(args: argparse.Namespace) -> int:
    path = Path(args.batch if args.batch is not None else args.file)
    prepared = prepare(path)
    if isinstance(prepared, list):
        for line in prepared:
            print(line, file=sys.stderr)
        return 1
    if args.batch is not None:
        for n, line in enumerate(_lines(sys.stdin), start=1):
            if line is None:
                reply: dict[str, Any] = {"error": f"line longer than {MAX_LINE} characters", "line": n}
            elif not line.strip():
                continue
            else:
                try:
                    reply = answer(prepared, _parse_line(line))
                except QueryError as exc:
                    reply = {"error": str(exc), "line": n}
            print(json.dumps(reply, separators=(", ", ": ")), flush=True)
        return 0
    query: dict[str, Any] = {"query": args.query, "from": args.src}
    for key in ("dst", "vehicles", "unit"):
        value = getattr(args, key, None)
        if value is not None:
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
