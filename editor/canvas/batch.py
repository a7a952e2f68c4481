"""Batched drawing: the static sheet painted as a few paths per style, split into tiles.

Hundreds of items each with a Python `paint()` cost more than the drawing itself, and one
huge path per style is no better: Qt's antialiasing rasterizer splits a path spread over
the whole viewport into bands and walks the whole outline again for each band. So the
shapes of one style are merged per tile of the sheet: a tile is at most about 160 pixels
wide on screen (tiles of several sizes, chosen by zoom), so that the rasterizer handles it
in one pass, and a zoomed-in view only draws the tiles it shows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

#: Tile sides in hexes (centre-to-corner sizes), coarse to fine. A repaint uses the
#: coarsest level whose tiles are at most MAX_TILE_PIXELS wide on screen, else the finest.
TILE_LEVELS = (8.0, 2.0, 1.0)
MAX_TILE_PIXELS = 160.0
#: The tiles of all levels but the finest are only drawn zoomed out: their curves (text,
#: dots) are flattened once, for this many times the largest zoom they are drawn at,
#: rather than by the rasterizer at every repaint. The finest keep their curves.
FLATTEN_OVERSAMPLING = 4.0


def has_curves(path: QPainterPath) -> bool:
    return any(path.elementAt(i).isCurveTo() for i in range(path.elementCount()))


def flattened(path: QPainterPath, scale: float) -> QPainterPath:
    """`path` with its curves replaced by polygons fine enough at `scale` pixels per unit."""
    out = QPainterPath()
    out.setFillRule(path.fillRule())
    for polygon in path.toSubpathPolygons(QTransform.fromScale(scale, scale)):
        out.addPolygon(polygon)
        if polygon.isClosed():
            out.closeSubpath()
    return QTransform.fromScale(1 / scale, 1 / scale).map(out)


Coords = tuple[float, float, float, float]


class _Level:
    """The tiles of one size: which shapes each holds, its merged path once built, and a
    grid-bucket index of the tiles' bounds, so a repaint looks up the tiles of the cells it
    exposes instead of testing every tile of the sheet (zoomed in, the cost follows the
    view, not the sheet)."""

    def __init__(self, size: float):
        self.size = size
        #: tile key -> its shapes' handles, in the order they were added
        self.members: dict[tuple[int, int], dict[int, None]] = {}
        #: tile key -> (bounds, merged path), for the tiles built
        self.tiles: dict[tuple[int, int], tuple[QRectF, QPainterPath]] = {}
        #: tiles whose shapes changed since they were built
        self.dirty: set[tuple[int, int]] = set()
        #: index cell -> the tiles whose bounds reach into it; and each tile's cells
        self.cells: dict[tuple[int, int], set[tuple[int, int]]] = {}
        self.cells_of: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def key(self, coords: Coords) -> tuple[int, int]:
        x0, y0, x1, y1 = coords
        return int((x0 + x1) / 2 // self.size), int((y0 + y1) / 2 // self.size)

    def cell_range(self, left: float, top: float, right: float, bottom: float) -> tuple[int, int, int, int]:
        s = self.size
        return int(left // s), int(top // s), int(right // s), int(bottom // s)

    def index(self, key: tuple[int, int], bounds: QRectF | None) -> None:
        for cell in self.cells_of.pop(key, ()):
            keys = self.cells[cell]
            keys.discard(key)
            if not keys:
                del self.cells[cell]
        if bounds is None:
            return
        c0, r0, c1, r1 = self.cell_range(bounds.left(), bounds.top(), bounds.right(), bounds.bottom())
        cells = [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]
        self.cells_of[key] = cells
        for cell in cells:
            self.cells.setdefault(cell, set()).add(key)

    def visible(self, exposed: QRectF) -> list[tuple[QRectF, QPainterPath]]:
        # exposing more cells than there are tiles (zoomed out, a whole sheet rendered to
        # a file): testing every tile is cheaper than looking up every cell
        c0, r0, c1, r1 = self.cell_range(exposed.left(), exposed.top(), exposed.right(), exposed.bottom())
        if (c1 - c0 + 1) * (r1 - r0 + 1) >= len(self.tiles):
            return [t for t in self.tiles.values() if t[0].intersects(exposed)]
        keys: set[tuple[int, int]] = set()
        cells = self.cells
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                found = cells.get((c, r))
                if found:
                    keys |= found
        tiles = self.tiles
        return [tiles[k] for k in keys if tiles[k][0].intersects(exposed)]


class TiledPath:
    """Shapes merged into one path per tile at each level of TILE_LEVELS (a shape goes to
    the tile of its centre), each tile with the bounds of what it holds, so painting can
    skip what is not exposed. A level is built when first drawn; after that, a shape added
    or removed (an edit) marks only its own tile to merge again at the next repaint."""

    def __init__(self, hex_size: float, *, flatten: bool = True, margin: float = 0.0):
        self.sizes = [hex_size * n for n in TILE_LEVELS]
        self._flatten = flatten
        #: handle -> ((left, top, right, bottom), shape): a path, or a line as (x1, y1, x2, y2)
        self._shapes: dict[int, tuple[Coords, QPainterPath | tuple[float, ...]]] = {}
        self._next = 0
        self._curved: bool | None = None
        self._margin = margin
        #: (left, top, right, bottom) of the bounds, grown shape by shape as QRectF.united
        #: grows a rect (floats, not a QRectF a shape: thousands of shapes on opening a
        #: sheet); None: worked out again from the shapes
        self._bounds: tuple[float, float, float, float] | None = (0.0, 0.0, 0.0, 0.0)
        self._levels: list[_Level | None] = [None for _ in self.sizes]

    def add(self, path: QPainterPath) -> int | None:
        """Add a shape; its handle removes it. The shapes of one TiledPath are of one kind
        (text, dots, polygons): whether they have curves to flatten is seen on the first."""
        if path.isEmpty():
            return None
        if self._curved is None:
            self._curved = has_curves(path)
        return self._put((path.controlPointRect().getCoords(), path))

    def add_line(self, x1: float, y1: float, x2: float, y2: float) -> int:
        return self._put(((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), (x1, y1, x2, y2)))

    def _put(self, entry: tuple[Coords, QPainterPath | tuple[float, ...]]) -> int:
        handle = self._next
        self._next += 1
        self._shapes[handle] = entry
        coords = entry[0]
        if self._bounds is not None:
            m = self._margin
            x0, y0, x1, y1 = coords[0] - m, coords[1] - m, coords[2] + m, coords[3] + m
            b0, b1, b2, b3 = self._bounds
            if len(self._shapes) == 1 or (b0 == b2 and b1 == b3):  # the first, or bounds null
                self._bounds = (x0, y0, x1, y1)
            elif not (x0 == x1 and y0 == y1):  # (a null rect adds nothing to a union)
                self._bounds = (min(b0, x0), min(b1, y0), max(b2, x1), max(b3, y1))
        for level in self._levels:
            if level is not None:
                key = level.key(coords)
                level.members.setdefault(key, {})[handle] = None
                level.dirty.add(key)
        return handle

    def remove(self, handle: int) -> None:
        # the bounds stay as they were (they only ever grow: see BatchItem.refit)
        coords, _shape = self._shapes.pop(handle)
        for level in self._levels:
            if level is not None:
                key = level.key(coords)
                members = level.members[key]
                del members[handle]
                if not members:
                    del level.members[key]
                level.dirty.add(key)

    def finish(self, margin: float | None = None) -> TiledPath:
        """`margin` widens all bounds (how far a pen reaches)."""
        if margin is not None and margin != self._margin:
            self._margin = margin
            self._bounds = None
            self._levels = [None for _ in self.sizes]
        return self

    def _rect(self, coords: Coords) -> QRectF:
        x0, y0, x1, y1 = coords
        m = self._margin
        return QRectF(x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m)

    def shape_rect(self, handle: int) -> QRectF:
        return self._rect(self._shapes[handle][0])

    def shapes(self) -> list[QPainterPath | tuple[float, ...]]:
        return [shape for _, shape in self._shapes.values()]

    def level_for(self, lod: float) -> int:
        for i, size in enumerate(self.sizes):
            if size * lod <= MAX_TILE_PIXELS:
                return i
        return len(self.sizes) - 1

    def _level(self, i: int) -> _Level:
        level = self._levels[i]
        if level is None:
            level = self._levels[i] = _Level(self.sizes[i])
            for handle, (coords, _shape) in self._shapes.items():
                level.members.setdefault(level.key(coords), {})[handle] = None
            level.dirty = set(level.members)
        if level.dirty:
            for key in level.dirty:
                tile = self._build_tile(i, level, key)
                if tile is None:
                    level.tiles.pop(key, None)
                else:
                    level.tiles[key] = tile
                level.index(key, tile[0] if tile is not None else None)
            level.dirty = set()
        return level

    def at(self, lod: float) -> list[tuple[QRectF, QPainterPath]]:
        """Every tile to draw at `lod` screen pixels per millimetre."""
        return list(self._level(self.level_for(lod)).tiles.values())

    def visible(self, lod: float, exposed: QRectF) -> list[tuple[QRectF, QPainterPath]]:
        """The tiles at `lod` that reach into `exposed`."""
        return self._level(self.level_for(lod)).visible(exposed)

    def _build_tile(self, i: int, level: _Level, key: tuple[int, int]) -> tuple[QRectF, QPainterPath] | None:
        members = level.members.get(key)
        if not members:
            return None
        tile = QPainterPath()
        b: list[float] | None = None
        for handle in members:
            (x0, y0, x1, y1), shape = self._shapes[handle]
            if b is None:
                b = [x0, y0, x1, y1]
                if not isinstance(shape, tuple):
                    tile.setFillRule(shape.fillRule())
            else:
                if x0 < b[0]:
                    b[0] = x0
                if y0 < b[1]:
                    b[1] = y0
                if x1 > b[2]:
                    b[2] = x1
                if y1 > b[3]:
                    b[3] = y1
            if isinstance(shape, tuple):
                tile.moveTo(shape[0], shape[1])
                tile.lineTo(shape[2], shape[3])
            else:
                tile.addPath(shape)
        assert b is not None
        # the finest level keeps its curves, for close-ups
        if self._flatten and self._curved and i < len(self.sizes) - 1:
            tile = flattened(tile, FLATTEN_OVERSAMPLING * MAX_TILE_PIXELS / level.size)
        return self._rect((b[0], b[1], b[2], b[3])), tile

    def bounding_rect(self) -> QRectF:
        if self._bounds is None:
            if not self._shapes:
                self._bounds = (0.0, 0.0, 0.0, 0.0)
                return QRectF()
            coords = [c for c, _ in self._shapes.values()]
            rect = self._rect(
                (
                    min(c[0] for c in coords),
                    min(c[1] for c in coords),
                    max(c[2] for c in coords),
                    max(c[3] for c in coords),
                )
            )
            self._bounds = rect.getCoords()
            return rect
        x0, y0, x1, y1 = self._bounds
        return QRectF(x0, y0, x1 - x0, y1 - y0)

    def is_empty(self) -> bool:
        return not self._shapes


#: An overlapping batch's index of the shapes of each group, in cells of this many hexes.
GROUP_CELL = 2.0

Handle = tuple[int, int]


class Batch:
    """Shapes drawn with one pen and one brush, merged per tile.

    Merged shapes are drawn once where they overlap, so translucent ones that overlap (fire
    arcs) are `overlapping`: they are then shared out into groups whose shapes do not
    overlap, each group merged, so overlaps still darken as when each shape was an item
    of its own. (Each translucent fill costs Qt a hand-over to its painting threads: a few
    groups are far cheaper than a fill per shape.) A shape joins the first group it
    overlaps nothing in, found through a grid of cells rather than against every shape.

    `add` returns a handle that `remove` takes: an edit changes the shapes of one object,
    and only the tiles holding them are merged again."""

    def __init__(self, pen: QPen | None, brush: QBrush | None, hex_size: float, *, overlapping: bool = False):
        self.pen = _pen(pen)
        self.brush = _brush(brush)
        self.overlapping = overlapping
        self.hex_size = hex_size
        self.margin = _margin(self.pen)
        # flattened curves make a stroke slower: every vertex is a join
        self.paths = TiledPath(hex_size, flatten=self.pen.style() == Qt.PenStyle.NoPen, margin=self.margin)
        #: an overlapping batch: its groups of shapes that do not overlap
        self.groups: list[TiledPath] = []
        #: per group: cell -> (handle, rect, shape) of the shapes reaching into it
        self._cells: list[dict[tuple[int, int], list[tuple[int, QRectF, QPainterPath]]]] = []
        self._cell = hex_size * GROUP_CELL

    def add(self, path: QPainterPath) -> Handle | None:
        if path.isEmpty():
            return None
        if not self.overlapping:
            handle = self.paths.add(path)
            return None if handle is None else (0, handle)
        m = self.margin
        rect = path.controlPointRect().adjusted(-m, -m, m, m)
        cells = self._cells_of(rect)
        i = next(
            (
                i
                for i, index in enumerate(self._cells)
                if not any(
                    r.intersects(rect) and p.intersects(path)
                    for cell in cells
                    for _h, r, p in index.get(cell, ())
                )
            ),
            len(self.groups),
        )
        if i == len(self.groups):
            self.groups.append(TiledPath(self.hex_size, flatten=False, margin=self.margin))
            self._cells.append({})
        handle = self.groups[i].add(path)
        assert handle is not None
        for cell in cells:
            self._cells[i].setdefault(cell, []).append((handle, rect, path))
        return i, handle

    def _cells_of(self, rect: QRectF) -> list[tuple[int, int]]:
        s = self._cell
        c0, r0 = int(rect.left() // s), int(rect.top() // s)
        c1, r1 = int(rect.right() // s), int(rect.bottom() // s)
        return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]

    def remove(self, handle: Handle) -> None:
        i, h = handle
        if not self.overlapping:
            self.paths.remove(h)
            return
        group = self.groups[i]
        rect = group.shape_rect(h)
        group.remove(h)
        index = self._cells[i]
        for cell in self._cells_of(rect):
            kept = [e for e in index.get(cell, ()) if e[0] != h]
            if kept:
                index[cell] = kept
            else:
                index.pop(cell, None)

    def shape_rect(self, handle: Handle) -> QRectF:
        i, h = handle
        return (self.groups[i] if self.overlapping else self.paths).shape_rect(h)

    def shapes(self) -> list[QPainterPath | tuple[float, ...]]:
        """Every shape drawn, whatever group or tile holds it."""
        out = list(self.paths.shapes())
        for group in self.groups:
            out.extend(group.shapes())
        return out

    def finish(self) -> Batch:
        return self

    def is_empty(self) -> bool:
        return self.paths.is_empty() and all(g.is_empty() for g in self.groups)

    def bounding_rect(self) -> QRectF:
        rect = self.paths.bounding_rect()
        for group in self.groups:
            if not group.is_empty():
                rect = rect.united(group.bounding_rect())
        return rect

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        """Draw what `exposed` (item coordinates) shows at `lod` pixels per millimetre."""
        painter.setPen(fine_pen(self.pen, lod))
        painter.setBrush(self.brush)
        draw_path = painter.drawPath
        for paths in self.groups or (self.paths,):
            for _bounds, path in paths.visible(lod, exposed):
                draw_path(path)


#: A dashed pen thinner than this on screen (pixels) is drawn solid: see fine_pen.
SOLID_BELOW_PIXELS = 0.75


def fine_pen(pen: QPen, lod: float) -> QPen:
    """`pen`, or when it is dashed and thinner than SOLID_BELOW_PIXELS on screen, a solid
    pen as light as the dashes look: sub-pixel dashes blur into a faint line anyway, and
    dashing hundreds of them is much of what a zoomed-out repaint would cost."""
    if pen.style() in (Qt.PenStyle.SolidLine, Qt.PenStyle.NoPen) or pen.widthF() * lod >= SOLID_BELOW_PIXELS:
        return pen
    pattern = pen.dashPattern()
    on = sum(pattern[0::2])
    total = sum(pattern)
    solid = QPen(pen)
    solid.setStyle(Qt.PenStyle.SolidLine)
    colour = QColor(pen.color())
    colour.setAlphaF(colour.alphaF() * (on / total if total > 0 else 1.0))
    solid.setColor(colour)
    return solid


def _pen(pen: QPen | None) -> QPen:
    return QPen(pen) if pen is not None else QPen(Qt.PenStyle.NoPen)


def _brush(brush: QBrush | None) -> QBrush:
    return QBrush(brush) if brush is not None else QBrush(Qt.BrushStyle.NoBrush)


def _margin(pen: QPen) -> float:
    """How far a pen's stroke reaches beyond its path."""
    if pen.style() == Qt.PenStyle.NoPen:
        return 0.0
    # generous: a miter reaches `miterLimit` pen widths from its corner
    if pen.joinStyle() == Qt.PenJoinStyle.MiterJoin:
        return pen.widthF() * max(1.0, pen.miterLimit())
    return pen.widthF()


def visible_rect(painter: QPainter, option: QStyleOptionGraphicsItem) -> QRectF:
    """What a paint must draw, in item coordinates: the exposed rect (an item with
    ItemUsesExtendedStyleOption) within the paint device (QGraphicsView.render, to an
    image say, exposes whole items)."""
    device = painter.device()
    transform, invertible = painter.worldTransform().inverted()
    if device is None or not invertible:
        return option.exposedRect
    return option.exposedRect.intersected(transform.mapRect(QRectF(0, 0, device.width(), device.height())))


#: A layer's bounds grow by whole steps of this many millimetres (see BatchItem.refit).
REFIT_STEP = 50.0


class BatchItem(QGraphicsItem):
    """One canvas layer drawn from batches, in order. It takes no clicks: the items of
    the model objects (which draw nothing unless selected) do."""

    def __init__(self, z: float, batches: Iterable[Batch]):
        super().__init__()
        self.setZValue(z)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setAcceptHoverEvents(False)
        self.batches = [b for b in batches if not b.is_empty()]
        #: the Layers panel entry that shows or hides it (see layers.py)
        self.layer: str | None = None
        self._rect = QRectF()
        self.refit()

    def set_batches(self, batches: Iterable[Batch]) -> None:
        """Draw these batches, in this order (the layer's batches changed)."""
        self.batches = list(batches)
        self.refit()

    def refit(self) -> None:
        """Take in the batches' bounds (their shapes changed). The bounds only grow, and
        by whole steps of REFIT_STEP: a new bounding rect repaints all the old one, and
        an edit near the edge of a layer would otherwise repaint the whole layer."""
        rect = QRectF()
        for batch in self.batches:
            if not batch.is_empty():
                rect = rect.united(batch.bounding_rect())
        if rect.isEmpty() or self._rect.contains(rect):
            return
        rect = rect.united(self._rect) if not self._rect.isEmpty() else rect
        step = REFIT_STEP
        left, top = math.floor(rect.left() / step) * step, math.floor(rect.top() / step) * step
        right, bottom = math.ceil(rect.right() / step) * step, math.ceil(rect.bottom() / step) * step
        self.prepareGeometryChange()
        self._rect = QRectF(left, top, right - left, bottom - top)

    def boundingRect(self) -> QRectF:
        return self._rect

    def shape(self) -> QPainterPath:
        # never under the cursor: picking goes to the model items
        return QPainterPath()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = visible_rect(painter, option)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for batch in self.batches:
            if not batch.is_empty():
                batch.draw(painter, exposed, lod)
