"""The Edit vertices tool, for building, room and zone outlines and for walls: click an
object to show its vertices; drag a vertex (one undo entry per drag, snapped to other
objects and the grid); double-click an edge to insert a vertex; Alt-click a vertex, or
click it and press Delete, to remove it."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, Qt

from ..commands import EditPoints, pointers
from .base import DRAG_PIXELS, Tool, ToolEvent
from .geometry import Pt, nearest_on_path, rounded
from .overlays import Handles
from .picking import items_at, kind_of

SHAPES = {"building": "outline", "room": "outline", "zone": "outline", "wall": "points"}
HANDLE_REACH = 8.0

_drags = itertools.count(1)


class VertexTool(Tool):
    name = "Edit vertices"
    key = "E"
    tip = (
        "Click an outline or wall; drag its vertices, double-click an edge to add one,"
        " Alt-click or Delete removes one"
    )

    def __init__(self, ctx):
        super().__init__(ctx)
        self.target: str | None = None
        self.vertex: int | None = None
        self.drag = 0
        self.press: ToolEvent | None = None
        self.handles = Handles(ctx.scene)

    # -- the edited shape ----------------------------------------------------------------
    def field_pointer(self) -> str | None:
        return f"{self.target}/{SHAPES[kind_of(self.target)]}" if self.target else None

    def points(self) -> list[Pt]:
        sheet = self.ctx.sheet
        field = self.field_pointer()
        if sheet is None or field is None:
            return []
        try:
            return list(pointers.get(sheet, field))
        except (IndexError, AttributeError, KeyError):
            return []

    @property
    def closed(self) -> bool:
        return self.target is not None and kind_of(self.target) != "wall"

    def set_target(self, pointer: str | None) -> None:
        self.target = pointer
        self.vertex = None
        if pointer is not None:
            self.ctx.select([pointer])
        self._show()

    def _show(self) -> None:
        if not self.active:
            self.handles.clear()
            return
        pts = self.points()
        if not pts:
            self.target = None
        self.handles.show(pts, active=self.vertex)

    def activate(self) -> None:
        super().activate()
        selected = self.ctx.selected()
        if len(selected) == 1 and kind_of(selected[0]) in SHAPES:
            self.target = selected[0]
        self._show()

    def deactivate(self) -> None:
        super().deactivate()
        self.handles.clear()

    def model_changed(self) -> None:
        self._show()

    def cancel(self) -> None:
        self.drag = 0
        self.press = None

    # -- events --------------------------------------------------------------------------
    def vertex_at(self, event: ToolEvent) -> int | None:
        best: tuple[float, int] | None = None
        for i, p in enumerate(self.points()):
            s = self.ctx.view.mapFromScene(QPointF(*p))
            d = (s.x() - event.screen.x()) ** 2 + (s.y() - event.screen.y()) ** 2
            if d <= HANDLE_REACH**2 and (best is None or d < best[0]):
                best = (d, i)
        return best[1] if best else None

    def _on_edge(self, event: ToolEvent) -> tuple[Pt, int] | None:
        pts = self.points()
        if len(pts) < 2:
            return None
        q, i, d = nearest_on_path(event.pos, pts, self.closed)
        return (q, i) if d <= self.ctx.mm(HANDLE_REACH) else None

    def mouse_press(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        v = self.vertex_at(event)
        if v is not None:
            self.vertex = v
            if event.alt:
                self.delete()
                return
            self.press = event
            self.drag = next(_drags)
            self._show()
            return
        if self._on_edge(event) is not None:
            return  # maybe the first half of a double-click that inserts a vertex
        under = [p for p in (i.pointer for i in items_at(self.ctx, event.pos)) if kind_of(p) in SHAPES]
        self.set_target(under[0] if under else None)
        if not under:
            self.ctx.select([])

    def mouse_move(self, event: ToolEvent) -> None:
        if not self.drag or self.press is None or self.vertex is None:
            return
        if (event.screen - self.press.screen).manhattanLength() < DRAG_PIXELS:
            return
        pts = self.points()
        field = self.field_pointer()
        if not pts or field is None or self.target is None:
            return
        neighbours = tuple(p for i, p in enumerate(pts) if i != self.vertex)
        # snap to everything but the edited shape itself (its own vertex would hold it)
        new = list(pts)
        new[self.vertex] = self.ctx.snap(event.pos, exclude=(self.target,), extra=neighbours).point
        if new != pts:
            text = f"Move vertex of {self._name()}"
            self.ctx.push(EditPoints(self.ctx.document, text, [(field, pts, new)], merge_key=self.drag))

    def mouse_release(self, event: ToolEvent) -> None:
        self.cancel()

    def mouse_double_click(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton or self.target is None:
            return
        hit = self._on_edge(event)
        field = self.field_pointer()
        if hit is None or field is None:
            return
        q, i = hit
        pts = self.points()
        new = [*pts[: i + 1], rounded(q), *pts[i + 1 :]]
        self.vertex = i + 1
        self.ctx.push(EditPoints(self.ctx.document, f"Add vertex to {self._name()}", [(field, pts, new)]))

    def key_press(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape:
            self.set_target(None)
            self.ctx.select([])
            return True
        return False

    def delete(self) -> bool:
        field = self.field_pointer()
        pts = self.points()
        if field is None:
            return False
        if self.vertex is None or self.vertex >= len(pts):
            # Delete in this tool is about vertices: never remove the whole shape by surprise
            self.ctx.show_status(f"{self.name}: click a vertex first, then press Delete")
            return True
        least = 3 if self.closed else 2
        if len(pts) <= least:
            self.ctx.show_status(
                f"{self.name}: a {'polygon' if self.closed else 'wall'} keeps at least {least} vertices"
            )
            return True
        new = pts[: self.vertex] + pts[self.vertex + 1 :]
        self.vertex = None
        self.ctx.push(EditPoints(self.ctx.document, f"Delete vertex of {self._name()}", [(field, pts, new)]))
        return True

    def _name(self) -> str:
        sheet = self.ctx.sheet
        if sheet is None or self.target is None:
            return ""
        obj = pointers.get(sheet, self.target)
        return f"{kind_of(self.target).replace('_', ' ')} {getattr(obj, 'id', '')}".strip()
