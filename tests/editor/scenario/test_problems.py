"""Live validation of the scenario pages (issue 11 item 8): an edit on a page reaches the
Validation dock before any save, and double-clicking its problem brings the page forward
with the row selected."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.editor.conftest import wait_validated

from .input import type_in_cell


def _problem_item(window, code: str, fragment: str):
    tree = window.validation.list
    for i in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(i)
        problem = item.data(0, Qt.ItemDataRole.UserRole)
        if problem.code == code and fragment in problem.pointer:
            return item
    raise AssertionError(f"no {code} problem at {fragment}: {window.validation.texts()}")


def _activate(qtbot, window, item) -> None:
    """Click the problem, press Enter (what a double-click does too)."""
    tree = window.validation.list
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())
    qtbot.keyClick(tree, Qt.Key.Key_Return)


def test_6_1_doubled_roll_is_a_problem_that_selects_its_row(window, qtbot, sample):
    window.resize(1600, 1000)
    window.load(sample)
    ui = window.scenario_ui
    ui.show_page(ui.events)
    # roll 5 in rows 1 and 2 of the green events table
    type_in_cell(qtbot, ui.events.event_table, 0, 0, "0, 1, 5")
    wait_validated(qtbot, window)
    item = _problem_item(window, "L322", "/sides/green/events/table/1/roll")
    assert "(with unsaved edits)" in window.validation.summary.text()
    ui.show_page(ui.victory)
    ui.events.event_table.clearSelection()
    _activate(qtbot, window, item)
    qtbot.waitUntil(lambda: ui.tabs.currentIndex() == 1)
    assert ui.events.event_table.currentRow() == 1
    assert ui.events.side_box.currentText() == "green"


def test_1_3_problem_on_a_victory_level_selects_it(window, qtbot, sample):
    window.resize(1600, 1000)
    window.load(sample)
    ui = window.scenario_ui
    ui.show_page(ui.victory)
    # a second total victory for green: L324
    type_in_cell(qtbot, ui.victory.levels, 1, 1, "total")
    wait_validated(qtbot, window)
    item = _problem_item(window, "L324", "/victory/levels/1")
    ui.show_page(ui.settings)
    _activate(qtbot, window, item)
    qtbot.waitUntil(lambda: ui.tabs.currentIndex() == 2)
    assert ui.victory.levels.currentRow() == 1
