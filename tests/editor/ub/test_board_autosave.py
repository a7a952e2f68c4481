"""A square board's edits are autosaved like a sheet's and offered again after a crash,
drawn on the board's canvas."""

from __future__ import annotations

import shutil

from editor.autosave import sidecar
from editor.main_window import MainWindow
from engine.io.files import load_document

from ..conftest import ROOT
from ..test_autosave import answers, crash  # noqa: F401  (fixture)
from .board_input import click_square, key, letter


def test_after_a_crash_a_boards_edits_are_recovered(qtbot, settings, tmp_path, answers):  # noqa: F811
    path = tmp_path / "two-segments.yaml"
    shutil.copy(ROOT / "maps" / "ub" / "two-segments.yaml", path)
    crashed = MainWindow(settings)
    qtbot.addWidget(crashed)
    crashed.resize(1200, 800)
    crashed.show()
    qtbot.waitExposed(crashed)
    assert crashed.open_file(path)
    key(qtbot, crashed, "2")
    click_square(qtbot, crashed, "A1")
    assert letter(crashed, "A1") == "B"
    crashed.autosave.tick()
    assert load_document(sidecar(path)).model.segments[0].rows[0].startswith("B")
    crash(crashed, sidecar(path))

    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.open_file(path)
    assert len(answers["asked"]) == 1 and "two-segments.yaml" in answers["asked"][0]
    assert window.ub_ui.active and letter(window, "A1") == "B"
    assert window.isWindowModified()
    window.document.undo_stack.undo()  # the file as it is on disk
    assert letter(window, "A1") == "."
    window.document.undo_stack.redo()
    assert window.save() and not sidecar(path).exists()
    assert load_document(path).model.segments[0].rows[0].startswith("B")
