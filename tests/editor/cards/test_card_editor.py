"""The card library editor (issue 11 item 5): cards made and edited with real mouse and
keyboard events, each edit one undo entry, refused input said and never pushed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QTableWidget

from tests.editor.conftest import wait_validated

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"

EMPTY = """# Cards drawn by hand for the test
schema: uo-cards/1
id: test-lib
title: A library to fill  # from scratch
"""

pytestmark = [
    pytest.mark.qt_log_level_fail("WARNING"),
    pytest.mark.qt_log_ignore("does not support propagateSizeHints"),
]


@pytest.fixture
def library(window, tmp_path: Path):
    path = tmp_path / "cards.yaml"
    path.write_text(EMPTY, encoding="utf-8")
    window.load(path)
    return window.session.document


def click(qtbot, editor, name: str) -> None:
    widget = editor.findChild(QPushButton, name)
    assert widget is not None and widget.isVisible(), name
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def type_into(qtbot, line: QLineEdit, text: str) -> None:
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton)
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def type_cell(qtbot, table: QTableWidget, row: int, column: int, text: str) -> None:
    """Click a cell and type over it, as on a spreadsheet; Enter commits."""
    rect = table.visualRect(table.model().index(row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    for char in text:  # keys go where the focus is: the cell's editor once the first opened it
        qtbot.keyClicks(QApplication.focusWidget(), char)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    # the cell editor commits and closes on Qt's next turn of the event loop
    qtbot.waitUntil(lambda: table.state() != QTableWidget.State.EditingState)


def test_create_a_unit_card_with_a_weapon_then_undo_to_empty(qtbot, window, library):
    editor = window.cards_panel
    assert window.central.currentWidget() is editor
    original = library.text()

    click(qtbot, editor, "add_unit_card")
    page = editor.unit_page
    type_into(qtbot, page.card_form.editors["id"], "recce")
    type_into(qtbot, page.card_form.editors["name"], "Recce section")
    type_into(qtbot, page.block_form.editors["name"], "Scout team")
    click(qtbot, page, "add_weapon")
    table = page.weapons.table
    type_cell(qtbot, table, 0, 1, "7.62mm MG")
    for column, value in ((2, "4"), (3, "3"), (4, "2"), (6, "1")):
        type_cell(qtbot, table, 0, column, value)
    type_cell(qtbot, table, 0, 8, "2")
    smoke = page.weapon_form.editors["smoke"]
    qtbot.mouseClick(smoke, Qt.MouseButton.LeftButton, pos=QPoint(8, smoke.height() // 2))

    card = library.model.unit_cards[0]
    assert (card.id, card.name, card.blocks[0].name) == ("recce", "Recce section", "Scout team")
    weapon = card.blocks[0].weapons[0]
    assert weapon.name == "7.62mm MG"
    # the 16-20 band left empty is a band the weapon cannot fire in; 21-25 is left off
    assert weapon.firepower == [4, 3, 2, None, 1]
    assert (weapon.min_range, weapon.smoke) == (2, True)
    assert editor.card_ids() == ["recce"]
    full = library.text()
    assert "7.62mm MG" in full and "# Cards drawn by hand for the test" in full
    # one undo entry per edit: add, id, name, block name, add weapon, 5 cells, min range, smoke
    stack = library.undo_stack
    assert stack.count() == 12

    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton)
    for _ in range(stack.count()):
        qtbot.keyClick(editor.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stack.index() == 0
    assert library.text() == original
    assert editor.card_ids() == []
    for _ in range(stack.count()):
        qtbot.keyClick(
            editor.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
    assert library.text() == full


def test_bad_input_is_refused_with_a_message_and_pushes_nothing(qtbot, window, library):
    editor = window.cards_panel
    click(qtbot, editor, "add_unit_card")
    page = editor.unit_page
    click(qtbot, page, "add_weapon")
    count = library.undo_stack.count()
    type_cell(qtbot, page.weapons.table, 0, 3, "lots")
    assert not page.weapons.error.isHidden()
    assert page.weapons.error.text() == "w1, column 2-5: expected a firepower or '-', got 'lots'"
    type_cell(qtbot, page.weapons.table, 0, 1, "Flamethrower")  # another cell, accepted
    assert page.weapons.table.item(0, 3).text() == "lots"
    assert page.weapons.error.text() == "w1, column 2-5: expected a firepower or '-', got 'lots'"
    count += 1
    type_into(qtbot, page.card_form.editors["id"], "no spaces allowed")
    assert page.card_form.error_text("id").startswith("Id: String should match pattern")
    # what was typed stays where it was typed, through an edit elsewhere on the card
    assert page.card_form.editors["id"].text() == "no spaces allowed"
    type_into(qtbot, page.card_form.editors["name"], "Scouts")
    assert page.card_form.editors["id"].text() == "no spaces allowed"
    assert page.card_form.error_text("id")
    count += 1
    assert library.undo_stack.count() == count
    assert library.model.unit_cards[0].id == "unit-1"


def test_support_and_event_cards(qtbot, window, library):
    editor = window.cards_panel
    original = library.text()
    click(qtbot, editor, "add_support_card")
    page = editor.support_page
    click(qtbot, page, "add_ring")
    click(qtbot, page, "add_ring")
    type_cell(qtbot, page.rings.table, 0, 1, "2")
    assert [(r.radius, r.osl) for r in library.model.support_cards[0].effect] == [(0, 2), (1, 1)]
    domain = page.form.editors["domain"]
    qtbot.keyClick(domain, Qt.Key.Key_Down)  # a closed combo box steps to the next value
    assert library.model.support_cards[0].domain == "aerial"

    click(qtbot, editor, "add_event_card")
    event = editor.event_page
    kind = event.effect_kind
    qtbot.keyClicks(kind, "e")  # typing picks the entry: "extra 3d mission"
    effect = library.model.event_cards[0].effect
    # an extra mission names a support card of the library by default
    assert (effect.kind, effect.support) == ("extra_3d_mission", "support-1")
    count = event.effect_forms["extra_3d_mission"].editors["count"]
    qtbot.mouseClick(count, Qt.MouseButton.LeftButton)
    count.lineEdit().selectAll()
    qtbot.keyClicks(count, "3")
    qtbot.keyClick(count, Qt.Key.Key_Return)
    assert library.model.event_cards[0].effect.count == 3
    assert editor.card_ids() == ["support-1", "event-1"]
    full = library.text()
    stack = library.undo_stack
    while stack.canUndo():
        stack.undo()
    assert library.text() == original
    while stack.canRedo():
        stack.redo()
    assert library.text() == full


def test_editing_a_scenario_library_revalidates_the_scenario(qtbot, window):
    window.load(SCENARIO)
    wait_validated(qtbot, window)
    assert not window.validation.problems
    session = window.session
    assert [d.model.id for d in session.library_documents] == [
        "halyard-units",
        "halyard-support",
        "halyard-events",
    ]
    window.cards_ui.action.trigger()
    editor = window.cards_ui.editor
    assert editor.isVisible()
    editor.library_box.setCurrentIndex(1)  # the support library
    editor.select("/support_cards/0")
    assert editor.support_page.form.editors["id"].text() == "sup-mortar"
    type_into(qtbot, editor.support_page.form.editors["id"], "sup-mortars")
    support = session.library_documents[1]
    assert support.is_dirty and not session.document.is_dirty
    # Ctrl+Z reaches the library's history while the card editor has the focus
    assert window.editing.undo_group.activeStack() is support.undo_stack
    wait_validated(qtbot, window)
    assert any("sup-mortar" in p.message for p in window.validation.problems)
    qtbot.keyClick(
        editor.support_page.form.editors["name"], Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier
    )
    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(editor.tree, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert not support.is_dirty
    wait_validated(qtbot, window)
    assert not window.validation.problems


def test_a_problem_in_a_card_is_shown_on_it_and_clicking_it_selects_the_card(qtbot, window, library):
    editor = window.cards_panel
    click(qtbot, editor, "add_unit_card")
    click(qtbot, editor, "add_unit_card")
    type_into(qtbot, editor.unit_page.card_form.editors["id"], "unit-1")  # the first card's id
    wait_validated(qtbot, window)
    assert editor.current_pointer() == "/unit_cards/1"
    assert editor.problems_label.isVisible()
    assert "L201 duplicate card id 'unit-1'" in editor.problems_label.text()
    editor.select("/unit_cards/0")
    assert not editor.problems_label.isVisible()
    # a double click on the problem in the Validation dock brings its card back
    problems = window.validation.list
    item = problems.topLevelItem(0)
    rect = problems.visualItemRect(item)
    # QTest's double-click lacks the press Qt's item views expect before it
    qtbot.mouseClick(problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(problems.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert editor.current_pointer() == "/unit_cards/1"
    assert editor.unit_page.card_form.editors["name"].text() == "New unit"


def test_a_card_edit_in_a_scenario_is_saved_to_its_library_only(qtbot, window, tmp_path: Path):
    data = Path(__file__).resolve().parents[1] / "data"
    for name in ("crossing.yaml", "town.yaml", "sewers.yaml", "cards.yaml"):
        (tmp_path / name).write_bytes((data / name).read_bytes())
    cards = tmp_path / "cards.yaml"
    cards.write_text("# the test's own cards\n" + cards.read_text(encoding="utf-8"), encoding="utf-8")
    scenario_bytes = (tmp_path / "crossing.yaml").read_bytes()
    window.load(tmp_path / "crossing.yaml")
    window.cards_ui.action.trigger()
    editor = window.cards_ui.editor
    editor.select("/unit_cards/0")
    name = editor.unit_page.card_form.editors["name"]
    qtbot.mouseClick(name, Qt.MouseButton.LeftButton)
    name.selectAll()
    qtbot.keyClicks(name, "Rifle platoon (reinforced)")
    # Ctrl+S straight away, the focus still in the field: what is typed is saved
    qtbot.keyClick(name, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    text = cards.read_text(encoding="utf-8")
    assert text.startswith("# the test's own cards\n")
    assert "name: Rifle platoon (reinforced)" in text
    assert (tmp_path / "crossing.yaml").read_bytes() == scenario_bytes
    assert not window.isWindowModified()


def test_new_card_library_from_the_file_menu(qtbot, window, tmp_path: Path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    window.cards_ui.action_new.trigger()
    document = window.session.document
    assert window.central.currentWidget() is window.cards_panel
    assert document.path is None and document.display_name == "untitled card library"
    click(qtbot, window.cards_panel, "add_event_card")
    assert window.cards_panel.card_ids() == ["event-1"]
    target = tmp_path / "my-cards.yaml"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    qtbot.keyClick(window.cards_panel.tree, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    text = target.read_text(encoding="utf-8")
    assert "schema: uo-cards/1" in text and "id: event-1" in text


def test_4_3_2_1_a_new_block_takes_the_osl_levels_and_target_class_of_its_type():
    from editor.cards.pages import new_block
    from engine.model.cards import BlockType

    # 4.3.2.1: commanders, logistics, JFO, command posts and snipers have two OSL levels
    assert new_block(BlockType.commander).osl_levels == 2
    assert new_block(BlockType.infantry).osl_levels == 3
    assert new_block(BlockType.mbt).protection == "mbt"
    assert new_block(BlockType.apc).protection == "armoured"


def test_a_card_clicked_in_the_outliner_is_shown_in_the_card_editor(qtbot, window):
    window.load(Path(__file__).resolve().parents[1] / "data" / "cards.yaml")
    outliner = window.outliner
    item = outliner.items_of_kind("card")[1]  # mortar, the support card
    rect = outliner.visualItemRect(item)
    qtbot.mouseClick(outliner.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.cards_panel.current_pointer() == "/support_cards/0"
    assert window.cards_panel.support_page.form.editors["id"].text() == "mortar"


def test_a_firepower_typed_into_the_sample_library_changes_one_line_of_its_file(
    qtbot, window, tmp_path: Path
):
    path = tmp_path / "units.yaml"
    original = (ROOT / "scenarios" / "cards" / "units.yaml").read_text(encoding="utf-8")
    path.write_text(original, encoding="utf-8")
    window.load(path)
    editor = window.cards_panel
    editor.select("/unit_cards/0")  # co-mech
    page = editor.unit_page
    page.blocks.setCurrentRow(1)  # the rifle squad: 5.56mm rifles and LMG, [6, 5, 4, 3, null, null]
    type_cell(qtbot, page.weapons.table, 0, 4, "5")
    assert editor.library.unit_cards[0].blocks[1].weapons[0].firepower == [6, 5, 5, 3, None, None]
    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(editor.tree, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    before, after = original.splitlines(), path.read_text(encoding="utf-8").splitlines()
    assert len(before) == len(after)
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == 1 and "5.56mm rifles and LMG" in changed[0][1]
    assert "firepower: [6, 5, 5, 3, null, null]" in changed[0][1]


def test_14_the_card_pages_are_made_when_a_card_is_first_shown(qtbot, window, library):
    """Opening (issue 14): the window's two card editors (the Cards view, the Cards dock) made
    their unit, support and event pages at start-up, a tenth of it; a window that opens a
    sheet never shows them. They are made when a card is first shown."""
    for editor in (window.cards_panel, window.cards_ui.editor):
        assert editor.pages.count() == 1  # "Pick a card" only
    click(qtbot, window.cards_panel, "add_unit_card")
    editor = window.cards_panel
    assert editor.pages.count() == 4
    assert editor.pages.currentWidget().widget() is editor.unit_page
    assert editor.unit_page.card_form.editors["name"].text() == "New unit"
    assert window.cards_ui.editor.pages.count() == 1
