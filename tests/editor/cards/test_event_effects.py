"""The event-card form covers every structured effect of the uo-cards/1 format (issue 13,
"Bots, observation, editor"; 6): one card of each kind made with real clicks and keys in the
scenario's Cards dock, each edit one undo entry, refused input said and never pushed; the
library saved, `uo validate` accepts the scenario."""

from __future__ import annotations

import subprocess
import sys
import typing
from pathlib import Path

from PySide6.QtCore import Qt

from editor.cards.pages import EFFECTS
from engine.model.cards import EventEffect
from tests.editor.conftest import wait_validated

from .test_card_editor import click, type_into

ROOT = Path(__file__).resolve().parents[3]
CTRL = Qt.KeyboardModifier.ControlModifier

#: per kind, the field typed into and what (the value the model then holds)
EDITS: dict[str, tuple[str, str, object]] = {
    "osl_change": ("amount", "-2", -2),
    "reinforcement": ("force", "g-if3", "g-if3"),
    "support_points": ("amount", "3", 3),
    "extra_3d_mission": ("support", "sup-artillery", "sup-artillery"),  # picked from its list
    "reveal": ("count", "2", 2),
}


def test_the_form_offers_every_kind_of_the_format() -> None:
    union = typing.get_args(typing.get_args(EventEffect)[0])
    assert set(EFFECTS.values()) == set(union) and len(EFFECTS) == len(union)


def pick(qtbot, combo, row: int) -> None:
    """Open the combo box's list (a click, or Alt+Down), go to entry `row` with the arrow keys and
    take it with Enter."""
    if combo.isEditable():  # a click edits its text: Alt+Down opens its list
        qtbot.keyClick(combo, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    else:
        qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    steps = row - view.currentIndex().row()
    for _ in range(abs(steps)):
        qtbot.keyClick(view, Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentIndex() == row


def type_spin(qtbot, spin, text: str) -> None:
    qtbot.mouseClick(spin, Qt.MouseButton.LeftButton)
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin, text)
    qtbot.keyClick(spin, Qt.Key.Key_Return)


def test_6_one_event_card_of_each_effect_kind_saved_and_valid(qtbot, window, sample: Path) -> None:
    assert window.open_file(sample)
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | Qt.KeyboardModifier.ShiftModifier)  # View > Cards
    editor = window.cards_ui.editor
    box = editor.library_box
    index = next(i for i, d in enumerate(editor.documents) if d.model.id == "halyard-events")
    if box.isVisible():
        pick(qtbot, box, index)
    assert editor.document is editor.documents[index]
    library = editor.document
    before = len(library.model.event_cards)
    stack = library.undo_stack
    made: dict[str, str] = {}
    for kind in EFFECTS:
        click(qtbot, editor, "add_event_card")
        card = library.model.event_cards[-1]
        page = editor.event_page
        combo = page.effect_kind
        entries = stack.count()
        pick(qtbot, combo, combo.findData(kind))
        assert library.model.event_cards[-1].effect is not None, (
            kind,
            combo.currentData(),
            combo.currentText(),
        )
        assert library.model.event_cards[-1].effect.kind == kind
        assert stack.count() == entries + 1  # one undo entry
        form = page.effect_forms[kind]
        assert form.isVisible() and all(not page.effect_forms[k].isVisible() for k in EFFECTS if k != kind)
        if kind in EDITS:
            name, text, value = EDITS[kind]
            editor_widget = form.editors[name]
            if kind == "extra_3d_mission":  # a support card of the scenario's, from the list
                assert editor_widget.findText("sup-mortar") >= 0
                pick(qtbot, editor_widget, editor_widget.findText(text))
            elif hasattr(editor_widget, "lineEdit"):
                type_spin(qtbot, editor_widget, text)
            else:
                type_into(qtbot, editor_widget, text)
            assert getattr(library.model.event_cards[-1].effect, name) == value, kind
        made[kind] = card.id

    # bad input is refused on the field, with a message, and nothing is pushed
    editor.select(f"/event_cards/{before + list(EFFECTS).index('reinforcement')}")
    force = editor.event_page.effect_forms["reinforcement"].editors["force"]
    assert {"g-if1", "g-if3"} <= {force.itemText(i) for i in range(force.count())}  # known forces
    entries = stack.count()
    type_spin(qtbot, force, "not an id!")
    assert stack.count() == entries
    assert "Force" in editor.event_page.effect_forms["reinforcement"].error_text("force")
    type_spin(qtbot, force, "g-if3")  # typed right again: accepted, the message gone
    assert editor.event_page.effect_forms["reinforcement"].error_text("force") == ""

    # undo steps back one edit at a time, redo brings them back
    stack.undo()
    assert library.model.event_cards[-1].effect.count == 1  # reveal's count back to its default
    stack.redo()
    assert library.model.event_cards[-1].effect.count == 2

    qtbot.keyClick(editor.event_page.form.editors["title"], Qt.Key.Key_S, CTRL)  # File > Save
    text = (sample.parent / "cards" / "events.yaml").read_text(encoding="utf-8")
    for kind, card_id in made.items():
        assert f"id: {card_id}" in text and f"kind: {kind}" in text
    wait_validated(qtbot, window)
    assert not [p for p in window.validation.problems if p.severity == "error"]
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", "validate", str(sample)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
