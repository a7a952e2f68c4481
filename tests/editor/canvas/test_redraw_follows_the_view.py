"""Issue 14: a redraw zoomed in follows the view, not the sheet. The same view (scale,
place, shapes) of a generated sheet and of a sheet four times its size holding it in its
top-left quarter paints the same items and the same tiles, and looks up no more tiles' rectangles:
counts, not times (bench_editor's "same view" rows time it)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from bench import mapgen
from bench.bench_editor import four_times_sheet
from editor.canvas import batch
from editor.canvas.sheet_scene import SheetScene

#: the view: a 1400 x 900 pixel canvas at six times the single sheet's fitted scale
VIEW_PIXELS = (1400, 900)


def _painted(sheet: Any, source: QRectF, monkeypatch: pytest.MonkeyPatch) -> tuple[Counter[str], int, int]:
    """(paint calls by item class, tiles drawn, tile rectangles tested) when `source` (scene
    millimetres) of `sheet`'s scene is rendered to the view's pixels."""
    scene = SheetScene()
    scene.set_sheet(sheet)
    paints: Counter[str] = Counter()
    tiles = [0]
    tested = [0]
    classes = {type(item) for item in scene.items()}
    for cls in classes:
        if "paint" in vars(cls):
            real = vars(cls)["paint"]

            def counting(self: Any, *args: Any, _real: Any = real, _name: str = cls.__name__) -> None:
                paints[_name] += 1
                _real(self, *args)

            monkeypatch.setattr(cls, "paint", counting)
    real_visible = batch._Level.visible

    def visible(level: batch._Level, exposed: QRectF) -> list[Any]:
        found = real_visible(level, exposed)
        tiles[0] += len(found)
        c0, r0, c1, r1 = level.cell_range(exposed.left(), exposed.top(), exposed.right(), exposed.bottom())
        cells = (c1 - c0 + 1) * (r1 - r0 + 1)
        # what visible() tests: every tile, or those of the exposed cells
        tested[0] += (
            len(level.tiles)
            if cells >= len(level.tiles)
            else len(
                {k for c in range(c0, c1 + 1) for r in range(r0, r1 + 1) for k in level.cells.get((c, r), ())}
            )
        )
        return found

    monkeypatch.setattr(batch._Level, "visible", visible)
    image = QImage(*VIEW_PIXELS, QImage.Format.Format_ARGB32_Premultiplied)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(0, 0, *VIEW_PIXELS), source)
    painter.end()
    monkeypatch.undo()
    return paints, tiles[0], tested[0]


def test_the_same_view_of_a_sheet_four_times_bigger_paints_the_same(
    qapp: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    one = mapgen.make_sheet("A", 1)
    big = four_times_sheet()
    width, height = VIEW_PIXELS
    fitted = min(width / one.size[0], height / one.size[1])
    scale = fitted * 6  # pixels per millimetre
    middle = (one.size[0] / 2, one.size[1] / 2)
    cx, cy = min((b.outline[0] for b in one.buildings), key=lambda p: math.dist(p, middle))
    source = QRectF(cx - width / scale / 2, cy - height / scale / 2, width / scale, height / scale)
    small_paints, small_tiles, small_tested = _painted(one, source, monkeypatch)
    big_paints, big_tiles, big_tested = _painted(big, source, monkeypatch)
    assert small_paints and small_tiles > 20
    assert big_paints == small_paints
    assert big_tiles == small_tiles
    # the tiles' index finds the same candidates, whatever lies beyond the view
    assert big_tested <= small_tested * 1.1
