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
        self._build(sheet)

    def _build(self, sheet: MapSheet) -> None:
        size = self.grid.size
        dot_r = size * 0.045
        marker_r = size * 0.16
        flat = self.grid.flat
        for label in self.grid.labels():
            poly = hex_polygon(self.grid, label)
            terrain = sheet.terrain.get(label, sheet.default_terrain)
            if terrain != Terrain.clear:
                self.terrain_paths.setdefault(terrain, QPainterPath()).addPolygon(poly)
            self.outlines.addPolygon(poly)
            self.outlines.closeSubpath()
            cx, cy = self.grid.centre(label)
            if terrain in style.TERRAIN_DOT:
                self.marker_dots.setdefault(terrain, QPainterPath()).addEllipse(
                    QPointF(cx, cy), marker_r, marker_r
                )
            else:
                self.dots.addEllipse(QPointF(cx, cy), dot_r, dot_r)
            # printed maps put the number near the top edge of the hex
            top = cy - (size * 0.866 if flat else size) + self.label_height * 1.3
            path = text_path(label, self.label_height, (cx, top))
            self.labels.append((path.boundingRect(), path))

    def boundingRect(self) -> QRectF:
        return self.outlines.boundingRect().united(self.sheet_rect)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        # hexes cut by the sheet edge are drawn as cut, as on the printed sheet
        painter.setClipRect(self.sheet_rect)
        painter.setPen(Qt.PenStyle.NoPen)
        for terrain, path in self.terrain_paths.items():
            painter.setBrush(QBrush(style.TERRAIN_FILL[terrain]))
            painter.drawPath(path)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(style.HEX_LINE, self.metrics.mm(0.02)))
        painter.drawPath(self.outlines)
        painter.fillPath(self.dots, style.CENTRE_DOT)
        for terrain, path in self.marker_dots.items():
            painter.setPen(QPen(style.CENTRE_DOT, self.metrics.mm(0.02)))
            painter.setBrush(QBrush(style.TERRAIN_DOT[terrain]))
            painter.drawPath(path)
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        if lod * self.label_height >= MIN_LABEL_PIXELS:
            exposed = option.exposedRect
            for rect, path in self.labels:
                if rect.intersects(exposed):
                    painter.fillPath(path, style.HEX_LABEL)
        painter.restore()
