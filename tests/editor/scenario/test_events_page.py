"""Events and 3D support page (issue 11 item 6): deck and hand counts, the d10 events table
and the 3D actions matrix edited by mouse and keyboard, with the die results each table
leaves uncovered or gives twice; one undo entry per edit; undo gives the file back."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QPushButton

from .input import click, select_row, type_in_cell


def _open(window, sample):
    window.resize(1600, 1000)
    window.load(sample)
    ui = window.scenario_ui
    ui.show_page(ui.events)
    return ui.events, window.document


def test_6_1_events_table_shows_uncovered_and_doubled_rolls(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    assert page.event_cover.text() == "every roll 0-9 once"
    # row 2 "2, 3, 4, 5, 6" becomes "2-5": roll 6 no longer has a row
    type_in_cell(qtbot, page.event_table, 1, 0, "2-5")
    assert doc.model.sides.green.events.table[1].roll == [2, 3, 4, 5]
    assert page.event_cover.text() == "no result for 6"
    assert page.event_strip.coverage.uncovered == [6]
    # row 1 also takes 5: rolled twice
    type_in_cell(qtbot, page.event_table, 0, 0, "0, 1, 5")
    assert page.event_cover.text() == "no result for 6; twice: 5"
    assert doc.undo_stack.count() == 2
    edited = doc.text()
    # a bad roll is refused and said; the model keeps its value
    type_in_cell(qtbot, page.event_table, 0, 0, "0, 12")
    assert "a d10 gives 0 to 9" in page.problem.text()
    assert doc.model.sides.green.events.table[0].roll == [0, 1, 5]
    assert doc.undo_stack.count() == 2
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == original
    assert page.event_cover.text() == "every roll 0-9 once"
    while doc.undo_stack.canRedo():
        doc.undo_stack.redo()
    assert doc.text() == edited
    assert page.event_cover.text() == "no result for 6; twice: 5"


def test_6_1_add_row_takes_the_free_rolls_and_remove(window, qtbot, sample):
    page, doc = _open(window, sample)
    type_in_cell(qtbot, page.event_table, 3, 0, "")  # a row without a roll is refused
    assert "at least 1" in page.problem.text()
    type_in_cell(qtbot, page.event_table, 1, 0, "2 3 4")
    click(qtbot, page.findChild(QPushButton, "add_event_row"))
    table = doc.model.sides.green.events.table
    assert table[-1].roll == [5, 6] and page.event_cover.text() == "every roll 0-9 once"
    type_in_cell(qtbot, page.event_table, 4, 1, "Stray dog barks: nothing else.")
    assert doc.model.sides.green.events.table[-1].outcome == "Stray dog barks: nothing else."
    select_row(qtbot, page.event_table, 4)
    click(qtbot, page.findChild(QPushButton, "remove_event_row"))
    assert len(doc.model.sides.green.events.table) == 4
    assert doc.undo_stack.count() == 4


def test_6_1_deck_and_hand_counts(window, qtbot, sample):
    page, doc = _open(window, sample)
    row = page._card_rows.index("ev-panic")
    type_in_cell(qtbot, page.card_table, row, 2, "1")
    assert doc.model.sides.green.events.deck[-1] == "ev-panic"
    assert page.deck_summary.text().startswith("Deck: 5 card(s)")
    row = page._card_rows.index("ev-fisherman")
    type_in_cell(qtbot, page.card_table, row, 3, "0")
    assert doc.model.sides.green.events.hand == ["ev-seize"]
    assert doc.undo_stack.count() == 2


def test_7_3_1_matrix_edit_and_air_defence_for_red(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    # sup-mortar: T+1 loses 6, so 6 has no result
    type_in_cell(qtbot, page.matrix, 0, 5, "2-5")
    assert doc.model.sides.green.support.actions[0].next_turn == [2, 3, 4, 5]
    dice = page.matrix.item(0, 1)
    assert dice.text() == "no result for 6"
    type_in_cell(qtbot, page.matrix, 0, 2, "6")
    assert doc.model.sides.green.support.actions[0].missions == 6
    type_in_cell(qtbot, page.matrix, 0, 2, "99")  # more than 20 missions: refused
    assert "missions" in page.problem.text().lower()
    assert doc.model.sides.green.support.actions[0].missions == 6
    # the other side's matrix
    page.side_box.setFocus()
    page.side_box.setCurrentText("red")
    assert page.side_name.text() == "<b>Lighthouse Brotherhood</b>"
    assert doc.undo_stack.count() == 2
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == original


def test_7_3_1_added_support_row_is_complete(window, qtbot, sample):
    page, doc = _open(window, sample)
    page.support_pick.setCurrentIndex(page.support_pick.findData("sup-mortar"))
    click(qtbot, page.findChild(QPushButton, "add_support"))
    row = doc.model.sides.green.support.actions[-1]
    assert row.support == "sup-mortar" and row.unavailable == list(range(10))
    assert page.matrix.item(page.matrix.rowCount() - 1, 1).text() == "ok"
    select_row(qtbot, page.matrix, page.matrix.rowCount() - 1)
    click(qtbot, page.findChild(QPushButton, "remove_support"))
    assert len(doc.model.sides.green.support.actions) == 8


def test_6_1_an_unsaved_event_card_of_the_library_can_be_picked(window, qtbot, sample):
    from editor.commands import AddObjects
    from engine.model.cards import EventCard

    page, doc = _open(window, sample)
    library = next(d for d in window.session.library_documents if d.path.name == "events.yaml")
    card = EventCard(id="ev-fog", title="Harbour fog", timing="kept", text="Smoke everywhere.")
    n = len(library.model.event_cards)
    library.undo_stack.push(AddObjects(library, "Add card", [(f"/event_cards/{n}", card)]))
    assert "ev-fog" in page._card_rows
    type_in_cell(qtbot, page.card_table, page.card_row("ev-fog"), 2, "1")
    assert doc.model.sides.green.events.deck[-1] == "ev-fog"


def test_rolls_read_as_ranges_in_the_tables(window, qtbot, sample):
    from editor.scenario.rolls import rolls_label

    shown = [rolls_label(r) for r in ([2, 3, 4, 5, 6], [0, 1], [0, 4, 5, 6, 9], [])]
    assert shown == ["2-6", "0, 1", "0, 4-6, 9", ""]
    page, doc = _open(window, sample)
    type_in_cell(qtbot, page.event_table, 1, 0, "2 3 4 5")
    assert doc.model.sides.green.events.table[1].roll == [2, 3, 4, 5]
    assert page.event_table.item(1, 0).text() == "2-5"
    assert page.matrix.item(0, 5).text() == "2-6"  # sup-mortar's T+1: 2, 3, 4, 5, 6


def test_7_3_3_1_requests_at_any_position_are_switched_on_per_side(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    box = page.findChild(QCheckBox, "any_position")
    assert not box.isChecked()
    click(qtbot, box)
    assert doc.model.sides.green.support.any_position and not doc.model.sides.red.support.any_position
    assert doc.undo_stack.count() == 1
    page.side_box.setCurrentText("red")
    assert not box.isChecked()  # red's own setting
    doc.undo_stack.undo()
    assert doc.text() == original
