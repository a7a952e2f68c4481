"""Which wall pieces belong to a building (its facades and partitions lie on or in its
outline): a roof ignores its own building's walls (5.1.7.3)."""

from __future__ import annotations

from ..geometry.polygons import boundary_distance, strictly_inside
from .locations import Pt, WallPiece
from .sheet_hexes import Footprint

#: how far (mm) a wall end may lie off its building's outline and still belong to it
SLACK = 0.5


def on_or_in(building: Footprint, p: Pt, slack: float = SLACK) -> bool:
    """Whether p lies inside the outline or within `slack` mm of it."""
    x0, y0, x1, y1 = building.box
    if not (x0 - slack <= p[0] <= x1 + slack and y0 - slack <= p[1] <= y1 + slack):
        return False
    return boundary_distance(p, building.outline) <= slack or strictly_inside(building.outline, p)


def along(piece: WallPiece, t: float) -> Pt:
    return (piece.a[0] + (piece.b[0] - piece.a[0]) * t, piece.a[1] + (piece.b[1] - piece.a[1]) * t)


def piece_of(building: Footprint, piece: WallPiece) -> bool:
    """Whether a wall piece belongs to the building of this outline: both ends on or in it,
    and its inner points too (a yard wall closing the notch of an L- or U-shaped building
    has both ends on the outline but runs outside it: it is no wall of the building)."""
    return (
        on_or_in(building, piece.a)
        and on_or_in(building, piece.b)
        and all(on_or_in(building, along(piece, t)) for t in (0.25, 0.5, 0.75))
    )
