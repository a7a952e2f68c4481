"""Autosave and recovery after a crash.

Every `interval` seconds each open document changed since its last autosave and not saved
is written (atomically, by the same writer as Save) to a sidecar: `<file>.autosave` next to
the file, or a file in the application's data folder for an untitled document. A clean
save, a discard or a clean close removes the sidecar, so one that survives means the editor
did not close normally: opening that file again offers to recover it, and an untitled one
is offered when the editor next starts without a file.

Each autosave ends in a marker line naming the editor that wrote it (host, process id and
window) and the SHA-256 of everything before it. The marker is the lock: a sidecar whose
editor is still running is another editor's work in progress, never offered nor deleted
here; one whose process is gone is left by a crash. A sidecar without a whole, matching
marker (cut short, damaged) is refused, said so, and renamed aside - never recovered as if
complete, never offered again, never deleted.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import re
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QStandardPaths, QTimer
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QMessageBox

from engine.io.files import Loaded, dumps, load_document, write_bytes_atomic
from engine.io.problems import LoadError
from engine.io.reading import ReadRefused, read_regular
from engine.io.tempfiles import remove_stray_temps
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


MARKER = "# uo-autosave "
#: windows of this process whose Autosave is running (several windows may share a process)
_LIVE: set[str] = set()


@dataclass(frozen=True)
class Owner:
    """The editor that wrote an autosave: host, process and window."""

    host: str
    pid: int
    window: str

    def is_running(self) -> bool:
        """Whether that editor may still be at work: a process of this host that is still
        there (in this process, a window not closed yet). Another host's cannot be checked
        from here and counts as running: its autosave is not ours to take."""
        if self.host != socket.gethostname():
            return True
        if self.pid == os.getpid():
            return self.window in _LIVE
        return _running(self.pid)

    def describe(self) -> str:
        return f"process {self.pid} on {self.host}"


class DamagedAutosave(Exception):
    """An autosave that is cut short or altered; the message says how."""


def with_marker(text: str, owner: Owner) -> bytes:
    """The autosave's bytes: the document's text, then the marker line naming its writer
    and the SHA-256 of the text (UnicodeEncodeError if the text cannot be UTF-8)."""
    body = text.encode("utf-8")
    if not body.endswith(b"\n"):
        body += b"\n"
    stamp = {
        "host": owner.host,
        "pid": owner.pid,
        "window": owner.window,
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    return body + (MARKER + json.dumps(stamp, sort_keys=True) + "\n").encode("utf-8")


def split_marker(raw: bytes) -> tuple[str, Owner]:
    """The document text and the writer of an autosave; DamagedAutosave if its marker is
    missing (cut short) or does not match what precedes it (damaged)."""
    head, _, last = raw.rstrip(b"\n").rpartition(b"\n")
    if not last.startswith(MARKER.encode()):
        raise DamagedAutosave(f"it has no end marker: it was cut short ({len(raw):,} bytes)")
    try:
        stamp = json.loads(last[len(MARKER) :].decode("utf-8"))
        owner = Owner(str(stamp["host"]), int(stamp["pid"]), str(stamp["window"]))
        digest = str(stamp["sha256"])
    except (ValueError, KeyError, TypeError) as exc:
        raise DamagedAutosave("its end marker is unreadable") from exc
    body = head + b"\n"
    if hashlib.sha256(body).hexdigest() != digest:
        raise DamagedAutosave("its content does not match its checksum: it is damaged")
    try:
        return body.decode("utf-8"), owner
    except UnicodeDecodeError as exc:  # cannot happen with a matching checksum, unless forged
        raise DamagedAutosave("it is not UTF-8 text") from exc


def read_autosave(path: Path) -> tuple[str, Owner]:
    """Text and writer of the autosave at `path`; DamagedAutosave when it cannot be used,
    saying why (FileNotFoundError when it is not there)."""
    try:
        raw = read_regular(path)
    except ReadRefused as exc:
        if not path.exists():
            raise FileNotFoundError(str(path)) from None
        raise DamagedAutosave(str(exc)) from None
    return split_marker(raw)


def quarantine(path: Path) -> Path | None:
    """Rename a damaged autosave aside so it is not offered again, nor lost: the user may
    still want to look into it. The new path, or None if it could not be renamed."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    try:
        path.rename(target)
    except OSError:
        return None
    return target


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
        #: who this editor is in the markers it writes
        self.owner = Owner(socket.gethostname(), os.getpid(), uuid.uuid4().hex)
        _LIVE.add(self.owner.window)
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
        #: what the last offer of recovery has to say beside "Opened ..."
        self.notices: list[str] = []

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

    def other_writer(self, path: Path) -> Owner | None:
        """The running editor (not this one) whose autosave `path` is, if any."""
        try:
            _text, owner = read_autosave(path)
        except (FileNotFoundError, DamagedAutosave):
            return None
        if owner == self.owner or not owner.is_running():
            return None
        return owner

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
            other = self.other_writer(path) if document not in self._written else None
            if other is not None:
                # the same file is open in another editor that autosaves it: its autosave is
                # that editor's unsaved work, not ours to overwrite
                self.window.statusBar().showMessage(
                    f"Not autosaved: {path.name} belongs to another editor ({other.describe()})", 8000
                )
                continue
            try:
                raw = with_marker(dumps(document.model, ".yaml", document.header), self.owner)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_bytes_atomic(path, raw)
            except UnicodeEncodeError as exc:
                self.window.statusBar().showMessage(f"Autosave failed: {path}: {exc.reason}", 8000)
                continue
            except OSError as exc:
                self.window.statusBar().showMessage(f"Autosave failed: {path}: {exc.strerror}", 8000)
                continue
            remove_stray_temps(path)  # an earlier autosave killed mid-write
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
        """The window closes cleanly: remove its sidecars; it no longer runs."""
        for document in list(self._written):
            self.discard(document)
        self._pending.clear()
        _LIVE.discard(self.owner.window)

    # -- recovering ----------------------------------------------------------------------
    def offer_recovery(self) -> int:
        """Ask, for each file of the session with an autosave left by an editor that is no
        longer running, whether to recover it; return how many were recovered. A declined
        autosave is deleted; another running editor's is left alone; a damaged one is
        refused and renamed aside."""
        session = self.window.session
        recovered = 0
        self.notices = []
        for document in session.documents() if session else []:
            if document.path is None:
                continue
            path = sidecar(document.path)
            try:
                text, owner = read_autosave(path)
            except FileNotFoundError:
                continue
            except DamagedAutosave as exc:
                self._refuse(path, str(exc))
                continue
            if owner == self.owner:
                continue  # this window's own, written before the file was opened again
            if owner.is_running():
                self._notice(
                    f"{document.path.name} is also open in another editor ({owner.describe()}):"
                    " its autosave is left to it"
                )
                continue
            when = _when(path)
            changed = ""
            with contextlib.suppress(OSError):
                if document.path.stat().st_mtime > path.stat().st_mtime:
                    changed = (
                        f"\n\nThe file has changed on disk since (at {_when(document.path)}): recovering"
                        " replaces what it holds now in the editor; the file itself changes only"
                        " when you save."
                    )
            if not self._ask(
                path,
                "Recover unsaved changes",
                f"{document.path.name} has changes autosaved at {when} that were never saved"
                f" (the editor did not close normally).{changed}\n\nRecover them?",
            ):
                continue
            if self.recover(document, path, text):
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

    def _refuse(self, path: Path, why: str) -> None:
        """An autosave that cannot be recovered: rename it aside (so it is not offered
        again, and not lost) and say so in a dialog, which nothing can overwrite."""
        aside = quarantine(path)
        kept = (
            f"It was renamed {aside.name} so you can look into it." if aside else "It was left where it is."
        )
        QMessageBox.warning(
            self.window, "Cannot recover autosave", f"Cannot recover {path.name}: {why}.\n\n{kept}"
        )

    def offer_untitled_recovery(self) -> bool:
        """At start-up without a file: offer the newest untitled document an editor left
        autosaved when it crashed. Recovered, it opens untitled and unsaved; declined, its
        autosave is deleted. Others wait for the next start."""
        for path in untitled_orphans():
            try:
                text, owner = read_autosave(path)
                if owner == self.owner or owner.is_running():
                    # named after a dead editor, but recovered since by one still running
                    continue
                loaded = load_document(path, text)
            except FileNotFoundError:
                continue
            except DamagedAutosave as exc:
                self._refuse(path, str(exc))
                continue
            except LoadError as exc:
                self._refuse(path, exc.problems[0].format() if exc.problems else "unusable")
                continue
            if loaded.model is None:
                self._refuse(path, loaded.problems[0].format() if loaded.problems else "unusable")
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
            self._rewrite_as_ours(document, path)
            self.window.statusBar().showMessage(f"Recovered an untitled {kind} autosaved at {when}", 8000)
            return True
        return False

    def _rewrite_as_ours(self, document: Document, path: Path) -> None:
        """A recovered autosave is this editor's now: mark it so (another editor opening the
        file meanwhile must not take it for a crashed one's)."""
        self._pending.add(document)
        self.tick()

    def recover(self, document: Document, path: Path, text: str | None = None) -> bool:
        """Replace the document's model by the autosave at `path` (read and checked again
        unless its checked `text` is given); a failure is said and the autosave set aside."""
        try:
            if text is None:
                text, _owner = read_autosave(path)
            loaded: Loaded = load_document(path, text)
        except (DamagedAutosave, FileNotFoundError) as exc:
            self._refuse(path, str(exc) if isinstance(exc, DamagedAutosave) else "it is gone")
            return False
        except LoadError as exc:
            self._refuse(path, exc.problems[0].format() if exc.problems else "unusable")
            return False
        if loaded.model is None:
            self._refuse(path, loaded.problems[0].format() if loaded.problems else "unusable")
            return False
        if type(loaded.model) is not type(document.model):
            self._refuse(path, "it is not the same kind of file")
            return False
        document.undo_stack.push(RecoverAutosave(document, loaded.model))
        # the sidecar now stands for this session's unsaved changes: ours to remove
        self._written[document] = path
        self._rewrite_as_ours(document, path)
        self._notice(f"recovered the autosaved changes of {document.path.name if document.path else 'it'}")
        return True

    def _notice(self, text: str) -> None:
        """Say `text` in the status bar now, and keep it for the window's "Opened ..." line."""
        self.notices.append(text)
        self.window.statusBar().showMessage(text[0].upper() + text[1:], 10000)
