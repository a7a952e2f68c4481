"""The view of a sheet: zoom to the cursor, pan with the middle button, fit the sheet, and
report the scene position under the cursor (for the status bar)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QMouseEvent, QPainter, QResizeEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView, QWidget

from .sheet_scene import SheetScene

ZOOM_STEP = 1.25
#: Zoom limits in screen pixels per millimetre of sheet.
MIN_SCALE = 0.05
MAX_SCALE = 200.0


class SheetView(QGraphicsView):
    #: scene position (mm) under the cursor
    cursor_moved = Signal(QPointF)
    #: the cursor left the view
    cursor_left = Signal()

    def __init__(self, scene: SheetScene, parent: QWidget | None = None):
        super().__init__(scene, parent)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        # items are few but large; whole-viewport updates avoid seams in the hex paths
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setMouseTracking(True)
        self._pan_from: QPointF | None = None
        #: the sheet is shown whole: keep it so when the view is resized (docks, window)
        self._fitted = False

    def sheet_scene(self) -> SheetScene:
        scene = self.scene()
        assert isinstance(scene, SheetScene)
        return scene

    # -- zoom ----------------------------------------------------------------------------
    def current_scale(self) -> float:
        return self.transform().m11()

    def zoom(self, factor: float) -> None:
        target = min(MAX_SCALE, max(MIN_SCALE, self.current_scale() * factor))
        factor = target / self.current_scale()
        self._fitted = False
        if factor != 1.0:
            self.scale(factor, factor)

    def zoom_in(self) -> None:
        self.zoom(ZOOM_STEP)

    def zoom_out(self) -> None:
        self.zoom(1 / ZOOM_STEP)

    def fit_sheet(self) -> None:
        # the scene rect is the sheet and its margin: the whole sheet, edge included
        if self.sheet_scene().sheet is not None:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self._fitted = True

    def fit_rect(self, rect: QRectF, margin: float = 0.15, max_scale: float | None = None) -> None:
        """Show `rect` whole, with a margin; never zoom in beyond `max_scale` (so a small
        object is shown in its surroundings)."""
        m = max(rect.width(), rect.height()) * margin
        self._fitted = False
        self.fitInView(rect.adjusted(-m, -m, m, m), Qt.AspectRatioMode.KeepAspectRatio)
        if max_scale is not None and self.current_scale() > max_scale:
            self.zoom(max_scale / self.current_scale())
        self.centerOn(rect.center())

    def wheelEvent(self, event: QWheelEvent) -> None:
        steps = event.angleDelta().y() / 120.0
        if steps:
            # AnchorUnderMouse keeps the point under the cursor in place
            self.zoom(ZOOM_STEP**steps)
        event.accept()

    # -- pan -----------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton:
            self._pan_from = event.position()
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._pan_from is not None:
            delta = event.position() - self._pan_from
            self._pan_from = event.position()
            self._fitted = False
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - round(delta.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - round(delta.y()))
            event.accept()
        else:
            super().mouseMoveEvent(event)
        self.cursor_moved.emit(self.mapToScene(event.position().toPoint()))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.MiddleButton and self._pan_from is not None:
            self._pan_from = None
            self.viewport().unsetCursor()
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._fitted:
            self.fit_sheet()

    def leaveEvent(self, event: object) -> None:
        self.cursor_left.emit()
        super().leaveEvent(event)  # type: ignore[arg-type]
