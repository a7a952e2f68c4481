"""A card renamed in the scenario's Cards dock while the scenario names it (a unit card's
blocks; a support card's matrix rows and events' extra missions; an event card's decks, hands
and table rows): the card editor offers to rename them too. Accepted, they follow in one entry
of the scenario's history (an event's extra mission in one of its library's; the rename itself
is one of the card's library's) and the scenario stays valid; kept, it is left as it was."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QPushButton

from engine.model.scenario import Scenario
from tests.editor.conftest import wait_validated

CTRL = Qt.KeyboardModifier.ControlModifier


def _pick_card(qtbot, editor, card: str) -> None:
    tree = editor.tree
    item = next(
        tree.topLevelItem(0).child(i)
        for i in range(tree.topLevelItem(0).childCount())
        if tree.topLevelItem(0).child(i).text(0).startswith(f"{card} ")
    )
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def _rename(qtbot, editor, new: str) -> None:
    line = editor.unit_page.card_form.editors["id"]
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton)
    qtbot.keyClick(line, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(line, new)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def _cards_of(scenario: Scenario, ids: set[str]) -> list[str]:
    return [
        b.card
        for side in (scenario.sides.green, scenario.sides.red)
        for f in side.impulse_forces
        for b in f.blocks
        if b.id in ids
    ]


def test_renamed_unit_card_is_followed_by_the_scenario_blocks(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    scenario_doc = window.session.document
    scenario = scenario_doc.model
    assert isinstance(scenario, Scenario)
    units = window.session.library_documents[0]
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | Qt.KeyboardModifier.ShiftModifier)  # View > Cards
    editor = window.cards_ui.editor
    assert editor.isVisible()
    _pick_card(qtbot, editor, "co-apc")
    _rename(qtbot, editor, "co-m113")
    assert units.model.unit_cards[1].id == "co-m113" and units.undo_stack.count() == 1
    assert editor.rename_bar.isVisible()
    assert editor.rename_label.text() == (
        "2 blocks of the scenario field co-apc (g1-apc1, g1-apc2): rename them to co-m113 too?"
    )
    assert scenario_doc.undo_stack.count() == 0  # nothing yet: the designer chooses
    qtbot.mouseClick(editor.findChild(QPushButton, "rename_users"), Qt.MouseButton.LeftButton)
    assert not editor.rename_bar.isVisible()
    assert _cards_of(scenario, {"g1-apc1", "g1-apc2"}) == ["co-m113", "co-m113"]
    assert scenario_doc.undo_stack.count() == 1  # one entry for both blocks
    wait_validated(qtbot, window)
    assert not [p for p in window.validation.problems if p.severity == "error"]

    # undone in the scenario's history: the blocks field the old id again
    scenario_doc.undo_stack.undo()
    assert _cards_of(scenario, {"g1-apc1", "g1-apc2"}) == ["co-apc", "co-apc"]


def test_keep_leaves_the_scenario_and_a_card_nobody_fields_asks_nothing(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    scenario_doc = window.session.document
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | Qt.KeyboardModifier.ShiftModifier)
    editor = window.cards_ui.editor
    _pick_card(qtbot, editor, "co-tank")
    _rename(qtbot, editor, "co-mbt")
    assert editor.rename_bar.isVisible()
    qtbot.mouseClick(editor.findChild(QPushButton, "keep_users"), Qt.MouseButton.LeftButton)
    assert not editor.rename_bar.isVisible() and scenario_doc.undo_stack.count() == 0
    wait_validated(qtbot, window)
    assert any(p.code == "L306" for p in window.validation.problems)  # said, not hidden
    # a new card of the library: no block fields it, so its rename asks nothing
    qtbot.mouseClick(editor.findChild(QPushButton, "add_unit_card"), Qt.MouseButton.LeftButton)
    _rename(qtbot, editor, "co-spare")
    assert not editor.rename_bar.isVisible()


def _pick_in(qtbot, editor, library_id: str, card: str) -> None:
    """Show library `library_id` in the Cards dock and click card `card` in its list."""
    index = next(i for i, d in enumerate(editor.documents) if d.model.id == library_id)
    editor.library_box.setCurrentIndex(index)
    tree = editor.tree
    items = [
        tree.topLevelItem(g).child(i)
        for g in range(tree.topLevelItemCount())
        for i in range(tree.topLevelItem(g).childCount())
    ]
    item = next(i for i in items if i.text(0).startswith(f"{card} "))
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=tree.visualItemRect(item).center())


def _type_id(qtbot, line, new: str) -> None:
    qtbot.mouseClick(line, Qt.MouseButton.LeftButton)
    qtbot.keyClick(line, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(line, new)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def test_7_3_1_a_renamed_support_card_is_followed_by_the_matrix_and_the_events(
    qtbot, window, sample: Path
) -> None:
    assert window.open_file(sample)
    scenario_doc = window.session.document
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | Qt.KeyboardModifier.ShiftModifier)
    editor = window.cards_ui.editor
    _pick_in(qtbot, editor, "halyard-support", "sup-mortar")
    _type_id(qtbot, editor.support_page.form.editors["id"], "sup-81mm")
    support_doc = editor.document
    assert support_doc.model.support_cards[0].id == "sup-81mm" and support_doc.undo_stack.count() == 1
    assert editor.rename_label.text() == (
        "2 places name sup-mortar (green 3D matrix, event card ev-extra-mortars): "
        "rename them to sup-81mm too?"
    )
    qtbot.mouseClick(editor.findChild(QPushButton, "rename_users"), Qt.MouseButton.LeftButton)
    rows = scenario_doc.model.sides.green.support.actions
    assert rows[0].support == "sup-81mm"
    assert scenario_doc.undo_stack.count() == 1  # one entry in the scenario's history
    events_doc = next(d for d in editor.documents if d.model.id == "halyard-events")
    extra = next(c for c in events_doc.model.event_cards if c.id == "ev-extra-mortars")
    assert extra.effect.support == "sup-81mm" and events_doc.undo_stack.count() == 1
    wait_validated(qtbot, window)
    assert not [p for p in window.validation.problems if p.severity == "error"]
    scenario_doc.undo_stack.undo()
    assert scenario_doc.model.sides.green.support.actions[0].support == "sup-mortar"


def test_6_1_a_renamed_event_card_is_followed_by_the_hand_deck_and_table(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    scenario_doc = window.session.document
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | Qt.KeyboardModifier.ShiftModifier)
    editor = window.cards_ui.editor
    green = scenario_doc.model.sides.green.events
    table = [i for i, row in enumerate(green.table) if row.card == "ev-fisherman"]
    _pick_in(qtbot, editor, "halyard-events", "ev-fisherman")
    _type_id(qtbot, editor.event_page.form.editors["id"], "ev-old-fisherman")
    assert editor.rename_bar.isVisible()
    assert "name ev-fisherman (green hand" in editor.rename_label.text()
    qtbot.mouseClick(editor.findChild(QPushButton, "rename_users"), Qt.MouseButton.LeftButton)
    green = scenario_doc.model.sides.green.events
    assert green.hand == ["ev-old-fisherman", "ev-seize"]
    assert all(green.table[i].card == "ev-old-fisherman" for i in table)
    assert "ev-fisherman" not in [*green.deck, *green.hand, *(r.card for r in green.table)]
    assert scenario_doc.undo_stack.count() == 1
    wait_validated(qtbot, window)
    assert not [p for p in window.validation.problems if p.severity == "error"]
    scenario_doc.undo_stack.undo()
    assert scenario_doc.model.sides.green.events.hand == ["ev-fisherman", "ev-seize"]
