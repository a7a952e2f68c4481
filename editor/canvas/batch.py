"""Batched drawing: the static sheet painted as a few paths per style, split into tiles.

Hundreds of items each with a Python `paint()` cost more than the drawing itself, and one
huge path per style is no better: Qt's antialiasing rasterizer splits a path spread over
the whole viewport into bands and walks the whole outline again for each band. So the
shapes of one style are merged per tile of the sheet: a tile is at most about 160 pixels
wide on screen (tiles of several sizes, chosen by zoom), so that the rasterizer handles it
in one pass, and a zoomed-in view only draws the tiles it shows.
"""

from __future__ import annotations

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


class TiledPath:
    """Shapes merged into one path per tile at each level of TILE_LEVELS (a shape goes to
    the tile of its centre), each tile with the bounds of what it holds, so painting can
    skip what is not exposed. A level is built when first drawn: an edit rebuilds the
    layers, and only the zoom shown is paid for at once."""

    def __init__(self, hex_size: float, *, flatten: bool = True):
        self.sizes = [hex_size * n for n in TILE_LEVELS]
        self._flatten = flatten
        #: ((left, top, right, bottom), shape): a path, or a line as (x1, y1, x2, y2)
        self._shapes: list[tuple[tuple[float, float, float, float], QPainterPath | tuple[float, ...]]] = []
        self._curved = False
        self._margin = 0.0
        self._bounds = QRectF()
        #: per level: (bounds, path) of each tile, once built
        self.levels: list[list[tuple[QRectF, QPainterPath]] | None] = [None for _ in self.sizes]

    def add(self, path: QPainterPath) -> None:
        """Add a shape. The shapes of one TiledPath are of one kind (text, dots, polygons):
        whether they have curves to flatten is seen on the first."""
        if path.isEmpty():
            return
        if not self._shapes:
            self._curved = has_curves(path)
        self._shapes.append((path.controlPointRect().getCoords(), path))

    def add_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._shapes.append(((min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), (x1, y1, x2, y2)))

    def finish(self, margin: float = 0.0) -> TiledPath:
        """No more shapes; `margin` widens all bounds (how far a pen reaches)."""
        self._margin = m = margin
        if self._shapes:
            left = min(c[0] for c, _ in self._shapes)
            top = min(c[1] for c, _ in self._shapes)
            right = max(c[2] for c, _ in self._shapes)
            bottom = max(c[3] for c, _ in self._shapes)
            self._bounds = QRectF(left - m, top - m, right - left + 2 * m, bottom - top + 2 * m)
        return self

    def at(self, lod: float) -> list[tuple[QRectF, QPainterPath]]:
        """The tiles to draw at `lod` screen pixels per millimetre."""
        level = len(self.sizes) - 1
        for i, size in enumerate(self.sizes):
            if size * lod <= MAX_TILE_PIXELS:
                level = i
                break
        tiles = self.levels[level]
        if tiles is None:
            tiles = self.levels[level] = self._build(level)
        return tiles

    def _build(self, level: int) -> list[tuple[QRectF, QPainterPath]]:
        size = self.sizes[level]
        paths: dict[tuple[int, int], QPainterPath] = {}
        bounds: dict[tuple[int, int], list[float]] = {}
        for (x0, y0, x1, y1), shape in self._shapes:
            key = (int((x0 + x1) / 2 // size), int((y0 + y1) / 2 // size))
            tile = paths.get(key)
            if tile is None:
                tile = paths[key] = QPainterPath()
                if not isinstance(shape, tuple):
                    tile.setFillRule(shape.fillRule())
                bounds[key] = [x0, y0, x1, y1]
            else:
                b = bounds[key]
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
        # the finest level keeps its curves, for close-ups
        flatten = self._flatten and self._curved and level < len(self.sizes) - 1
        scale = FLATTEN_OVERSAMPLING * MAX_TILE_PIXELS / size
        m = self._margin
        return [
            (
                QRectF(b[0] - m, b[1] - m, b[2] - b[0] + 2 * m, b[3] - b[1] + 2 * m),
                flattened(paths[key], scale) if flatten else paths[key],
            )
            for key, b in bounds.items()
        ]

    def bounding_rect(self) -> QRectF:
        return QRectF(self._bounds)

    def is_empty(self) -> bool:
        return not self._shapes


class Batch:
    """Shapes drawn with one pen and one brush, merged per tile.

    Merged shapes are drawn once where they overlap, so translucent ones that overlap (fire
    arcs) are `overlapping`: they are then shared out into groups whose shapes do not
    overlap, each group merged, so overlaps still darken as when each shape was an item
    of its own. (Each translucent fill costs Qt a hand-over to its painting threads: a few
    groups are far cheaper than a fill per shape.)"""

    def __init__(self, pen: QPen | None, brush: QBrush | None, hex_size: float, *, overlapping: bool = False):
        self.pen = _pen(pen)
        self.brush = _brush(brush)
        self.overlapping = overlapping
        self.hex_size = hex_size
        # flattened curves make a stroke slower: every vertex is a join
        self.paths = TiledPath(hex_size, flatten=self.pen.style() == Qt.PenStyle.NoPen)
        #: an overlapping batch: its groups of shapes that do not overlap
        self.groups: list[TiledPath] = []
        self._shapes: list[QPainterPath] = []

    def add(self, path: QPainterPath) -> None:
        if path.isEmpty():
            return
        if self.overlapping:
            self._shapes.append(path)
        else:
            self.paths.add(path)

    def finish(self) -> Batch:
        margin = _margin(self.pen)
        if self.overlapping:
            self.groups = [group.finish(margin) for group in self._groups()]
            self._shapes = []
        else:
            self.paths.finish(margin)
        return self

    def _groups(self) -> list[TiledPath]:
        """Greedy: each shape joins the first group none of whose shapes it overlaps."""
        members: list[list[tuple[QRectF, QPainterPath]]] = []
        groups: list[TiledPath] = []
        m = _margin(self.pen)
        for path in self._shapes:
            rect = path.controlPointRect().adjusted(-m, -m, m, m)
            free = (
                i
                for i, shapes in enumerate(members)
                if not any(rect.intersects(r) and path.intersects(p) for r, p in shapes)
            )
            i = next(free, len(groups))
            if i == len(groups):
                groups.append(TiledPath(self.hex_size, flatten=False))
                members.append([])
            groups[i].add(path)
            members[i].append((rect, path))
        return groups

    def is_empty(self) -> bool:
        return self.paths.is_empty() and not any(not g.is_empty() for g in self.groups)

    def bounding_rect(self) -> QRectF:
        rect = self.paths.bounding_rect()
        for group in self.groups:
            rect = rect.united(group.bounding_rect())
        return rect

    def draw(self, painter: QPainter, exposed: QRectF, lod: float) -> None:
        """Draw what `exposed` (item coordinates) shows at `lod` pixels per millimetre."""
        painter.setPen(fine_pen(self.pen, lod))
        painter.setBrush(self.brush)
        draw_path = painter.drawPath
        for paths in self.groups or (self.paths,):
            for bounds, path in paths.at(lod):
                if bounds.intersects(exposed):
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
        rect = QRectF()
        for batch in self.batches:
            rect = rect.united(batch.bounding_rect())
        self._rect = rect

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
            batch.draw(painter, exposed, lod)
