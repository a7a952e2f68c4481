"""Undoable edits of a square board (ub-board/1) and of a mission's set-up (ub-mission/1),
one QUndoCommand per kind (Tiled's way).

Each command replaces whole values (a segment's list of rows, the list of segments, the
grid) rather than changing them in place, so the old value it keeps for undo can never be
changed behind its back. A brush stroke is many squares painted while the button is down:
its commands merge into one undo step (`mergeWith`, one stroke number).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from engine.model.scenario import Compass
from engine.model.square_board import Segment, SquareBoard, SquareGrid, SquareTerrain
from engine.model.ub_mission import Mission, Placement

from ..document import Document
from .layout import Spot

#: Command id of painted squares: those of one stroke merge
PAINT_ID = 0x0B01


def board_of(document: Document) -> SquareBoard:
    model = document.model
    if not isinstance(model, SquareBoard):
        raise TypeError(f"{document.display_name} is a {document.kind}, not a square board")
    return model


def painted_rows(rows: list[str], col: int, row: int, letter: str) -> list[str] | None:
    """The rows with one square changed; None when it already holds `letter` or is not
    there (a short row of a board that does not validate is not lengthened)."""
    if not (0 <= row < len(rows)) or not (0 <= col < len(rows[row])) or rows[row][col] == letter:
        return None
    line = rows[row]
    out = list(rows)
    out[row] = line[:col] + letter + line[col + 1 :]
    return out


def resized_rows(rows: list[str], width: int | None = None, height: int | None = None) -> list[str]:
    """A segment's rows made `width` squares wide and `height` rows high: open squares added
    at the right and bottom, the others cut off (the edit is undoable)."""
    w = width if width is not None else (len(rows[0]) if rows else 1)
    out = [row[:w].ljust(w, ".") for row in rows] if width is not None else list(rows)
    if height is not None:
        out = out[:height] + ["." * w] * (height - len(out))
    return out


class PaintSquares(QUndoCommand):
    """Terrain letters painted on squares; the squares of one stroke are one undo step."""

    def __init__(self, document: Document, spots: dict[Spot, str], stroke: int, text: str = ""):
        self.board = board_of(document)
        self.stroke = stroke
        self.old: dict[int, list[str]] = {}
        self.new: dict[int, list[str]] = {}
        for (s, col, row), letter in spots.items():
            current = self.new.get(s, self.board.segments[s].rows)
            changed = painted_rows(current, col, row, letter)
            if changed is not None:
                self.old.setdefault(s, self.board.segments[s].rows)
                self.new[s] = changed
        self.count = len(spots)
        name = SquareTerrain(next(iter(spots.values()))).name if spots else ""
        super().__init__(text or f"Paint {name.replace('_', ' ')}")

    @property
    def empty(self) -> bool:
        return not self.new

    def id(self) -> int:
        return PAINT_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if (
            not isinstance(other, PaintSquares)
            or other.board is not self.board
            or other.stroke != self.stroke
        ):
            return False
        for s, rows in other.new.items():
            self.old.setdefault(s, other.old[s])
            self.new[s] = rows
        return True

    def _set(self, rows: dict[int, list[str]]) -> None:
        segments = list(self.board.segments)
        for s, value in rows.items():
            segments[s] = segments[s].model_copy(update={"rows": value})
        self.board.segments = segments

    def redo(self) -> None:
        self._set(self.new)

    def undo(self) -> None:
        self._set(self.old)


class SetBoardFields(QUndoCommand):
    """Replace top-level fields of a board (`segments`, `grid`, `title`) in one undo step."""

    def __init__(self, document: Document, text: str, **changes: Any):
        super().__init__(text)
        self.board = board_of(document)
        self.new = changes
        self.old = {name: getattr(self.board, name) for name in changes}

    def redo(self) -> None:
        for name, value in self.new.items():
            setattr(self.board, name, value)

    def undo(self) -> None:
        for name, value in self.old.items():
            setattr(self.board, name, value)


def next_segment_id(board: SquareBoard) -> str:
    taken = {s.id for s in board.segments}
    n = len(board.segments) + 1
    while f"S{n}" in taken:
        n += 1
    return f"S{n}"


def add_segment(document: Document, width: int = 12) -> SetBoardFields:
    """A new open segment at the right end, as high as the board (its first segment)."""
    board = board_of(document)
    height = len(board.segments[0].rows) if board.segments else 10
    ident = next_segment_id(board)
    segment = Segment(id=ident, title=f"Segment {ident}", rows=["." * width] * height)
    return SetBoardFields(document, f"Add segment {ident}", segments=[*board.segments, segment])


def remove_segment(document: Document, index: int) -> SetBoardFields:
    board = board_of(document)
    if len(board.segments) <= 1:
        raise ValueError("a board keeps at least one segment")
    segment = board.segments[index]
    rest = [s for i, s in enumerate(board.segments) if i != index]
    return SetBoardFields(document, f"Remove segment {segment.id}", segments=rest)


def segment_moved(document: Document, index: int, step: int) -> SetBoardFields:
    """Segment `index` one place left (step -1) or right (+1): its squares renamed with it."""
    board = board_of(document)
    target = index + step
    if not (0 <= index < len(board.segments) and 0 <= target < len(board.segments)):
        raise ValueError("no segment there to change places with")
    segments = list(board.segments)
    segments[index], segments[target] = segments[target], segments[index]
    side = "left" if step < 0 else "right"
    return SetBoardFields(document, f"Move segment {board.segments[index].id} {side}", segments=segments)


def set_segment(document: Document, index: int, text: str, **changes: Any) -> SetBoardFields:
    """Change fields of one segment (its scan and calibration, id, title)."""
    board = board_of(document)
    segments = list(board.segments)
    segments[index] = segments[index].model_copy(update=changes)
    return SetBoardFields(document, text, segments=segments)


def calibrate_segment_scan(
    document: Document, index: int, transform: tuple[float, ...], size: float
) -> SetBoardFields:
    """The scan's placement and, from the scan's resolution, the squares' size: one step."""
    board = board_of(document)
    segments = list(board.segments)
    segment = segments[index]
    if segment.scan is None:
        raise ValueError(f"segment {segment.id} has no scan to calibrate")
    segments[index] = segment.model_copy(update={"scan_transform": tuple(transform)})
    changes: dict[str, Any] = {"segments": segments}
    if abs(size - board.grid.size) > 1e-9:
        changes["grid"] = SquareGrid(kind="square", size=size, origin=board.grid.origin)
    return SetBoardFields(document, f"Calibrate scan of {segment.id}", **changes)


# -- a mission's set-up ----------------------------------------------------------------
FACINGS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def mission_of(document: Document) -> Mission:
    model = document.model
    if not isinstance(model, Mission):
        raise TypeError(f"{document.display_name} is a {document.kind}, not a mission")
    return model


class SetUnits(QUndoCommand):
    """Replace a side's list of set-up pieces (a piece moved, turned, added or removed); the
    old list is kept for undo."""

    def __init__(self, document: Document, side: str, units: list[Placement], text: str):
        super().__init__(text)
        self.mission = mission_of(document)
        self.side = side
        self.old = getattr(self.mission.forces, side).units
        self.new = units

    def _set(self, units: list[Placement]) -> None:
        forces = self.mission.forces
        setattr(forces, self.side, getattr(forces, self.side).model_copy(update={"units": units}))

    def redo(self) -> None:
        self._set(self.new)

    def undo(self) -> None:
        self._set(self.old)


def set_placement(document: Document, side: str, index: int, text: str, **changes: Any) -> SetUnits:
    """Change one set-up piece (its square, its facing)."""
    units = list(getattr(mission_of(document).forces, side).units)
    units[index] = units[index].model_copy(update=changes)
    return SetUnits(document, side, units, text)


def add_piece(document: Document, side: str, piece: Placement) -> SetUnits:
    units = [*getattr(mission_of(document).forces, side).units, piece]
    return SetUnits(document, side, units, f"Add {piece.id} at {piece.square}")


def remove_piece(document: Document, side: str, index: int) -> SetUnits:
    """Take a piece out of the set-up; a side keeps one at least (the format asks for one)."""
    units = list(getattr(mission_of(document).forces, side).units)
    if len(units) <= 1:
        raise ValueError(f"{side} keeps one piece at least")
    gone = units.pop(index)
    return SetUnits(document, side, units, f"Remove {gone.id}")


def move_piece(document: Document, side: str, index: int, square: str) -> SetUnits:
    unit = getattr(mission_of(document).forces, side).units[index]
    return set_placement(document, side, index, f"Move {unit.id} to {square}", square=square)


def turn_piece(document: Document, side: str, index: int, steps: int = 1) -> SetUnits:
    """Turn a piece by 45° steps, clockwise for positive `steps`."""
    unit = getattr(mission_of(document).forces, side).units[index]
    facing = Compass(FACINGS[(FACINGS.index(unit.facing.value) + steps) % 8])
    return set_placement(document, side, index, f"Turn {unit.id} to {facing.value}", facing=facing)
