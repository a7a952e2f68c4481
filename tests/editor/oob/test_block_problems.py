"""A problem on a block selects it (issue 11 item 8): an APC set up in a room by typing its
location is found by the live validation (L318, 8.1.4), its row in the tree turns red, and
a double click on the problem in the Validation dock selects the block in the tree. The
form refuses what the model refuses and renames a block with every reference to it."""

from __future__ import annotations

from pathlib import Path

from engine.model.scenario import Scenario
from tests.editor.conftest import wait_validated
from tests.editor.oob.oob_input import LEFT, click_row, type_in_line

APC = "/sides/green/impulse_forces/0/blocks/5"
LEADER = "/sides/green/impulse_forces/0/blocks/0"


def test_problem_on_a_block_selects_it_in_the_tree(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    ui = window.oob_ui
    scenario = window.session.document.model
    assert isinstance(scenario, Scenario)
    click_row(qtbot, window, APC)
    assert ui.form.block_id.text() == "g1-apc1"
    type_in_line(qtbot, ui.form.block_at, "45.3")
    assert scenario.sides.green.impulse_forces[0].blocks[5].at == "45.3"
    wait_validated(qtbot, window)
    problems = window.validation.list
    rows = [
        problems.topLevelItem(i)
        for i in range(problems.topLevelItemCount())
        if "L318" in problems.topLevelItem(i).text(0)
    ]
    assert len(rows) == 1, window.validation.texts()
    assert "g1-apc1" in ui.tree.rows[APC].toolTip(0)
    click_row(qtbot, window, LEADER)  # somewhere else first
    problems.scrollToItem(rows[0])
    rect = problems.visualItemRect(rows[0])
    # a double click as a mouse makes it: press and release, then the double click
    qtbot.mouseClick(problems.viewport(), LEFT, pos=rect.center())
    qtbot.mouseDClick(problems.viewport(), LEFT, pos=rect.center())
    assert ui.tree.selected_pointers() == [APC]
    assert ui.form.block_id.text() == "g1-apc1"


def test_form_refuses_a_bad_id_and_renames_with_references(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    ui = window.oob_ui
    doc = window.session.document
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    click_row(qtbot, window, LEADER)
    type_in_line(qtbot, ui.form.block_id, "g1-inf1")  # taken
    assert "already used" in ui.form.error.text()
    type_in_line(qtbot, ui.form.block_id, "no spaces allowed")
    assert ui.form.error.text()
    assert doc.undo_stack.count() == 0
    assert scenario.sides.green.impulse_forces[0].blocks[0].id == "g1-pl"
    type_in_line(qtbot, ui.form.block_id, "g1-lead")
    assert doc.undo_stack.count() == 1
    assert scenario.sides.green.impulse_forces[0].blocks[0].id == "g1-lead"
    assert scenario.sides.green.impulse_forces[0].platoon_leader == "g1-lead"
    doc.undo_stack.undo()
    assert scenario.sides.green.impulse_forces[0].platoon_leader == "g1-pl"
