"""The Validation panel: problems of the open file (schema and semantic checks), each
double-clickable to reveal what it points at (Tiled's Issues view).

The checks run on a worker thread: a file with a huge outline takes seconds to check, and
the editor must stay usable meanwhile. Each run is numbered; a result that arrives after a
newer run was asked for is dropped, so the list never shows an older state than the model.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from engine.io.problems import Problem, Severity
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths

#: Validation waits this long after the last edit (typing in the Inspector, a drag).
DEBOUNCE_MS = 400

PROBLEM_ROLE = Qt.ItemDataRole.UserRole
CHECKING = "checking…"


class _Relay(QObject):
    """Carries a worker's result to the GUI thread (a queued signal). One for the whole
    application, created on the GUI thread and never deleted: a check may finish after the
    panel that asked for it is gone, and must then have something alive to emit from."""

    #: (panel token, run number, problems, error text)
    done = Signal(int, int, object, str)


@dataclass(frozen=True)
class _Check:
    token: int
    run: int
    path: Path
    texts: dict[Path, str]


class _Worker:
    """One thread checking files, one pending check per panel: a check asked for while
    another waits replaces it (it is for an older state). A daemon thread, so quitting
    never waits for a long check (a QThreadPool would, at exit)."""

    def __init__(self) -> None:
        self.relay = _Relay()
        self._pending: dict[int, _Check] = {}
        self._wake = threading.Condition()
        threading.Thread(target=self._loop, name="validation", daemon=True).start()

    def submit(self, check: _Check) -> None:
        with self._wake:
            self._pending[check.token] = check
            self._wake.notify()

    def _loop(self) -> None:
        while True:
            with self._wake:
                while not self._pending:
                    self._wake.wait()
                token = next(iter(self._pending))
                check = self._pending.pop(token)
            try:
                problems = list(validate_paths([check.path], Workspace(check.texts)).problems)
                error = ""
            except Exception as exc:  # a checker's bug is shown in the panel, not lost in a thread
                problems, error = [], f"{type(exc).__name__}: {exc}"
            self.relay.done.emit(check.token, check.run, problems, error)


def problem_text(problem: Problem, main_file: Path | None) -> str:
    """`line:col CODE message`, prefixed with the file name when it is not the open file
    (a scenario's problems may sit in the sheets it uses)."""
    where = f"{problem.line}:{problem.col}"
    if main_file is None or Path(problem.file).resolve() != main_file:
        where = f"{Path(problem.file).name}:{where}"
    return f"{where} {problem.code} {problem.message}"


_worker: _Worker | None = None
_tokens = itertools.count(1)


def _shared_worker() -> _Worker:
    global _worker
    if _worker is None:
        _worker = _Worker()
    return _worker


class ValidationPanel(QWidget):
    #: (file, JSON pointer) of the problem the user double-clicked
    activated = Signal(object, str)
    #: emitted after each run with the problems found
    validated = Signal(list)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("validation")
        self.path: Path | None = None
        self.problems: list[Problem] = []
        #: the open documents' current text by path, unsaved edits included (set by the window)
        self.texts_provider: Callable[[], dict[Path, str]] = dict
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.run)
        #: runs asked for, and the one whose result the panel waits for (0: none)
        self._token = next(_tokens)
        self._runs = 0
        self._waiting = 0
        self._after_paint = False
        #: the widget whose first paint starts the check of a file just opened
        self._watched: QWidget | None = None
        self._texts_checked = False
        self._worker = _shared_worker()
        self._worker.relay.done.connect(self._on_done)
        self.summary = QLabel("No file")
        self.rerun = QPushButton("Validate")
        self.rerun.setToolTip("Check the file again, with its unsaved edits")
        self.rerun.clicked.connect(self.run)
        self.list = QTreeWidget()
        self.list.setHeaderHidden(True)
        self.list.setRootIsDecorated(False)
        self.list.setUniformRowHeights(True)
        self.list.itemDoubleClicked.connect(self._on_double_click)
        self.list.itemActivated.connect(self._on_double_click)
        top = QHBoxLayout()
        top.addWidget(self.summary, 1)
        top.addWidget(self.rerun)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.list)

    def set_path(self, path: Path | None, *, after_paint: QWidget | None = None) -> None:
        """Validate `path` from now on: at once, or once `after_paint` (the canvas showing
        a file just opened) has painted its first frame, so the check's thread does not
        hold that frame up (Python runs one thread at a time); at the latest after
        DEBOUNCE_MS."""
        self.path = path.resolve() if path else None
        if after_paint is not None and self.path is not None:
            self.summary.setText(f"{self.path.name}: {CHECKING}")
            self._after_paint = True
            self._stop_watching()
            self._watched = after_paint
            after_paint.installEventFilter(self)
            self.timer.start(DEBOUNCE_MS)
        else:
            self.run()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._watched and event.type() == QEvent.Type.Paint:
            self._stop_watching()
            if self._after_paint:
                self.timer.start(0)  # runs once this paint is done
        return False

    def _stop_watching(self) -> None:
        if self._watched is not None and isValid(self._watched):
            self._watched.removeEventFilter(self)
        self._watched = None

    def schedule(self) -> None:
        """Validate again shortly: after an edit, without slowing down a drag."""
        self.timer.start(DEBOUNCE_MS)

    @property
    def busy(self) -> bool:
        """A check is under way whose result has not arrived yet (or the check of a file
        just opened waits for the window's first frame)."""
        return self._waiting != 0 or self._after_paint

    @property
    def settled(self) -> bool:
        """Nothing left to check: no check under way and none scheduled."""
        return not self.busy and not self.timer.isActive()

    def run(self) -> None:
        """Validate the open file as the editor holds it: the same checks as `uo validate`,
        on the text Save would write, so lines match the file once saved. The check runs on
        the worker thread; `validated` is emitted when its result is shown."""
        self.timer.stop()
        self._after_paint = False
        self._stop_watching()
        self._runs += 1
        if self.path is None:
            self._waiting = 0
            self.list.clear()
            self.problems = []
            self.summary.setText("Not saved yet: save to validate")
            self.rerun.setEnabled(False)
            self.validated.emit(self.problems)
            return
        self.rerun.setEnabled(True)
        texts = self.texts_provider()
        self._texts_checked = bool(texts)
        self._waiting = self._runs
        self._worker.submit(_Check(self._token, self._runs, self.path, texts))
        self.summary.setText(f"{self.path.name}: {CHECKING}")

    def _on_done(self, token: int, run: int, problems: list[Problem], error: str) -> None:
        if token != self._token or run != self._waiting:
            return  # another panel's, or an older state's: a newer check is on its way
        self._waiting = 0
        self.list.clear()
        self.problems = problems
        assert self.path is not None
        for problem in self.problems:
            item = QTreeWidgetItem([problem_text(problem, self.path)])
            item.setData(0, PROBLEM_ROLE, problem)
            item.setToolTip(0, problem.format())
            if problem.severity == Severity.warning:
                item.setForeground(0, Qt.GlobalColor.darkYellow)
            else:
                item.setForeground(0, Qt.GlobalColor.darkRed)
            self.list.addTopLevelItem(item)
        n = len(self.problems)
        unsaved = " (with unsaved edits)" if self._texts_checked else ""
        if error:
            self.summary.setText(f"{self.path.name}: the checks failed ({error})")
        else:
            self.summary.setText(
                f"{self.path.name}{unsaved}: " + ("no problems" if n == 0 else f"{n} problem{'s' * (n != 1)}")
            )
        self.validated.emit(self.problems)

    def texts(self) -> list[str]:
        return [self.list.topLevelItem(i).text(0) for i in range(self.list.topLevelItemCount())]

    def _on_double_click(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        problem: Problem = item.data(0, PROBLEM_ROLE)
        self.activated.emit(Path(problem.file).resolve(), problem.pointer)
