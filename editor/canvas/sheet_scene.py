"""The scene of one map sheet, drawn from the model: built whole when a sheet is shown, and
after an edit brought up to date object by object (the edit's pointers say which)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, QRectF, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene
from shiboken6 import isValid

from engine.geometry.hexgrid import HexGrid
from engine.io.problems import pointer_join, pointer_parts
from engine.model.sheet import MapSheet, Terrain

from . import style
from .background_item import BackgroundItem
from .building_items import BuildingTagItem, RoofAccessItem
from .hex_grid_item import HexGridItem
from .highlight_item import HexHighlightItem
from .locator import Locator
from .manhole_item import ManholeItem
from .model_item import ModelItem
from .paper_item import PaperItem
from .sheet_items import LISTS, Changes, Group, build_group, document_order, repoint
from .sheet_layers import SheetLayers
from .wall_items import ApertureItem

#: Margin around the sheet, as a fraction of its larger side, so its edge stays visible.
MARGIN = 0.03
#: Symbols drawn over the grid: hex numbers make way for them
MARKS = (ApertureItem, RoofAccessItem, ManholeItem, BuildingTagItem)


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
        #: the terrain last drawn: (default, terrain by hex)
        self._terrain_key: tuple[Terrain, dict[str, Terrain]] | None = None
        self._hex_item: HexGridItem | None = None
        #: per list of the sheet (buildings, walls...), the items of each of its objects
        self._groups: dict[str, list[Group]] = {name: [] for name in LISTS}
        #: the batched layers drawing them
        self._layers: SheetLayers | None = None
        #: symbols the hex numbers make way for, by the item drawing them
        self._marks: dict[ModelItem, QRectF] = {}
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
        """Draw `sheet` (None: nothing), every model item built afresh; items that tools
        add (previews, handles) are left alone. Redrawing the same sheet keeps the
        selection."""
        self._redraw(sheet, base_dir, None)

    def update_sheet(self, sheet: MapSheet | None, base_dir: Path | None, changes: Changes | None) -> None:
        """Bring the drawing of the shown sheet up to date after an edit. `changes` says
        what the edit touched (sheet_items.Changes); None, or a change to the grid or the
        scan, redraws everything as set_sheet does."""
        self._redraw(sheet, base_dir, changes)

    def _redraw(self, sheet: MapSheet | None, base_dir: Path | None, changes: Changes | None) -> None:
        same = sheet is not None and sheet is self.sheet
        selected = self.selected_pointers() if same else []
        self.blockSignals(True)
        try:
            if changes is None or not same or self._base_key_of(sheet, base_dir) != self._base_key:
                self._rebuild(sheet, base_dir)
            else:
                assert sheet is not None
                self._update(sheet, changes)
            # the selection follows the pointers, as they name the objects
            wanted = {self.items_by_pointer[p] for p in selected if p in self.items_by_pointer}
            for item in self.selectedItems():
                if isinstance(item, ModelItem) and item not in wanted:
                    item.setSelected(False)
            for item in wanted:
                if not item.isSelected():
                    item.setSelected(True)
        finally:
            self.blockSignals(False)
        if selected != self.selected_pointers() or not same:
            self.selectionChanged.emit()
        else:
            self._paint_selected()
        self.rebuilt.emit()

    def _base_key_of(self, sheet: MapSheet | None, base_dir: Path | None) -> object:
        # values, not the models: commands change the grid or the scan in place
        if sheet is None:
            return None
        return (
            id(sheet),
            sheet.size,
            sheet.grid.model_dump_json(),
            sheet.background.model_dump_json() if sheet.background else None,
            base_dir,
        )

    def _rebuild(self, sheet: MapSheet | None, base_dir: Path | None) -> None:
        for groups in self._groups.values():
            for group in groups:
                for item in group.items:
                    self.removeItem(item)
        self._groups = {name: [] for name in LISTS}
        self._marks = {}
        if self._layers is not None:
            self._layers.clear()
            self._layers = None
        if self._highlight is not None:
            self.removeItem(self._highlight)
            self._highlight = None
        self.items_by_pointer = {}
        self.sheet = sheet
        base_key = self._base_key_of(sheet, base_dir)
        if base_key != self._base_key:
            for item in self._base_items:
                self.removeItem(item)
            self._base_items = []
            self._hex_item = None
            self._terrain_key = None
            self._base_key = base_key
            self.background_error = ""
            if sheet is not None:
                self._add_base(sheet, base_dir)
                # the new grid item drew the terrain as it is
                self._terrain_key = (sheet.default_terrain, dict(sheet.terrain))
        if sheet is None:
            self.locator = self.grid = None
            self.setSceneRect(QRectF())
            return
        self._update_terrain(sheet)
        self.locator = Locator(sheet)
        self.grid = self.locator.grid
        self._layers = SheetLayers(self, sheet.grid.size)
        metrics = style.Metrics(sheet.grid.size)
        added: list[ModelItem] = []
        for name in LISTS:
            for i, obj in enumerate(getattr(sheet, name)):
                group = build_group(name, i, obj, metrics, self.grid)
                self._groups[name].append(group)
                added.extend(group.items)
        self._add_items(added)
        if self._hex_item is not None:
            self._hex_item.set_label_obstacles(list(self._marks.values()))
        self._highlight = HexHighlightItem(metrics)
        self.addItem(self._highlight)
        self._index_pointers()

    def _update_terrain(self, sheet: MapSheet) -> None:
        """Redraw the terrain of the hexes whose terrain changed (all of them when the
        default changed), from a copy of the terrain last drawn."""
        key = (sheet.default_terrain, dict(sheet.terrain))
        old = self._terrain_key
        if key != old and self._hex_item is not None:
            if isinstance(old, tuple) and old[0] == key[0]:
                changed = {label for label, _ in old[1].items() ^ key[1].items()}
                self._hex_item.change_terrain(sheet, changed)
            else:
                self._hex_item.set_terrain(sheet)
        self._terrain_key = key

    def _add_items(self, items: list[ModelItem]) -> None:
        assert self._layers is not None
        # the drawing: a few batched layers; the items draw nothing unless selected
        self._layers.add(items)
        for item in items:
            self.addItem(item)
            if isinstance(item, MARKS):
                self._marks[item] = item.mapRectToScene(item.path().boundingRect())

    def _update(self, sheet: MapSheet, changes: Changes) -> None:
        """Replace the items of the objects `changes` names, and of objects that came or
        went (found by identity: the lists hold the model objects themselves); renumber
        the pointers of the objects that only moved in their list."""
        if changes.terrain:
            self._update_terrain(sheet)
        assert self.grid is not None and self._layers is not None
        metrics = style.Metrics(sheet.grid.size)
        removed: list[ModelItem] = []
        added: list[ModelItem] = []
        renumbered = False
        for name in LISTS:
            if name not in changes.dirty_indices:
                continue  # an edit names every list it changes
            objects = getattr(sheet, name)
            dirty = changes.dirty(name, objects)
            old = self._groups[name]
            indices = changes.dirty_indices[name]
            if not changes.structural and indices is not None and len(old) == len(objects):
                # changed in place or replaced: only the named objects
                for i in sorted(indices):
                    if i < len(objects):
                        removed.extend(old[i].items)
                        old[i] = build_group(name, i, objects[i], metrics, self.grid)
                        added.extend(old[i].items)
                continue
            kept = {id(g.obj): g for g in old if id(g.obj) not in dirty}
            groups: list[Group] = []
            for i, obj in enumerate(objects):
                group = kept.pop(id(obj), None)
                if group is None:
                    group = build_group(name, i, obj, metrics, self.grid)
                    added.extend(group.items)
                elif group.index != i:
                    repoint(group, name, i)
                    renumbered = True
                groups.append(group)
            now = {id(g) for g in groups}
            removed.extend(item for g in old if id(g) not in now for item in g.items)
            self._groups[name] = groups
        if not added and not removed and not renumbered:
            return
        self._layers.remove(removed)
        gone = [self._marks.pop(item) for item in removed if item in self._marks]
        for item in removed:
            self.removeItem(item)
        self._add_items(added)
        if self._hex_item is not None:
            self._hex_item.change_label_obstacles(gone, [self._marks[i] for i in added if i in self._marks])
        if renumbered or [i.pointer for i in removed] != [i.pointer for i in added]:
            self._index_pointers()
        else:
            # the same objects drawn again: the index keeps its order
            for item in added:
                if not isinstance(item, BuildingTagItem):
                    self.items_by_pointer[item.pointer] = item

    def _index_pointers(self) -> None:
        """JSON pointer -> item, in document order (the tag stands for its building,
        which the pointer names)."""
        self.items_by_pointer = {
            item.pointer: item
            for name in LISTS
            for group in self._groups[name]
            for item in group.items
            if not isinstance(item, BuildingTagItem)
        }

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

    def model_items(self) -> list[ModelItem]:
        """Every item drawing a model object, in document order."""
        return [item for name in LISTS for group in self._groups[name] for item in group.items]

    def layer_batches(self) -> dict[tuple[float, str | None], dict[str, object]]:
        """The batched layers' batches by layer and key (for tests)."""
        return dict(self._layers.batches()) if self._layers is not None else {}

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
        by_pointer = self.items_by_pointer
        chosen = [
            item.pointer
            for item in self.selectedItems()
            if isinstance(item, ModelItem) and by_pointer.get(item.pointer) is item
        ]
        return sorted(chosen, key=document_order)

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
