"""Tools that draw by clicking vertices: outlines (building, room, zone) and walls.

Click adds a vertex (snapped), double-click or Enter finishes, Backspace takes the last
vertex back, Esc cancels. Clicking the first vertex again closes an outline.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt

from engine.geometry.polygons import dist, is_simple, polygon_within

from .base import Tool, ToolEvent
from .geometry import Pt, dedupe
from .overlays import Handles, PreviewItem


class PointsTool(Tool):
    closed = True
    min_points = 3
    what = "outline"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.points: list[Pt] = []
        self.cursor: Pt | None = None
        self.preview: PreviewItem | None = None
        self.marker = Handles(ctx.scene)

    def status_text(self) -> str:
        if not self.points:
            return f"{self.name}: click the first vertex of the {self.what}"
        finish = "double-click or Enter to finish"
        if self.closed:
            finish = "click the first vertex, double-click or Enter to close"
        return f"{self.name}: {len(self.points)} vertices; {finish}; Backspace removes the last; Esc cancels"

    def cancel(self) -> None:
        self.points = []
        if self.preview is not None:
            self.preview.remove()
            self.preview = None
        self.marker.clear()
        if self.active:
            self.update_status()

    def _snap(self, p: Pt) -> Pt:
        return self.ctx.snap(p, extra=tuple(self.points)).point

    def _redraw(self) -> None:
        if self.preview is None:
            self.preview = PreviewItem(self.ctx.scene)
        shown = list(self.points)
        if self.cursor is not None:
            shown.append(self.cursor)
        self.preview.set_points(shown, closed=self.closed)
        if self.cursor is not None:
            self.marker.show([self.cursor])

    def _near_first(self, event: ToolEvent) -> bool:
        if len(self.points) < self.min_points or not self.closed:
            return False
        s = self.ctx.view.mapFromScene(QPointF(*self.points[0]))
        return (s.x() - event.screen.x()) ** 2 + (s.y() - event.screen.y()) ** 2 <= 8.0**2

    def mouse_press(self, event: ToolEvent) -> None:
        if event.button == Qt.MouseButton.RightButton:
            self.cancel()
            return
        if event.button != Qt.MouseButton.LeftButton:
            return
        if self._near_first(event):
            self.finish()
            return
        p = self._snap(event.pos)
        if not self.points or dist(p, self.points[-1]) > 1e-6:
            self.points.append(p)
        self.cursor = p
        self._redraw()
        self.update_status()

    def mouse_move(self, event: ToolEvent) -> None:
        self.cursor = self._snap(event.pos)
        if self.points:
            self._redraw()
        else:
            self.marker.show([self.cursor])

    def mouse_double_click(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        # a real double-click pressed here a moment ago; a synthetic one may not have
        p = self._snap(event.pos)
        if not self.points or dist(p, self.points[-1]) > 1e-6:
            self.points.append(p)
        self.finish()

    def key_press(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.finish()
            return True
        if key == Qt.Key.Key_Escape:
            self.cancel()
            return True
        if key == Qt.Key.Key_Backspace and self.points:
            self.points.pop()
            self._redraw()
            self.update_status()
            return True
        return False

    def finish(self) -> None:
        points = dedupe(list(self.points), self.closed)
        if len(points) < self.min_points:
            self.ctx.show_status(f"{self.name}: a {self.what} needs at least {self.min_points} vertices")
            return
        if self.closed and not is_simple(points):
            self.ctx.show_status(f"{self.name}: the {self.what} crosses itself; keep drawing or press Esc")
            return
        problem = self.commit(points)
        if problem:
            self.ctx.show_status(f"{self.name}: {problem}")
            return
        self.cancel()

    def commit(self, points: list[Pt]) -> str:
        """Push the command for the finished shape; return why not, or ''."""
        raise NotImplementedError


def within(inner: list[Pt], outer: list[Pt]) -> bool:
    return polygon_within(inner, outer)
