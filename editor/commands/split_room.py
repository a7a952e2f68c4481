"""Splitting a room (or a zone) with a zone limit: new zones and the zone-limit wall in
one undo entry (a macro of two commands)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from .add_remove import AddObjects
from .change_values import ChangeValues

if TYPE_CHECKING:
    from ..document import Document


class SplitRoom(QUndoCommand):
    def __init__(
        self,
        document: Document,
        text: str,
        zones_pointer: str,
        old_zones: list[Any],
        new_zones: list[Any],
        wall_pointer: str,
        wall: Any,
    ):
        super().__init__(text)
        # held in Python rather than as Qt children: a child's Python half (its redo and
        # undo) must live as long as the parent, which Qt ownership does not promise
        self.parts: list[QUndoCommand] = [
            ChangeValues(document, "zones", [(zones_pointer, old_zones, new_zones)]),
            AddObjects(document, "zone limit", [(wall_pointer, wall)]),
        ]

    def redo(self) -> None:
        for part in self.parts:
            part.redo()

    def undo(self) -> None:
        for part in reversed(self.parts):
            part.undo()
