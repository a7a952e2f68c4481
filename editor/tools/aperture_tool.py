"""The Aperture tool: click on a facade or outer wall to place a door, window or breach.

The aperture snaps onto the wall; `interior` is the room or zone on the wall's inner side;
the fire arc is 180 degrees centred on the outward normal (away from the interior).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QWidget

from engine.geometry.polygons import bearing, contains_point, strictly_inside
from engine.model.sheet import Aperture, ApertureKind, FireArc, MapSheet, WallKind

from .base import Tool, ToolEvent
from .geometry import Pt, nearest_on_path, normal_sides, rounded
from .ids import APERTURE_PREFIX, next_ident
from .overlays import Handles

#: How far the Aperture tool reaches for a wall, in screen pixels.
REACH_PIXELS = 14.0
#: How far either side of the wall to look for the room behind it, as a fraction of a hex.
SIDE_PROBE = 0.08


def interiors(sheet: MapSheet) -> list[tuple[str, list[Pt]]]:
    """(id, outline) of every location inside buildings: zones, and rooms without zones."""
    out: list[tuple[str, list[Pt]]] = []
    for building in sheet.buildings:
        for room in building.rooms:
            if room.zones:
                out.extend((z.id, list(z.outline)) for z in room.zones)
            else:
                out.append((room.id, list(room.outline)))
    return out


def interior_at(sheet: MapSheet, p: Pt) -> str | None:
    for ident, outline in interiors(sheet):
        if strictly_inside(outline, p):
            return ident
    return None


def placement(sheet: MapSheet, points: list[Pt], p: Pt) -> tuple[Pt, str | None, float]:
    """Where an aperture clicked near `p` goes on a wall: (point on the wall, interior,
    bearing of the outward normal)."""
    q, i, _d = nearest_on_path(p, points, closed=False)
    a, b = points[i], points[i + 1]
    probe = sheet.grid.size * SIDE_PROBE
    left, right = normal_sides(q, a, b, probe)
    inner_left, inner_right = interior_at(sheet, left), interior_at(sheet, right)
    if inner_left and not inner_right:
        inside, outside, interior = left, right, inner_left
    elif inner_right:
        inside, outside, interior = right, left, inner_right
    else:
        # no room behind it: outward is away from any building, else to the right
        in_left = any(contains_point(bd.outline, left) for bd in sheet.buildings)
        inside, outside = (left, right) if in_left else (right, left)
        interior = None
    del inside
    return rounded(q), interior, bearing(q, outside)


def default_arc(normal: float) -> FireArc:
    return FireArc(start=round(normal - 90.0, 1) % 360.0, end=round(normal + 90.0, 1) % 360.0)


class ApertureTool(Tool):
    name = "Aperture"
    key = "D"
    tip = "Click on a facade or outer wall to place the aperture chosen in the tool options"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.kind_box: QComboBox | None = None
        self.marker = Handles(ctx.scene)

    def make_options(self) -> QWidget:
        box = QWidget()
        layout = QHBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("aperture_kind")
        for kind in ApertureKind:
            self.kind_box.addItem(kind.value.capitalize(), kind.value)
        layout.addWidget(self.kind_box)
        return box

    @property
    def kind(self) -> ApertureKind:
        self.options_widget()
        assert self.kind_box is not None
        return ApertureKind(self.kind_box.currentData())

    def set_kind(self, kind: ApertureKind | str) -> None:
        self.options_widget()
        assert self.kind_box is not None
        self.kind_box.setCurrentIndex(self.kind_box.findData(ApertureKind(kind).value))

    def wall_near(self, p: Pt) -> int | None:
        sheet = self.ctx.sheet
        if sheet is None:
            return None
        best: tuple[float, int] | None = None
        for w, wall in enumerate(sheet.walls):
            if wall.kind not in (WallKind.facade, WallKind.outer_wall):
                continue
            _q, _i, d = nearest_on_path(p, wall.points, closed=False)
            if d <= self.ctx.mm(REACH_PIXELS) and (best is None or d < best[0]):
                best = (d, w)
        return best[1] if best else None

    def mouse_move(self, event: ToolEvent) -> None:
        sheet = self.ctx.sheet
        w = self.wall_near(event.pos)
        if sheet is None or w is None:
            self.marker.clear()
            return
        q, _i, _d = nearest_on_path(event.pos, sheet.walls[w].points, closed=False)
        self.marker.show([q], round_=True)

    def mouse_press(self, event: ToolEvent) -> None:
        if event.button != Qt.MouseButton.LeftButton:
            return
        sheet = self.ctx.sheet
        w = self.wall_near(event.pos)
        if sheet is None or w is None:
            self.ctx.show_status("Aperture: click on a facade or an outer wall")
            return
        wall = sheet.walls[w]
        at, interior, normal = placement(sheet, list(wall.points), event.pos)
        kind = self.kind
        aperture = Aperture(
            id=next_ident(sheet, APERTURE_PREFIX[kind]),
            kind=kind,
            at=at,
            interior=interior,
            arc=default_arc(normal),
        )
        pointer = f"/walls/{w}/apertures/{len(wall.apertures)}"
        where = f" into {interior}" if interior else ""
        self.ctx.add(f"Add {kind.value} {aperture.id}{where}", pointer, aperture)

    def cancel(self) -> None:
        self.marker.clear()
