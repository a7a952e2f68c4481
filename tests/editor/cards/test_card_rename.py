"""A unit card renamed in the scenario's Cards dock while blocks of the scenario field it:
the card editor offers to rename them too. Accepted, the blocks follow in one entry of the
scenario's history (the rename itself is one of the library's) and the scenario stays
valid; kept, the scenario is left as it was."""

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
