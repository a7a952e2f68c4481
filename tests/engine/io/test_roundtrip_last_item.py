"""Format-keeping save: an item appended to the list that ends the file, saved, then taken
away again (an undo after a save) gives the file's text back, closing newline and the
comment after the list included."""

from __future__ import annotations

from pathlib import Path

from engine.io.files import dumps, load_document, save_document
from engine.model.cards import BlockProfile, BlockType, CardLibrary, UnitCard

TEXT = """schema: uo-cards/1
id: lib
title: Library
unit_cards:
- id: a
  name: A
  blocks:
  - {type: infantry, name: Squad}
# the last card above
"""


def test_last_item_added_saved_and_removed_gives_the_text_back(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(TEXT, encoding="utf-8")
    loaded = load_document(path)
    model = loaded.model
    assert isinstance(model, CardLibrary)
    model.unit_cards.append(
        UnitCard(id="b", name="B", blocks=[BlockProfile(type=BlockType.infantry, name="S")])
    )
    source = save_document(model, path, loaded.header, loaded.source)
    assert "- id: b" in path.read_text(encoding="utf-8")
    model.unit_cards.pop()
    assert dumps(model, ".yaml", loaded.header, source) == TEXT
