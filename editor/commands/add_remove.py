"""Adding and removing objects in the model's lists (Tiled's addremovemapobject)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from . import pointers

if TYPE_CHECKING:
    from ..document import Document


def _order(pointer: str) -> tuple[tuple[int, Any], ...]:
    # numeric tokens compare as numbers, so /walls/10 comes after /walls/9
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in pointer.split("/")[1:])


class AddObjects(QUndoCommand):
    """Insert objects at list positions (pointers ending in the index they will have)."""

    def __init__(
        self,
        document: Document,
        text: str,
        items: list[tuple[str, Any]],
        parent: QUndoCommand | None = None,
    ):
        super().__init__(text, parent)
        self.document = document
        # inserting in ascending order leaves every earlier index valid
        self.items = sorted(((p, pointers.copy(o)) for p, o in items), key=lambda po: _order(po[0]))

    def redo(self) -> None:
        for pointer, obj in self.items:
            pointers.insert(self.document.model, pointer, pointers.copy(obj))

    def undo(self) -> None:
        for pointer, _obj in reversed(self.items):
            pointers.remove(self.document.model, pointer)

    def pointers(self) -> list[str]:
        return [p for p, _o in self.items]


class RemoveObjects(QUndoCommand):
    """Remove objects from their lists; undo puts each back where it was."""

    def __init__(self, document: Document, text: str, targets: list[str], parent: QUndoCommand | None = None):
        super().__init__(text, parent)
        self.document = document
        # an object removed with its container is not removed twice
        kept = [p for p in targets if not any(q != p and pointers.is_within(p, q) for q in targets)]
        self.items = sorted(
            ((p, pointers.copy(pointers.get(document.model, p))) for p in set(kept)),
            key=lambda po: _order(po[0]),
        )

    def redo(self) -> None:
        # from the end backwards, so removing one object does not shift the next
        for pointer, _obj in reversed(self.items):
            pointers.remove(self.document.model, pointer)

    def undo(self) -> None:
        for pointer, obj in self.items:
            pointers.insert(self.document.model, pointer, pointers.copy(obj))
