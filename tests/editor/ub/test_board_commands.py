"""Every kind of board edit is one undo step, undone and redone with Ctrl+Z / Ctrl+Y, and the
canvas follows the model each way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.ub.commands import calibrate_segment_scan
from editor.ub.items import SegmentItem
from engine.io.files import load_document

from ..conftest import ROOT
from .board_input import RIGHT, click_square, drag_squares, key, letter, shift_drag_squares
from .square_scan import draw_square_scan

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def board(window, tmp_path: Path) -> Path:
    path = tmp_path / "two-segments.yaml"
    shutil.copy(ROOT / "maps" / "ub" / "two-segments.yaml", path)
    assert window.open_file(path)
    return path


def undo(qtbot, window) -> None:
    key(qtbot, window, Qt.Key.Key_Z, CTRL)


def redo(qtbot, window) -> None:
    key(qtbot, window, Qt.Key.Key_Y, CTRL)


def check_undo_redo(qtbot, window, before, after, text: str) -> None:
    """One step on the stack named `text`; undo gives `before`, redo `after` (both the model
    and what the canvas holds)."""
    document = window.document
    assert document.undo_stack.count() == 1
    assert document.undo_stack.undoText() == text
    assert document.model == after
    undo(qtbot, window)
    assert document.model == before and not document.is_dirty
    assert _drawn(window) == _segments(before)
    redo(qtbot, window)
    assert document.model == after and document.is_dirty
    assert _drawn(window) == _segments(after)


def _drawn(window) -> list[tuple[str, list[str]]]:
    items = sorted(
        (i for i in window.ub_ui.scene.items() if isinstance(i, SegmentItem)), key=lambda i: i.index
    )
    return [(i.segment.id, list(i.segment.rows)) for i in items]


def _segments(board) -> list[tuple[str, list[str]]]:
    return [(s.id, list(s.rows)) for s in board.segments]


def test_a_brush_stroke_is_one_step(window, qtbot, board):
    before = window.document.model.model_copy(deep=True)
    key(qtbot, window, "3")  # low obstacles
    drag_squares(qtbot, window, ["A1", "D1", "D3"])
    assert [letter(window, n) for n in ("A1", "B1", "C1", "D1", "D2", "D3")] == ["o"] * 6
    check_undo_redo(qtbot, window, before, window.document.model.model_copy(deep=True), "Paint low")


def test_painting_a_square_with_its_own_terrain_is_no_step(window, qtbot, board):
    key(qtbot, window, "1")
    click_square(qtbot, window, "A1")  # open already
    assert window.document.undo_stack.count() == 0


def test_turning_a_narrow_passage_is_one_step(window, qtbot, board):
    before = window.document.model.model_copy(deep=True)
    assert letter(window, "F4") == "|"
    click_square(qtbot, window, "F4", RIGHT)
    assert letter(window, "F4") == "-"
    check_undo_redo(qtbot, window, before, window.document.model.model_copy(deep=True), "Turn narrow passage")
    # a right click elsewhere turns nothing and says why
    click_square(qtbot, window, "A1", RIGHT)
    assert window.document.undo_stack.count() == 1
    assert "narrow passage" in window.statusBar().currentMessage()


def test_adding_and_removing_segments(window, qtbot, board):
    ub = window.ub_ui
    before = window.document.model.model_copy(deep=True)
    ub.action_add_segment.trigger()
    added = window.document.model.model_copy(deep=True)
    assert [s.id for s in added.segments] == ["S1", "S2", "S3"]
    assert added.segments[2].rows == ["." * 12] * 10
    assert ub.scene.layout.width == 36
    check_undo_redo(qtbot, window, before, added, "Add segment S3")
    # remove the first one: the others move left, their squares renamed from A
    window.document.undo_stack.clear()
    window.document.undo_stack.setClean()
    ub.segment_box.setCurrentIndex(0)
    ub.action_remove_segment.trigger()
    removed = window.document.model.model_copy(deep=True)
    assert [s.id for s in removed.segments] == ["S2", "S3"]
    assert letter(window, "C1") == "~"  # S2's river, now from column A
    check_undo_redo(qtbot, window, added, removed, "Remove segment S1")


def test_the_last_segment_is_never_removed(window, qtbot):
    window.ub_ui.action_new_board.trigger()
    assert not window.ub_ui.action_remove_segment.isEnabled()
    window.ub_ui.remove_segment()
    assert len(window.document.model.segments) == 1 and window.document.undo_stack.count() == 0


def test_importing_calibrating_and_removing_a_scan(window, qtbot, board, tmp_path):
    ub = window.ub_ui
    document = window.document
    ub.segment_box.setCurrentIndex(1)
    image = draw_square_scan(12, 10, 30.0, 0.0, (20.0, 20.0)).save(tmp_path / "s2.png")
    before = document.model.model_copy(deep=True)
    assert ub.import_scan(image)
    imported = document.model.model_copy(deep=True)
    assert imported.segments[1].scan == "s2.png" and imported.segments[1].scan_transform is not None
    assert ub.action_calibrate.isEnabled() and ub.action_remove_scan.isEnabled()
    check_undo_redo(qtbot, window, before, imported, "Import scan of S2")

    document.undo_stack.clear()
    document.undo_stack.setClean()
    # a calibration from the scan's resolution changes the squares' size too: one step
    document.undo_stack.push(calibrate_segment_scan(document, 1, (0.2, 0.0, -4.0, 0.0, 0.2, -4.0), 24.0))
    calibrated = document.model.model_copy(deep=True)
    assert calibrated.grid.size == 24.0 and calibrated.segments[1].scan_transform[0] == 0.2
    check_undo_redo(qtbot, window, imported, calibrated, "Calibrate scan of S2")
    assert ub.scene.layout.size == 24.0

    document.undo_stack.clear()
    document.undo_stack.setClean()
    ub.action_remove_scan.trigger()
    removed = document.model.model_copy(deep=True)
    assert removed.segments[1].scan is None and removed.segments[1].scan_transform is None
    check_undo_redo(qtbot, window, calibrated, removed, "Remove scan of S2")


def test_a_missing_scan_is_said_and_the_squares_still_drawn(window, qtbot, board):
    path = board
    path.write_text(
        path.read_text().replace(
            "    title: River crossing\n", "    title: River crossing\n    scan: gone.png\n"
        )
    )
    assert window.open_file(path)
    assert window.scan_warning.isVisible() and "gone.png" in window.scan_warning.text()
    assert len([i for i in window.ub_ui.scene.items() if isinstance(i, SegmentItem)]) == 2


def test_save_keeps_the_files_comments_and_layout(window, qtbot, board):
    original = board.read_text()
    key(qtbot, window, "2")
    click_square(qtbot, window, "A1")
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    saved = board.read_text()
    changed = [(a, b) for a, b in zip(original.splitlines(), saved.splitlines(), strict=True) if a != b]
    assert changed == [('      - "............"', '      - "B..........."')]
    assert load_document(board).model == window.document.model


def test_board_settings_change_the_squares_in_one_step(window, qtbot, board):
    ub = window.ub_ui
    before = window.document.model.model_copy(deep=True)
    ub.action_board_settings.trigger()
    dialog = ub.settings_dialog
    qtbot.waitExposed(dialog)
    dialog.title.selectAll()
    qtbot.keyClicks(dialog.title, "Town, river and bridge")
    dialog.size.setValue(20.0)
    dialog.ident.setText("bad id")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and "not an id" in dialog.error.text()  # refused, the dialog stays
    dialog.ident.setText("town-river")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    after = window.document.model.model_copy(deep=True)
    assert (after.id, after.title, after.grid.size) == ("town-river", "Town, river and bridge", 20.0)
    assert ub.scene.layout.size == 20.0
    check_undo_redo(qtbot, window, before, after, "Board settings")


def test_segment_settings_name_a_segment(window, qtbot, board):
    ub = window.ub_ui
    ub.segment_box.setCurrentIndex(1)
    before = window.document.model.model_copy(deep=True)
    ub.action_segment_settings.trigger()
    dialog = ub.settings_dialog
    qtbot.waitExposed(dialog)
    dialog.ident.setText("S1")  # the other segment's id
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert "another segment is S1" in dialog.error.text()
    dialog.ident.setText("East")
    dialog.title.setText("The river")
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    after = window.document.model.model_copy(deep=True)
    assert (after.segments[1].id, after.segments[1].title) == ("East", "The river")
    assert ub.segment_box.itemText(1) == "East — The river"
    check_undo_redo(qtbot, window, before, after, "Segment S2 settings")


def test_a_shift_drag_paints_a_rectangle_across_segments_in_one_step(window, qtbot, board):
    before = window.document.model.model_copy(deep=True)
    key(qtbot, window, "2")
    shift_drag_squares(qtbot, window, "K9", "N10")  # columns K..N: two of S1, two of S2
    names = [f"{c}{r}" for c in "KLMN" for r in (9, 10)]
    assert [letter(window, n) for n in names] == ["B"] * 8
    assert letter(window, "J9") == "B" and letter(window, "O9") == "x"  # outside: as they were
    assert window.ub_ui.scene.selected == []  # the preview is gone
    check_undo_redo(qtbot, window, before, window.document.model.model_copy(deep=True), "Paint building")


def test_rows_and_columns_are_set_in_the_settings(window, qtbot, board):
    ub = window.ub_ui
    before = window.document.model.model_copy(deep=True)
    ub.action_board_settings.trigger()
    dialog = ub.settings_dialog
    qtbot.waitExposed(dialog)
    dialog.rows.setValue(6)
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    after = window.document.model.model_copy(deep=True)
    assert [len(s.rows) for s in after.segments] == [6, 6]
    assert after.segments[0].rows == before.segments[0].rows[:6]
    assert ub.scene.layout.height == 6
    check_undo_redo(qtbot, window, before, after, "Board settings")

    window.document.undo_stack.clear()
    window.document.undo_stack.setClean()
    ub.segment_box.setCurrentIndex(1)
    ub.action_segment_settings.trigger()
    dialog = ub.settings_dialog
    qtbot.waitExposed(dialog)
    dialog.columns.setValue(14)
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)
    wider = window.document.model.model_copy(deep=True)
    assert wider.segments[1].rows == [row + ".." for row in after.segments[1].rows]
    assert ub.scene.layout.width == 26
    check_undo_redo(qtbot, window, after, wider, "Segment S2 settings")


def test_a_segment_changes_places_with_its_neighbour(window, qtbot, board):
    ub = window.ub_ui
    before = window.document.model.model_copy(deep=True)
    ub.segment_box.setCurrentIndex(0)
    assert not ub.action_segment_left.isEnabled() and ub.action_segment_right.isEnabled()
    ub.action_segment_right.trigger()
    after = window.document.model.model_copy(deep=True)
    assert [s.id for s in after.segments] == ["S2", "S1"]
    assert ub.current_segment() == 1 and ub.segment_box.currentText().startswith("S1")
    assert ub.action_segment_left.isEnabled() and not ub.action_segment_right.isEnabled()
    assert letter(window, "C1") == "~"  # the river now from column A
    check_undo_redo(qtbot, window, before, after, "Move segment S1 right")
