"""Base of the canvas items that stand for one model object."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QStyle, QStyleOptionGraphicsItem, QWidget

from .style import Metrics


@dataclass
class Part:
    """Something a model item draws, handed to the sheet's batched layers (sheet_layers):
    parts with the same `key` share `pen` and `brush` and are drawn as one batch, batches
    in order of `rank` within the layer at `z`."""

    key: str
    z: float
    rank: int
    path: QPainterPath
    pen: QPen | None = None
    brush: QBrush | None = None
    #: translucent shapes that overlap: merged only where they do not (see Batch)
    overlapping: bool = False


class ModelItem(QGraphicsPathItem):
    """A path item that knows the JSON pointer of its model object, for picking,
    selection and tools. Unselected, it draws nothing: the sheet's batched layers draw
    what it stands for (`parts`), far faster than hundreds of items each painting itself.
    Selected, it draws its selection halo (Qt's dashed bounding box is illegible on a
    dense map) and itself over it."""

    def __init__(self, pointer: str, metrics: Metrics):
        super().__init__()
        self.pointer = pointer
        self.metrics = metrics
        # the scene asks for bounding rects very often: keep the halo width at hand
        self._halo_width = metrics.selection_pen().widthF()
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)

    def parts(self) -> list[Part]:
        """What the item draws, for the batched layers (its path, pen and brush by default)."""
        return [Part(type(self).__name__, self.zValue(), 0, self.path(), self.pen(), self.brush())]

    def set_painted(self, painted: bool) -> None:
        """Paint the item (when selected) or leave it to the batched layers. The scene
        calls this when the selection changes (an itemChange override would put a Python
        call in every change of every item)."""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not painted)
        self.update()

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
