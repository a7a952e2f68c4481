"""Base of the canvas items that stand for one model object."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPainterPath
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyle, QStyleOptionGraphicsItem, QWidget

from .style import Metrics


class ModelItem(QGraphicsPathItem):
    """A path item that knows the JSON pointer of its model object and draws its own
    selection halo (Qt's dashed bounding box is illegible on a dense map)."""

    def __init__(self, pointer: str, metrics: Metrics):
        super().__init__()
        self.pointer = pointer
        self.metrics = metrics
        # the scene asks for bounding rects very often: keep the halo width at hand
        self._halo_width = metrics.selection_pen().widthF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)

    def selection_outline(self) -> QPainterPath:
        return self.path()

    def _halo(self) -> float:
        return self._halo_width

    def boundingRect(self) -> QRectF:
        m = self._halo()
        return super().boundingRect().adjusted(-m, -m, m, m)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.isSelected():
            painter.strokePath(self.selection_outline(), self.metrics.selection_pen())
        plain = QStyleOptionGraphicsItem(option)
        plain.state &= ~QStyle.StateFlag.State_Selected
        super().paint(painter, plain, widget)
