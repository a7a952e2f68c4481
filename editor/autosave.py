"""Autosave and recovery after a crash.

Every `interval` seconds each open document changed since its last autosave and not saved
is written (atomically, by the same writer as Save) to a sidecar: `<file>.autosave` next to
the file, or a file in the application's data folder for an untitled document. A clean
save, a discard or a clean close removes the sidecar, so one that survives means the editor
did not close normally: opening that file again offers to recover it, and an untitled one
is offered when the editor next starts without a file.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStandardPaths, QTimer
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QMessageBox

from engine.io.files import load_document, save_document
from engine.io.problems import LoadError
from engine.model import Document as Model

from .document import Document

if TYPE_CHECKING:
    from .main_window import MainWindow
    from .session import Session

SUFFIX = ".autosave"
DEFAULT_SECONDS = 60
SETTINGS_KEY = "autosave/seconds"
_untitled_numbers = itertools.count(1)


def untitled_folder() -> Path:
    """Where untitled documents are autosaved (they have no folder of their own)."""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(base or Path.home() / ".uo-studio") / "autosave"


#: untitled-<kind>-<date>-<time>-<pid>-<n>.yaml.autosave
_UNTITLED = re.compile(r"^untitled-.+-\d{8}-\d{6}-(\d+)-\d+\.yaml" + re.escape(SUFFIX) + "$")


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def untitled_orphans() -> list[Path]:
    """Untitled autosaves whose editor is no longer running (it crashed), newest first."""
    folder = untitled_folder()
    found = []
    for path in folder.glob(f"untitled-*{SUFFIX}") if folder.is_dir() else []:
        match = _UNTITLED.match(path.name)
        if match is None:
            continue
        pid = int(match.group(1))
        if pid == os.getpid() or _running(pid):
            continue  # another editor's work in progress
        found.append(path)
    return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)


def _when(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")


def sidecar(path: Path) -> Path:
    return path.with_name(path.name + SUFFIX)


class RecoverAutosave(QUndoCommand):
    """Replace the document's model by the autosaved one: the recovered changes are unsaved
    (the file is dirty) and undoing gets the saved file back."""

    def __init__(self, document: Document, model: Model):
        super().__init__("Recover autosaved changes")
        self.document = document
        self.old = document.model
        self.new = model

    def redo(self) -> None:
        self.document.model = self.new

    def undo(self) -> None:
        self.document.model = self.old


class Autosave(QObject):
    def __init__(self, window: MainWindow, seconds: int | None = None):
        super().__init__(window)
        self.window = window
        if seconds is None:
            seconds = int(window.settings.value(SETTINGS_KEY, DEFAULT_SECONDS) or DEFAULT_SECONDS)
        self.timer = QTimer(self)
        self.timer.setInterval(max(1, seconds) * 1000)
        self.timer.timeout.connect(self.tick)
        self.timer.start()
        #: documents changed since their last autosave
        self._pending: set[Document] = set()
        #: sidecar of each document, once written (untitled documents get a fresh name)
        self._written: dict[Document, Path] = {}

    # -- following the session -----------------------------------------------------------
    def watch(self, session: Session, old: Session | None) -> None:
        """The window opened `session`, dropping `old` (saved or discarded by then)."""
        if old is not None:
            for document in old.documents():
                self.discard(document)
        for document in session.documents():
            # bound methods of a lambda-free helper: Qt drops them with the document
            document.changed.connect(self._on_changed)
            document.dirty_changed.connect(self._on_dirty_changed)

    def _on_changed(self) -> None:
        document = self.sender()
        if isinstance(document, Document):
            self._pending.add(document)

    def _on_dirty_changed(self, dirty: bool) -> None:
        document = self.sender()
        if isinstance(document, Document) and not dirty:
            # saved (or undone back to the saved state): the file itself is the latest
            self.discard(document)

    # -- writing -------------------------------------------------------------------------
    def path_for(self, document: Document) -> Path:
        if document in self._written:
            return self._written[document]
        if document.path is not None:
            return sidecar(document.path)
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        name = f"untitled-{document.kind.replace(' ', '-')}-{stamp}-{os.getpid()}-{next(_untitled_numbers)}"
        return untitled_folder() / f"{name}.yaml{SUFFIX}"

    def tick(self) -> list[Path]:
        """Write every changed, unsaved document; return the sidecars written."""
        written = []
        session = self.window.session
        for document in session.documents() if session else []:
            if document not in self._pending or not document.is_dirty:
                continue
            path = self.path_for(document)
            if document.path is not None and path.parent != document.path.parent:
                # saved under a name at last: the untitled sidecar is stale
                self.discard(document)
                path = self.path_for(document)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                save_document(document.model, path, document.header)
            except OSError as exc:
                self.window.statusBar().showMessage(f"Autosave failed: {path}: {exc.strerror}", 8000)
                continue
            self._written[document] = path
            self._pending.discard(document)
            written.append(path)
        return written

    def discard(self, document: Document) -> None:
        """Remove the sidecar this editor wrote for `document` (never another's)."""
        self._pending.discard(document)
        path = self._written.pop(document, None)
        if path is not None:
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def discard_all(self) -> None:
        for document in list(self._written):
            self.discard(document)
        self._pending.clear()

    # -- recovering ----------------------------------------------------------------------
    def offer_recovery(self) -> int:
        """Ask, for each file of the session with a sidecar newer than itself, whether to
        recover it; return how many were recovered. A declined sidecar is deleted."""
        session = self.window.session
        recovered = 0
        for document in session.documents() if session else []:
            if document.path is None:
                continue
            path = sidecar(document.path)
            try:
                newer = path.stat().st_mtime > document.path.stat().st_mtime
            except OSError:
                continue
            if not newer:
                continue
            when = _when(path)
            if not self._ask(
                path,
                "Recover unsaved changes",
                f"{document.path.name} has changes autosaved at {when} that were never saved"
                " (the editor did not close normally).\n\nRecover them?",
            ):
                continue
            if self.recover(document, path):
                recovered += 1
        return recovered

    def _ask(self, path: Path, title: str, question: str) -> bool:
        """Ask whether to recover `path`; a declined autosave is deleted."""
        answer = QMessageBox.question(
            self.window,
            title,
            question,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes,
        )
        if answer == QMessageBox.StandardButton.Yes:
            return True
        with contextlib.suppress(OSError):
            path.unlink()
        return False

    def offer_untitled_recovery(self) -> bool:
        """At start-up without a file: offer the newest untitled document an editor left
        autosaved when it crashed. Recovered, it opens untitled and unsaved; declined, its
        autosave is deleted. Others wait for the next start."""
        for path in untitled_orphans():
            try:
                loaded = load_document(path)
            except LoadError:
                continue  # a sidecar we cannot read is left for the user to inspect
            if loaded.model is None:
                continue
            when = _when(path)
            kind = Document(loaded.model).kind
            if not self._ask(
                path,
                "Recover unsaved work",
                f"An untitled {kind} was autosaved at {when} by an editor that did not close"
                " normally.\n\nRecover it?",
            ):
                continue
            from .session import Session

            document = Document(loaded.model, parent=self.window)
            self.window.set_session(Session.around(document))
            document.undo_stack.resetClean()  # never saved: dirty until Save As
            self._written[document] = path  # ours now: removed on save or a clean close
            self.window.statusBar().showMessage(f"Recovered an untitled {kind} autosaved at {when}", 8000)
            return True
        return False

    def recover(self, document: Document, path: Path) -> bool:
        try:
            loaded = load_document(path)
        except LoadError as exc:
            problem = exc.problems[0].format() if exc.problems else "unusable"
            self.window.statusBar().showMessage(f"Cannot recover {path.name}: {problem}", 8000)
            return False
        if loaded.model is None or type(loaded.model) is not type(document.model):
            self.window.statusBar().showMessage(
                f"Cannot recover {path.name}: not the same kind of file", 8000
            )
            return False
        document.undo_stack.push(RecoverAutosave(document, loaded.model))
        # the sidecar now stands for this session's unsaved changes: ours to remove
        self._written[document] = path
        self.window.statusBar().showMessage(f"Recovered the autosaved changes of {document.path}", 8000)
        return True
