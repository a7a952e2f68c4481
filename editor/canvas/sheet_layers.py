"""The sheet's model objects drawn as a few batched layers (batch.py), built from the
parts their items hand over, and rebuilt whenever the scene rebuilds those items.

Each layer sits just under the items it draws for (half a step of z), so a selected item,
which paints its halo and itself, shows over its own layer and under the layers above it,
as when every item painted itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from .batch import Batch, BatchItem
from .layers import layer_of
from .model_item import ModelItem

#: A layer's z below that of its items.
BELOW_ITEMS = 0.5


def build_layers(items: Iterable[ModelItem], hex_size: float) -> list[BatchItem]:
    """One BatchItem per (z, Layers panel entry) of the items' parts, its batches in the
    order of their rank, then of first appearance (the sheet's order)."""
    groups: dict[tuple[float, str | None], dict[str, tuple[int, int, Batch]]] = {}
    for item in items:
        layer = layer_of(item)
        for part in item.parts():
            batches = groups.setdefault((part.z, layer), {})
            entry = batches.get(part.key)
            if entry is None:
                entry = batches[part.key] = (
                    part.rank,
                    len(batches),
                    Batch(part.pen, part.brush, hex_size, overlapping=part.overlapping),
                )
            entry[2].add(part.path)
    out = []
    for (z, layer), batches in sorted(groups.items(), key=lambda kv: kv[0][0]):
        ordered = sorted(batches.values(), key=lambda e: (e[0], e[1]))
        item = BatchItem(z - BELOW_ITEMS, [batch.finish() for _, _, batch in ordered])
        item.layer = layer
        out.append(item)
    return out
