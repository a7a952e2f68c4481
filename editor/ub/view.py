"""The view of a square board: the hex view's zoom and pan (editor/canvas/sheet_view.py), and
mouse presses, drags and releases on squares handed on as signals in board millimetres
(the brush in editor/ub/ui.py paints with them)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from ..canvas.sheet_view import SheetView
from .scene import UbScene


class UbView(SheetView):
    #: a left or right button went down at a point (mm); the button; whether Shift was held
    pressed = Signal(QPointF, object, bool)
    #: the mouse moved with the left button down (mm)
    dragged = Signal(QPointF)
    #: the left button came up
    released = Signal()

    def __init__(self, scene: UbScene, parent: QWidget | None = None):
        super().__init__(scene, parent)  # type: ignore[arg-type]
        self.setObjectName("ub_view")
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self._painting = False

    def ub_scene(self) -> UbScene:
        scene = self.scene()
        assert isinstance(scene, UbScene)
        return scene

    def fit_sheet(self) -> None:
        if self.ub_scene().board is not None:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self._fitted = True

    def _scene_pos(self, event: QMouseEvent) -> QPointF:
        # mapToScene takes whole pixels; the fraction matters when zoomed out
        inverse, _ok = self.viewportTransform().inverted()
        return inverse.map(event.position())

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self._painting = event.button() == Qt.MouseButton.LeftButton
            shift = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            self.pressed.emit(self._scene_pos(event), event.button(), shift)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = self._scene_pos(event)
        self.ub_scene().set_hovered(self.ub_scene().spot_at(pos.x(), pos.y()))
        if self._painting:
            self.dragged.emit(pos)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton and self._painting:
            self._painting = False
            self.released.emit()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def leaveEvent(self, event: object) -> None:
        self.ub_scene().set_hovered(None)
        super().leaveEvent(event)
