"""An untitled scenario (File > New scenario, never saved) is not validated as a file: the
Validation dock lists nothing and says why, through edits too, and the status bar says
where Save puts it; once saved it is validated like any file."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from tests.editor.conftest import ROOT, wait_validated

from .input import click, type_in_line


def test_untitled_scenario_is_validated_once_saved(window, qtbot, monkeypatch, tmp_path):
    (tmp_path / "maps").mkdir()
    for name in ("A-harbour.yaml", "U-sewers.yaml"):
        shutil.copy(ROOT / "maps" / name, tmp_path / "maps" / name)
    picks = iter([tmp_path / "maps" / "A-harbour.yaml", tmp_path / "maps" / "U-sewers.yaml"])
    monkeypatch.setattr(
        "editor.scenario.new_scenario_dialog.QFileDialog.getOpenFileName",
        lambda *a, **k: (str(next(picks)), ""),
    )
    click(qtbot, window.start_page.button_new_scenario)
    dialog = window.scenario_ui.new_dialog
    click(qtbot, dialog.findChild(QPushButton, "add_sheet"))
    click(qtbot, dialog.findChild(QPushButton, "add_insert"))
    type_in_line(qtbot, dialog.folder, str(tmp_path))
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    assert window.document.path is None
    assert "validated once saved" in window.statusBar().currentMessage()
    panel = window.validation
    wait_validated(qtbot, window)
    assert panel.problems == [] and panel.list.topLevelItemCount() == 0
    assert panel.summary.text() == "Not saved yet: save to validate"
    assert not panel.rerun.isEnabled()

    # an edit: still nothing checked, no file error about a file that does not exist yet
    type_in_line(qtbot, window.scenario_ui.settings.lines["title"], "Quay")
    assert window.document.model.title == "Quay"
    wait_validated(qtbot, window)
    assert panel.problems == [] and panel.summary.text() == "Not saved yet: save to validate"

    target = tmp_path / "quay.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.keyClick(window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert window.document.path == target
    wait_validated(qtbot, window)
    # what the empty orders of battle still lack, in the saved file (3.2)
    assert [(p.code, p.pointer) for p in panel.problems if p.severity == "error"] == [
        ("L314", "/sides/green/impulse_forces/0"),
        ("L314", "/sides/red/impulse_forces/0"),
    ]
    assert panel.summary.text().startswith("quay.yaml: ")
