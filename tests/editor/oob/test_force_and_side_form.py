"""The force and side forms with mouse and keyboard: a force made a reinforcement (entry
hexes typed, then its turn), back to a force on the map; the side's logistics block and
reserve chosen by typing on the combo box (letters that are also tool keys reach it).
A deployment area named and removed (with the force's reference to it). Each change one
undo entry; undo gives the file back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.model.scenario import Scenario
from tests.editor.oob.oob_input import choose, click, click_check, click_row, type_in_line

F1 = "/sides/red/impulse_forces/1"


def test_reinforcement_and_logistics(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    doc = window.session.document
    start = doc.text()
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    ui = window.oob_ui
    form = ui.form
    force = scenario.sides.red.impulse_forces[1]
    assert force.entry is None

    click_row(qtbot, window, F1)
    click_check(qtbot, form.force_entry)
    assert "needs entry hexes" in form.error.text()
    assert doc.undo_stack.count() == 0
    type_in_line(qtbot, form.force_hexes, "A0108; A0109")
    assert force.entry is not None and force.entry.hexes == ["A0108", "A0109"] and force.entry.turn == 1
    type_in_line(qtbot, form.force_turn, "4")
    assert force.entry.turn == 4
    assert "enters turn 4" in ui.tree.rows[F1].text(2)
    click_check(qtbot, form.force_entry)
    assert force.entry is None
    assert doc.undo_stack.count() == 3

    # logistics: none, then the red logistics block again with a reserve of 5
    click_row(qtbot, window, "/sides/red")
    form.logistics.setFocus()
    qtbot.keyClick(form.logistics, Qt.Key.Key_Home)
    assert scenario.sides.red.logistics is None
    assert not form.reserve.isEnabled()
    choose(qtbot, form.logistics, "r-l", "r-log")
    assert scenario.sides.red.logistics is not None and scenario.sides.red.logistics.block == "r-log"
    type_in_line(qtbot, form.reserve, "5")
    assert scenario.sides.red.logistics.reserve == 5
    # Home, then typing a name on the same box: one choice, one undo entry
    assert doc.undo_stack.count() == 5

    # the red deployment area named, then removed with the force's reference to it
    assert form.areas.currentText() == "west-bank"
    type_in_line(qtbot, form.area_name, "West bank")
    assert scenario.sides.red.deployment[0].name == "West bank"
    assert force.deployment == "west-bank"
    click(qtbot, form.remove_area)
    assert scenario.sides.red.deployment == [] and force.deployment is None
    assert not form.remove_area.isEnabled()
    assert doc.undo_stack.count() == 7
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == start
