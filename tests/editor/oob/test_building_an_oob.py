"""Orders of battle (issue 11 items 3, 4, 8): an order of battle built from an empty one
with mouse and keyboard - blocks and forces added, a block's type and card changed, a block
moved to another force, blocks set up on the sample sheet by dropping them on the map (a
vehicle refused in a room, 8.1.4), one mounted, a multi-selection edited at once, a copy
made and removed - each edit one undo entry; undo back to the start gives the same text,
redo the full one. The strength summary follows every edit."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.model.scenario import Scenario, Side
from tests.editor.oob.oob_input import (
    CTRL,
    choose,
    click,
    click_check,
    click_row,
    drop_on_map,
    drop_on_row,
    type_in_line,
)

G = "/sides/green"
F0 = f"{G}/impulse_forces/0"
F1 = f"{G}/impulse_forces/1"


def _blocks(scenario: Scenario, force: int = 0) -> list[tuple[str, str, str, str | None]]:
    return [(b.id, b.card, b.type.value, b.at) for b in scenario.sides.green.impulse_forces[force].blocks]


def test_build_place_undo_redo(qtbot, window, empty_oob: Path) -> None:
    assert window.open_file(empty_oob)
    ui = window.oob_ui
    doc = window.session.document
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    start = doc.text()
    assert ui.dock.isVisible()
    assert ui.summary.figures[Side.green].blocks == 0

    # two blocks in the green force: the first card's first type, then a copy changed to infantry
    click_row(qtbot, window, F0)
    click(qtbot, ui.add_block_button)
    click(qtbot, ui.add_block_button)
    assert _blocks(scenario) == [
        ("g-if1-1", "co-mech", "platoon_leader", None),
        ("g-if1-2", "co-mech", "platoon_leader", None),
    ]
    assert ui.tree.selected_pointers() == [f"{F0}/blocks/1"]
    # typed on the combo box: 'i' is also the LOS tool's key, the box keeps it
    choose(qtbot, ui.form.block_type, "inf", "infantry")
    assert _blocks(scenario)[1][2] == "infantry"
    assert ui.summary.figures[Side.green].blocks == 2
    osl_before = ui.summary.figures[Side.green].osl

    # a third block, its card changed: the type follows the card
    click_row(qtbot, window, F0)
    click(qtbot, ui.add_block_button)
    choose(qtbot, ui.form.block_card, Qt.Key.Key_Home, "co-apc")
    assert _blocks(scenario)[2] == ("g-if1-3", "co-apc", "apc", None)
    assert ui.summary.figures[Side.green].vehicles == 1
    assert ui.summary.figures[Side.green].osl > osl_before

    # the force's platoon leader and the side's commander and name
    click_row(qtbot, window, F0)
    choose(qtbot, ui.form.force_leader, "g", "g-if1-1")
    assert scenario.sides.green.impulse_forces[0].platoon_leader == "g-if1-1"
    click_row(qtbot, window, G)
    choose(qtbot, ui.form.commander, "g", "g-if1-1")
    type_in_line(qtbot, ui.form.side_name, "Task Force Test")
    assert scenario.sides.green.commander == "g-if1-1"
    assert scenario.sides.green.name == "Task Force Test"

    # a second force, and the infantry block dragged onto it
    click(qtbot, ui.add_force_button)
    assert [f.id for f in scenario.sides.green.impulse_forces] == ["g-if1", "g-if2"]
    drop_on_row(qtbot, window, [f"{F0}/blocks/1"], F1)
    assert [b.id for b in scenario.sides.green.impulse_forces[1].blocks] == ["g-if1-2"]
    assert [b.id for b in scenario.sides.green.impulse_forces[0].blocks] == ["g-if1-1", "g-if1-3"]
    assert ui.tree.selected_pointers() == [f"{F1}/blocks/0"]

    # set-up on the map: the leader in a room; the APC refused in a room, then on a hex
    count = doc.undo_stack.count()
    drop_on_map(window, [f"{F0}/blocks/0"], "45.1")
    assert scenario.sides.green.impulse_forces[0].blocks[0].at == "45.1"
    drop_on_map(window, [f"{F0}/blocks/1"], "45.2")
    assert "not open to vehicles" in window.statusBar().currentMessage()
    assert scenario.sides.green.impulse_forces[0].blocks[1].at is None
    drop_on_map(window, [f"{F0}/blocks/1"], "A2914")
    assert scenario.sides.green.impulse_forces[0].blocks[1].at == "A2914"
    assert doc.undo_stack.count() == count + 2
    drawn = {item.block.id: item.block.location for item in ui.items}
    assert drawn == {"g-if1-1": "45.1", "g-if1-3": "A2914"}

    # the infantry mounted in the APC
    click_row(qtbot, window, f"{F1}/blocks/0")
    choose(qtbot, ui.form.block_mounted, "g", "g-if1-3")
    assert scenario.sides.green.impulse_forces[1].blocks[0].mounted_in == "g-if1-3"
    assert {i.block.id: i.block.carried for i in ui.items}["g-if1-3"] == ("g-if1-2",)

    # two blocks selected: revealed at set-up in one undo entry
    count = doc.undo_stack.count()
    click_row(qtbot, window, f"{F0}/blocks/0")
    click_row(qtbot, window, f"{F0}/blocks/1", CTRL)
    assert ui.form.block_count.text().startswith("2 blocks")
    click_check(qtbot, ui.form.block_hidden)
    assert [b.hidden for b in scenario.sides.green.impulse_forces[0].blocks] == [False, False]
    assert doc.undo_stack.count() == count + 1
    assert ui.summary.figures[Side.green].placed == 2

    # a copy (Ctrl+D) with a fresh id, not set up; removed again with Delete
    click_row(qtbot, window, f"{F0}/blocks/1")
    qtbot.keyClick(ui.tree, Qt.Key.Key_D, CTRL)
    assert [b.id for b in scenario.sides.green.impulse_forces[0].blocks] == [
        "g-if1-1",
        "g-if1-3",
        "g-if1-3-1",
    ]
    assert scenario.sides.green.impulse_forces[0].blocks[2].at is None
    qtbot.keyClick(ui.tree, Qt.Key.Key_Delete)
    assert len(scenario.sides.green.impulse_forces[0].blocks) == 2

    full = doc.text()
    assert full != start
    entries = doc.undo_stack.count()
    assert entries == 16  # one per edit: 16 edits above
    # Ctrl+Z in the dock reaches the scenario's history, not the shown sheet's
    ui.tree.setFocus()
    for _ in range(entries):
        qtbot.keyClick(ui.tree, Qt.Key.Key_Z, CTRL)
    assert doc.text() == start
    assert ui.summary.figures[Side.green].blocks == 0
    for _ in range(entries):
        qtbot.keyClick(ui.tree, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)
    assert doc.text() == full
    assert {item.block.id for item in ui.items} == {"g-if1-1", "g-if1-3"}
