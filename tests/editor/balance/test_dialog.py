"""Play > Balance... (editor/balance/dialog.py): the run is driven with real clicks and keys,
its figures equal `uo balance` for the same seeds, Cancel stops the worker processes, and a
game of the run opens in the replay viewer. Two random-bot games at most a run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from editor.balance.dialog import BalanceDialog
from editor.main_window import MainWindow
from engine.cli import main

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def _type(qtbot, spin: QSpinBox, value: int) -> None:
    qtbot.mouseClick(spin.lineEdit(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin.lineEdit(), str(value))
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert spin.value() == value


def _open(qtbot, window: MainWindow) -> BalanceDialog:
    window.load(SCENARIO)
    qtbot.keyClick(window, Qt.Key.Key_F5, Qt.KeyboardModifier.ControlModifier)  # Play > Balance...
    dialog = window.balance_dialog
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    return dialog


def test_a_run_gives_the_figures_of_uo_balance_and_opens_a_game(
    qtbot, window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    dialog = _open(qtbot, window)
    _type(qtbot, dialog.games, 2)
    _type(qtbot, dialog.seed, 3)
    _type(qtbot, dialog.jobs, 1)
    with qtbot.waitSignal(dialog.finished_run, timeout=180000):
        qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    assert dialog.progress.value() == 2 and dialog.game_list.count() == 2
    assert main(["balance", str(SCENARIO), "--games", "2", "--seed", "3", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert dialog.report is not None
    assert json.loads(json.dumps(dialog.report.to_json())) == printed
    assert dialog.figures.toPlainText() == dialog.report.text()
    assert dialog.plots.count() == 2  # points per side, heat map: matplotlib's Qt canvas

    # double-click the second game: played again from its seed, opened in the replay viewer
    item = dialog.game_list.item(1)
    rect = dialog.game_list.visualItemRect(item)
    qtbot.mouseClick(dialog.game_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(dialog.game_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: getattr(dialog, "opened", None) is not None, timeout=120000)
    replay = dialog.opened
    qtbot.addWidget(replay)
    assert f"{dialog.records[1].actions} actions" in replay.windowTitle()


def test_cancel_stops_the_worker_processes(qtbot, window: MainWindow) -> None:
    dialog = _open(qtbot, window)
    _type(qtbot, dialog.games, 40)
    _type(qtbot, dialog.jobs, 2)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    run = dialog.run_
    assert run is not None and not dialog.run_button.isEnabled()
    qtbot.waitUntil(run.started.is_set, timeout=60000)
    workers = list(run._pool._pool)
    with qtbot.waitSignal(dialog.finished_run, timeout=60000):
        qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    assert len(dialog.records) < 40 and "Cancelled" in dialog.status.text()
    assert workers and all(not p.is_alive() for p in workers)
    assert dialog.run_button.isEnabled()


def test_ray_without_ray_installed_says_how_to_install_it(
    qtbot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from editor.balance import dialog as dialog_module
    from engine.bots.cluster import INSTALL_HINT, ClusterUnavailable

    def no_ray() -> None:
        raise ClusterUnavailable(INSTALL_HINT)

    monkeypatch.setattr(dialog_module, "import_ray", no_ray)
    dialog = _open(qtbot, window)
    qtbot.mouseClick(dialog.where, Qt.MouseButton.LeftButton)
    qtbot.keyClick(dialog.where.view(), Qt.Key.Key_Down)
    qtbot.keyClick(dialog.where.view(), Qt.Key.Key_Return)
    assert "pip install" in dialog.status.text()
    assert dialog.where.currentText() == "Worker processes" and dialog.jobs.isEnabled()
    assert not dialog.address.isEnabled()


def test_ray_chosen_takes_an_address_instead_of_processes(qtbot, window: MainWindow) -> None:
    pytest.importorskip("ray")
    dialog = _open(qtbot, window)
    qtbot.mouseClick(dialog.where, Qt.MouseButton.LeftButton)
    qtbot.keyClick(dialog.where.view(), Qt.Key.Key_Down)
    qtbot.keyClick(dialog.where.view(), Qt.Key.Key_Return)
    assert dialog.where.currentText() == "Ray"
    assert dialog.address.isEnabled() and not dialog.jobs.isEnabled()
