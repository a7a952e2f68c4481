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
from .model_item import ModelItem, Part

#: A layer's z below that of its items.
BELOW_ITEMS = 0.5


#: a layer's parts, in order, and the item drawing them
Built = dict[tuple[float, str | None], tuple[list[Part], BatchItem]]


def build_layers(items: Iterable[ModelItem], hex_size: float, previous: Built | None = None) -> Built:
    """One BatchItem per (z, Layers panel entry) of the items' parts, its batches in the
    order of their rank, then of first appearance (the sheet's order).

    A layer of `previous` whose parts are all equal (paths, pens, brushes) is kept as it
    is: an edit changes one part of the sheet, and the layers it leaves alone keep their
    merged tiles rather than merging them again for the next frame."""
    parts: dict[tuple[float, str | None], list[Part]] = {}
    for item in items:
        layer = layer_of(item)
        for part in item.parts():
            parts.setdefault((part.z, layer), []).append(part)
    out: Built = {}
    for (z, layer), own in sorted(parts.items(), key=lambda kv: kv[0][0]):
        old = previous.get((z, layer)) if previous else None
        if old is not None and old[0] == own:
            out[(z, layer)] = old
            continue
        batches: dict[str, tuple[int, int, Batch]] = {}
        for part in own:
            entry = batches.get(part.key)
            if entry is None:
                entry = batches[part.key] = (
                    part.rank,
                    len(batches),
                    Batch(part.pen, part.brush, hex_size, overlapping=part.overlapping),
                )
            entry[2].add(part.path)
        ordered = sorted(batches.values(), key=lambda e: (e[0], e[1]))
        item = BatchItem(z - BELOW_ITEMS, [batch.finish() for _, _, batch in ordered])
        item.layer = layer
        out[(z, layer)] = (own, item)
    return out
