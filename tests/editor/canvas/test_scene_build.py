"""Issue 14, opening: drawing a sheet makes each hex number once. The numbers a symbol
covers move down one by one once the symbols are known, instead of every number being made
again; the drawing is the one a full refill gives."""

from __future__ import annotations

from typing import Any

import pytest

from editor.canvas import hex_grid_item
from editor.canvas.sheet_scene import SheetScene
from engine.io.files import load_document


def test_14_opening_the_sample_makes_the_hex_numbers_once(
    qapp: Any, sample_sheet_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheet = load_document(sample_sheet_path).model
    fills: list[int] = []
    real_fill = hex_grid_item.HexGridItem._fill_labels

    def counted(self: hex_grid_item.HexGridItem) -> None:
        fills.append(1)
        real_fill(self)

    monkeypatch.setattr(hex_grid_item.HexGridItem, "_fill_labels", counted)
    scene = SheetScene()
    scene.set_sheet(sheet)
    grid = next(item for item in scene.items() if isinstance(item, hex_grid_item.HexGridItem))
    assert fills == [1]
    assert grid.lowered  # the sample has numbers moved down under symbols
    placed = sorted(repr(grid.label_rect(label)) for label in grid.lowered)
    shapes = sorted(bytes(_sig(s)) for s in grid.labels.shapes())
    real_fill(grid)  # every number made again at its place
    assert sorted(bytes(_sig(s)) for s in grid.labels.shapes()) == shapes
    assert sorted(repr(grid.label_rect(label)) for label in grid.lowered) == placed


def _sig(path: Any) -> bytes:
    from PySide6.QtCore import QByteArray, QDataStream, QIODevice

    data = QByteArray()
    stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    stream << path
    return bytes(data.data())
