"""What the Outliner lists for Urban Battle files: a board's segments, a mission's forces and
pieces and its goal, a unit chart's types; each row addressed by file and JSON pointer as the
hex files' rows are, so a click reveals it the same way."""

from __future__ import annotations

from pathlib import Path

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model.square_board import SquareBoard
from engine.model.ub_mission import Mission
from engine.model.ub_units import UnitChart

from ..panels.outline import OutlineNode

UB_MODELS = (SquareBoard, Mission, UnitChart)


def is_ub(model: object) -> bool:
    return isinstance(model, UB_MODELS)


def ub_outline(model: SquareBoard | Mission | UnitChart, source: Path | None) -> OutlineNode:
    if isinstance(model, SquareBoard):
        return board_outline(model, source)
    if isinstance(model, Mission):
        return mission_outline(model, source)
    root = OutlineNode(f"Unit charts {model.id} — {model.title}", source, "", "ub_units")
    for i, unit in enumerate(model.units):
        root.add(f"{unit.id} — {unit.name} ({unit.effectiveness} points)", f"/units/{i}", "ub_unit")
    return root


def board_outline(board: SquareBoard, source: Path | None) -> OutlineNode:
    root = OutlineNode(f"Board {board.id} — {board.title}", source, "", "ub_board")
    for i, segment in enumerate(board.segments):
        width = len(segment.rows[0]) if segment.rows else 0
        title = f" — {segment.title}" if segment.title else ""
        scan = ", scan" if segment.scan else ""
        root.add(
            f"Segment {segment.id}{title} ({width} × {len(segment.rows)}{scan})",
            f"/segments/{i}",
            "ub_segment",
        )
    return root


def effectiveness_of(mission: Mission, source: Path | None) -> dict[str, int]:
    """Each unit type's effectiveness points from the mission's unit charts (those that
    can be read: the Validation dock says what is wrong with the others)."""
    points: dict[str, int] = {}
    if source is None:
        return points
    for rel in mission.units:
        try:
            chart = load_document(source.parent / rel).model
        except LoadError:
            continue
        if isinstance(chart, UnitChart):
            points.update({u.id: u.effectiveness for u in chart.units})
    return points


def force_points(mission: Mission, side: str, points: dict[str, int]) -> str:
    """A side's effectiveness total as the Choice of Units counts it ("20 points"; "18+?
    points" when a type is not in the charts)."""
    units = getattr(mission.forces, side).units
    total = sum(points.get(u.type, 0) for u in units)
    unknown = any(u.type not in points for u in units)
    return f"{total}{'+?' if unknown else ''} points"


def mission_outline(mission: Mission, source: Path | None) -> OutlineNode:
    root = OutlineNode(f"Mission {mission.id} — {mission.title}", source, "", "ub_mission")
    root.add(f"Board {mission.board}", "/board", "ub_board_ref")
    points = effectiveness_of(mission, source)
    agreed = f" of {mission.effectiveness}" if mission.effectiveness is not None else ""
    for side in ("green", "red"):
        force = getattr(mission.forces, side)
        name = f" — {force.name}" if force.name else ""
        total = force_points(mission, side, points)
        node = root.add(
            f"{side.capitalize()}{name} ({len(force.units)} units, {total}{agreed})",
            f"/forces/{side}",
            "ub_force",
        )
        for i, unit in enumerate(force.units):
            command = ", command" if unit.command else ""
            node.add(
                f"{unit.id}: {unit.type} at {unit.square} facing {unit.facing.value}{command}",
                f"/forces/{side}/units/{i}",
                "ub_piece",
            )
    goal = mission.goal
    root.add(
        f"Goal: {goal.kind.value.replace('_', ' ')}" + (f" — {goal.text}" if goal.text else ""),
        "/goal",
        "ub_goal",
    )
    return root
