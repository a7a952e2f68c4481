"""Settings page (issue 11 item 2): each edit made with mouse and keyboard is one undo
entry, a refused value is said and never reaches the file, undo gives the file back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from engine.model.scenario import AdvancedRule
from tests.editor.conftest import ROOT

from .input import click, click_check, type_in_line


def _open(window, sample):
    window.resize(1600, 1000)
    window.load(sample)
    ui = window.scenario_ui
    assert ui.dock.isVisible()
    ui.show_page(ui.settings)
    return ui.settings, window.document


def test_title_and_refused_id(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    type_in_line(qtbot, page.lines["title"], "Harbour Crossing at dawn")
    assert doc.model.title == "Harbour Crossing at dawn"
    assert doc.undo_stack.count() == 1
    # an id with a space is refused with the model's reason; the typed text stays to fix
    type_in_line(qtbot, page.lines["id"], "bad id!")
    assert doc.model.id == "harbour-crossing"
    assert page.problem.text().startswith("id: ") and page.problem.isVisibleTo(page)
    assert page.lines["id"].text() == "bad id!"
    assert doc.undo_stack.count() == 1
    doc.undo_stack.undo()
    assert doc.text() == original


def test_advanced_rules_show_section_and_title_and_toggle(window, qtbot, sample):
    page, doc = _open(window, sample)
    box = page.rule_boxes[AdvancedRule.anti_sniping]
    assert box.text() == "10.7  Anti-sniping"
    assert page.rule_boxes[AdvancedRule.crossing_walls].isChecked()
    click_check(qtbot, box)
    assert AdvancedRule.anti_sniping in doc.model.advanced_rules
    # kept in the rulebook's order
    order = list(AdvancedRule)
    assert doc.model.advanced_rules == sorted(doc.model.advanced_rules, key=order.index)
    assert doc.undo_stack.count() == 1


def test_titles_are_the_rulebook_s():
    from editor.scenario.advanced_rules import TITLES

    book = (ROOT.parent / "shared" / "rules" / "urban-operations-rulebook.txt").read_text(encoding="utf-8")
    assert set(TITLES) == set(AdvancedRule)
    for section, title in TITLES.values():
        assert any(line.split() == [section, *title.split()] for line in book.splitlines()), section


def test_turns_night_and_initiative(window, qtbot, sample):
    page, doc = _open(window, sample)
    original = doc.text()
    spin = page.turns
    qtbot.mouseClick(spin, Qt.MouseButton.LeftButton)
    qtbot.keyClick(spin, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(spin, "9")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert doc.model.turns == 9
    assert page.turn_table.columnCount() == 9
    # turn 6 at night: click its check box
    table = page.turn_table
    item = table.item(0, 5)
    table.scrollToItem(item)
    rect = table.visualItemRect(item)
    check = rect.topLeft() + (rect.bottomLeft() - rect.topLeft()) / 2
    check.setX(rect.left() + 12)
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=check)
    assert doc.model.night_turns == [6, 7, 8]
    # initiative of turn 9 to red, by keyboard on its combo
    combo = table.cellWidget(1, 8)
    table.scrollToItem(table.item(0, 8))
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_End)
    assert doc.model.initiative[-1].turn == 9 and doc.model.initiative[-1].side == "red"
    assert doc.undo_stack.count() == 3
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == original


def test_briefing_markdown_preview_commits_on_leaving(window, qtbot, sample):
    page, doc = _open(window, sample)
    edit = page.briefing.edit
    qtbot.mouseClick(edit.viewport(), Qt.MouseButton.LeftButton)
    qtbot.keyClick(edit, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.keyClicks(edit, "**Hold the quay.**")
    assert "Hold the quay." in page.briefing.preview.toPlainText()
    assert "**" not in page.briefing.preview.toPlainText()  # rendered, not shown
    assert doc.undo_stack.count() == 0  # typing commits when the field is left
    click(qtbot, page.lines["campaign"])
    assert doc.model.briefing.endswith("**Hold the quay.**")
    assert doc.undo_stack.count() == 1


def test_card_library_added_relative_and_removed(window, qtbot, sample):
    page, doc = _open(window, sample)
    page.add_library(sample.parent / "cards" / "extra.yaml")
    assert doc.model.cards[-1] == "cards/extra.yaml"
    rect = page.libraries.visualItemRect(page.libraries.item(3))
    qtbot.mouseClick(page.libraries.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    click(qtbot, page.findChild(QPushButton, "remove_library"))
    assert doc.model.cards == ["cards/units.yaml", "cards/support.yaml", "cards/events.yaml"]
    assert doc.undo_stack.count() == 2


def test_card_library_added_by_click_is_opened_and_offered_at_once(window, qtbot, sample, monkeypatch):
    """Add... opens the library beside the others: its cards are offered to the orders of
    battle and the Cards dock before any save; removed and undone, it comes back with its
    own history."""
    from editor.commands import AddObjects
    from engine.model.cards import BlockProfile, BlockType, UnitCard

    extra = sample.parent / "cards" / "extra.yaml"
    extra.write_text("schema: uo-cards/1\nid: extra\ntitle: Extra cards\nunit_cards: []\n", encoding="utf-8")
    page, doc = _open(window, sample)
    monkeypatch.setattr(
        "editor.scenario.settings_page.QFileDialog.getOpenFileName", lambda *a, **k: (str(extra), "")
    )
    click(qtbot, page.findChild(QPushButton, "add_library"))
    assert doc.model.cards[-1] == "cards/extra.yaml"
    session = window.session
    library = session.library_documents[-1]
    assert library.model.id == "extra" and window.cards_ui.editor.documents[-1] is library
    # a card made in it is a card the orders of battle offer
    card = UnitCard(id="x-scouts", name="Scouts", blocks=[BlockProfile(type=BlockType.scout, name="Scouts")])
    library.undo_stack.push(AddObjects(library, "Add card", [("/unit_cards/0", card)]))
    assert "x-scouts" in window.oob_ui.cards()
    # removed: let go (its edit unsaved, so kept to be saved); undone: the same document
    rect = page.libraries.visualItemRect(page.libraries.item(3))
    qtbot.mouseClick(page.libraries.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    click(qtbot, page.findChild(QPushButton, "remove_library"))
    assert "x-scouts" not in window.oob_ui.cards()
    library.undo_stack.undo()  # the card's edit undone: nothing of it to save
    doc.undo_stack.undo()  # the library used again
    assert session.library_documents[-1] is library and library.undo_stack.canRedo()
    library.undo_stack.redo()
    assert "x-scouts" in window.oob_ui.cards()
