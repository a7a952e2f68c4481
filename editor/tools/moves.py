"""Moved copies of model objects (pure): what the Select tool's drags and pastes write."""

from __future__ import annotations

from typing import Any

from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Aperture, Building, Manhole, MapSheet, RoofAccess, Room, Wall, Zone

from ..commands import pointers
from .geometry import Pt, nearest_on_path, rounded


def shift(p: Pt, dx: float, dy: float) -> Pt:
    return rounded((p[0] + dx, p[1] + dy))


def shifted_points(points: list[Pt], dx: float, dy: float) -> list[Pt]:
    return [shift(p, dx, dy) for p in points]


def translated(obj: Any, dx: float, dy: float, grid: HexGrid, wall: Wall | None = None) -> Any:
    """A copy of `obj` moved by (dx, dy). An aperture slides to the nearest point of its
    `wall` (it must stay on it); a manhole jumps to the hex its centre moves into."""
    out = pointers.copy(obj)
    if isinstance(out, Building):
        out.outline = shifted_points(out.outline, dx, dy)
        out.rooms = [translated(r, dx, dy, grid) for r in out.rooms]
        for acc in out.roof_accesses:
            acc.at = shift(acc.at, dx, dy)
    elif isinstance(out, Room):
        out.outline = shifted_points(out.outline, dx, dy)
        out.zones = [translated(z, dx, dy, grid) for z in out.zones]
    elif isinstance(out, Zone):
        out.outline = shifted_points(out.outline, dx, dy)
    elif isinstance(out, Wall):
        out.points = shifted_points(out.points, dx, dy)
        for ap in out.apertures:
            ap.at = shift(ap.at, dx, dy)
    elif isinstance(out, Aperture):
        target = shift(out.at, dx, dy)
        out.at = rounded(nearest_on_path(target, wall.points, closed=False)[0]) if wall else target
    elif isinstance(out, RoofAccess):
        out.at = shift(out.at, dx, dy)
    elif isinstance(out, Manhole):
        cx, cy = grid.centre(out.hex)
        label = grid.label_at(cx + dx, cy + dy)
        if label is not None:
            out.hex = label
    return out


def wall_of(sheet: MapSheet, pointer: str) -> Wall | None:
    """The wall an aperture pointer (/walls/w/apertures/a) belongs to."""
    parts = pointer.split("/")
    if len(parts) == 5 and parts[1] == "walls" and parts[3] == "apertures":
        return sheet.walls[int(parts[2])]
    return None


def top_level(selected: list[str]) -> list[str]:
    """Drop pointers inside another selected object (a wall moves its own apertures)."""
    return [p for p in selected if not any(q != p and pointers.is_within(p, q) for q in selected)]
