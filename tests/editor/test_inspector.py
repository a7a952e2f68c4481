"""The Inspector: fields of the selected object, edits through undoable commands, renames
that carry references along, and validation messages on the field they concern."""

from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDoubleSpinBox, QLineEdit

from .canvas_input import click, key, use_tool, zoom_on
from .conftest import DATA, wait_validated

CTRL = Qt.KeyboardModifier.ControlModifier


def type_into(qtbot, editor, text: str) -> None:
    """Replace an editor's text by typing, then Enter (how a user commits a field)."""
    editor.setFocus()
    line = editor if isinstance(editor, QLineEdit) else editor.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def test_editing_an_arc_in_the_inspector_is_undoable(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (100, 60), 4.0)
    use_tool(qtbot, window, "V")
    click(qtbot, window, (78, 37))  # door d1
    inspector = window.editing.inspector
    assert inspector.title.text() == "Aperture"
    start = inspector.editors["arc.start"]
    assert isinstance(start, QDoubleSpinBox) and start.value() == 300
    assert inspector.editors["interior"].text() == "1.1"
    type_into(qtbot, start, "270")
    doc = window.document
    assert doc.model.walls[0].apertures[0].arc.start == 270
    assert doc.undo_stack.undoText() == "Change arc start of d1"
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert doc.model.walls[0].apertures[0].arc.start == 300
    assert inspector.editors["arc.start"].value() == 300  # the field follows the undo


def test_renaming_a_building_renames_its_rooms_and_what_opens_into_them(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (100, 60), 4.0)
    use_tool(qtbot, window, "V")
    click(qtbot, window, (64, 44))  # the tag of building 1
    inspector = window.editing.inspector
    assert inspector.title.text() == "Building"
    type_into(qtbot, inspector.editors["id"], "32")
    doc = window.document
    b = doc.model.buildings[0]
    assert b.id == "32" and [r.id for r in b.rooms] == ["32.1", "32.2"]
    assert [z.id for z in b.rooms[1].zones] == ["32.3", "32.4"]
    assert [a.interior for a in doc.model.walls[0].apertures] == ["32.1", "32.3"]
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Rename building 1 to 32"
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert doc.model.buildings[0].rooms[1].zones[0].id == "1.3"
    assert doc.model.walls[0].apertures[1].interior == "1.3"


def test_an_invalid_value_is_refused_on_the_field(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (100, 60), 4.0)
    use_tool(qtbot, window, "V")
    click(qtbot, window, (64, 44))
    inspector = window.editing.inspector
    type_into(qtbot, inspector.editors["id"], "3.2")  # building ids have no dots
    assert window.document.undo_stack.count() == 0
    assert "pattern" in inspector.problem_text("id")
    check = inspector.editors["vehicles_may_enter"]
    check.setFocus()
    qtbot.keyClick(check, Qt.Key.Key_Space)
    assert window.document.model.buildings[0].vehicles_may_enter
    assert window.document.undo_stack.undoText() == "Change vehicles may enter of 1"


def test_the_validation_message_shows_on_its_field(window, qtbot, tmp_path):
    path = tmp_path / "duplicate-ids.yaml"
    shutil.copy(DATA / "duplicate-ids.yaml", path)
    window.load(path)
    wait_validated(qtbot, window)
    window.reveal(path.resolve(), "/walls/1")  # as a click in the Validation list does
    inspector = window.editing.inspector
    assert inspector.title.text() == "Wall"
    assert "L101 duplicate id 'w1'" in inspector.problem_text("id")
    # fixing it and saving clears the message
    type_into(qtbot, inspector.editors["id"], "w2")
    window.action_save.trigger()
    wait_validated(qtbot, window)
    assert inspector.problem_text("id") == ""


def test_nothing_selected_shows_the_sheet_and_many_shows_a_count(window, qtbot):
    window.load(DATA / "town.yaml")
    inspector = window.editing.inspector
    assert inspector.title.text() == "Sheet"
    type_into(qtbot, inspector.editors["title"], "Renamed town")
    assert window.document.model.title == "Renamed town"
    key(qtbot, window, Qt.Key.Key_A, CTRL)
    assert inspector.title.text().endswith("objects selected")
