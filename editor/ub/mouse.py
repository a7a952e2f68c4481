"""The mouse on a square board's canvas: the terrain brush (click and drag paints, one undo
step a stroke; Shift-drag a rectangle; a right click turns a narrow passage) and, on a
mission, its set-up pieces (dragged to another square, turned by a right click: editor/ub/
setup.py). Part of `UbUi` (editor/ub/ui.py)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt

from engine.model.square_board import SquareBoard, SquareTerrain

from ..document import Document
from .commands import PaintSquares, board_of
from .layout import Spot

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QComboBox

    from ..main_window import MainWindow
    from .scene import UbScene

#: the brushes of the Terrain tool bar, in its order, with their key and name
BRUSHES: list[tuple[SquareTerrain, str, str]] = [
    (SquareTerrain.open, "1", "Open ground"),
    (SquareTerrain.building, "2", "Building"),
    (SquareTerrain.low, "3", "Low obstacle (white border)"),
    (SquareTerrain.water, "4", "Water (white dot)"),
    (SquareTerrain.deep, "5", "Water marked x (amphibious only)"),
    (SquareTerrain.bridge, "6", "Bridge"),
    (SquareTerrain.passage_ns, "7", "Narrow passage north-south"),
    (SquareTerrain.passage_ew, "8", "Narrow passage east-west"),
]
TURNED = {
    SquareTerrain.passage_ns.value: SquareTerrain.passage_ew.value,
    SquareTerrain.passage_ew.value: SquareTerrain.passage_ns.value,
}


class MouseMixin:
    window: MainWindow
    document: Document | None
    scene: UbScene
    segment_box: QComboBox
    brush_actions: dict[SquareTerrain, QAction]
    terrain: SquareTerrain
    _strokes: itertools.count[int]
    _stroke: int
    _last: QPointF | None
    _moving: tuple[str, int] | None
    _rect_from: Spot | None

    if TYPE_CHECKING:

        def _refresh_actions(self) -> None: ...
        def select(self, spots: list[Spot]) -> None: ...
        def _say_square(self, spot: Spot) -> None: ...
        def _piece_at(self, spot: Spot) -> tuple[str, int] | None: ...
        def move_piece(self, side: str, index: int, target: Spot) -> bool: ...
        def turn_piece(self, side: str, index: int, steps: int = 1) -> None: ...

    # -- the brush -------------------------------------------------------------------
    def set_terrain(self, terrain: SquareTerrain) -> None:
        self.terrain = terrain
        self.brush_actions[terrain].setChecked(True)
        self.window.statusBar().showMessage(f"Brush: {dict((t, n) for t, _k, n in BRUSHES)[terrain]}", 3000)

    def _editable_doc(self) -> Document | None:
        doc = self.document
        return doc if doc is not None and isinstance(doc.model, SquareBoard) else None

    def _on_pressed(self, pos: QPointF, button: object, shift: bool = False) -> None:
        spot = self.scene.spot_at(pos.x(), pos.y())
        if spot is not None:
            self.segment_box.setCurrentIndex(spot[0])
            self._refresh_actions()
        doc = self._editable_doc()
        piece = self._piece_at(spot) if spot is not None else None
        if button == Qt.MouseButton.RightButton:
            if doc is not None and spot is not None:
                self.turn_passage(spot)
            elif piece is not None:
                self.turn_piece(*piece)
            return
        if doc is None:
            if spot is not None:
                self.select([spot])
                self._say_square(spot)
            # a mission's piece is dragged to its new square (dropped on release)
            self._moving = piece
            self._last = pos
            return
        self._stroke = next(self._strokes)
        self._last = pos
        if shift:
            # Shift-drag: the rectangle of squares from here to the release, painted then
            self._rect_from = spot
            if spot is None:
                self._stroke = 0  # from off the board: no rectangle, no stroke either
            else:
                self.select([spot])
        elif spot is not None:
            self.paint([spot])

    def rectangle(self, a: Spot, b: Spot) -> list[Spot]:
        """The squares of the rectangle with corners a and b (board columns, across segments)."""
        layout = self.scene.layout
        if layout is None:
            return []
        (c0, c1), (r0, r1) = sorted((layout.board_col(a), layout.board_col(b))), sorted((a[2], b[2]))
        spots = (layout.spot_of(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
        return [s for s in spots if s is not None]

    def _on_dragged(self, pos: QPointF) -> None:
        if self._moving is not None:
            self._last = pos
            return
        if self._rect_from is not None:
            self._last = pos
            spot = self.scene.spot_at(pos.x(), pos.y())
            if spot is not None:
                self.select(self.rectangle(self._rect_from, spot))  # the preview
            return
        if self._stroke == 0 or self._editable_doc() is None or self.scene.layout is None:
            return
        # every square the pointer crossed since the last event: a fast drag skips none
        last = self._last or pos
        step = self.scene.layout.size / 4
        n = max(1, int(max(abs(pos.x() - last.x()), abs(pos.y() - last.y())) / step))
        spots: list[Spot] = []
        for k in range(1, n + 1):
            t = k / n
            spot = self.scene.spot_at(
                last.x() + (pos.x() - last.x()) * t, last.y() + (pos.y() - last.y()) * t
            )
            if spot is not None and spot not in spots:
                spots.append(spot)
        self._last = pos
        if spots:
            self.paint(spots)

    def _on_released(self) -> None:
        moving, last, corner = self._moving, self._last, self._rect_from
        self._last = None
        self._moving = None
        self._rect_from = None
        if corner is not None and last is not None:
            end = self.scene.spot_at(last.x(), last.y()) or corner
            self.select([])
            self.paint(self.rectangle(corner, end))
        self._stroke = 0
        if moving is not None and last is not None:
            target = self.scene.spot_at(last.x(), last.y())
            if target is not None:
                self.move_piece(*moving, target)

    def paint(self, spots: list[Spot], letter: str | None = None) -> bool:
        """Paint squares with the brush's terrain (or `letter`), merged into the stroke's
        one undo step. False when nothing changed."""
        doc = self._editable_doc()
        if doc is None:
            return False
        value = letter or self.terrain.value
        command = PaintSquares(doc, {s: value for s in spots}, self._stroke or next(self._strokes))
        if command.empty:
            return False
        doc.undo_stack.push(command)
        return True

    def turn_passage(self, spot: Spot) -> bool:
        """Right click: a narrow passage turns to the other direction (its arrow)."""
        doc = self._editable_doc()
        if doc is None:
            return False
        board = board_of(doc)
        s, col, row = spot
        line = board.segments[s].rows[row]
        letter = line[col] if col < len(line) else ""
        if letter not in TURNED:
            self.window.statusBar().showMessage(
                "Right click turns a narrow passage: this square is none", 4000
            )
            return False
        command = PaintSquares(doc, {spot: TURNED[letter]}, next(self._strokes), "Turn narrow passage")
        doc.undo_stack.push(command)
        return True
