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
#: Specks are looked up by cells of this many hexes (a repaint draws those it exposes).
DOT_CELL = 4.0


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
        #: the same by cell of DOT_CELL hexes (and hex), so a repaint of part of the view
        #: draws its own
        self._dot_cells: dict[tuple[int, int], dict[str, QPointF]] = {}
        self.dot_radius = size * 0.045
        self.marker_dots: list[Batch] = []
        self.labels = Batch(None, QBrush(style.HEX_LABEL), size)
        self.label_height = metrics.mm(0.22)
        #: each hex number at the top of its hex, and how far down the bottom place is
        self._label_paths: dict[str, QPainterPath] = {}
        self._label_drop = 0.0
        #: hexes whose number is at the bottom (a symbol covers the top)
        self.lowered: frozenset[str] = frozenset()
        self._label_handles: dict[str, tuple[int, int]] = {}
        #: symbols over the grid, by index cell; which numbers each cell may move
        self._obstacles: dict[tuple[int, int], list[QRectF]] = {}
        self._label_cells: dict[tuple[int, int], list[str]] | None = None
        #: parts the Layers panel can hide (the grid is one item, so it hides them itself)
        self.show_outlines = True
        self.show_labels = True
        self.show_terrain = True
        self._build()
        self.set_terrain(sheet)

    def set_parts(self, *, outlines: bool, labels: bool, terrain: bool) -> None:
        # the Layers panel sets them again after every edit: repaint only for a change
        if (self.show_outlines, self.show_labels, self.show_terrain) != (outlines, labels, terrain):
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
        self._label_handles = {}
        for label in self._label_paths:
            self._place_label(label, repaint=False)
        self.labels.finish()

    def _place_label(self, label: str, repaint: bool = True) -> None:
        """(Re)draw one hex number at its place, top or bottom."""
        handle = self._label_handles.pop(label, None)
        if handle is not None:
            self.update(self.labels.shape_rect(handle))
            self.labels.remove(handle)
        path = self._label_paths[label]
        placed = path.translated(0, self._label_drop) if label in self.lowered else path
        handle = self.labels.add(self._clipped(placed))
        if handle is not None:
            self._label_handles[label] = handle
            if repaint:
                self.update(self.labels.shape_rect(handle))

    def label_rect(self, label: str) -> QRectF:
        """Where the number of hex `label` is drawn."""
        rect = self._label_paths[label].boundingRect()
        return rect.translated(0, self._label_drop) if label in self.lowered else rect

    def _labels_near(self) -> dict[tuple[int, int], list[str]]:
        """Index cell -> the hexes whose number's top or bottom place touches it."""
        if self._label_cells is None:
            size = self.grid.size
            self._label_cells = {}
            for label, path in self._label_paths.items():
                top = path.boundingRect()
                for key in set(_cells(top, size)) | set(_cells(top.translated(0, self._label_drop), size)):
                    self._label_cells.setdefault(key, []).append(label)
        return self._label_cells

    def _covered(self, rect: QRectF) -> float:
        """The area of `rect` the obstacles cover (overlaps of obstacles counted twice)."""
        seen: set[int] = set()
        area = 0.0
        for key in _cells(rect, self.grid.size):
            for other in self._obstacles.get(key, ()):
                if id(other) in seen or not other.intersects(rect):
                    continue
                seen.add(id(other))
                common = other.intersected(rect)
                area += common.width() * common.height()
        return area

    def _lowered(self, label: str) -> bool:
        top = self._label_paths[label].boundingRect()
        over_top = self._covered(top)
        return bool(over_top) and self._covered(top.translated(0, self._label_drop)) < over_top

    def set_label_obstacles(self, rects: list[QRectF]) -> None:
        """Move down the numbers whose top place one of `rects` (symbols drawn over the
        grid) overlaps, when the bottom place is clearer; the others go back up."""
        self._obstacles = {}
        for rect in rects:
            for key in _cells(rect, self.grid.size):
                self._obstacles.setdefault(key, []).append(rect)
        lowered = frozenset(label for label in self._label_paths if self._lowered(label))
        changed = lowered ^ self.lowered
        self.lowered = lowered
        if len(changed) * 4 > len(self._label_paths):
            self._fill_labels()
            self.update()
        else:
            # (opening a sheet: the few numbers its symbols cover move, not all of them again)
            for label in changed:
                self._place_label(label)

    def change_label_obstacles(self, removed: list[QRectF], added: list[QRectF]) -> None:
        """The same as set_label_obstacles with `removed` taken out of the obstacles and
        `added` put in, looking again only at the numbers near them (an edit)."""
        size = self.grid.size
        touched: set[tuple[int, int]] = set()
        for rect in removed:
            for key in _cells(rect, size):
                bucket = self._obstacles.get(key, [])
                i = next((i for i, other in enumerate(bucket) if other == rect), None)
                if i is not None:
                    del bucket[i]
                touched.add(key)
        for rect in added:
            for key in _cells(rect, size):
                self._obstacles.setdefault(key, []).append(rect)
                touched.add(key)
        near = self._labels_near()
        labels = {label for key in touched for label in near.get(key, ())}
        lowered = set(self.lowered)
        for label in labels:
            if self._lowered(label) != (label in lowered):
                lowered.symmetric_difference_update({label})
        changed = lowered.symmetric_difference(self.lowered)
        self.lowered = frozenset(lowered)
        for label in changed:
            self._place_label(label)

    def set_terrain(self, sheet: MapSheet) -> None:
        """Fills and centre dots for the sheet's terrain."""
        size = self.grid.size
        self._fills: dict[Terrain, Batch] = {}
        self._markers: dict[Terrain, Batch] = {}
        self.dots = Batch(None, QBrush(style.CENTRE_DOT), size)
        self._specks: dict[str, QPointF] = {}
        self._dot_cells = {}
        #: what each hex put in the batches, to take it out when its terrain changes
        self._hex_parts: dict[str, list[tuple[Batch, tuple[int, int]]]] = {}
        for label in self.grid.labels():
            self._put_terrain(label, sheet.terrain.get(label, sheet.default_terrain))
        self._terrain_shown()
        self.update()

    def change_terrain(self, sheet: MapSheet, labels: set[str]) -> None:
        """The terrain of the hexes `labels` changed (a brush stroke): redo theirs only."""
        for label in labels:
            if label not in self._hex_parts:
                continue  # not a hex of the grid
            for batch, handle in self._hex_parts.pop(label):
                self.update(batch.shape_rect(handle))
                batch.remove(handle)
            speck = self._specks.pop(label, None)
            if speck is not None:
                del self._dot_cells[self._dot_cell(speck)][label]
            self._put_terrain(label, sheet.terrain.get(label, sheet.default_terrain))
            for batch, handle in self._hex_parts[label]:
                self.update(batch.shape_rect(handle))
        self._terrain_shown()

    def _dot_cell(self, point: QPointF) -> tuple[int, int]:
        cell = self.grid.size * DOT_CELL
        return int(point.x() // cell), int(point.y() // cell)

    def _put_terrain(self, label: str, terrain: Terrain) -> None:
        size = self.grid.size
        parts: list[tuple[Batch, tuple[int, int]]] = []
        if terrain != Terrain.clear:
            batch = self._fills.get(terrain)
            if batch is None:
                batch = self._fills[terrain] = Batch(None, QBrush(style.TERRAIN_FILL[terrain]), size)
            path = QPainterPath()
            path.addPolygon(hex_polygon(self.grid, label))
            path.closeSubpath()
            handle = batch.add(self._clipped(path))
            if handle is not None:
                parts.append((batch, handle))
        cx, cy = self.grid.centre(label)
        dot = QPainterPath()
        if terrain in style.TERRAIN_DOT:
            batch = self._markers.get(terrain)
            if batch is None:
                marker_pen = QPen(style.CENTRE_DOT, self.metrics.mm(0.02))
                batch = self._markers[terrain] = Batch(marker_pen, QBrush(style.TERRAIN_DOT[terrain]), size)
            marker_r = size * 0.16
            dot.addEllipse(QPointF(cx, cy), marker_r, marker_r)
        else:
            batch = self.dots
            dot.addEllipse(QPointF(cx, cy), self.dot_radius, self.dot_radius)
            if self.sheet_rect.contains(cx, cy):
                speck = self._specks[label] = QPointF(cx, cy)
                self._dot_cells.setdefault(self._dot_cell(speck), {})[label] = speck
        handle = batch.add(self._clipped(dot))
        if handle is not None:
            parts.append((batch, handle))
        self._hex_parts[label] = parts

    def _terrain_shown(self) -> None:
        self.terrain = [b for b in self._fills.values() if not b.is_empty()]
        self.marker_dots = [b for b in self._markers.values() if not b.is_empty()]
        self.dot_points = list(self._specks.values())

    def _dots_in(self, exposed: QRectF) -> list[QPointF]:
        cell = self.grid.size * DOT_CELL
        cells = _cells(exposed, cell)
        if len(cells) >= len(self._dot_cells):
            return self.dot_points
        return [p for key in cells for p in self._dot_cells.get(key, {}).values()]

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
                painter.drawPoints(self._dots_in(exposed))
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
