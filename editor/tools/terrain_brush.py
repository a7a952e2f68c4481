"""The Terrain brush: paint the terrain chosen in the tool options on hexes. A whole drag
is one undo entry; hexes between two mouse positions are painted too (hex line drawing),
so a fast stroke leaves no gaps. Painting the sheet's default terrain clears the entry."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from engine.geometry.hexgrid import Cube, cube_linedraw
from engine.model.sheet import SURFACE_TERRAIN, UNDERGROUND_TERRAIN, SheetKind, Terrain

from ..commands import PaintTerrain
from .base import Tool, ToolEvent

_strokes = itertools.count(1)


class TerrainBrush(Tool):
    name = "Terrain"
    key = "T"
    tip = "Click or drag over hexes to paint the terrain chosen in the tool options"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.terrain_box: QComboBox | None = None
        self.stroke = 0
        self.before: dict[str, Terrain] = {}
        self.painted: dict[str, Terrain] = {}
        self.last: Cube | None = None

    def make_options(self) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.terrain_box = QComboBox()
        self.terrain_box.setObjectName("terrain_kind")
        for terrain in Terrain:
            self.terrain_box.addItem(terrain.value.replace("_", " "), terrain.value)
        self.terrain_box.setCurrentIndex(self.terrain_box.findData(Terrain.woods.value))
        layout.addWidget(self.terrain_box)
        return box

    @property
    def terrain(self) -> Terrain:
        self.options_widget()
        assert self.terrain_box is not None
        return Terrain(self.terrain_box.currentData())

    def set_terrain(self, terrain: Terrain | str) -> None:
        self.options_widget()
        assert self.terrain_box is not None
        self.terrain_box.setCurrentIndex(self.terrain_box.findData(Terrain(terrain).value))

    def activate(self) -> None:
        super().activate()
        sheet = self.ctx.sheet
        if sheet is not None and self.terrain_box is not None:
            # offer the layer's terrain first: underground inserts have their own
            allowed = UNDERGROUND_TERRAIN if sheet.kind == SheetKind.underground else SURFACE_TERRAIN
            if self.terrain not in allowed:
                self.set_terrain(sorted(allowed)[0])

    def mouse_press(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        if sheet is None or event.button != Qt.MouseButton.LeftButton:
            return
        self.stroke = next(_strokes)
        self.before = dict(sheet.terrain)
        self.painted = {}
        self.last = None
        self._paint_to(event)

    def mouse_move(self, event: ToolEvent) -> None:
        if self.stroke and event.buttons & Qt.MouseButton.LeftButton:
            self._paint_to(event)

    def mouse_release(self, event: ToolEvent) -> None:
        self.cancel()

    def cancel(self) -> None:
        self.stroke = 0
        self.last = None

    def _paint_to(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        snapper = self.ctx.snapper()
        if sheet is None or snapper is None:
            return
        grid = snapper.grid
        cube = grid.cube_at(*event.pos)
        line = [cube] if self.last is None else cube_linedraw(self.last, cube)
        self.last = cube
        terrain = self.terrain
        added = False
        for c in line:
            label = grid.label_of(c) if min(grid.to_offset(c)) >= 0 else None
            if label is None or not grid.contains(label) or not grid.is_on_sheet(label, *sheet.size):
                continue
            if label not in self.painted:
                self.painted[label] = terrain
                added = True
        if not added:
            return
        after = dict(self.before)
        for label, t in self.painted.items():
            if t == sheet.default_terrain:
                after.pop(label, None)
            else:
                after[label] = t
        if list(self.before) == sorted(self.before):
            # a sorted table (as drawn from scratch) stays sorted, so files read in hex order
            after = dict(sorted(after.items()))
        if after == sheet.terrain and list(after) == list(sheet.terrain):
            return
        text = f"Paint {terrain.value.replace('_', ' ')} on {len(self.painted)} hex" + "es" * (
            len(self.painted) > 1
        )
        self.ctx.push(
            PaintTerrain(self.ctx.document, text, [("/terrain", sheet.terrain, after)], merge_key=self.stroke)
        )
