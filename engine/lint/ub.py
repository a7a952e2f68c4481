"""Semantic checks of Urban Battle missions (ub-mission/1) with their board and unit charts:
what the schema cannot say. Each problem is located in the file and field it is about."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..io.files import Loaded
from ..io.problems import LoadError, Problem, Severity
from ..model.square_board import SquareBoard, SquareTerrain, parse_square
from ..model.ub_mission import FiringMode, Mission, OptionalRule
from ..model.ub_units import UnitChart, UnitType
from .context import Workspace

#: the formats checked here
UB_FORMATS = ("ub-board/1", "ub-units/1", "ub-mission/1")

#: every Urban Battle code, its name and summary (listed in docs/validation.md)
UB_CODES: list[tuple[str, str, str]] = [
    ("U000", "not-a-mission", "The file played as an Urban Battle game is no ub-mission/1."),
    ("U001", "segment-heights", "The board's segments are not all of one height."),
    ("U002", "row-widths", "A segment's rows are not all of one width."),
    ("U003", "board-format", "The mission's board is no ub-board/1 file."),
    ("U004", "chart-format", "A unit chart the mission names is no ub-units/1 file."),
    ("U010", "duplicate-piece", "Two pieces share an id."),
    ("U011", "unknown-type", "A piece's unit type is in none of the unit charts."),
    ("U012", "off-board", "A set-up or goal square is off the board."),
    ("U013", "impassable-setup", "A piece is set up on ground its vehicle may not stand on."),
    ("U014", "square-taken", "Two pieces are set up on one square."),
    ("U015", "command-tanks", "A side has more than one command tank."),
    ("U016", "over-effectiveness", "A side's effectiveness exceeds the agreed maximum."),
    ("U017", "unequal-effectiveness", "Unequal effectiveness totals, the mission not saying unequal."),
    ("U018", "goal-incomplete", "A break_through goal lacks its attacker or squares."),
    ("U020", "duplicate-type", "A unit type is defined twice in the charts."),
    ("U021", "range-order", "A parabolic range's minimum is over its maximum."),
    ("U022", "no-weapon", "A unit type has no weapon and is no recovery vehicle."),
    ("U030", "random-speed-absolute", "Random Speed with Absolute mode, which it does not suit (warning)."),
    ("U031", "missed-shot-mode", "Missed Shot outside Realistic mode has no effect (warning)."),
]


@dataclass(frozen=True)
class Squares:
    """The board's size and which squares a vehicle may stand on (amphibious or not)."""

    width: int
    height: int
    land: frozenset[tuple[int, int]]  # any vehicle
    water: frozenset[tuple[int, int]]  # amphibious only


def board_problems(doc: Loaded) -> list[Problem]:
    """Segments placed side by side need the same height; a segment's rows the same width."""
    board = doc.model
    assert isinstance(board, SquareBoard)
    out = []
    height = len(board.segments[0].rows)
    for s, segment in enumerate(board.segments):
        if len(segment.rows) != height:
            out.append(
                doc.problem(
                    f"/segments/{s}/rows",
                    "U001",
                    f"segment {segment.id} has {len(segment.rows)} rows, the first segment {height}: "
                    "segments placed side by side have the same height",
                )
            )
        width = len(segment.rows[0])
        for y, row in enumerate(segment.rows):
            if len(row) != width:
                out.append(
                    doc.problem(
                        f"/segments/{s}/rows/{y}",
                        "U002",
                        f"row {y + 1} of segment {segment.id} has {len(row)} squares, its first row {width}",
                    )
                )
    return out


def mission_problems(doc: Loaded, squares: Squares | None, charts: dict[str, UnitType]) -> list[Problem]:
    """Unit types known, ids unique, set-up squares on the board, free and passable, one
    command tank at most a side, and equal effectiveness (Choice of Units) unless the mission
    says otherwise, within its agreed maximum."""
    mission = doc.model
    assert isinstance(mission, Mission)
    out: list[Problem] = []
    seen: dict[str, str] = {}
    taken: dict[tuple[int, int], str] = {}
    totals = {}
    for side in ("green", "red"):
        force = getattr(mission.forces, side)
        total = 0
        commands = 0
        for i, unit in enumerate(force.units):
            at = f"/forces/{side}/units/{i}"
            if unit.id in seen:
                out.append(
                    doc.problem(f"{at}/id", "U010", f"piece id {unit.id!r} is also used at {seen[unit.id]}")
                )
            seen[unit.id] = at
            kind = charts.get(unit.type)
            if kind is None:
                out.append(
                    doc.problem(
                        f"{at}/type", "U011", f"no unit type {unit.type!r} in the unit charts {mission.units}"
                    )
                )
            else:
                total += kind.effectiveness
            commands += unit.command
            if squares is not None:
                sq = parse_square(unit.square)
                if not (0 <= sq[0] < squares.width and 0 <= sq[1] < squares.height):
                    out.append(
                        doc.problem(
                            f"{at}/square",
                            "U012",
                            f"{unit.square} is off the board ({squares.width} x {squares.height} squares)",
                        )
                    )
                elif sq not in squares.land and not (
                    sq in squares.water and kind is not None and kind.amphibious
                ):
                    out.append(
                        doc.problem(
                            f"{at}/square", "U013", f"{unit.square} is not ground a vehicle may stand on"
                        )
                    )
                elif sq in taken:
                    out.append(
                        doc.problem(f"{at}/square", "U014", f"{unit.square} already holds {taken[sq]}")
                    )
                else:
                    taken[sq] = unit.id
        if commands > 1:
            out.append(
                doc.problem(
                    f"/forces/{side}/units", "U015", f"{side} has {commands} command tanks: one at most"
                )
            )
        totals[side] = total
        if mission.effectiveness is not None and total > mission.effectiveness:
            out.append(
                doc.problem(
                    f"/forces/{side}/units",
                    "U016",
                    f"{side}'s effectiveness is {total}, over the agreed {mission.effectiveness}",
                )
            )
    if not mission.unequal and totals["green"] != totals["red"]:
        out.append(
            doc.problem(
                "/forces",
                "U017",
                f"effectiveness differs: green {totals['green']}, red {totals['red']} "
                "(Choice of Units: equal totals; set `unequal: true` if the mission means it)",
            )
        )
    goal = mission.goal
    if goal.kind.value == "break_through":
        if goal.attacker is None or not goal.squares:
            out.append(doc.problem("/goal", "U018", "a break_through goal names its attacker and squares"))
        elif squares is not None:
            for j, name in enumerate(goal.squares):
                sq = parse_square(name)
                if not (0 <= sq[0] < squares.width and 0 <= sq[1] < squares.height):
                    out.append(doc.problem(f"/goal/squares/{j}", "U012", f"{name} is off the board"))
    return out


def chart_types(charts: list[UnitChart]) -> dict[str, UnitType]:
    return {u.id: u for chart in charts for u in chart.units}


def squares_of(board: SquareBoard) -> Squares:
    """Where vehicles may stand on a (consistent) board: segments side by side."""
    rows = ["".join(seg.rows[y] for seg in board.segments) for y in range(len(board.segments[0].rows))]
    land = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c not in "Bo" and c != "x"}
    water = {(x, y) for y, row in enumerate(rows) for x, c in enumerate(row) if c == SquareTerrain.deep.value}
    return Squares(len(rows[0]), len(rows), frozenset(land), frozenset(water))


def chart_problems(doc: Loaded) -> list[Problem]:
    """Unit type ids unique; parabolic ranges from min to max; every unit has a weapon unless it
    is a recovery vehicle."""
    chart = doc.model
    assert isinstance(chart, UnitChart)
    out = []
    seen: set[str] = set()
    for i, unit in enumerate(chart.units):
        at = f"/units/{i}"
        if unit.id in seen:
            out.append(doc.problem(f"{at}/id", "U020", f"unit type {unit.id!r} is defined twice"))
        seen.add(unit.id)
        par = unit.parabolic
        if par is not None and (par.min_range > par.max_range or par.absolute_min > par.absolute_max):
            out.append(doc.problem(f"{at}/parabolic", "U021", "a range's minimum is over its maximum"))
        if unit.direct is None and par is None and not unit.recovery:
            out.append(doc.problem(at, "U022", f"{unit.id} has neither direct nor parabolic fire"))
    return out


@dataclass(frozen=True)
class MissionFiles:
    """A mission's board and unit types as read, with every problem found on the way."""

    problems: list[Problem]
    board: SquareBoard | None
    types: dict[str, UnitType]


def mission_files(doc: Loaded, ws: Workspace) -> MissionFiles:
    """Read and check the board and the unit charts a mission names, then the mission."""
    mission = doc.model
    assert isinstance(mission, Mission)
    problems: list[Problem] = []
    board: SquareBoard | None = None
    folder = doc.path.parent
    try:
        bdoc = ws.load(folder / mission.board)
    except LoadError as exc:
        problems += [_named(p, doc, "/board") for p in exc.problems]
    else:
        problems += bdoc.problems
        if isinstance(bdoc.model, SquareBoard):
            found = board_problems(bdoc)
            problems += found
            board = None if found else bdoc.model
        elif bdoc.model is not None:
            problems.append(doc.problem("/board", "U003", f"{mission.board} is no ub-board/1 file"))
    charts: list[UnitChart] = []
    for i, name in enumerate(mission.units):
        try:
            cdoc = ws.load(folder / name)
        except LoadError as exc:
            problems += [_named(p, doc, f"/units/{i}") for p in exc.problems]
            continue
        problems += cdoc.problems
        if isinstance(cdoc.model, UnitChart):
            problems += chart_problems(cdoc)
            charts.append(cdoc.model)
        elif cdoc.model is not None:
            problems.append(doc.problem(f"/units/{i}", "U004", f"{name} is no ub-units/1 file"))
    types = chart_types(charts)
    problems += mission_problems(doc, None if board is None else squares_of(board), types)
    return MissionFiles(problems, board, types)


def ub_problems(doc: Loaded, ws: Workspace) -> list[Problem]:
    """The semantic problems of an Urban Battle file (and, for a mission, of what it names)."""
    if isinstance(doc.model, SquareBoard):
        return board_problems(doc)
    if isinstance(doc.model, UnitChart):
        return chart_problems(doc)
    if isinstance(doc.model, Mission):
        found = [p for p in mission_files(doc, ws).problems if p.file == doc.name or p.code.startswith("U")]
        return found + optional_rule_warnings(doc)
    return []


def optional_rule_warnings(doc: Loaded) -> list[Problem]:
    """Optional rules the chosen firing mode does not fit: legal, so warnings (they neither
    fail `uo validate` nor stop the game from loading; UbGame.load does not call this)."""
    mission = doc.model
    assert isinstance(mission, Mission)
    out: list[Problem] = []
    for i, rule in enumerate(mission.optional_rules):
        at = f"/optional_rules/{i}"
        if rule is OptionalRule.random_speed and mission.firing_mode is FiringMode.absolute:
            # Random Speed: 'This rule does not suit the Absolute Mode.'
            out.append(doc.problem(at, "U030", "Random Speed does not suit the Absolute Mode (rulebook)"))
        if rule is OptionalRule.missed_shot and mission.firing_mode is not FiringMode.realistic:
            # Missed Shot: "This rule applies only to the Realistic Mode." (the engine ignores it)
            out.append(
                doc.problem(
                    at,
                    "U031",
                    f"Missed Shot applies only in Realistic mode; "
                    f"in {mission.firing_mode.value} mode it does nothing",
                )
            )
    return [replace(p, severity=Severity.warning) for p in out]


def _named(problem: Problem, doc: Loaded, pointer: str) -> Problem:
    """A referenced file that cannot be read, reported where the mission names it."""
    line, col = doc.positions.locate(pointer)
    return Problem(doc.name, line, col, problem.code, f"{problem.file}: {problem.message}", pointer)
