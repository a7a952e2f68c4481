"""Issue 15's acceptance test for the editor: a small square board drawn with real mouse and
keyboard events (File > New board, terrain painted by dragging, a narrow passage set and
turned, a bridge, a segment added with a scan calibrated by clicks), saved with Ctrl+S and
validated by `uo validate`; then undone back to the new board and redone."""

from __future__ import annotations

import math

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QFileDialog

from editor.ub.ui import new_board
from engine.cli import main as uo
from engine.io.files import load_document
from engine.model.square_board import SquareBoard

from .board_input import RIGHT, click_square, drag_squares, key, letter
from .square_scan import draw_square_scan


def click_scan(qtbot, dialog, u: float, v: float) -> None:
    QApplication.processEvents()
    pos = dialog.view.mapFromScene(QPointF(u, v))
    qtbot.mouseClick(dialog.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def type_corner(qtbot, dialog, name: str) -> None:
    qtbot.keyClicks(dialog.label_edit, name)
    qtbot.keyClick(dialog.label_edit, Qt.Key.Key_Return)


def test_a_board_is_drawn_with_real_events_saved_and_validated(window, qtbot, tmp_path, monkeypatch):
    target = tmp_path / "my-board.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    # File > New board (square), from the File menu's action
    window.ub_ui.action_new_board.trigger()
    assert window.ub_ui.active and window.central.currentWidget() is window.ub_ui.view
    document = window.document
    assert isinstance(document.model, SquareBoard)
    assert window.editing.undo_group.activeStack() is document.undo_stack

    # buildings: key 2, one drag along row 2 paints B2..E2 in one undo step
    key(qtbot, window, "2")
    drag_squares(qtbot, window, ["B2", "E2"])
    assert [letter(window, n) for n in ("A2", "B2", "C2", "D2", "E2", "F2")] == list(".BBBB.")
    assert document.undo_stack.count() == 1
    # water with the white dot, a column of it dragged downwards
    key(qtbot, window, "4")
    drag_squares(qtbot, window, ["H1", "H10"])
    assert all(letter(window, f"H{r}") == "~" for r in range(1, 11))
    # a bridge over it, a narrow passage north-south turned east-west by a right click
    key(qtbot, window, "6")
    click_square(qtbot, window, "H5")
    key(qtbot, window, "7")
    click_square(qtbot, window, "C3")
    assert letter(window, "C3") == "|"
    click_square(qtbot, window, "C3", RIGHT)
    assert (letter(window, "H5"), letter(window, "C3")) == ("=", "-")
    key(qtbot, window, "5")  # water marked x, amphibious only
    click_square(qtbot, window, "I5")
    assert document.undo_stack.count() == 6

    # Ctrl+S on an untitled board asks where (the dialog answered above)
    key(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert target.is_file() and not document.is_dirty
    assert document.path == target.resolve()

    # a second segment, a scan under it, calibrated by clicking three corners
    window.ub_ui.action_add_segment.trigger()
    assert len(document.model.segments) == 2
    assert window.ub_ui.current_segment() == 1
    scan = draw_square_scan(12, 10, 40.0, 1.2, (30.0, 25.0))
    image = scan.save(tmp_path / "segment-2.png")
    assert window.ub_ui.import_scan(image)
    assert document.model.segments[1].scan == "segment-2.png"  # relative to the board file
    window.ub_ui.action_calibrate.trigger()
    dialog = window.ub_ui.calibration_dialog
    qtbot.waitExposed(dialog)
    # the second segment's first column is M: its top-left corner is M1's
    click_scan(qtbot, dialog, *scan.corner_px(0, 0))
    type_corner(qtbot, dialog, "m1")
    click_scan(qtbot, dialog, *scan.corner_px(12, 10))
    type_corner(qtbot, dialog, "Y11")
    # a third click near a corner snaps to it and is named by the fit
    u, v = scan.corner_px(6, 4)
    click_scan(qtbot, dialog, u + 3, v - 2)
    assert dialog.rows[-1].label == "S5"
    assert math.hypot(dialog.rows[-1].u - u, dialog.rows[-1].v - v) < 1.0
    assert dialog.calibration is not None and dialog.calibration.rms_squares < 0.02
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    transform = document.model.segments[1].scan_transform
    # the scan's corner of its square (6, 4) now lies on the board's corner of S5
    a, b, c, d, e, f = transform
    x, y = a * u + b * v + c, d * u + e * v + f
    assert (x, y) == pytest.approx((6 * 25.0, 4 * 25.0), abs=0.5)

    # the offscreen platform gives the window back its activation only when asked
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    key(qtbot, window, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert not document.is_dirty
    assert uo(["validate", str(target)]) == 0
    reopened = load_document(target).model
    assert reopened == document.model

    # undo everything: back to the new board; redo: the saved board again
    saved = document.model.model_copy(deep=True)
    while document.undo_stack.canUndo():
        key(qtbot, window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert document.model == new_board()
    assert window.ub_ui.scene.layout.width == 12
    while document.undo_stack.canRedo():
        key(qtbot, window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert document.model == saved
    assert not document.is_dirty
