"""The scene of one map sheet, rebuilt from the model whenever the document changes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shiboken6 import isValid

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
from .sheet_layers import Built, build_layers
from .wall_items import ApertureItem, WallItem

#: Margin around the sheet, as a fraction of its larger side, so its edge stays visible.
MARGIN = 0.03


class SheetScene(QGraphicsScene):
    #: the items were rebuilt from the model (tools refresh their handles on it)
    rebuilt = Signal()

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
        #: paper, scan and hex grid: kept while the sheet's grid and scan stay the same,
        #: as the grid's labels are what makes a rebuild slow
        self._base_items: list[QGraphicsItem] = []
        self._base_key: object = None
        self._terrain_key: object = None
        self._hex_item: HexGridItem | None = None
        #: items drawing model objects, removed and redrawn on every change
        self._model_items: list[QGraphicsItem] = []
        #: the batched layers drawing them, each kept while its parts stay the same
        self._layers: Built = {}
        #: the model items that paint themselves: the selected ones
        self._painted: set[ModelItem] = set()
        self.selectionChanged.connect(self._paint_selected)
        if isinstance(parent, QObject):
            # the window is going and deletes the scene, which deletes its items one by
            # one: removing a selected one signals selectionChanged, and the panels and
            # tools listening would ask deleted items whether they are selected
            parent.destroyed.connect(self._going)

    def _going(self) -> None:
        self.blockSignals(True)

    def _paint_selected(self) -> None:
        """Selected model items paint their halo and themselves over the batched layers;
        the others draw nothing (the layers draw them)."""
        selected = {item for item in self.selectedItems() if isinstance(item, ModelItem)}
        for item in self._painted - selected:
            if isValid(item):
                item.set_painted(False)
        for item in selected - self._painted:
            item.set_painted(True)
        self._painted = selected

    # -- building ------------------------------------------------------------------------
    def set_sheet(self, sheet: MapSheet | None, base_dir: Path | None = None) -> None:
        """Draw `sheet` (None: nothing). Model items are rebuilt from the model, never
        patched, so the canvas cannot drift from the file; items that tools add (previews,
        handles) are left alone. Redrawing the same sheet keeps the selection."""
        same = sheet is not None and sheet is self.sheet
        selected = self.selected_pointers() if same else []
        self.blockSignals(True)
        try:
            self._rebuild(sheet, base_dir)
            for pointer in selected:
                item = self.items_by_pointer.get(pointer)
                if item is not None:
                    item.setSelected(True)
        finally:
            self.blockSignals(False)
        if selected != self.selected_pointers() or not same:
            self.selectionChanged.emit()
        else:
            self._paint_selected()
        self.rebuilt.emit()

    def _rebuild(self, sheet: MapSheet | None, base_dir: Path | None) -> None:
        for item in self._model_items:
            self.removeItem(item)
        self._model_items = []
        self.items_by_pointer = {}
        self._highlight = None
        self.sheet = sheet
        # values, not the models: commands change the grid or the scan in place
        base_key = (
            None
            if sheet is None
            else (
                id(sheet),
                sheet.size,
                sheet.grid.model_dump_json(),
                sheet.background.model_dump_json() if sheet.background else None,
                base_dir,
            )
        )
        if base_key != self._base_key:
            for item in self._base_items:
                self.removeItem(item)
            self._base_items = []
            self._hex_item = None
            self._terrain_key = None
            self._base_key = base_key
            self._drop_layers()
            self.background_error = ""
            if sheet is not None:
                self._add_base(sheet, base_dir)
        if sheet is None:
            self._drop_layers()
            self.locator = self.grid = None
            self.setSceneRect(QRectF())
            return
        terrain_key = (sheet.default_terrain, tuple(sheet.terrain.items()))
        if terrain_key != self._terrain_key and self._hex_item is not None:
            self._hex_item.set_terrain(sheet)
        self._terrain_key = terrain_key
        self.locator = Locator(sheet)
        self.grid = self.locator.grid
        self._add_model_items(sheet)

    def _drop_layers(self) -> None:
        for _, item in self._layers.values():
            self.removeItem(item)
        self._layers = {}

    def _add_base(self, sheet: MapSheet, base_dir: Path | None) -> None:
        metrics = style.Metrics(sheet.grid.size)
        self._base_items.append(PaperItem(sheet, metrics))
        if sheet.background is not None:
            background = BackgroundItem(sheet.background, base_dir)
            self.background_error = background.error
            self._base_items.append(background)
        self._hex_item = HexGridItem(sheet, metrics)
        self._base_items.append(self._hex_item)
        for item in self._base_items:
            self.addItem(item)
        width, height = sheet.size
        margin = max(width, height) * MARGIN
        self.setSceneRect(QRectF(-margin, -margin, width + 2 * margin, height + 2 * margin))

    def _add_model_items(self, sheet: MapSheet) -> None:
        assert self.grid is not None
        metrics = style.Metrics(sheet.grid.size)
        items: list[ModelItem] = []
        for b, building in enumerate(sheet.buildings):
            bp = f"/buildings/{b}"
            items.append(BuildingItem(bp, metrics, building))
            items.append(BuildingTagItem(bp, metrics, building))
            for r, room in enumerate(building.rooms):
                rp = f"{bp}/rooms/{r}"
                items.append(RoomItem(rp, metrics, room))
                for z, zone in enumerate(room.zones):
                    items.append(ZoneItem(f"{rp}/zones/{z}", metrics, zone))
            for a, access in enumerate(building.roof_accesses):
                items.append(RoofAccessItem(f"{bp}/roof_accesses/{a}", metrics, access))
        for w, wall in enumerate(sheet.walls):
            wp = f"/walls/{w}"
            items.append(WallItem(wp, metrics, wall))
            for a, aperture in enumerate(wall.apertures):
                items.append(ApertureItem(f"{wp}/apertures/{a}", metrics, aperture))
        for m, manhole in enumerate(sheet.manholes):
            items.append(ManholeItem(f"/manholes/{m}", metrics, manhole, self.grid))
        for z, uzone in enumerate(sheet.underground_zones):
            items.append(UndergroundZoneItem(f"/underground_zones/{z}", metrics, uzone, self.grid))
        if self._hex_item is not None:
            # hex numbers make way for the symbols drawn over them
            symbols = (ApertureItem, RoofAccessItem, ManholeItem, BuildingTagItem)
            marks = [item for item in items if isinstance(item, symbols)]
            self._hex_item.set_label_obstacles([m.mapRectToScene(m.path().boundingRect()) for m in marks])
        # the drawing: a few batched layers; the items draw nothing unless selected
        layers = build_layers(items, sheet.grid.size, self._layers)
        kept = {id(item) for _, item in layers.values()}
        for _, item in self._layers.values():
            if id(item) not in kept:
                self.removeItem(item)
        for _, item in layers.values():
            if item.scene() is not self:
                self.addItem(item)
        self._layers = layers
        for item in items:
            self.addItem(item)
            self._model_items.append(item)
            # the tag stands for its building, which the pointer names
            if not isinstance(item, BuildingTagItem):
                self.items_by_pointer[item.pointer] = item
        self._highlight = HexHighlightItem(metrics)
        self.addItem(self._highlight)
        self._model_items.append(self._highlight)

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

    def selected_pointers(self) -> list[str]:
        """Pointers of the selected model items, in document order."""
        return [p for p, item in self.items_by_pointer.items() if item.isSelected()]

    def select_pointers(self, selected: list[str]) -> None:
        """Select exactly these objects (one selectionChanged signal)."""
        self.blockSignals(True)
        try:
            self.clearSelection()
            for pointer in selected:
                item = self.items_by_pointer.get(pointer)
                if item is not None:
                    item.setSelected(True)
        finally:
            self.blockSignals(False)
        self.selectionChanged.emit()

    def selected_pointer(self) -> str | None:
        for item in self.selectedItems():
            if isinstance(item, ModelItem):
                return item.pointer
        return None
