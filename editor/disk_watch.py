"""Files of the open session changed by another program: noticed, and the user decides.

A QFileSystemWatcher reports changes to the open files; what counts is the content: a
document whose file no longer has the bytes it was read from (or last saved as) has
changed on disk; our own saves and touches that keep the bytes are ignored. Watchers drop
a file replaced by an atomic rename (as editors save), so every notice re-adds the path,
and Save checks the digest again before writing (MainWindow.save asks before overwriting).

When nothing in the session has unsaved edits, the files are reloaded at once (the
status bar says so); otherwise the user chooses between reloading (the unsaved edits are
discarded, which cannot be undone) and keeping their version.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer
from PySide6.QtWidgets import QMessageBox

from engine.io.problems import LoadError
from engine.io.reading import MAX_BYTES, ReadRefused, read_regular
from engine.io.roundtrip import digest_of

from .document import Document

if TYPE_CHECKING:
    from .main_window import MainWindow
    from .session import Session

RELOAD = "Reload from disk"
KEEP = "Keep my version"


class DiskWatch(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.watcher = QFileSystemWatcher(self)
        self.watcher.fileChanged.connect(self._on_file_changed)
        # several notices for one write (and one per file) lead to one question
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.check)
        #: digests the user chose to keep their version over (asked once per change)
        self._kept: dict[Path, str] = {}
        self._asking = False
        #: while Save runs (it checks the files itself and may ask), notices wait
        self.held = 0
        #: the open "changed on disk" question, if any (tests answer it)
        self.question: QMessageBox | None = None

    @contextmanager
    def holding(self) -> Iterator[None]:
        """No question from the watcher meanwhile (Save asks about changed files itself)."""
        self.held += 1
        try:
            yield
        finally:
            self.held -= 1

    def watch(self, session: Session | None) -> None:
        """Watch the files of `session` instead of those watched so far."""
        old = self.watcher.files()
        if old:
            self.watcher.removePaths(old)
        self._kept.clear()
        for document in session.documents() if session else []:
            if document.path is not None and document.path.exists():
                self.watcher.addPath(str(document.path))

    def rewatch(self) -> None:
        """Watch again the session's files (a save or an atomic write elsewhere replaces
        the watched file, and the watcher forgets it)."""
        session = self.window.session
        watched = set(self.watcher.files())
        for document in session.documents() if session else []:
            path = document.path
            if path is not None and str(path) not in watched and path.exists():
                self.watcher.addPath(str(path))

    def _on_file_changed(self, _path: str) -> None:
        self._timer.start()

    def changed_documents(self) -> list[Document]:
        session = self.window.session
        out = []
        for document in session.documents() if session else []:
            if document.path is None or not document.changed_on_disk():
                continue
            if self._kept.get(document.path) == _current_digest(document.path):
                continue  # the user already chose to keep their version over this change
            out.append(document)
        return out

    def check(self) -> bool:
        """Look for open files changed on disk: reload a session without unsaved edits at
        once (True), else ask (the answer comes later, see _ask)."""
        if self._asking or self.held or self.window.session is None:
            return False
        self.rewatch()
        changed = self.changed_documents()
        gone = [d for d in changed if d.path is not None and not d.path.exists()]
        if gone:  # deleted or moved (perhaps for a moment, as a checkout does): nothing to load
            names = ", ".join(d.display_name for d in gone)
            self.window.statusBar().showMessage(
                f"{names} was deleted or moved on disk; Save writes it again", 8000
            )
            changed = [d for d in changed if d not in gone]
        if not changed:
            return False
        session = self.window.session
        names = ", ".join(d.display_name for d in changed)
        if not any(d.is_dirty for d in session.documents()):
            self.reload()
            self.window.statusBar().showMessage(f"Reloaded: {names} changed on disk", 8000)
            return True
        self._ask(changed, names)
        return False

    def _ask(self, changed: list[Document], names: str) -> None:
        """Ask without blocking (window-modal): the notice comes from the event loop, not
        from something the user is waiting on."""
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("File changed on disk")
        box.setText(f"{names} changed on disk since you opened or saved it.")
        box.setInformativeText(
            "Reload it and discard your unsaved edits in every open file (this cannot be "
            "undone), or keep your version (Save will ask before overwriting the file)?"
        )
        reload_button = box.addButton(RELOAD, QMessageBox.ButtonRole.DestructiveRole)
        keep_button = box.addButton(KEEP, QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep_button)
        box.setEscapeButton(keep_button)
        self.question = box
        self._asking = True

        def answered() -> None:
            self._asking = False
            self.question = None
            box.deleteLater()
            if box.clickedButton() is reload_button:
                self.reload()
                message = f"Reloaded {names} from disk; your edits were discarded"
                self.window.statusBar().showMessage(message, 8000)
                return
            for document in changed:
                if document.path is not None:
                    self._kept[document.path] = _current_digest(document.path)
            self.window.statusBar().showMessage(
                f"Kept your version of {names}; Save will ask before overwriting the file", 8000
            )

        box.finished.connect(answered)
        box.open()

    def reload(self) -> None:
        """Open the session's file again, dropping its documents and their edits."""
        window = self.window
        document = window.document
        if document is None or document.path is None:
            return
        window.autosave.discard_all()  # the edits are discarded on purpose
        try:
            window.load(document.path)
        except LoadError as exc:  # the file may now be unusable: say why, keep what is open
            from .main_window import problems_message  # (main_window imports this module)

            window._error(f"Cannot reload {document.display_name}", problems_message(exc.problems))


def _current_digest(path: Path) -> str:
    try:
        return digest_of(read_regular(path, MAX_BYTES))
    except ReadRefused:
        return ""
