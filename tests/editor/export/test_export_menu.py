"""File > Export in the window: from the open documents, unsaved edits included."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QFileDialog, QInputDialog

from editor.commands import SetProperty

DATA = Path(__file__).resolve().parents[1] / "data"

pytestmark = [
    pytest.mark.qt_log_level_fail("WARNING"),
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


def test_file_export_writes_the_open_scenario_with_its_unsaved_edits(window, tmp_path, monkeypatch):
    window.load(DATA / "crossing.yaml")
    document = window.session.document
    document.undo_stack.push(
        SetProperty(document, "Change title", [("/title", "Test crossing", "Night crossing")])
    )
    chosen = iter([str(tmp_path / "pack.pdf"), str(tmp_path / "map"), str(tmp_path / "map.svg")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (next(chosen), ""))
    monkeypatch.setattr(QInputDialog, "getInt", lambda *a, **k: (60, True))
    export = window.export_ui
    export.update_actions()
    assert export.action_pdf.text() == "Scenario &briefing pack (PDF)…"
    assert export.export_pdf()
    assert b"/Title (\xfe\xff" + "Night crossing".encode("utf-16-be") in (tmp_path / "pack.pdf").read_bytes()
    assert export.export_png()  # ".png" added to a name typed without it
    assert QImage(str(tmp_path / "map.png")).width() == round(300 / 25.4 * 60)
    assert export.export_svg()
    assert (tmp_path / "map.svg").is_file()
    assert "Exported" in window.statusBar().currentMessage()
    assert window.menuBar().actions()[0].menu().actions().count(export.menu.menuAction()) == 1


def test_a_card_library_has_nothing_to_export(window):
    window.load(DATA / "cards.yaml")
    window.export_ui.update_actions()
    assert not window.export_ui.action_png.isEnabled()
    assert not window.export_ui.action_pdf.isEnabled()
