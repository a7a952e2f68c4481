"""A marker for what has no item of its own (a hex named by a problem or the outliner)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from engine.geometry.hexgrid import HexGrid

from . import style
from .hex_grid_item import hex_polygon


class HexHighlightItem(QGraphicsPathItem):
    def __init__(self, metrics: style.Metrics):
        super().__init__()
        self.setZValue(style.Z_HIGHLIGHT)
        pen = QPen(style.HIGHLIGHT, metrics.mm(0.15))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.hide()

    def show_hex(self, grid: HexGrid, label: str) -> None:
        path = QPainterPath()
        path.addPolygon(hex_polygon(grid, label))
        path.closeSubpath()
        self.setPath(path)
        self.show()
