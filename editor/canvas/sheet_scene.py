"""The scene of one map sheet, rebuilt from the model whenever the document changes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from engine.geometry.hexgrid import HexGrid
from engine.io.problems import pointer_join, pointer_parts
from engine.model.sheet import MapSheet

from . import style
from .background_item import BackgroundItem
from .building_items import BuildingItem, BuildingTagItem, RoofAccessItem, RoomItem, ZoneItem
from .hex_grid_item import HexGridItem
from .highlight_item import HexHighlightItem
from .locator import Locator
from .manhole_item import ManholeItem, UndergroundZoneItem
from .model_item import ModelItem
from .paper_item import PaperItem
from .wall_items import ApertureItem, WallItem

#: Margin around the sheet, as a fraction of its larger side, so its edge stays visible.
MARGIN = 0.03


class SheetScene(QGraphicsScene):
    def __init__(self, parent: object | None = None):
        super().__init__(parent)
        self.setBackgroundBrush(style.OFF_SHEET)
        self.sheet: MapSheet | None = None
        self.locator: Locator | None = None
        self.grid: HexGrid | None = None
        #: JSON pointer of a model object -> the item drawing it (for outliner and problems)
        self.items_by_pointer: dict[str, ModelItem] = {}
        self.background_error = ""
        self._highlight: HexHighlightItem | None = None

    # -- building ------------------------------------------------------------------------
    def set_sheet(self, sheet: MapSheet | None, base_dir: Path | None = None) -> None:
        """Draw `sheet` (None: nothing). Items are rebuilt from the model, never patched,
        so the canvas cannot drift from the file."""
        self.clearSelection()
        self.clear()
        self.items_by_pointer = {}
        self.sheet = sheet
        self.background_error = ""
        self._highlight = None
        if sheet is None:
            self.locator = self.grid = None
            self.setSceneRect(QRectF())
            return
        self.locator = Locator(sheet)
        self.grid = self.locator.grid
        metrics = style.Metrics(sheet.grid.size)
        self.addItem(PaperItem(sheet, metrics))
        if sheet.background is not None:
            background = BackgroundItem(sheet.background, base_dir)
            self.background_error = background.error
            self.addItem(background)
        self.addItem(HexGridItem(sheet, metrics))
        for b, building in enumerate(sheet.buildings):
            bp = f"/buildings/{b}"
            self._add(BuildingItem(bp, metrics, building))
            self.addItem(BuildingTagItem(bp, metrics, building))
            for r, room in enumerate(building.rooms):
                rp = f"{bp}/rooms/{r}"
                self._add(RoomItem(rp, metrics, room))
                for z, zone in enumerate(room.zones):
                    self._add(ZoneItem(f"{rp}/zones/{z}", metrics, zone))
            for a, access in enumerate(building.roof_accesses):
                self._add(RoofAccessItem(f"{bp}/roof_accesses/{a}", metrics, access))
        for w, wall in enumerate(sheet.walls):
            wp = f"/walls/{w}"
            self._add(WallItem(wp, metrics, wall))
            for a, aperture in enumerate(wall.apertures):
                self._add(ApertureItem(f"{wp}/apertures/{a}", metrics, aperture))
        for m, manhole in enumerate(sheet.manholes):
            self._add(ManholeItem(f"/manholes/{m}", metrics, manhole, self.grid))
        for z, uzone in enumerate(sheet.underground_zones):
            self._add(UndergroundZoneItem(f"/underground_zones/{z}", metrics, uzone, self.grid))
        self._highlight = HexHighlightItem(metrics)
        self.addItem(self._highlight)
        width, height = sheet.size
        margin = max(width, height) * MARGIN
        self.setSceneRect(QRectF(-margin, -margin, width + 2 * margin, height + 2 * margin))

    def _add(self, item: ModelItem) -> None:
        self.addItem(item)
        self.items_by_pointer[item.pointer] = item

    # -- queries -------------------------------------------------------------------------
    def sheet_rect(self) -> QRectF:
        if self.sheet is None:
            return QRectF()
        return QRectF(0, 0, *self.sheet.size)

    def location_at(self, x: float, y: float) -> str | None:
        return self.locator.location_at(x, y) if self.locator else None

    def item_for(self, pointer: str) -> ModelItem | None:
        """The item drawing the object a pointer names, or its nearest drawn ancestor
        (`/walls/2/apertures/0/arc/start` -> the aperture)."""
        prefixes = [""]
        for part in pointer_parts(pointer):
            prefixes.append(pointer_join(prefixes[-1], part))
        for prefix in reversed(prefixes[1:]):
            item = self.items_by_pointer.get(prefix)
            if item is not None:
                return item
        return None

    def hex_for(self, pointer: str) -> str | None:
        """The hex label a pointer names: a terrain entry, a manhole's or a zone's hex."""
        if self.sheet is None or self.grid is None:
            return None
        parts = pointer_parts(pointer)
        label: object = None
        if len(parts) >= 2 and parts[0] == "terrain":
            label = parts[1]
        elif len(parts) >= 2 and parts[0] in ("manholes", "sewer_links"):
            listing = getattr(self.sheet, parts[0])
            if parts[1].isdigit() and int(parts[1]) < len(listing):
                label = listing[int(parts[1])].hex
        elif len(parts) >= 4 and parts[0] == "underground_zones" and parts[2] == "hexes":
            zones = self.sheet.underground_zones
            if parts[1].isdigit() and parts[3].isdigit() and int(parts[1]) < len(zones):
                hexes = zones[int(parts[1])].hexes
                label = hexes[int(parts[3])] if int(parts[3]) < len(hexes) else None
        return label if isinstance(label, str) and self.grid.contains(label) else None

    # -- showing -------------------------------------------------------------------------
    def reveal(self, pointer: str) -> QRectF | None:
        """Select what a pointer names and return the area to bring into view (None if the
        pointer names nothing drawn)."""
        self.clearSelection()
        if self._highlight is not None:
            self._highlight.hide()
        label = self.hex_for(pointer)
        item = self.item_for(pointer)
        if label is not None and self._highlight is not None and self.grid is not None:
            self._highlight.show_hex(self.grid, label)
            if item is not None:
                item.setSelected(True)
            return self._highlight.sceneBoundingRect()
        if item is not None:
            item.setSelected(True)
            return item.sceneBoundingRect()
        return None

    def selected_pointer(self) -> str | None:
        for item in self.selectedItems():
            if isinstance(item, ModelItem):
                return item.pointer
        return None
