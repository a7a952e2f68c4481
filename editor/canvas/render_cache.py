"""Keep the drawn sheet in pixmaps between repaints.

A whole sheet is hundreds of antialiased paths, dashed walls and translucent fire arcs:
drawn from scratch it takes 30-40 ms, too slow for a smooth 60 Hz canvas. Each canvas item
caches its picture in device coordinates, so repaints that do not change the zoom (pans,
hover, selection, tool previews) only blit pixmaps; an item redraws its cache when it
changes or when the zoom does. Qt keeps those pixmaps in QPixmapCache, whose 10 MB default
holds less than two full-screen layers: the limit is raised, or caches would thrash.
"""

from __future__ import annotations

from PySide6.QtGui import QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from .background_item import BackgroundItem
from .hex_grid_item import HexGridItem
from .model_item import ModelItem
from .paper_item import PaperItem

#: room for the cached layers of a zoomed-in 4K canvas
PIXMAP_CACHE_KB = 192 * 1024
CACHED = (PaperItem, BackgroundItem, HexGridItem, ModelItem)


def cache_sheet_items(scene: QGraphicsScene) -> None:
    """Cache the items that draw the sheet (not the tools' previews and handles, which
    change on every mouse move)."""
    if QPixmapCache.cacheLimit() < PIXMAP_CACHE_KB:
        QPixmapCache.setCacheLimit(PIXMAP_CACHE_KB)
    mode = QGraphicsItem.CacheMode.DeviceCoordinateCache
    for item in scene.items():
        if isinstance(item, CACHED) and item.cacheMode() != mode:
            item.setCacheMode(mode)
