"""What is under the cursor: model items in stacking order (topmost first)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from ..canvas.model_item import ModelItem
from .base import ToolContext
from .geometry import Pt


def items_at(ctx: ToolContext, p: Pt) -> list[ModelItem]:
    found = ctx.scene.items(
        QPointF(*p), Qt.ItemSelectionMode.IntersectsItemShape, Qt.SortOrder.DescendingOrder
    )
    out: list[ModelItem] = []
    for item in found:
        if isinstance(item, ModelItem) and item.isVisible() and item.pointer not in [i.pointer for i in out]:
            out.append(item)
    return out


def pointers_at(ctx: ToolContext, p: Pt) -> list[str]:
    return [item.pointer for item in items_at(ctx, p)]


def kind_of(pointer: str) -> str:
    """'building', 'room', 'zone', 'roof_access', 'wall', 'aperture', 'manhole', ... from
    the shape of a pointer."""
    parts = pointer.split("/")[1:]
    names = {
        "buildings": "building",
        "rooms": "room",
        "zones": "zone",
        "roof_accesses": "roof_access",
        "walls": "wall",
        "apertures": "aperture",
        "manholes": "manhole",
        "underground_zones": "underground_zone",
    }
    kind = ""
    for i in range(0, len(parts) - 1, 2):
        kind = names.get(parts[i], parts[i])
    return kind
