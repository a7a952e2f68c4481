"""The hex grid with its terrain, drawn as one item.

Hundreds of hexes as separate items would cost memory and slow every repaint; instead the
geometry is merged once into batched paths (batch.py): one per terrain colour, one for the
outlines (each edge once), one for the centre dots, split into tiles so that a repaint only
rasterizes small pieces and only those it shows. Labels are only drawn when they are big
enough to read. A hex number sits near the top edge, as printed, unless a symbol drawn over
the grid (an aperture's arrow, a roof access, a manhole, a building's tag) covers that band:
then it moves to the bottom edge, so "1304" never reads "13▼4". Hexes cut by the sheet
edge are drawn as cut, as on the printed sheet: the geometry is clipped once when built,
not at every repaint.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.geometry import polygons
from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import MapSheet, Terrain

from . import style
from .batch import Batch, visible_rect
from .text import text_path

AA = QPainter.RenderHint.Antialiasing
#: Labels are drawn only when they would be at least this tall on screen, in pixels.
MIN_LABEL_PIXELS = 6.0
#: Centre dots of a smaller radius on screen (pixels) are drawn as single pixels.
SPECK_DOT_PIXELS = 1.0


def hex_polygon(grid: HexGrid, label: str) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in grid.corners(label)])


def clip_segment(
    a: tuple[float, float], b: tuple[float, float], rect: QRectF
) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of segment ab inside `rect`, None if none is."""
    return polygons.clip_segment(a, b, (rect.left(), rect.top(), rect.right(), rect.bottom()))


def _cells(rect: QRectF, cell: float) -> list[tuple[int, int]]:
    """The squares of side `cell` that `rect` touches (a coarse index for overlaps)."""
    x0, x1 = math.floor(rect.left() / cell), math.floor(rect.right() / cell)
    y0, y1 = math.floor(rect.top() / cell), math.floor(rect.bottom() / cell)
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


class HexGridItem(QGraphicsItem):
    def __init__(self, sheet: MapSheet, metrics: style.Metrics):
        super().__init__()
        self.setZValue(style.Z_HEXES)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.metrics = metrics
        self.grid = HexGrid(sheet.grid)
        width, height = sheet.size
        self.sheet_rect = QRectF(0, 0, width, height)
        self._clip = QPainterPath()
        self._clip.addRect(self.sheet_rect)
        size = self.grid.size
        self.terrain: list[Batch] = []
        self.outlines = Batch(QPen(style.HEX_LINE, metrics.mm(0.02)), None, size)
        #: centre dots; and their centres, for when they are specks
        self.dots = Batch(None, QBrush(style.CENTRE_DOT), size)
        self.dot_points: list[QPointF] = []
        self.dot_radius = size * 0.045
        self.marker_dots: list[Batch] = []
        self.labels = Batch(None, QBrush(style.HEX_LABEL), size)
        self.label_height = metrics.mm(0.22)
        #: each hex number at the top of its hex, and how far down the bottom place is
        self._label_paths: dict[str, QPainterPath] = {}
        self._label_drop = 0.0
        #: hexes whose number is at the bottom (a symbol covers the top)
        self.lowered: frozenset[str] = frozenset()
        #: parts the Layers panel can hide (the grid is one item, so it hides them itself)
        self.show_outlines = True
        self.show_labels = True
        self.show_terrain = True
        self._build()
        self.set_terrain(sheet)

    def set_parts(self, *, outlines: bool, labels: bool, terrain: bool) -> None:
        self.show_outlines, self.show_labels, self.show_terrain = outlines, labels, terrain
        self.update()

    def labels_shown_at(self, lod: float) -> bool:
        return self.show_labels and lod * self.label_height >= MIN_LABEL_PIXELS

    def _clipped(self, path: QPainterPath) -> QPainterPath:
        """`path` cut by the sheet edge (most shapes are inside and kept as they are)."""
        if self.sheet_rect.contains(path.controlPointRect()):
            return path
        return path.intersected(self._clip)

    def _build(self) -> None:
        """What does not depend on terrain: outlines and labels (the costly text paths),
        built once so painting terrain only redoes the fills."""
        size = self.grid.size
        flat = self.grid.flat
        seen: set[tuple[float, float]] = set()
        for label in self.grid.labels():
            corners = self.grid.corners(label)
            # each edge once (by its midpoint): neighbours share theirs
            for i, a in enumerate(corners):
                b = corners[(i + 1) % len(corners)]
                key = (round(a[0] + b[0], 3), round(a[1] + b[1], 3))
                if key in seen:
                    continue
                seen.add(key)
                segment = clip_segment(a, b, self.sheet_rect)
                if segment is not None and segment[0] != segment[1]:
                    (x1, y1), (x2, y2) = segment
                    self.outlines.paths.add_line(x1, y1, x2, y2)
            cx, cy = self.grid.centre(label)
            # printed maps put the number near the top edge of the hex
            top = cy - (size * 0.866 if flat else size) + self.label_height * 1.3
            self._label_paths[label] = text_path(label, self.label_height, (cx, top))
            self._label_drop = 2 * (cy - top)  # the same place mirrored below the centre
        self.outlines.finish()
        self._fill_labels()

    def _fill_labels(self) -> None:
        self.labels = Batch(None, QBrush(style.HEX_LABEL), self.grid.size)
        for label, path in self._label_paths.items():
            placed = path.translated(0, self._label_drop) if label in self.lowered else path
            self.labels.add(self._clipped(placed))
        self.labels.finish()

    def label_rect(self, label: str) -> QRectF:
        """Where the number of hex `label` is drawn."""
        rect = self._label_paths[label].boundingRect()
        return rect.translated(0, self._label_drop) if label in self.lowered else rect

    def set_label_obstacles(self, rects: list[QRectF]) -> None:
        """Move down the numbers whose top place one of `rects` (symbols drawn over the
        grid) overlaps, when the bottom place is clearer; the others go back up."""
        size = self.grid.size
        buckets: dict[tuple[int, int], list[QRectF]] = {}
        for rect in rects:
            for key in _cells(rect, size):
                buckets.setdefault(key, []).append(rect)

        def covered(rect: QRectF) -> float:
            seen: set[int] = set()
            area = 0.0
            for key in _cells(rect, size):
                for other in buckets.get(key, ()):
                    if id(other) in seen or not other.intersects(rect):
                        continue
                    seen.add(id(other))
                    common = other.intersected(rect)
                    area += common.width() * common.height()
            return area

        lowered = set()
        for label, path in self._label_paths.items():
            top = path.boundingRect()
            over_top = covered(top)
            if over_top and covered(top.translated(0, self._label_drop)) < over_top:
                lowered.add(label)
        if lowered != self.lowered:
            self.lowered = frozenset(lowered)
            self._fill_labels()
            self.update()

    def set_terrain(self, sheet: MapSheet) -> None:
        """Fills and centre dots for the sheet's terrain."""
        size = self.grid.size
        dot_r = self.dot_radius
        marker_r = size * 0.16
        fills: dict[Terrain, Batch] = {}
        markers: dict[Terrain, Batch] = {}
        self.dots = Batch(None, QBrush(style.CENTRE_DOT), size)
        self.dot_points = []
        marker_pen = QPen(style.CENTRE_DOT, self.metrics.mm(0.02))
        for label in self.grid.labels():
            terrain = sheet.terrain.get(label, sheet.default_terrain)
            if terrain != Terrain.clear:
                batch = fills.get(terrain)
                if batch is None:
                    batch = fills[terrain] = Batch(None, QBrush(style.TERRAIN_FILL[terrain]), size)
                path = QPainterPath()
                path.addPolygon(hex_polygon(self.grid, label))
                path.closeSubpath()
                batch.add(self._clipped(path))
            cx, cy = self.grid.centre(label)
            dot = QPainterPath()
            if terrain in style.TERRAIN_DOT:
                batch = markers.get(terrain)
                if batch is None:
                    brush = QBrush(style.TERRAIN_DOT[terrain])
                    batch = markers[terrain] = Batch(marker_pen, brush, size)
                dot.addEllipse(QPointF(cx, cy), marker_r, marker_r)
                batch.add(self._clipped(dot))
            else:
                dot.addEllipse(QPointF(cx, cy), dot_r, dot_r)
                self.dots.add(self._clipped(dot))
                if self.sheet_rect.contains(cx, cy):
                    self.dot_points.append(QPointF(cx, cy))
        self.terrain = [b.finish() for b in fills.values()]
        self.marker_dots = [b.finish() for b in markers.values()]
        self.dots.finish()
        self.update()

    def boundingRect(self) -> QRectF:
        m = self.outlines.pen.widthF()
        return self.sheet_rect.adjusted(-m, -m, m, m)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        exposed = visible_rect(painter, option)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        # zoomed out, the grid lines are under a pixel wide (drawn a pixel wide either way)
        # and the terrain fills meet along them: antialiasing them costs more than the
        # rest of the sheet and shows nothing but a blur
        antialiased = painter.testRenderHint(AA)
        coarse = antialiased and self.outlines.pen.widthF() * lod < 1.0
        if coarse:
            painter.setRenderHint(AA, False)
        if self.show_terrain:
            for batch in self.terrain:
                batch.draw(painter, exposed, lod)
        if self.show_outlines:
            self.outlines.draw(painter, exposed, lod)
            radius = self.dot_radius * lod
            if radius < SPECK_DOT_PIXELS:
                # a speck: one pixel as dark as the dot's area would make it (what
                # antialiasing gives), far faster than filling hundreds of shapes
                colour = QColor(self.dots.brush.color())
                colour.setAlphaF(colour.alphaF() * min(1.0, math.pi * radius * radius))
                painter.setRenderHint(AA, False)
                painter.setPen(QPen(colour, 0))
                painter.drawPoints(self.dot_points)
                painter.setRenderHint(AA, antialiased and not coarse)
            else:
                self.dots.draw(painter, exposed, lod)
        if coarse:
            painter.setRenderHint(AA, True)
        if self.show_terrain:
            for batch in self.marker_dots:
                batch.draw(painter, exposed, lod)
        if self.labels_shown_at(lod):
            self.labels.draw(painter, exposed, lod)
