"""What the last change of a document touched, read from the undo commands that made it:
the commands name the model values they change by JSON pointer (editor/commands), so the
canvas rebuilds the items of those objects only."""

from __future__ import annotations

import dataclasses
import weakref
from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from ..commands import AddObjects, RemoveObjects, SplitRoom
from .sheet_items import Changes

if TYPE_CHECKING:
    from ..document import Document

#: Commands that insert into or remove from the model's lists, shifting later indices
STRUCTURAL = (AddObjects, RemoveObjects, SplitRoom)


def command_pointers(command: QUndoCommand) -> list[str] | None:
    """The pointers a command changes (its parts' too); None when it does not say."""
    if isinstance(command, RemoveObjects):
        return [p for p, _o in command.items]
    if isinstance(command, SplitRoom):
        out: list[str] = []
        for part in command.parts:
            pointers = command_pointers(part)
            if pointers is None:
                return None
            out.extend(pointers)
        return out
    named = getattr(command, "pointers", None)
    if callable(named):
        return list(named())
    if command.childCount():
        out = []
        for i in range(command.childCount()):
            child = command.child(i)
            pointers = command_pointers(child) if child is not None else None
            if pointers is None:
                return None
            out.extend(pointers)
        return out
    return None


def _structural(command: QUndoCommand) -> bool:
    if isinstance(command, STRUCTURAL):
        return True
    children = (command.child(i) for i in range(command.childCount()))
    return any(c is None or _structural(c) for c in children)


class ChangeTracker:
    """Remembers each document's undo index, to tell which commands the next change
    applied (pushed, undone or redone: between the index seen last and the new one)."""

    def __init__(self) -> None:
        self._seen: weakref.WeakKeyDictionary[Document, int] = weakref.WeakKeyDictionary()

    def watch(self, document: Document) -> None:
        self._seen[document] = document.undo_stack.index()

    def changes(self, document: Document) -> Changes | None:
        """What changed since the document was last seen; None when it cannot be told
        (redraw everything)."""
        stack = document.undo_stack
        new = stack.index()
        old = self._seen.get(document)
        self._seen[document] = new
        if old is None:
            return None
        if old == new:
            # a command merged into the one on top (a drag's next step)
            first, last = new - 1, new
        else:
            first, last = min(old, new), max(old, new)
        if first < 0 or last > stack.count():
            return None
        commands = [stack.command(i) for i in range(first, last)]
        if any(c is None for c in commands):
            return None
        # several commands at once (the History view): pointers of one are indices in the
        # model as it was around that one, which a list insertion of another shifts
        if len(commands) > 1 and any(_structural(c) for c in commands):
            return None
        pointers: list[str] = []
        for command in commands:
            named = command_pointers(command)
            if named is None:
                return None
            pointers.extend(named)
        changes = Changes.of(pointers)
        if changes is None:
            return None
        return dataclasses.replace(changes, structural=any(_structural(c) for c in commands))
