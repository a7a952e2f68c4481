"""Letters typed on the widgets of the Scenario dock and the card editor reach them, not
the window's single-key tools: 'r' on the Events page's side box chooses red (it picked the
Room tool), 'v' on a unit card's kind chooses vehicle (it picked the Select tool)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from .input import click


def test_letters_on_dock_widgets_do_not_pick_tools(window, qtbot, sample: Path) -> None:
    window.resize(1600, 1000)
    assert window.open_file(sample)
    tools = window.editing.tools
    start = tools.current
    ui = window.scenario_ui
    ui.dock.raise_()
    ui.show_page(ui.events)
    box = ui.events.side_box
    box.setFocus()
    qtbot.keyClick(box, Qt.Key.Key_R)
    assert box.currentText() == "red" and tools.current is start
    # a letter typed on a table cell starts editing it
    table = ui.events.event_table
    rect = table.visualItemRect(table.item(0, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.keyClick(table, Qt.Key.Key_T)
    assert table.state() == table.State.EditingState and tools.current is start
    qtbot.keyClick(table.viewport().focusWidget() or table, Qt.Key.Key_Escape)

    qtbot.keyClick(
        window.view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    editor = window.cards_ui.editor
    click(qtbot, editor.findChild(type(editor.add_unit), "add_unit_card"))
    kind = editor.unit_page.card_form.editors["kind"]
    kind.setFocus()
    qtbot.keyClick(kind, Qt.Key.Key_V)
    assert kind.currentText() == "vehicle" and tools.current is start
