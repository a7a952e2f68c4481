"""The Set-up tool (issue 11 item 4) with real mouse and keyboard on the sample sheet: a
green deployment area painted with one stroke over hexes (one undo entry), a location
taken away with Shift+click, a reinforcement's entry hexes picked (a room refused), a No
Man's Land counter placed and taken away, a dummy placed (the allotment's count follows),
a control objective picked. Ctrl+Z on the canvas undoes the set-up edits back to the
original text; redo gives the full one."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from engine.model.scenario import Scenario
from tests.editor.canvas_input import click, drag, key, use_tool, zoom_on

SHIFT = Qt.KeyboardModifier.ShiftModifier
CTRL = Qt.KeyboardModifier.ControlModifier


def _centre(window, location: str) -> tuple[float, float]:
    bf = window.oob_ui.field.update(window.session)
    assert bf is not None
    return bf.by_id[location].centre  # the sample's one sheet sits at the origin


def _step_mode(qtbot, window, steps: int) -> None:
    tool = window.oob_ui.setup_tool
    tool.mode_box.setFocus()
    for _ in range(steps):
        qtbot.keyClick(tool.mode_box, Qt.Key.Key_Down)
    window.view.setFocus()


def test_setup_tool_paints_and_picks_undoably(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    doc = window.session.document
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    start = doc.text()
    ui = window.oob_ui
    tool = ui.setup_tool
    zoom_on(window, _centre(window, "A2010"), 4.0)
    use_tool(qtbot, window, "K")
    assert window.editing.tools.current is tool
    assert tool.target_box.currentText() == "(new area)"

    # one stroke over three hexes: a new green deployment area, one undo entry
    drag(qtbot, window, [_centre(window, h) for h in ("A2009", "A2010", "A2011")])
    assert [(a.id, a.locations) for a in scenario.sides.green.deployment] == [
        ("green-area1", ["A2009", "A2010", "A2011"])
    ]
    assert doc.undo_stack.count() == 1
    click(qtbot, window, _centre(window, "A2010"), SHIFT)
    assert scenario.sides.green.deployment[0].locations == ["A2009", "A2011"]

    # entry hexes of the first green force (not a reinforcement yet); a room refused
    _step_mode(qtbot, window, 1)
    assert tool.target_box.currentText() == "g-if1"
    click(qtbot, window, _centre(window, "A2012"))
    click(qtbot, window, _centre(window, "A2013"))
    entry = scenario.sides.green.impulse_forces[0].entry
    assert entry is not None and entry.hexes == ["A2012", "A2013"] and entry.turn == 2
    click(qtbot, window, _centre(window, "45.1"))
    assert "enter by hexes" in window.editing.hint_label.text()

    # a No Man's Land IED placed, then another taken away with Shift+click
    _step_mode(qtbot, window, 1)
    before = len(scenario.no_mans_land)
    click(qtbot, window, _centre(window, "A2014"))
    assert scenario.no_mans_land[-1].model_dump(include={"id", "kind", "at"}) == {
        "id": "nml-ied_uxo1",
        "kind": "ied_uxo",
        "at": "A2014",
    }
    click(qtbot, window, _centre(window, "A2308"), SHIFT)  # the sample's nml-ied1
    assert len(scenario.no_mans_land) == before
    assert "nml-ied1" not in {c.id for c in scenario.no_mans_land}

    # a green dummy beyond the allotment's count of 3: the count follows
    _step_mode(qtbot, window, 1)
    assert tool.target_box.currentText() == "dummies"
    click(qtbot, window, _centre(window, "A2015"))
    dummies = scenario.sides.green.environment.dummies
    assert dummies.locations[-1] == "A2015" and dummies.count == 4

    # a control objective
    _step_mode(qtbot, window, 1)
    assert tool.target_box.currentText() == "bridgeheads"
    click(qtbot, window, _centre(window, "A2016"))
    assert scenario.victory.conditions[0].locations == ["A2108", "A2115", "A2016"]

    marks = {m.toolTip() for m in ui.marks}
    assert "g-if1 enters here on turn 2" in marks
    assert any(t.startswith("green deployment area green-area1") for t in marks)

    full = doc.text()
    entries = doc.undo_stack.count()
    assert entries == 8  # one per click or stroke above
    for _ in range(entries):
        key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert doc.text() == start
    for _ in range(entries):
        key(qtbot, window, Qt.Key.Key_Z, CTRL | SHIFT)
    assert doc.text() == full


def test_blocks_mode_selects_and_moves_a_placed_block(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    doc = window.session.document
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    ui = window.oob_ui
    zoom_on(window, _centre(window, "A2914"), 4.0)
    use_tool(qtbot, window, "K")
    _step_mode(qtbot, window, 5)
    assert ui.setup_tool.mode == "blocks"
    apc = scenario.sides.green.impulse_forces[0].blocks[5]
    assert (apc.id, apc.at) == ("g1-apc1", "A2914")
    click(qtbot, window, _centre(window, "A2914"))
    assert ui.tree.selected_pointers() == ["/sides/green/impulse_forces/0/blocks/5"]
    assert doc.undo_stack.count() == 0  # a click selects, nothing more
    drag(qtbot, window, [_centre(window, "A2914"), _centre(window, "A2815")])
    assert apc.at == "A2815"
    drag(qtbot, window, [_centre(window, "A2815"), _centre(window, "45.3")])
    assert apc.at == "A2815"
    assert "not open to vehicles" in window.statusBar().currentMessage()
    assert doc.undo_stack.count() == 1
