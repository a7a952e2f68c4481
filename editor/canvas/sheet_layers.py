"""The sheet's model objects drawn as a few batched layers (batch.py), built from the
parts their items hand over, and kept in step item by item: an edit takes out the parts
of the items it replaced and puts in those of the new ones, so only the tiles they touch
are merged again and only their area of the view is repainted.

Each layer sits just under the items it draws for (half a step of z), so a selected item,
which paints its halo and itself, shows over its own layer and under the layers above it,
as when every item painted itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QGraphicsScene

from .batch import Batch, BatchItem, Handle
from .layers import Layer, layer_of
from .model_item import ModelItem

#: A layer's z below that of its items.
BELOW_ITEMS = 0.5

LayerKey = tuple[float, str | None]


class SheetLayers:
    """One BatchItem per (z, Layers panel entry) of the items' parts, its batches in the
    order of their rank, then of their key (so the order does not depend on which object
    was drawn first: an edit gives the same layers as drawing the sheet afresh)."""

    def __init__(self, scene: QGraphicsScene, hex_size: float):
        self.scene = scene
        self.hex_size = hex_size
        self.items: dict[LayerKey, BatchItem] = {}
        #: (layer, batch key) -> (rank, batch)
        self._batches: dict[tuple[LayerKey, str], tuple[int, Batch]] = {}
        #: model item -> where its parts went
        self._handles: dict[ModelItem, list[tuple[BatchItem, Batch, Handle]]] = {}

    def add(self, items: Iterable[ModelItem]) -> None:
        changed: dict[BatchItem, QRectF] = {}
        for item in items:
            layer = layer_of(item)
            placed = []
            for part in item.parts():
                key: LayerKey = (part.z, layer.value if isinstance(layer, Layer) else layer)
                batch_item = self.items.get(key)
                if batch_item is None:
                    batch_item = self.items[key] = BatchItem(part.z - BELOW_ITEMS, [])
                    batch_item.layer = key[1]
                    self.scene.addItem(batch_item)
                entry = self._batches.get((key, part.key))
                if entry is None:
                    batch = Batch(part.pen, part.brush, self.hex_size, overlapping=part.overlapping)
                    entry = self._batches[(key, part.key)] = (part.rank, batch)
                    self._order(key)
                handle = entry[1].add(part.path)
                if handle is not None:
                    placed.append((batch_item, entry[1], handle))
                    rect = entry[1].shape_rect(handle)
                    changed[batch_item] = changed.get(batch_item, rect).united(rect)
            self._handles[item] = placed
        self._changed(changed)

    def remove(self, items: Iterable[ModelItem]) -> None:
        changed: dict[BatchItem, QRectF] = {}
        for item in items:
            for batch_item, batch, handle in self._handles.pop(item, ()):
                rect = batch.shape_rect(handle)
                batch.remove(handle)
                changed[batch_item] = changed.get(batch_item, rect).united(rect)
        self._changed(changed)

    def clear(self) -> None:
        for item in self.items.values():
            self.scene.removeItem(item)
        self.items = {}
        self._batches = {}
        self._handles = {}

    def _order(self, key: LayerKey) -> None:
        own = sorted(((rank, k, batch) for (lk, k), (rank, batch) in self._batches.items() if lk == key))
        self.items[key].set_batches([batch for _rank, _k, batch in own])

    def _changed(self, changed: dict[BatchItem, QRectF]) -> None:
        for item, rect in changed.items():
            item.refit()
            # only the area of what changed is repainted
            item.update(rect)

    def batches(self) -> dict[LayerKey, dict[str, Batch]]:
        """Each layer's batches by key (what a test compares with a fresh drawing)."""
        out: dict[LayerKey, dict[str, Batch]] = {}
        for (layer, key), (_rank, batch) in self._batches.items():
            if not batch.is_empty():
                out.setdefault(layer, {})[key] = batch
        return out
