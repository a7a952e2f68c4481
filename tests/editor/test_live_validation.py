"""Validation follows unsaved edits: what the Validation dock lists is what `uo validate`
would say of the file once saved."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor.commands import AddObjects
from engine.lint.runner import validate_paths
from engine.model.sheet import Manhole

from .conftest import wait_validated

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "A-harbour.yaml"


def test_an_edit_is_validated_before_it_is_saved(qtbot, window, tmp_path: Path) -> None:
    path = tmp_path / "A-harbour.yaml"
    shutil.copy(SAMPLE, path)
    assert window.open_file(path)
    wait_validated(qtbot, window)
    assert window.validation.problems == []
    document = window.editing.current_document()
    sheet = document.model
    # a second manhole with an id already used: duplicate-id (L101)
    twin = Manhole(id=sheet.manholes[0].id, hex="0101", letter="C")
    pointer = f"/manholes/{len(sheet.manholes)}"
    document.undo_stack.push(AddObjects(document, "Add manhole", [(pointer, twin)]))
    wait_validated(qtbot, window)
    codes = {p.code for p in window.validation.problems}
    assert "L101" in codes
    assert "unsaved edits" in window.validation.summary.text()
    assert path.read_text(encoding="utf-8") == SAMPLE.read_text(encoding="utf-8")  # nothing written
    # the lines point into the file as Save writes it: saved, the CLI says the same
    live = list(window.validation.problems)
    document.save()
    assert validate_paths([path]).problems == live
    # undo: the sheet is valid again, and so is the validation
    document.undo_stack.undo()
    wait_validated(qtbot, window)
    assert window.validation.problems == []
