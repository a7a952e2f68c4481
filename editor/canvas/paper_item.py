"""The printed sheet itself: paper colour and trimmed edge, under everything else."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPen
from PySide6.QtWidgets import QGraphicsRectItem

from engine.model.sheet import MapSheet

from . import style


class PaperItem(QGraphicsRectItem):
    def __init__(self, sheet: MapSheet, metrics: style.Metrics):
        width, height = sheet.size
        super().__init__(QRectF(0, 0, width, height))
        self.setZValue(style.Z_PAPER)
        self.setBrush(QBrush(style.PAPER))
        pen = QPen(style.SHEET_EDGE, metrics.mm(0.05))
        self.setPen(pen)
