"""An open file: its model, its undo stack and one `changed` signal (Tiled's Document).

Edits reach the model only through QUndoCommands pushed on `undo_stack`; a command calls
`notify_changed()` after touching the model so views redraw from it. Dirty state is the
undo stack's clean state, so undoing back to the saved state makes the file clean again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from engine.io.files import JSON_SUFFIXES, Loaded, dumps, load_document, save_document
from engine.io.problems import LoadError
from engine.io.reading import MAX_BYTES, ReadRefused, read_regular
from engine.io.roundtrip import Source, digest_of
from engine.model import CardLibrary, MapSheet, Scenario
from engine.model import Document as Model


class Document(QObject):
    changed = Signal()
    dirty_changed = Signal(bool)
    path_changed = Signal()

    def __init__(
        self,
        model: Model,
        path: Path | None = None,
        header: str = "",
        parent: QObject | None = None,
        source: Source | None = None,
    ):
        super().__init__(parent)
        self.model: Model = model
        self.path: Path | None = path.resolve() if path else None
        self.header = header  # leading comment lines of the file, for a save without `source`
        #: the file's text as read or last saved, with the model state it holds: Save writes
        #: only the edits into it (comments, layout, line endings kept); None for a new file
        self.source = source
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
        return cls(loaded.model, loaded.path, loaded.header, parent, loaded.source)

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
        if isinstance(self.model, CardLibrary):
            return "card library"
        # Urban Battle's files (editor/ub/) and any other format: named by their format tag
        return {"ub-board/1": "board", "ub-mission/1": "mission", "ub-units/1": "unit charts"}.get(
            self.model.format, self.model.format
        )

    def notify_changed(self) -> None:
        """Commands call this after changing the model outside an undo/redo step."""
        self.changed.emit()

    # -- saving --------------------------------------------------------------------------
    def text(self) -> str:
        """The text Save would write now (lines end in "\n"; the file's own line endings
        and BOM are restored when writing)."""
        suffix = self.path.suffix if self.path else ".yaml"
        return dumps(self.model, suffix, self.header, self._source_for(self.path))

    def _source_for(self, target: Path | None) -> Source | None:
        # Save As keeps the text's comments when the format stays (YAML to YAML, JSON to JSON)
        if self.source is None or target is None:
            return None
        return self.source if self.source.json == (target.suffix.lower() in JSON_SUFFIXES) else None

    def save(self, path: Path | str | None = None) -> None:
        """Write the model (atomically) and mark the current state as saved. Raises OSError
        (engine.io.files.SaveError, naming the file) and leaves the document dirty if the
        file cannot be written."""
        target = Path(path).resolve() if path is not None else self.path
        if target is None:
            raise ValueError("document has no file yet: give a path")
        self.source = save_document(self.model, target, self.header, self._source_for(target))
        if target != self.path:
            self.path = target
            self.path_changed.emit()
        self.undo_stack.setClean()

    # -- the file on disk ----------------------------------------------------------------
    def changed_on_disk(self) -> bool:
        """Whether the file's bytes differ from those read or last saved (edited elsewhere,
        replaced or deleted since)."""
        if self.path is None or self.source is None or not self.source.digest:
            return False
        try:
            raw = read_regular(self.path, MAX_BYTES)
        except ReadRefused:
            return True
        return digest_of(raw) != self.source.digest
