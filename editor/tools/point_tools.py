"""Tools that place one symbol: roof accesses (press in a room, drag the arrow's
direction) and manholes (click a hex; letter and dummy flag from the tool options)."""

from __future__ import annotations

import string

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QHBoxLayout, QLabel, QWidget

from engine.geometry.polygons import bearing, contains_point, dist
from engine.model.sheet import Manhole, RoofAccess

from .base import DRAG_PIXELS, Tool, ToolEvent
from .geometry import Pt, rounded
from .ids import next_ident
from .overlays import PreviewItem


class RoofAccessTool(Tool):
    name = "Roof access"
    key = "U"
    tip = "Press inside a room or zone where the roof access dot goes, drag towards where its arrow points"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.start: tuple[int, Pt, ToolEvent] | None = None
        self.preview: PreviewItem | None = None

    def mouse_press(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        if sheet is None or event.button != Qt.MouseButton.LeftButton:
            return
        at = rounded(event.pos)
        for b, building in enumerate(sheet.buildings):
            if any(contains_point(room.outline, at) for room in building.rooms):
                self.start = (b, at, event)
                return
        self.ctx.show_status("Roof access: press inside a room or zone of a building")

    def _direction(self, event: ToolEvent) -> float:
        assert self.start is not None
        _b, at, press = self.start
        if (event.screen - press.screen).manhattanLength() < DRAG_PIXELS or dist(at, event.pos) == 0:
            return 0.0
        return round(bearing(at, event.pos)) % 360.0

    def mouse_move(self, event: ToolEvent) -> None:
        if self.start is None:
            return
        if self.preview is None:
            self.preview = PreviewItem(self.ctx.scene)
        self.preview.set_points([self.start[1], event.pos])
        self.ctx.show_status(f"Roof access: direction {self._direction(event):g}°")

    def mouse_release(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        if self.start is None or sheet is None:
            return
        b, at, _press = self.start
        access = RoofAccess(id=next_ident(sheet, "r"), at=at, direction=self._direction(event))
        building = sheet.buildings[b]
        pointer = f"/buildings/{b}/roof_accesses/{len(building.roof_accesses)}"
        self.cancel()
        self.ctx.add(f"Add roof access {access.id} to {building.id}", pointer, access)

    def cancel(self) -> None:
        self.start = None
        if self.preview is not None:
            self.preview.remove()
            self.preview = None


class ManholeTool(Tool):
    name = "Manhole"
    key = "M"
    tip = "Click a hex to place an Underground counter (letter and dummy in the tool options)"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.letter_box: QComboBox | None = None
        self.dummy_box: QCheckBox | None = None

    def make_options(self) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(QLabel("Letter"))
        self.letter_box = QComboBox()
        self.letter_box.setObjectName("manhole_letter")
        self.letter_box.addItem("none", None)
        for letter in string.ascii_uppercase:
            self.letter_box.addItem(letter, letter)
        self.letter_box.setCurrentIndex(1)
        layout.addWidget(self.letter_box)
        self.dummy_box = QCheckBox("Dummy")
        self.dummy_box.setObjectName("manhole_dummy")
        layout.addWidget(self.dummy_box)
        return box

    def set_options(self, letter: str | None, dummy: bool) -> None:
        self.options_widget()
        assert self.letter_box is not None and self.dummy_box is not None
        self.letter_box.setCurrentIndex(self.letter_box.findData(letter) if letter else 0)
        self.dummy_box.setChecked(dummy)

    def mouse_press(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        if sheet is None or event.button != Qt.MouseButton.LeftButton:
            return
        snapper = self.ctx.snapper()
        assert snapper is not None
        label = snapper.grid.label_at(*event.pos)
        if label is None or not snapper.grid.is_on_sheet(label, *sheet.size):
            self.ctx.show_status("Manhole: click a hex of the sheet")
            return
        self.options_widget()
        assert self.letter_box is not None and self.dummy_box is not None
        manhole = Manhole(
            id=next_ident(sheet, "m"),
            hex=label,
            letter=self.letter_box.currentData(),
            dummy=self.dummy_box.isChecked(),
        )
        pointer = f"/manholes/{len(sheet.manholes)}"
        self.ctx.add(f"Add manhole {manhole.id} in {label}", pointer, manhole)
