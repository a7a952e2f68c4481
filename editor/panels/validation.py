"""The Validation panel: problems of the open file (schema and semantic checks), each
double-clickable to reveal what it points at (Tiled's Issues view)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.io.problems import Problem, Severity
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths

#: Validation waits this long after the last edit (typing in the Inspector, a drag).
DEBOUNCE_MS = 400

PROBLEM_ROLE = Qt.ItemDataRole.UserRole


def problem_text(problem: Problem, main_file: Path | None) -> str:
    """`line:col CODE message`, prefixed with the file name when it is not the open file
    (a scenario's problems may sit in the sheets it uses)."""
    where = f"{problem.line}:{problem.col}"
    if main_file is None or Path(problem.file).resolve() != main_file:
        where = f"{Path(problem.file).name}:{where}"
    return f"{where} {problem.code} {problem.message}"


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

    def set_path(self, path: Path | None) -> None:
        self.path = path.resolve() if path else None
        self.run()

    def schedule(self) -> None:
        """Validate again shortly: after an edit, without slowing down a drag."""
        self.timer.start()

    def run(self) -> None:
        """Validate the open file as the editor holds it: the same checks as `uo validate`,
        on the text Save would write, so lines match the file once saved."""
        self.timer.stop()
        self.list.clear()
        if self.path is None:
            self.problems = []
            self.summary.setText("Not saved yet: save to validate")
            self.rerun.setEnabled(False)
            self.validated.emit(self.problems)
            return
        self.rerun.setEnabled(True)
        texts = self.texts_provider()
        workspace = Workspace(texts)
        self.problems = list(validate_paths([self.path], workspace).problems)
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
        unsaved = " (with unsaved edits)" if texts else ""
        self.summary.setText(
            f"{self.path.name}{unsaved}: " + ("no problems" if n == 0 else f"{n} problem{'s' * (n != 1)}")
        )
        self.validated.emit(self.problems)

    def texts(self) -> list[str]:
        return [self.list.topLevelItem(i).text(0) for i in range(self.list.topLevelItemCount())]

    def _on_double_click(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        problem: Problem = item.data(0, PROBLEM_ROLE)
        self.activated.emit(Path(problem.file).resolve(), problem.pointer)
