"""Document: model + undo stack, dirty while the stack is away from its saved state."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QUndoCommand

from editor.canvas.locator import Locator
from editor.document import Document
from editor.new_sheet import new_sheet
from engine.io.files import load_document
from engine.io.problems import LoadError

from .conftest import DATA


def test_dirty_follows_the_undo_stack(qtbot, tmp_path):
    doc = Document.load(DATA / "town.yaml")
    assert not doc.is_dirty
    with qtbot.waitSignal(doc.dirty_changed) as dirty, qtbot.waitSignal(doc.changed):
        doc.undo_stack.push(QUndoCommand("edit"))
    assert dirty.args == [True] and doc.is_dirty
    with qtbot.waitSignal(doc.dirty_changed) as clean:
        doc.undo_stack.undo()
    assert clean.args == [False] and not doc.is_dirty
    doc.undo_stack.redo()
    out = tmp_path / "town.yaml"
    doc.save(out)
    assert not doc.is_dirty and doc.path == out.resolve()
    assert load_document(out).model == doc.model


def test_load_refuses_files_without_a_model():
    with pytest.raises(LoadError) as err:
        Document.load(DATA / "broken.yaml")
    assert err.value.problems[0].line == 3


def test_new_sheet_is_valid_and_starts_at_0101():
    sheet = new_sheet()
    locator = Locator(sheet)
    assert locator.hex_at(0.5, 0.5) == "A0101"
    assert locator.hex_at(-1, 5) is None


def test_locator_prefers_zones_over_their_room():
    sheet = Document.load(DATA / "town.yaml").model
    locator = Locator(sheet)
    assert locator.location_at(100, 50) == "1.3"
    assert locator.location_at(75, 50) == "1.1"
    assert locator.location_at(200, 140) == "2.1"
    assert locator.location_at(12, 10.392) == "T0101"
