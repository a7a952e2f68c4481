"""The balance dialog: bots, games, first seed, worker processes or Ray; a progress bar with
Cancel; the figures (the text `uo balance` prints) and its two plots on matplotlib's Qt canvas;
any game of the run opened in the play mode's replay viewer.

The games run in worker processes driven from a QThread (engine/bots/balance.py's BalanceRun),
so the window never waits for a game; Cancel terminates the worker processes. Or the games run
as Ray tasks (ray_run.py, as `uo balance --cluster ray`: the same figures for the same seeds),
Cancel cancelling the pending tasks. The run plays the scenario file as saved: the workers
read it from the disk.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from matplotlib.backends.backend_qtagg import FigureCanvasQTAgg
from PySide6.QtCore import QThread, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.bots.balance import BalanceReport, BalanceRun, GameRecord
from engine.bots.balance_plots import heatmap_figure, points_figure
from engine.bots.cluster import ClusterUnavailable, import_ray
from engine.rules.uo.game import Game

from .ray_run import RayRun

BOTS = ("random", "heuristic")
#: where the games run: worker processes here (BalanceRun), or Ray tasks (uo balance --cluster ray)
WHERE = {"Worker processes": "local", "Ray": "ray"}


class RunThread(QThread):
    """Iterates a BalanceRun off the GUI thread; each game is a signal."""

    game_done = Signal(object)  # GameRecord

    def __init__(self, run: BalanceRun | RayRun, parent: QWidget | None = None):
        super().__init__(parent)
        self.run_ = run
        self.failure: str | None = None

    def run(self) -> None:
        try:
            for record in self.run_:
                self.game_done.emit(record)
        except Exception as exc:  # a worker that died: said in the dialog, never a crash
            self.failure = f"{type(exc).__name__}: {exc}"


class LogThread(QThread):
    """Plays one game of the run again (same seed, same bots: the same game) and writes its
    uo-log/1 file for the replay viewer."""

    done = Signal(object)  # itself, once the log is written or the game failed

    def __init__(self, game: Game, scenario: Path, green: str, red: str, seed: int, out: Path):
        super().__init__()
        self.args = (game, scenario, green, red, seed, out)
        self.failure: str | None = None

    def run(self) -> None:
        from engine.bots.series import run_game
        from engine.rules.log import make_log, write_log

        game, scenario, green, red, seed, out = self.args
        try:
            play = run_game(game, green, red, seed)
            write_log(make_log(play, game, scenario, {"green": green, "red": red}, out), out)
        except Exception as exc:
            self.failure = f"{type(exc).__name__}: {exc}"
        self.done.emit(self)


class BalanceDialog(QDialog):
    finished_run = Signal()  # a run ended: done, cancelled or failed

    def __init__(self, scenario: Path, game: Game, parent: QWidget | None = None, dirty: bool = False):
        super().__init__(parent)
        self.setWindowTitle(f"Balance — {game.scenario_id}")
        self.scenario, self.game = scenario, game
        self.report: BalanceReport | None = None
        self.records: list[GameRecord] = []
        self.thread_: RunThread | None = None
        self.run_: BalanceRun | RayRun | None = None
        self.log_threads: list[LogThread] = []

        self.green, self.red = QComboBox(), QComboBox()
        for combo in (self.green, self.red):
            combo.addItems(BOTS)
        self.games = QSpinBox(minimum=1, maximum=100000, value=100)
        self.seed = QSpinBox(minimum=0, maximum=2**31 - 1, value=0)
        self.jobs = QSpinBox(minimum=1, maximum=256, value=max(1, os.cpu_count() or 1))
        form = QFormLayout()
        form.addRow("Green", self.green)
        form.addRow("Red", self.red)
        form.addRow("Games", self.games)
        form.addRow("First seed", self.seed)
        form.addRow("Worker processes", self.jobs)
        self.where = QComboBox()
        self.where.addItems(list(WHERE))
        self.address = QLineEdit()
        self.address.setPlaceholderText("empty: a local Ray; else the cluster's address (host:port)")
        self.address.setEnabled(False)
        self.where.currentTextChanged.connect(self._where_changed)
        form.addRow("Run on", self.where)
        form.addRow("Ray address", self.address)
        self.run_button = QPushButton("&Run")
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.status = QLabel(
            "Unsaved edits are not played: the workers read the scenario as saved."
            if dirty
            else "Games run in worker processes; the same seeds give the same figures as uo balance."
        )
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)

        self.figures = QPlainTextEdit(readOnly=True)
        self.figures.setMinimumWidth(480)
        # the figures are columns, as uo balance prints them
        self.figures.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.figures.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.game_list = QListWidget()
        self.game_list.setToolTip("Double-click a game to open it in the replay viewer")
        left = QSplitter()
        left.setOrientation(left.orientation().Vertical)
        left.addWidget(self.figures)
        left.addWidget(self.game_list)
        self.plots = QTabWidget()
        body = QSplitter()
        body.addWidget(left)
        body.addWidget(self.plots)
        body.setStretchFactor(1, 2)
        self.body = body

        top = QVBoxLayout(self)
        top.addLayout(form)
        top.addLayout(buttons)
        top.addWidget(self.status)
        top.addWidget(body, 1)
        self.resize(1300, 800)

        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.game_list.itemDoubleClicked.connect(self.open_game)

    # -- running ---------------------------------------------------------------------------
    def start(self) -> None:
        if self.thread_ is not None:
            return
        seeds = range(self.seed.value(), self.seed.value() + self.games.value())
        self.records = []
        self.report = None
        self.game_list.clear()
        self.progress.setRange(0, len(seeds))
        self.progress.setValue(0)
        green, red = self.green.currentText(), self.red.currentText()
        if WHERE[self.where.currentText()] == "ray":
            self.run_ = RayRun(self.scenario, green, red, seeds, self.address.text().strip())
            on = f"as Ray tasks ({self.address.text().strip() or 'a local Ray'}, started if need be)"
        else:
            self.run_ = BalanceRun(self.scenario, green, red, seeds, self.jobs.value())
            on = f"on {self.run_.jobs} worker process(es)"
        self.thread_ = RunThread(self.run_, self)
        self.thread_.game_done.connect(self._game_done)
        self.thread_.finished.connect(self._run_ended)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Playing {len(seeds)} games {on}…")
        self.thread_.start()

    def _where_changed(self, text: str) -> None:
        ray = WHERE[text] == "ray"
        self.address.setEnabled(ray)
        self.jobs.setEnabled(not ray)
        if ray:
            try:
                import_ray()
            except ClusterUnavailable as exc:
                self.status.setText(str(exc))
                self.where.setCurrentIndex(0)

    def cancel(self) -> None:
        if self.run_ is not None and self.thread_ is not None:
            self.run_.cancel()
            self.status.setText("Cancelling: stopping the worker processes…")

    def _game_done(self, record: GameRecord) -> None:
        self.records.append(record)
        self.progress.setValue(len(self.records))
        result = "error" if record.error else (f"{record.winner} wins" if record.winner else "undecided")
        points = ", ".join(f"{s} {n}" for s, n in record.points.items())
        item = QListWidgetItem(f"seed {record.seed}: {result} ({points}), {record.actions} actions")
        item.setData(256, record.seed)  # Qt.UserRole
        self.game_list.addItem(item)

    def _run_ended(self) -> None:
        thread, run = self.thread_, self.run_
        self.thread_ = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        assert thread is not None and run is not None
        failed = [r for r in self.records if r.error is not None]
        if thread.failure is not None:
            self.status.setText(f"The run failed: {thread.failure}")
        elif run.cancelled:
            self.status.setText(f"Cancelled after {len(self.records)} of {len(run.seeds)} games.")
        elif failed:
            self.status.setText(f"{len(failed)} game(s) did not end: {failed[0].error}")
        else:
            self.status.setText(f"Done: {len(self.records)} games.")
        good = tuple(r for r in self.records if r.error is None)
        if good:
            self.report = BalanceReport(self.game.scenario_id, run.green, run.red, good)
            self.figures.setPlainText(self.report.text())
            self._fit_figures()
            self._show_plots(self.report)
        thread.deleteLater()
        self.finished_run.emit()

    def _fit_figures(self) -> None:
        """Widen the figures' pane to their longest line (the plots keep the rest), so they
        read whole, as uo balance prints them."""
        metrics = self.figures.fontMetrics()
        lines = self.figures.toPlainText().splitlines() or [""]
        frame = self.figures.frameWidth() * 2 + self.figures.document().documentMargin() * 2
        scroll = self.figures.verticalScrollBar().sizeHint().width()
        wanted = int(max(metrics.horizontalAdvance(line) for line in lines) + frame + scroll + 4)
        total = sum(self.body.sizes())
        wanted = min(wanted, total * 2 // 3)  # the plots keep a third at least
        self.body.setSizes([wanted, total - wanted])

    def _show_plots(self, report: BalanceReport) -> None:
        while self.plots.count():
            widget = self.plots.widget(0)
            self.plots.removeTab(0)
            if widget is not None:
                widget.deleteLater()
        self.plots.addTab(FigureCanvasQTAgg(points_figure(report)), "Points per side")
        self.plots.addTab(FigureCanvasQTAgg(heatmap_figure(report, self.game.battlefield)), "Heat map")

    # -- a game of the run -----------------------------------------------------------------
    def open_game(self, item: QListWidgetItem) -> None:
        seed = int(item.data(256))
        folder = Path(tempfile.mkdtemp(prefix="uo-balance-"))
        out = folder / f"{self.game.scenario_id}-seed{seed}.log.yaml"
        run = self.run_
        green = run.green if run else self.green.currentText()
        red = run.red if run else self.red.currentText()
        thread = LogThread(self.game, self.scenario, green, red, seed, out)
        self.log_threads.append(thread)
        # a bound slot of the dialog: queued to the GUI thread (a lambda would run on the worker)
        thread.done.connect(self._log_ready)
        self.status.setText(f"Playing seed {seed} again for its log…")
        thread.start()

    def _log_ready(self, thread: LogThread) -> None:
        thread.wait()
        self.log_threads.remove(thread)
        out = thread.args[5]
        if thread.failure is not None:
            QMessageBox.warning(self, "Open game", f"Seed's game could not be replayed: {thread.failure}")
            return
        from ..play.launch import open_log

        self.status.setText(f"Opened {out} in the replay viewer.")
        self.opened = open_log(out, self.parentWidget() or self)

    def closeEvent(self, event: object) -> None:
        self.cancel()
        if self.thread_ is not None:
            self.thread_.wait()
        for thread in self.log_threads:
            thread.wait()
        super().closeEvent(event)  # type: ignore[arg-type]


def open_balance(window: QWidget) -> BalanceDialog | None:
    """Play > Balance...: the dialog on the window's scenario (saved file)."""
    from engine.io.problems import LoadError
    from engine.model import Scenario
    from engine.rules.ruleset import GameSetupError
    from engine.rules.uo.ruleset import URBAN_OPERATIONS

    doc = getattr(window, "document", None)
    if doc is None or not isinstance(doc.model, Scenario) or doc.path is None:
        QMessageBox.information(
            window, "Balance", "Open a saved scenario to run a balance series (File > Open)."
        )
        return None
    try:
        game = URBAN_OPERATIONS.load(doc.path)
    except (GameSetupError, LoadError) as exc:
        text = "\n".join(p.format() for p in exc.problems)
        QMessageBox.warning(window, "Balance", f"The scenario does not validate:\n\n{text}")
        return None
    dialog = BalanceDialog(doc.path, game, window, dirty=doc.is_dirty)
    window.balance_dialog = dialog  # type: ignore[attr-defined]
    dialog.show()
    return dialog
