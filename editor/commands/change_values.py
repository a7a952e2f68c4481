"""The base of every command: values at JSON pointers, each with its old and new value."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from . import pointers

if TYPE_CHECKING:
    from ..document import Document

Change = tuple[str, Any, Any]


class ChangeValues(QUndoCommand):
    """Set each pointer to its new value on redo, back to its old value on undo.

    A command with a `merge_key` merges with the next command of the same class and key
    (one drag, one brush stroke): the first old value and the last new value of each
    pointer survive, so the merged entry undoes the whole gesture at once.
    """

    #: QUndoCommand ids of mergeable subclasses; -1 never merges
    MERGE_ID = -1

    def __init__(
        self,
        document: Document,
        text: str,
        changes: list[Change],
        merge_key: Hashable | None = None,
        parent: QUndoCommand | None = None,
    ):
        super().__init__(text, parent)
        self.document = document
        self.changes = [(p, pointers.copy(old), pointers.copy(new)) for p, old, new in changes]
        self.merge_key = merge_key

    @property
    def model(self) -> Any:
        return self.document.model

    def redo(self) -> None:
        for pointer, _old, new in self.changes:
            pointers.set_value(self.model, pointer, pointers.copy(new))

    def undo(self) -> None:
        for pointer, old, _new in reversed(self.changes):
            pointers.set_value(self.model, pointer, pointers.copy(old))

    def id(self) -> int:
        return self.MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if type(other) is not type(self) or self.merge_key is None:
            return False
        assert isinstance(other, ChangeValues)
        if other.merge_key != self.merge_key:
            return False
        index = {p: i for i, (p, _o, _n) in enumerate(self.changes)}
        for pointer, old, new in other.changes:
            if pointer in index:
                i = index[pointer]
                self.changes[i] = (pointer, self.changes[i][1], new)
            else:
                index[pointer] = len(self.changes)
                self.changes.append((pointer, old, new))
        if other.text():
            self.setText(other.text())
        return True

    def pointers(self) -> list[str]:
        return [p for p, _o, _n in self.changes]
