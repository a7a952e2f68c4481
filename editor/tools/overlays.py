"""Items tools draw over the sheet: previews and handles. Sizes are in screen pixels
(cosmetic pens, transformation-ignoring handles) so they read the same at any zoom."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene

from .geometry import Pt

Z_OVERLAY = 100
PREVIEW = QColor("#0a84ff")
HANDLE_FILL = QColor("#ffffff")
HANDLE_ACTIVE = QColor("#ff9f0a")
HANDLE_PIXELS = 5.0


def cosmetic(colour: QColor, width: float = 1.5, dashed: bool = False) -> QPen:
    pen = QPen(colour, width)
    pen.setCosmetic(True)
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


class PreviewItem(QGraphicsPathItem):
    """A polyline or polygon being drawn, or a rubber band."""

    def __init__(self, scene: QGraphicsScene, dashed: bool = False, fill: QColor | None = None):
        super().__init__()
        self.setZValue(Z_OVERLAY)
        self.setPen(cosmetic(PREVIEW, 1.5, dashed))
        if fill is not None:
            self.setBrush(QBrush(fill))
        scene.addItem(self)

    def set_points(self, points: Sequence[Pt], closed: bool = False) -> None:
        path = QPainterPath()
        if points:
            path.moveTo(QPointF(*points[0]))
            for p in points[1:]:
                path.lineTo(QPointF(*p))
            if closed and len(points) > 2:
                path.closeSubpath()
        self.setPath(path)

    def set_rect(self, a: Pt, b: Pt) -> None:
        path = QPainterPath()
        path.addRect(QRectF(QPointF(*a), QPointF(*b)).normalized())
        self.setPath(path)

    def remove(self) -> None:
        if self.scene() is not None:
            self.scene().removeItem(self)


class HandleItem(QGraphicsPathItem):
    """A small square (or round) handle at a point, the same size on screen at any zoom."""

    def __init__(self, scene: QGraphicsScene, at: Pt, round_: bool = False, active: bool = False):
        super().__init__()
        self.setZValue(Z_OVERLAY + 1)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        h = HANDLE_PIXELS
        path = QPainterPath()
        if round_:
            path.addEllipse(QRectF(-h, -h, 2 * h, 2 * h))
        else:
            path.addRect(QRectF(-h, -h, 2 * h, 2 * h))
        self.setPath(path)
        self.setPen(cosmetic(PREVIEW, 1.2))
        self.setBrush(QBrush(HANDLE_ACTIVE if active else HANDLE_FILL))
        self.setPos(QPointF(*at))
        scene.addItem(self)

    def remove(self) -> None:
        if self.scene() is not None:
            self.scene().removeItem(self)


class Handles:
    """A set of handles redrawn together."""

    def __init__(self, scene: QGraphicsScene):
        self.scene = scene
        self.items: list[HandleItem] = []

    def show(self, points: Sequence[Pt], active: int | None = None, round_: bool = False) -> None:
        self.clear()
        self.items = [HandleItem(self.scene, p, round_, i == active) for i, p in enumerate(points)]

    def clear(self) -> None:
        for item in self.items:
            item.remove()
        self.items = []
