"""Issue 17.4: the Inspector never rewrites a value the user did not change, and holds any
value the file holds (no silent cut at QLineEdit's 32,767 characters)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from .conftest import DATA
from .test_inspector import type_into


def sheet_titled(tmp_path: Path, title: str) -> Path:
    text = (DATA / "town.yaml").read_text(encoding="utf-8")
    path = tmp_path / "titled.yaml"
    path.write_text(text.replace("title: Test town", f"title: {title!r}"), encoding="utf-8")
    return path


def press_enter_in(qtbot, editor) -> None:
    editor.setFocus()
    qtbot.keyClick(editor, Qt.Key.Key_Return)


def test_17_4_enter_in_an_unchanged_padded_title_is_no_edit(window, qtbot, tmp_path):
    window.load(sheet_titled(tmp_path, "  Padded town  "))
    inspector = window.editing.inspector
    title = inspector.editors["title"]
    assert title.text() == "  Padded town  "
    press_enter_in(qtbot, title)
    doc = window.document
    assert doc.model.title == "  Padded town  "
    assert doc.undo_stack.count() == 0 and not doc.is_dirty


def test_17_4_a_million_character_title_is_shown_whole_and_kept(window, qtbot, tmp_path):
    long_title = "x" * 1_000_000
    window.load(sheet_titled(tmp_path, long_title))
    inspector = window.editing.inspector
    title = inspector.editors["title"]
    assert len(title.text()) == 1_000_000
    press_enter_in(qtbot, title)
    doc = window.document
    assert doc.model.title == long_title and doc.undo_stack.count() == 0
    # typing one more character edits the whole value, not a cut copy of it
    title.setFocus()
    qtbot.keyClick(title, Qt.Key.Key_End)
    qtbot.keyClicks(title, "y")
    qtbot.keyClick(title, Qt.Key.Key_Return)
    assert doc.model.title == long_title + "y" and doc.undo_stack.count() == 1


def test_17_4_a_typed_value_is_kept_as_typed(window, qtbot, tmp_path):
    window.load(DATA / "town.yaml")
    inspector = window.editing.inspector
    type_into(qtbot, inspector.editors["title"], " Spaced ")
    assert window.document.model.title == " Spaced "
    assert window.document.undo_stack.count() == 1
