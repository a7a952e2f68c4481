"""The hex grid with its terrain, drawn as one item.

Hundreds of hexes as separate items would cost memory and slow every repaint; instead the
geometry is merged once into one cached path per terrain colour, one for the outlines
and one for the centre dots, and labels are only drawn when they are big enough to read.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import MapSheet, Terrain

from . import style
from .text import text_path

#: Labels are drawn only when they would be at least this tall on screen, in pixels.
MIN_LABEL_PIXELS = 6.0


def hex_polygon(grid: HexGrid, label: str) -> QPolygonF:
    return QPolygonF([QPointF(x, y) for x, y in grid.corners(label)])


class HexGridItem(QGraphicsItem):
    def __init__(self, sheet: MapSheet, metrics: style.Metrics):
        super().__init__()
        self.setZValue(style.Z_HEXES)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption)
        self.metrics = metrics
        self.grid = HexGrid(sheet.grid)
        width, height = sheet.size
        self.sheet_rect = QRectF(0, 0, width, height)
        self.terrain_paths: dict[Terrain, QPainterPath] = {}
        self.outlines = QPainterPath()
        self.dots = QPainterPath()
        self.marker_dots: dict[Terrain, QPainterPath] = {}
        #: (label rect, path) of every hex label, to draw only those in the exposed area
        self.labels: list[tuple[QRectF, QPainterPath]] = []
        self.label_height = metrics.mm(0.22)
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

    def _build(self) -> None:
        """What does not depend on terrain: outlines and labels (the costly text paths),
        built once so painting terrain only redoes the fills."""
        size = self.grid.size
        flat = self.grid.flat
        for label in self.grid.labels():
            poly = hex_polygon(self.grid, label)
            self.outlines.addPolygon(poly)
            self.outlines.closeSubpath()
            cx, cy = self.grid.centre(label)
            # printed maps put the number near the top edge of the hex
            top = cy - (size * 0.866 if flat else size) + self.label_height * 1.3
            path = text_path(label, self.label_height, (cx, top))
            self.labels.append((path.boundingRect(), path))

    def set_terrain(self, sheet: MapSheet) -> None:
        """Fills and centre dots for the sheet's terrain."""
        size = self.grid.size
        dot_r = size * 0.045
        marker_r = size * 0.16
        self.terrain_paths = {}
        self.marker_dots = {}
        self.dots = QPainterPath()
        for label in self.grid.labels():
            terrain = sheet.terrain.get(label, sheet.default_terrain)
            if terrain != Terrain.clear:
                poly = hex_polygon(self.grid, label)
                self.terrain_paths.setdefault(terrain, QPainterPath()).addPolygon(poly)
            cx, cy = self.grid.centre(label)
            if terrain in style.TERRAIN_DOT:
                self.marker_dots.setdefault(terrain, QPainterPath()).addEllipse(
                    QPointF(cx, cy), marker_r, marker_r
                )
            else:
                self.dots.addEllipse(QPointF(cx, cy), dot_r, dot_r)
        self.update()

    def boundingRect(self) -> QRectF:
        return self.outlines.boundingRect().united(self.sheet_rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        # hexes cut by the sheet edge are drawn as cut, as on the printed sheet
        painter.setClipRect(self.sheet_rect)
        painter.setPen(Qt.PenStyle.NoPen)
        if self.show_terrain:
            for terrain, path in self.terrain_paths.items():
                painter.setBrush(QBrush(style.TERRAIN_FILL[terrain]))
                painter.drawPath(path)
        if self.show_outlines:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(style.HEX_LINE, self.metrics.mm(0.02)))
            painter.drawPath(self.outlines)
            painter.fillPath(self.dots, style.CENTRE_DOT)
        if self.show_terrain:
            for terrain, path in self.marker_dots.items():
                painter.setPen(QPen(style.CENTRE_DOT, self.metrics.mm(0.02)))
                painter.setBrush(QBrush(style.TERRAIN_DOT[terrain]))
                painter.drawPath(path)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if self.labels_shown_at(lod):
            exposed = option.exposedRect
            for rect, path in self.labels:
                if rect.intersects(exposed):
                    painter.fillPath(path, style.HEX_LABEL)
        painter.restore()
