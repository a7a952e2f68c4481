"""What the two play windows share (window.py, Urban Operations' board; ub_window.py, Urban
Battle's): the game strip's controls (back to the editor, bots run, speed, a step back and
forward, open and save a log), the game report dock, the decision box asked in place, the
log written for `uo replay`, Esc and closing (the session ends with the window)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFrame,
    QLabel,
    QLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from engine.model.scenario import Side
from engine.rules.log import make_log, write_log

from .report_view import ReportView
from .session import PlaySession

SPEEDS = {"Instant": 0, "Fast": 150, "Normal": 500, "Slow": 1500}


class PromptBox(QFrame):
    """The decision, asked where it happens: its question, an off-map block to pick (set-up,
    reinforcements) and a button per answer that has no place on the map."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("prompt_box")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet("#prompt_box { background: rgba(255,255,255,235); border: 2px solid #1565c0; }")
        self.layout_ = QVBoxLayout(self)
        self.layout_.setSizeConstraint(QLayout.SizeConstraint.SetFixedSize)  # grows with its buttons
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.question.setFixedWidth(300)
        self.subjects = QComboBox()
        self.subjects.setObjectName("subjects")
        self.buttons = QWidget()
        self.buttons_layout = QVBoxLayout(self.buttons)
        self.buttons_layout.setContentsMargins(0, 0, 0, 0)
        self.layout_.addWidget(self.question)
        self.layout_.addWidget(self.subjects)
        self.layout_.addWidget(self.buttons)
        self.button_list: list[QPushButton] = []

    def set_buttons(self, offers: Sequence[Any], picked: Callable[[Any], None]) -> None:
        """A button per answer (anything with a `label`), `picked` with it when clicked."""
        for b in self.button_list:
            b.hide()
            b.deleteLater()
        self.button_list = []
        for offer in offers:
            b = QPushButton(offer.label)
            b.clicked.connect(lambda _=False, o=offer: picked(o))
            self.buttons_layout.addWidget(b)
            self.button_list.append(b)


class GameWindow(QMainWindow):
    """A play window's frame; the rule set's window draws its board, status and prompt."""

    #: what the log names as the game's file, in the error when it has none
    document = "scenario"

    def __init__(self, session: PlaySession, scenario_path: Path | None, parent: QWidget | None = None):
        super().__init__(parent)
        self.session = session
        self.scenario_path = scenario_path
        self.setObjectName("play_window")

    # -- building --------------------------------------------------------------------------
    def _strip(self) -> QToolBar:
        """The game strip, its first button back to the editor."""
        strip = QToolBar("Game")
        strip.setObjectName("play_strip")
        self.addToolBar(strip)
        self.back = QPushButton("Back to editor (Esc)")
        self.back.clicked.connect(self.close)
        strip.addWidget(self.back)
        return strip

    def _game_controls(self, strip: QToolBar) -> None:
        """Bots run, speed, step back and forward, open and save a log."""
        session = self.session
        self.run = QAction("Bots run", self)
        self.run.setCheckable(True)
        self.run.setChecked(True)
        self.run.toggled.connect(session.set_running)
        strip.addAction(self.run)
        self.speed = QComboBox()
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText(min(SPEEDS, key=lambda k: abs(SPEEDS[k] - session.options.delay_ms)))
        self.speed.currentTextChanged.connect(self._set_speed)
        strip.addWidget(self.speed)
        self.back_action = QAction("◀ Back", self)
        self.back_action.setToolTip("Step back one action (Alt+Left); play on from there for a branch")
        self.back_action.setShortcut(QKeySequence("Alt+Left"))
        self.back_action.triggered.connect(lambda: self.session.back())
        strip.addAction(self.back_action)
        self.forward_action = QAction("Forward ▶", self)
        self.forward_action.setToolTip(
            "Play the next action of the line stepped back over, or of the log (Alt+Right)"
        )
        self.forward_action.setShortcut(QKeySequence("Alt+Right"))
        self.forward_action.triggered.connect(lambda: self.session.forward())
        strip.addAction(self.forward_action)
        open_log = QAction("Open log…", self)
        open_log.triggered.connect(self.open_log_dialog)
        strip.addAction(open_log)
        save = QAction("Save log…", self)
        save.setShortcut(QKeySequence.StandardKey.Save)
        save.triggered.connect(self.save_log_dialog)
        strip.addAction(save)

    def _report_dock(self) -> QDockWidget:
        """The game report, docked on the right."""
        self.log_list = ReportView()
        self.log_list.setObjectName("play_log")
        # double-click an entry: stand just after it (time travel)
        self.log_list.activated.connect(lambda row: self.session.go_to(row + 1))
        # hovering an entry marks its pieces
        self.log_list.hovered.connect(self._hover_entry)
        dock = QDockWidget("Game report", self)
        dock.setObjectName("play_log_dock")
        dock.setWidget(self.log_list)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def _hover_entry(self, row: int) -> None:
        raise NotImplementedError

    # -- drawing ---------------------------------------------------------------------------
    def _sync_controls(self) -> None:
        """The strip's controls as the session stands."""
        s = self.session
        self.run.blockSignals(True)
        self.run.setChecked(s.running)
        self.run.blockSignals(False)
        self.back_action.setEnabled(bool(s.play.log))
        self.forward_action.setEnabled(bool(s.future))

    # -- acting ----------------------------------------------------------------------------
    def _set_speed(self, name: str) -> None:
        self.session.options = dataclasses.replace(self.session.options, delay_ms=SPEEDS[name])

    def save_log(self, path: Path) -> None:
        """Write the game's log (uo-log/1), as `uo play --log` does, for `uo replay`."""
        if self.scenario_path is None:
            raise ValueError(f"the {self.document} has no file: save it first")
        s = self.session
        players = {side.value: s.options.player(side).value for side in Side}
        write_log(make_log(s.play, s.game, self.scenario_path, players, path), path)

    def open_log_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open game log", "", "Game logs (*.json);;All files (*)")
        if name:
            from .launch import open_log

            open_log(Path(name), self.parentWidget())

    def save_log_dialog(self) -> None:
        name, _ = QFileDialog.getSaveFileName(self, "Save game log", "", "Game logs (*.json)")
        if not name:
            return
        try:
            self.save_log(Path(name))
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Save game log", f"Could not save {name}: {exc}")

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Esc returns to the editor (a key press, not a shortcut: it works whichever
        # window the system thinks is active, and a menu open takes its Esc first)
        if event.key() == Qt.Key.Key_Escape:
            self.close()
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.session.close()
        super().closeEvent(event)
