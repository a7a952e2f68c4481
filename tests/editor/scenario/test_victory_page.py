"""Victory page (issue 11 item 7): conditions and levels edited in tables with mouse and
keyboard, the most points each side can reach shown so an unreachable level is seen, the
selected condition's objectives outlined on the map; undo gives the file back."""

from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QPushButton

from .input import click, select_row, type_in_cell


def _open(window, sample):
    window.resize(1600, 1000)
    window.load(sample)
    ui = window.scenario_ui
    ui.show_page(ui.victory)
    return ui.victory, window.document


def test_1_3_level_above_the_most_points_is_shown_unreachable(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    assert "green 8" in page.most.text() and "red 7" in page.most.text()
    assert page.levels.item(0, 3).text() == "yes (most 8)"
    type_in_cell(qtbot, page.levels, 0, 2, "9")
    assert doc.model.victory.levels[0].min_points == 9
    assert page.levels.item(0, 3).text() == "no (most 8)"
    # the bridgeheads condition worth 2 more: the level is reachable again
    type_in_cell(qtbot, page.conditions, 0, 5, "3")
    assert doc.model.victory.conditions[0].points == 3
    assert page.levels.item(0, 3).text() == "yes (most 9)"
    assert doc.undo_stack.count() == 2
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == original


def test_1_3_objective_not_on_the_map_counts_nothing(window, qtbot, sample):
    page, doc = _open(window, sample)
    type_in_cell(qtbot, page.conditions, 0, 3, "A2208, A9999")
    assert doc.model.victory.conditions[0].locations == ["A2208", "A9999"]
    assert page.conditions.item(0, 7).text() == "0: not on the map: A9999"
    assert "green 6" in page.most.text()
    # a destroy condition asking for more blocks than the enemy fields
    type_in_cell(qtbot, page.conditions, 6, 4, "40")
    assert page.conditions.item(6, 7).text().startswith("0: 40 to destroy")
    # a refused side is said
    type_in_cell(qtbot, page.conditions, 0, 2, "blue")
    assert "condition bridgeheads, side" in page.problem.text()
    assert doc.model.victory.conditions[0].side == "green"


def test_selected_condition_objectives_are_outlined_on_the_map(window, qtbot, sample):
    page, _doc = _open(window, sample)
    overlay = window.scenario_ui.objectives
    assert overlay.path().isEmpty()
    select_row(qtbot, page.conditions, 0)  # control A2108, A2115
    two_hexes = overlay.path().boundingRect()
    for label in ("2108", "2115"):
        assert overlay.path().contains(QPointF(*window.scene.grid.centre(label)))
    assert not overlay.path().contains(QPointF(*window.scene.grid.centre("2208")))
    select_row(qtbot, page.conditions, 1)  # buildings 36 and 39
    assert overlay.path().boundingRect().width() > two_hexes.width()
    select_row(qtbot, page.conditions, 3)  # collateral: nothing on the map
    assert overlay.path().isEmpty()


def test_conditions_and_levels_added_and_removed(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    click(qtbot, page.findChild(QPushButton, "add_destroy"))
    added = doc.model.victory.conditions[-1]
    assert added.kind == "destroy" and added.id == "v1" and added.block_types == ["infantry"]
    type_in_cell(qtbot, page.conditions, 8, 3, "r-cmd, mbt")
    assert doc.model.victory.conditions[-1].blocks == ["r-cmd"]
    assert doc.model.victory.conditions[-1].block_types == ["mbt"]
    click(qtbot, page.findChild(QPushButton, "add_level"))
    assert len(doc.model.victory.levels) == 5
    type_in_cell(qtbot, page.levels, 4, 0, "red")
    select_row(qtbot, page.levels, 4)
    click(qtbot, page.findChild(QPushButton, "remove_level"))
    select_row(qtbot, page.conditions, 8)
    click(qtbot, page.findChild(QPushButton, "remove_condition"))
    assert doc.undo_stack.count() == 6
    edited = doc.text()
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == original
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.text() == edited


def test_objective_underground_shows_the_insert(window, qtbot, sample):
    page, doc = _open(window, sample)
    type_in_cell(qtbot, page.conditions, 0, 3, "U0302")
    assert doc.model.victory.conditions[0].locations == ["U0302"]
    select_row(qtbot, page.conditions, 0)
    assert window.scene.sheet.id == "U"
    assert not window.scenario_ui.objectives.path().isEmpty()
