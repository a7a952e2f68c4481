"""What File > Open puts in the window: the opened document and, for a scenario, the
sheets, inserts and card libraries it uses (each resolved relative to the scenario)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model import CardLibrary, MapSheet, Scenario

from .document import Document
from .panels.outline import OutlineNode, Reference, cards_outline, scenario_outline, sheet_outline
from .ub.outline import is_ub, ub_outline


@dataclass
class SheetEntry:
    """A sheet the canvas can show: loaded as a document of its own, or why it could not."""

    path: Path
    document: Document | None
    error: str = ""

    @property
    def sheet(self) -> MapSheet | None:
        model = self.document.model if self.document else None
        return model if isinstance(model, MapSheet) else None

    @property
    def label(self) -> str:
        sheet = self.sheet
        if sheet is None:
            return f"{self.path.name} (unusable)"
        kind = "insert " if sheet.kind == "underground" else ""
        return f"{kind}{sheet.id} — {self.path.name}"


@dataclass
class Session:
    document: Document
    sheets: list[SheetEntry] = field(default_factory=list)
    libraries: list[Reference] = field(default_factory=list)
    #: a scenario's card libraries opened as documents of their own (edited in the Cards
    #: view, saved with the scenario, their unsaved text validated with it)
    library_documents: list[Document] = field(default_factory=list)
    #: entries of `sheets` from `map.underground`, after the surface sheets
    first_insert: int = 0
    #: libraries the scenario stopped using, kept with their history while the session
    #: lasts (an undo may bring them back), by path
    let_go: dict[Path, Document] = field(default_factory=dict)

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> Session:
        """Raises LoadError when the file itself is unusable; a scenario's broken
        references are kept as entries with their error (the validator reports them)."""
        document = Document.load(path, parent)
        return cls.around(document, parent)

    @classmethod
    def around(cls, document: Document, parent: QObject | None = None) -> Session:
        model = document.model
        if isinstance(model, MapSheet):
            return cls(document, [SheetEntry(document.path or Path(), document)], first_insert=1)
        # an untitled scenario (File > New scenario) names its files from the folder it
        # was made for, kept as its `base_dir`
        base = _base_dir(document)
        if not isinstance(model, Scenario) or base is None:
            return cls(document)
        sheets = [_sheet_entry(base / p.file, parent) for p in model.map.sheets]
        inserts = [_sheet_entry(base / u.file, parent) for u in model.map.underground]
        opened = [_library(base / rel, parent) for rel in model.cards]
        libraries = [ref for ref, _doc in opened]
        documents = [doc for _ref, doc in opened if doc is not None]
        return cls(document, sheets + inserts, libraries, documents, first_insert=len(sheets))

    def follow_cards(self, parent: QObject | None = None) -> tuple[list[Document], list[Document]] | None:
        """Match the libraries to the scenario's `cards` after an edit of that list (a library
        added, removed, or the edit undone): a library still listed keeps its document (and its
        unsaved card edits), an added one is opened, a removed one is let go unless it has
        unsaved edits (those are still saved with the scenario), kept in `let_go`. None when
        nothing changed, else the documents opened now and those let go."""
        model = self.document.model
        base = _base_dir(self.document)
        if not isinstance(model, Scenario) or base is None:
            return None
        wanted = [(base / rel).resolve() for rel in model.cards]
        if wanted == [r.path for r in self.libraries]:
            return None
        open_now = {d.path.resolve(): d for d in self.library_documents if d.path is not None}
        libraries: list[Reference] = []
        documents: list[Document] = []
        added: list[Document] = []
        for path in wanted:
            # a library let go earlier comes back with its history (the edit was undone)
            document = open_now.get(path) or self.let_go.pop(path, None)
            if document is None:
                ref, document = _library(path, parent)
                if document is not None:
                    added.append(document)
            else:
                ref = Reference(path, document.model)  # type: ignore[arg-type]
            libraries.append(ref)
            if document is not None and document not in documents:
                documents.append(document)
        dropped = [d for d in self.library_documents if d not in documents]
        documents += [d for d in dropped if d.is_dirty]
        removed = [d for d in dropped if not d.is_dirty]
        for document in removed:
            if document.path is not None:
                self.let_go[document.path.resolve()] = document
        self.libraries, self.library_documents = libraries, documents
        return added, removed

    def documents(self) -> list[Document]:
        """Every document open in the session, each once."""
        out = [self.document]
        out += [e.document for e in self.sheets if e.document is not None and e.document is not self.document]
        out += [d for d in self.library_documents if d not in out]
        return out

    def entry_index(self, path: Path | None) -> int | None:
        if path is None:
            return None
        path = path.resolve()
        for i, entry in enumerate(self.sheets):
            if entry.path.resolve() == path:
                return i
        return None

    def outline(self) -> OutlineNode:
        model = self.document.model
        if isinstance(model, MapSheet):
            return sheet_outline(model, self.document.path)
        if isinstance(model, CardLibrary):
            return cards_outline(model, self.document.path)
        if is_ub(model):  # Urban Battle's board, mission or unit charts (editor/ub/)
            return ub_outline(model, self.document.path)  # type: ignore[arg-type]
        assert isinstance(model, Scenario)

        def ref(entry: SheetEntry) -> Reference:
            return Reference(entry.path.resolve(), entry.sheet, entry.error)

        refs = [ref(e) for e in self.sheets]
        return scenario_outline(
            model, self.document.path, refs[: self.first_insert], refs[self.first_insert :], self.libraries
        )


def _base_dir(document: Document) -> Path | None:
    """Where a scenario's file references start: its folder, or for an untitled one the
    folder it was made for."""
    return document.path.parent if document.path is not None else getattr(document, "base_dir", None)


def _sheet_entry(path: Path, parent: QObject | None) -> SheetEntry:
    try:
        document = Document.load(path, parent)
    except LoadError as exc:
        first = exc.problems[0] if exc.problems else None
        return SheetEntry(path.resolve(), None, first.message if first else "unusable")
    if not isinstance(document.model, MapSheet):
        return SheetEntry(path.resolve(), None, f"a {document.kind}, not a sheet")
    return SheetEntry(path.resolve(), document)


def _library(path: Path, parent: QObject | None) -> tuple[Reference, Document | None]:
    """The outline's reference to a library and, when usable, its document (whose model
    the reference shares, so the outline shows unsaved card edits)."""
    try:
        loaded = load_document(path)
    except LoadError as exc:
        return Reference(path.resolve(), None, exc.problems[0].message if exc.problems else "unusable"), None
    if not isinstance(loaded.model, CardLibrary):
        error = "schema errors" if loaded.model is None else "not a card library"
        return Reference(path.resolve(), None, error), None
    document = Document(loaded.model, loaded.path, loaded.header, parent, loaded.source)
    return Reference(path.resolve(), loaded.model), document
