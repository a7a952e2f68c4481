"""The Select tool: click, Shift/Ctrl-click, rubber band, drag to move (one undo entry per
drag), Alt-click to pick what lies under the topmost object, and the fire-arc handles of
a selected aperture."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor

from engine.geometry.polygons import bearing, dist
from engine.model.sheet import Aperture, Building, FireArc, RoofAccess, Room, Wall, Zone

from ..canvas.building_items import bearing_vector
from ..canvas.model_item import ModelItem
from ..commands import EditArc, MoveObjects, RemoveObjects, pointers
from .base import DRAG_PIXELS, Tool, ToolEvent
from .geometry import Pt
from .moves import top_level, translated, wall_of
from .overlays import Handles, PreviewItem
from .picking import items_at, kind_of

#: Radius of the drawn fire arc, as a fraction of the hex size (as ApertureItem draws it).
ARC_RADIUS = 1.3
#: Arc handles snap to this many degrees while snapping is on.
ARC_SNAP_DEGREES = 15.0

_serials = itertools.count(1)


def vertices_of(obj: object) -> list[Pt]:
    """The points a moved object can be snapped by."""
    if isinstance(obj, Building | Room | Zone):
        return list(obj.outline)
    if isinstance(obj, Wall):
        return list(obj.points)
    if isinstance(obj, Aperture | RoofAccess):
        return [obj.at]
    return []


class SelectTool(Tool):
    name = "Select"
    key = "V"
    tip = (
        "Click to select, Shift/Ctrl-click to add, drag a box to select what it holds, drag to move;"
        " Alt-click selects what is underneath; Delete removes"
    )

    def __init__(self, ctx):
        super().__init__(ctx)
        self.state = ""
        self.press: ToolEvent | None = None
        self.band: PreviewItem | None = None
        self.originals: dict[str, object] = {}
        self.anchor: Pt = (0.0, 0.0)
        self.serial = 0
        self.arc_edge = ""
        self.arc_handles = Handles(ctx.scene)
        ctx.scene.selectionChanged.connect(self._show_arc_handles)

    # -- arc handles ---------------------------------------------------------------------
    def _selected_aperture(self) -> tuple[str, Aperture] | None:
        selected = self.ctx.selected()
        sheet = self.ctx.sheet
        if len(selected) != 1 or kind_of(selected[0]) != "aperture" or sheet is None:
            return None
        obj = pointers.get(sheet, selected[0])
        return (selected[0], obj) if isinstance(obj, Aperture) else None

    def arc_handle_points(self) -> dict[str, Pt]:
        found = self._selected_aperture()
        sheet = self.ctx.sheet
        if found is None or sheet is None:
            return {}
        _pointer, ap = found
        radius = sheet.grid.size * ARC_RADIUS
        out = {}
        for edge, angle in (("start", ap.arc.start), ("end", ap.arc.end)):
            ux, uy = bearing_vector(angle)
            out[edge] = (ap.at[0] + ux * radius, ap.at[1] + uy * radius)
        return out

    def _show_arc_handles(self) -> None:
        if not self.active:
            self.arc_handles.clear()
            return
        self.arc_handles.show(list(self.arc_handle_points().values()), round_=True)

    def activate(self) -> None:
        super().activate()
        self._show_arc_handles()

    def model_changed(self) -> None:
        self._show_arc_handles()

    def cancel(self) -> None:
        self.state = ""
        self.press = None
        if self.band is not None:
            self.band.remove()
            self.band = None

    def deactivate(self) -> None:
        super().deactivate()
        self.arc_handles.clear()

    def _arc_edge_at(self, event: ToolEvent) -> str:
        for edge, p in self.arc_handle_points().items():
            s = self.ctx.view.mapFromScene(QPointF(*p))
            if (s.x() - event.screen.x()) ** 2 + (s.y() - event.screen.y()) ** 2 <= 8.0**2:
                return edge
        return ""

    # -- mouse ---------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        self.press = event
        self.arc_edge = self._arc_edge_at(event)
        if self.arc_edge:
            self.state = "arc"
            self.serial = next(_serials)
            return
        under = items_at(self.ctx, event.pos)
        selected = self.ctx.selected()
        if event.alt and under:
            # click through: the item under the topmost selected one at this point
            ptrs = [i.pointer for i in under]
            current = next((i for i, p in enumerate(ptrs) if p in selected), -1)
            self.ctx.select([ptrs[(current + 1) % len(ptrs)]])
            self._begin_move(event)
            return
        item: ModelItem | None = under[0] if under else None
        if event.shift or event.ctrl:
            if item is None:
                self.state = "band"
            elif item.pointer in selected:
                self.ctx.select([p for p in selected if p != item.pointer])
                self.state = ""
            else:
                self.ctx.select([*selected, item.pointer])
                self.state = ""
            return
        if item is None:
            self.ctx.select([])
            self.state = "band"
            return
        if item.pointer not in selected:
            self.ctx.select([item.pointer])
        self._begin_move(event)

    def _begin_move(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        assert sheet is not None
        moved = top_level(self.ctx.selected())
        self.originals = {p: pointers.copy(pointers.get(sheet, p)) for p in moved}
        points = [v for obj in self.originals.values() for v in vertices_of(obj)]
        # the grabbed object's nearest vertex is what snaps, so corners land on corners
        self.anchor = min(points, key=lambda v: dist(v, event.pos)) if points else event.pos
        self.state = "press"
        self.serial = next(_serials)

    def mouse_move(self, event: ToolEvent) -> None:
        if self.press is None or not (event.buttons & Qt.MouseButton.LeftButton):
            return
        moved_px = (event.screen - self.press.screen).manhattanLength()
        if self.state == "press" and moved_px >= DRAG_PIXELS:
            self.state = "move"
        if self.state == "move":
            self._move_to(event)
        elif self.state == "band":
            if self.band is None:
                self.band = PreviewItem(self.ctx.scene, dashed=True, fill=QColor(10, 132, 255, 30))
            self.band.set_rect(self.press.pos, event.pos)
        elif self.state == "arc":
            self._drag_arc(event)

    def _move_to(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        assert sheet is not None and self.press is not None
        raw = (
            self.anchor[0] + event.pos[0] - self.press.pos[0],
            self.anchor[1] + event.pos[1] - self.press.pos[1],
        )
        target = self.ctx.snap(raw, exclude=tuple(self.originals)).point
        dx, dy = target[0] - self.anchor[0], target[1] - self.anchor[1]
        grid = self.ctx.snapper().grid  # type: ignore[union-attr]
        changes = []
        for p, obj in self.originals.items():
            new = translated(obj, dx, dy, grid, wall_of(sheet, p))
            changes.append((p, pointers.get(sheet, p), new))
        n = len(changes)
        self.ctx.push(
            MoveObjects(
                self.ctx.document,
                f"Move {describe(self.originals)}" if n else "Move",
                changes,
                merge_key=self.serial,
            )
        )

    def _drag_arc(self, event: ToolEvent) -> None:
        found = self._selected_aperture()
        if found is None:
            return
        pointer, ap = found
        angle = bearing(ap.at, event.pos)
        step = ARC_SNAP_DEGREES if self.ctx.snapping else 1.0
        angle = round(angle / step) * step % 360.0
        arc = (
            FireArc(start=angle, end=ap.arc.end)
            if self.arc_edge == "start"
            else FireArc(start=ap.arc.start, end=angle)
        )
        if arc != ap.arc:
            self.ctx.push(
                EditArc(
                    self.ctx.document,
                    f"Change fire arc of {ap.id}",
                    [(f"{pointer}/arc", ap.arc, arc)],
                    merge_key=self.serial,
                )
            )

    def mouse_release(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        if self.state == "band" and self.press is not None:
            rect = QRectF(QPointF(*self.press.pos), QPointF(*event.pos)).normalized()
            inside = [
                i.pointer
                for i in self.ctx.scene.items(rect, Qt.ItemSelectionMode.ContainsItemShape)
                if isinstance(i, ModelItem) and i.isVisible()
            ]
            base = self.ctx.selected() if (event.shift or event.ctrl) else []
            self.ctx.select(list(dict.fromkeys([*base, *inside])))
        self.cancel()

    # -- keys and deleting ---------------------------------------------------------------
    def key_press(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        if key == Qt.Key.Key_Escape:
            self.cancel()
            self.ctx.select([])
            return True
        return False

    def delete(self) -> bool:
        return delete_selection(self.ctx)


def describe(objects: dict[str, object]) -> str:
    if len(objects) == 1:
        pointer, obj = next(iter(objects.items()))
        ident = getattr(obj, "id", "")
        return f"{kind_of(pointer).replace('_', ' ')} {ident}".strip()
    return f"{len(objects)} objects"


def delete_selection(ctx) -> bool:
    sheet = ctx.sheet
    selected = top_level(ctx.selected())
    if sheet is None or not selected:
        return False
    objects = {p: pointers.get(sheet, p) for p in selected}
    ctx.select([])
    ctx.push(RemoveObjects(ctx.document, f"Delete {describe(objects)}", selected))
    return True
