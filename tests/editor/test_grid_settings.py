"""Sheet > Grid settings: every field of the grid, one undoable edit."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from engine.geometry.hexgrid import GridShape
from engine.model.sheet import Orientation, Stagger

from .conftest import DATA


def retype(qtbot, box, text: str) -> None:
    box.setFocus()
    box.selectAll()
    qtbot.keyClicks(box, text)


def test_grid_settings_change_the_grid_in_one_undo_step(window, qtbot, tmp_path):
    path = tmp_path / "town.yaml"
    shutil.copy(DATA / "town.yaml", path)
    window.load(path)
    before = window.scene.sheet.grid
    window.digitising.action_grid.trigger()
    dialog = window.digitising.grid_dialog
    qtbot.waitExposed(dialog)
    assert dialog.columns.value() == before.columns
    retype(qtbot, dialog.columns, "7")
    retype(qtbot, dialog.first_row, "0")
    retype(qtbot, dialog.size.lineEdit(), "9.5")
    dialog.stagger.setCurrentText("odd")
    dialog.orientation.setCurrentText("pointy")
    qtbot.mouseClick(dialog.half_hexes, Qt.MouseButton.LeftButton, pos=dialog.half_hexes.rect().center())
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    grid = window.scene.sheet.grid
    assert (grid.columns, grid.first_row, grid.size) == (7, 0, 9.5)
    assert (grid.stagger, grid.orientation) == (Stagger.odd, Orientation.pointy)
    assert grid.half_hexes_playable is (not before.half_hexes_playable)
    assert window.scene.grid.grid == GridShape.of(grid)  # the canvas redrew from the new grid
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Grid settings"
    stack.undo()
    assert window.scene.sheet.grid == before


def test_cancel_or_no_change_is_not_an_edit(window, qtbot):
    window.load(DATA / "town.yaml")
    dialog = window.digitising.grid_settings_dialog()
    dialog.reject()
    dialog = window.digitising.grid_settings_dialog()
    dialog.accept()
    assert window.document.undo_stack.count() == 0
