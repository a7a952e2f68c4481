"""A mission's set-up on its board: pieces moved, turned, added (Board > Add piece) and
removed (Board > Remove piece), each one undo step. Part of `UbUi` (editor/ub/ui.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.model.ub_mission import Mission

from .commands import add_piece, move_piece, remove_piece, turn_piece
from .layout import Spot
from .outline import effectiveness_of

if TYPE_CHECKING:
    from ..document import Document
    from ..main_window import MainWindow
    from .piece_dialog import PieceDialog
    from .scene import UbScene


class SetupMixin:
    window: MainWindow
    document: Document | None
    scene: UbScene
    piece_dialog: PieceDialog | None

    if TYPE_CHECKING:

        def select(self, spots: list[Spot]) -> None: ...

    # -- a mission's set-up ----------------------------------------------------------
    def _piece_at(self, spot: Spot) -> tuple[str, int] | None:
        """The mission's piece set up on a square: (side, index)."""
        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None or not isinstance(doc.model, Mission):
            return None
        name = layout.name(spot)
        for side in ("green", "red"):
            for i, unit in enumerate(getattr(doc.model.forces, side).units):
                if unit.square == name:
                    return side, i
        return None

    def move_piece(self, side: str, index: int, target: Spot) -> bool:
        """Drop a mission's piece on another square (not on another piece)."""
        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None or not isinstance(doc.model, Mission):
            return False
        unit = getattr(doc.model.forces, side).units[index]
        name = layout.name(target)
        if name == unit.square:
            return False
        other = self._piece_at(target)
        if other is not None:
            taken = getattr(doc.model.forces, other[0]).units[other[1]].id
            self.window.statusBar().showMessage(f"{name} already holds {taken}", 4000)
            return False
        doc.undo_stack.push(move_piece(doc, side, index, name))
        self.select([target])
        return True

    def turn_piece(self, side: str, index: int, steps: int = 1) -> None:
        """Right click on a piece: it turns 45° clockwise."""
        doc = self.document
        if doc is not None and isinstance(doc.model, Mission):
            doc.undo_stack.push(turn_piece(doc, side, index, steps))

    def selected_piece(self) -> tuple[str, int] | None:
        """The piece on the one selected square (a click on it selects it)."""
        selected = self.scene.selected
        return self._piece_at(selected[0]) if len(selected) == 1 else None

    def add_piece_dialog(self) -> PieceDialog | None:
        """Set up a new piece, on the selected square when it is free."""
        from .piece_dialog import PieceDialog  # loads when first wanted

        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None or not isinstance(doc.model, Mission):
            return None
        selected = self.scene.selected
        square = (
            layout.name(selected[0]) if len(selected) == 1 and self._piece_at(selected[0]) is None else ""
        )
        points = effectiveness_of(doc.model, doc.path)
        dialog = PieceDialog(doc.model, layout, points, square, parent=self.window)
        dialog.accepted.connect(lambda: self._add_piece(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.piece_dialog = dialog
        dialog.open()
        return dialog

    def _add_piece(self, dialog: PieceDialog) -> None:
        doc, piece = self.document, dialog.piece
        if doc is None or piece is None or not isinstance(doc.model, Mission):
            return
        doc.undo_stack.push(add_piece(doc, dialog.side.currentText(), piece))
        spot = self.scene.layout.spot_named(piece.square) if self.scene.layout is not None else None
        if spot is not None:
            self.select([spot])

    def remove_selected_piece(self) -> bool:
        doc, piece = self.document, self.selected_piece()
        if doc is None or piece is None:
            self.window.statusBar().showMessage(
                "Click a piece first: Remove piece takes it off the board", 4000
            )
            return False
        try:
            command = remove_piece(doc, *piece)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc), 4000)
            return False
        doc.undo_stack.push(command)
        return True
