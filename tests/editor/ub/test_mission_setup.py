"""A mission's set-up edited on its board: a piece dragged to another square, turned by a
right click, each one undo step; its side's effectiveness shown; saved in the file's text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.ub.items import PieceItem
from engine.io.files import load_document

from ..conftest import ROOT, wait_validated
from .board_input import RIGHT, click_square, drag_squares, key

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def mission(window, tmp_path: Path) -> Path:
    for folder in ("maps/ub", "cards/ub", "scenarios/ub"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    path = tmp_path / "scenarios" / "ub" / "street-duel.yaml"
    assert window.open_file(path)
    return path


def unit(window, ident: str):
    forces = window.document.model.forces
    return next(u for u in forces.green.units + forces.red.units if u.id == ident)


def test_a_piece_is_dragged_to_another_square_in_one_step(window, qtbot, mission):
    drag_squares(qtbot, window, ["A5", "B5", "C5"])
    assert unit(window, "g-heavy").square == "C5"
    stack = window.document.undo_stack
    assert stack.count() == 1 and stack.undoText() == "Move g-heavy to C5"
    piece = next(
        p for p in window.ub_ui.scene.items() if isinstance(p, PieceItem) and "g-heavy" in p.toolTip()
    )
    assert "at C5" in piece.toolTip()
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert unit(window, "g-heavy").square == "A5" and not window.document.is_dirty
    key(qtbot, window, Qt.Key.Key_Y, CTRL)
    assert unit(window, "g-heavy").square == "C5"


def test_a_piece_is_never_dropped_on_another(window, qtbot, mission):
    drag_squares(qtbot, window, ["A5", "B6"])  # g-recon stands on B6
    assert unit(window, "g-heavy").square == "A5"
    assert window.document.undo_stack.count() == 0
    assert "B6 already holds g-recon" in window.statusBar().currentMessage()


def test_a_right_click_turns_a_piece_45_degrees_clockwise(window, qtbot, mission):
    click_square(qtbot, window, "D1", RIGHT)  # g-light1 faces SE
    click_square(qtbot, window, "D1", RIGHT)
    assert unit(window, "g-light1").facing.value == "SW"
    assert window.document.undo_stack.count() == 2
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert unit(window, "g-light1").facing.value == "S"
    # a right click on an empty square turns nothing
    click_square(qtbot, window, "C1", RIGHT)
    assert window.document.undo_stack.count() == 2


def test_each_sides_effectiveness_is_shown_and_follows_the_edits(window, qtbot, mission):
    def force_rows() -> list[str]:
        root = window.outliner.topLevelItem(0)
        return [
            root.child(i).text(0)
            for i in range(root.childCount())
            if root.child(i).text(0)[:3] in ("Gre", "Red")
        ]

    assert force_rows() == [
        "Green — West group (6 units, 20 points of 20)",
        "Red — East group (5 units, 20 points of 20)",
    ]


def test_moves_are_validated_and_saved_in_the_files_text(window, qtbot, mission):
    # onto a building: allowed as an edit, reported by the Validation dock
    drag_squares(qtbot, window, ["A5", "B4"])
    wait_validated(qtbot, window)
    assert [p.code for p in window.validation.problems] == ["U013"]
    original = mission.read_text()
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    saved = mission.read_text()
    changed = [(a, b) for a, b in zip(original.splitlines(), saved.splitlines(), strict=True) if a != b]
    assert changed == [
        (
            "      - {id: g-heavy, type: heavy, square: A5, facing: E}",
            "      - {id: g-heavy, type: heavy, square: B4, facing: E}",
        )
    ]
    assert load_document(mission).model == window.document.model


def test_the_missions_board_is_read_again_when_its_file_changes(window, qtbot, mission):
    board = mission.parent.parent.parent / "maps" / "ub" / "two-segments.yaml"
    assert window.ub_ui.board().segments[0].rows[0][0] == "."
    board.write_text(board.read_text().replace('      - "............"', '      - "B..........."', 1))
    qtbot.waitUntil(lambda: window.ub_ui.board().segments[0].rows[0][0] == "B", timeout=5000)
    assert "read again" in window.statusBar().currentMessage()


def ok(qtbot, dialog) -> None:
    qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Ok), Qt.MouseButton.LeftButton)


def test_a_piece_is_added_on_the_clicked_square_and_removed(window, qtbot, mission):
    ub = window.ub_ui
    before = window.document.model.model_copy(deep=True)
    click_square(qtbot, window, "C5")
    ub.action_add_piece.trigger()
    dialog = ub.piece_dialog
    qtbot.waitExposed(dialog)
    assert dialog.square.text() == "C5"
    dialog.type.setCurrentIndex(dialog.type.findData("light"))
    assert dialog.ident.text() == "g-light1" or dialog.ident.text().startswith("g-light")
    dialog.square.setText("B6")  # g-recon's
    ok(qtbot, dialog)
    assert dialog.isVisible() and "B6 already holds g-recon" in dialog.error.text()
    dialog.square.setText("c5")
    dialog.facing.setCurrentText("NE")
    dialog.ident.setText("g-scout")
    ok(qtbot, dialog)
    added = window.document.model.model_copy(deep=True)
    scout = added.forces.green.units[-1]
    assert (scout.id, scout.type, scout.square, scout.facing.value) == ("g-scout", "light", "C5", "NE")
    assert any(isinstance(p, PieceItem) and "g-scout" in p.toolTip() for p in ub.scene.items())
    assert window.document.undo_stack.undoText() == "Add g-scout at C5"
    # its 2 points show in the side's total, over the agreed 20: the Validation dock says so
    root = window.outliner.topLevelItem(0)
    assert any(
        root.child(i).text(0) == "Green — West group (7 units, 22 points of 20)"
        for i in range(root.childCount())
    )
    wait_validated(qtbot, window)
    assert {"U016", "U017"} <= {p.code for p in window.validation.problems}

    # the piece clicked is removed; undo brings it back
    click_square(qtbot, window, "C5")
    ub.action_remove_piece.trigger()
    assert window.document.model == before
    window.activateWindow()  # the offscreen platform gives it back only when asked
    qtbot.waitUntil(window.isActiveWindow)
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert window.document.model == added


def test_a_sides_last_piece_stays_and_nothing_is_removed_without_a_click(window, qtbot, mission):
    ub = window.ub_ui
    ub.scene.select([])
    assert not ub.remove_selected_piece()
    assert "Click a piece first" in window.statusBar().currentMessage()
    red = window.document.model.forces.red.units
    for unit in red[1:]:
        click_square(qtbot, window, unit.square)
        assert ub.remove_selected_piece()
    click_square(qtbot, window, red[0].square)
    assert not ub.remove_selected_piece()
    assert "red keeps one piece at least" in window.statusBar().currentMessage()
    assert len(window.document.model.forces.red.units) == 1


def test_an_added_piece_is_saved_in_the_files_text(window, qtbot, mission):
    ub = window.ub_ui
    ub.action_add_piece.trigger()
    dialog = ub.piece_dialog
    qtbot.waitExposed(dialog)
    dialog.side.setCurrentText("red")
    dialog.type.setCurrentIndex(dialog.type.findData("recon"))
    dialog.square.setText("V1")
    ok(qtbot, dialog)
    assert window.document.model.forces.red.units[-1].id == "r-recon1"
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    text = mission.read_text()
    assert "r-recon1" in text and load_document(mission).model == window.document.model
