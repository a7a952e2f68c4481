"""An open file: its model, its undo stack and one `changed` signal (Tiled's Document).

Edits reach the model only through QUndoCommands pushed on `undo_stack`; a command calls
`notify_changed()` after touching the model so views redraw from it. Dirty state is the
undo stack's clean state, so undoing back to the saved state makes the file clean again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from engine.io.files import Loaded, load_document, save_document
from engine.io.problems import LoadError
from engine.model import CardLibrary, MapSheet, Scenario
from engine.model import Document as Model


class Document(QObject):
    changed = Signal()
    dirty_changed = Signal(bool)
    path_changed = Signal()

    def __init__(
        self, model: Model, path: Path | None = None, header: str = "", parent: QObject | None = None
    ):
        super().__init__(parent)
        self.model: Model = model
        self.path: Path | None = path.resolve() if path else None
        self.header = header  # leading comment lines of the file, written back on save
        self.undo_stack = QUndoStack(self)
        # bound methods, not lambdas: Qt drops the connections when the document goes
        self.undo_stack.cleanChanged.connect(self._on_clean_changed)
        self.undo_stack.indexChanged.connect(self._on_index_changed)

    @classmethod
    def load(cls, path: Path | str, parent: QObject | None = None) -> Document:
        """Open a file. Raises LoadError when it is unusable or has schema errors: the editor
        only works on models that exist (problems say where to fix the file)."""
        loaded: Loaded = load_document(path)
        if loaded.model is None:
            raise LoadError(loaded.problems)
        return cls(loaded.model, loaded.path, loaded.header, parent)

    def _on_clean_changed(self, clean: bool) -> None:
        self.dirty_changed.emit(not clean)

    def _on_index_changed(self, _index: int) -> None:
        # undo and redo change the model as much as a new command does
        self.changed.emit()

    # -- state ---------------------------------------------------------------------------
    @property
    def is_dirty(self) -> bool:
        return not self.undo_stack.isClean()

    @property
    def display_name(self) -> str:
        return self.path.name if self.path else f"untitled {self.kind}"

    @property
    def kind(self) -> str:
        if isinstance(self.model, MapSheet):
            return "insert" if self.model.kind == "underground" else "sheet"
        if isinstance(self.model, Scenario):
            return "scenario"
        assert isinstance(self.model, CardLibrary)
        return "card library"

    def notify_changed(self) -> None:
        """Commands call this after changing the model outside an undo/redo step."""
        self.changed.emit()

    # -- saving --------------------------------------------------------------------------
    def save(self, path: Path | str | None = None) -> None:
        """Write the model (atomically) and mark the current state as saved."""
        target = Path(path).resolve() if path is not None else self.path
        if target is None:
            raise ValueError("document has no file yet: give a path")
        save_document(self.model, target, self.header)
        if target != self.path:
            self.path = target
            self.path_changed.emit()
        self.undo_stack.setClean()
