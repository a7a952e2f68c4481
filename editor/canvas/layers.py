"""Layers of the canvas the designer can hide (view state: never saved, never undone)."""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum

from PySide6.QtWidgets import QGraphicsItem

from .background_item import BackgroundItem
from .batch import BatchItem
from .building_items import BuildingItem, BuildingTagItem, RoofAccessItem, RoomItem, ZoneItem
from .hex_grid_item import HexGridItem
from .manhole_item import ManholeItem, UndergroundZoneItem
from .wall_items import ApertureItem, WallItem


class Layer(StrEnum):
    scan = "scan"
    grid = "grid"
    labels = "labels"
    terrain = "terrain"
    buildings = "buildings"
    walls = "walls"
    apertures = "apertures"
    manholes = "manholes"


TITLES: dict[Layer, str] = {
    Layer.scan: "Scan",
    Layer.grid: "Hex grid",
    Layer.labels: "Hex numbers",
    Layer.terrain: "Terrain",
    Layer.buildings: "Buildings, rooms, roofs",
    Layer.walls: "Walls",
    Layer.apertures: "Apertures and fire arcs",
    Layer.manholes: "Manholes, underground zones",
}

_BY_CLASS: dict[type, Layer] = {
    BackgroundItem: Layer.scan,
    BuildingItem: Layer.buildings,
    BuildingTagItem: Layer.buildings,
    RoomItem: Layer.buildings,
    ZoneItem: Layer.buildings,
    RoofAccessItem: Layer.buildings,
    WallItem: Layer.walls,
    ApertureItem: Layer.apertures,
    ManholeItem: Layer.manholes,
    UndergroundZoneItem: Layer.manholes,
}


def layer_of(item: QGraphicsItem) -> Layer | None:
    if isinstance(item, BatchItem):
        return Layer(item.layer) if item.layer else None
    return _BY_CLASS.get(type(item))


def apply_layers(items: Iterable[QGraphicsItem], hidden: set[Layer]) -> None:
    """Show or hide every item by its layer: the batched layers that draw the model objects
    and the items that stand for them (hidden, they cannot be picked). The grid, its
    numbers and the terrain are one item (drawn from merged paths for speed), so it hides
    its parts itself."""
    for item in items:
        if isinstance(item, HexGridItem):
            item.set_parts(
                outlines=Layer.grid not in hidden,
                labels=Layer.labels not in hidden,
                terrain=Layer.terrain not in hidden,
            )
            continue
        layer = layer_of(item)
        if layer is not None:
            item.setVisible(layer not in hidden)
