"""Colours, pens and stacking order of the canvas, in one place so screenshots stay coherent.

Sizes are in millimetres of the sheet, proportional to the hex size, so a sheet drawn at
any printed scale reads the same and strokes thicken as you zoom in, like on paper.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QPen

from engine.model.sheet import ApertureKind, Terrain, WallKind

PAPER = QColor("#f4f1e8")
SHEET_EDGE = QColor("#5b5b5b")
HEX_LINE = QColor(0, 0, 0, 70)
HEX_LABEL = QColor(0, 0, 0, 150)
CENTRE_DOT = QColor(0, 0, 0, 90)
OFF_SHEET = QColor("#d8d8d8")

TERRAIN_FILL: dict[Terrain, QColor] = {
    Terrain.clear: PAPER,
    Terrain.woods: QColor("#8fbf6a"),
    Terrain.water: QColor("#7fb2de"),
    Terrain.hillock: QColor("#d9bf8c"),
    Terrain.open_sewer: QColor("#2f6f6a"),
    Terrain.narrows: QColor("#e9e3d3"),
    Terrain.vehicle_impassable: QColor("#e3d7c1"),
    Terrain.sewer: QColor("#6f8f8c"),
    Terrain.passage: QColor("#b7a98f"),
    Terrain.solid: QColor("#4a4a4a"),
}
#: Terrain that only matters to some units: marked by a dot at the hex centre, as printed.
TERRAIN_DOT: dict[Terrain, QColor] = {
    Terrain.narrows: QColor("#f2c400"),
    Terrain.vehicle_impassable: QColor("#f2c400"),
}

BUILDING_FILL = QColor("#b9b9b9")
BUILDING_EDGE = QColor("#7c7c7c")
ROOM_EDGE = QColor(60, 60, 60, 110)
ZONE_EDGE = QColor(255, 255, 255, 200)
INTERIOR_LABEL = QColor("#202020")
BUILDING_LABEL = QColor("#2a2a2a")

WALL_COLOUR: dict[WallKind, QColor] = {
    WallKind.facade: QColor("#262626"),
    WallKind.outer_wall: QColor("#7a4a22"),
    WallKind.partition: QColor("#505050"),
    WallKind.zone_limit: QColor("#ffffff"),
}

APERTURE_COLOUR: dict[ApertureKind, QColor] = {
    ApertureKind.door: QColor("#d7261e"),
    ApertureKind.window: QColor("#d7261e"),
    ApertureKind.breach: QColor("#f07f0b"),
}
ARC_ALPHA = 45

ROOF_ACCESS = QColor("#1f5fd1")
MANHOLE_FILL = QColor("#3b3b3b")
MANHOLE_TEXT = QColor("#ffffff")
DUMMY_FILL = QColor("#f4f1e8")
DUMMY_EDGE = QColor("#777777")
UNDERGROUND_ZONE = QColor("#ffe066")

SELECTION = QColor(255, 200, 0, 170)
HIGHLIGHT = QColor(255, 140, 0, 120)

# stacking order: later layers draw over earlier ones
Z_PAPER = 0
Z_BACKGROUND = 1
Z_HEXES = 2
Z_BUILDING = 10
Z_ROOM = 11
Z_ZONE = 12
Z_WALL = 20
Z_ARC = 25
Z_APERTURE = 30
Z_ROOF = 31
Z_MANHOLE = 32
Z_UNDERGROUND = 33
Z_HEX_LABELS = 40
Z_HIGHLIGHT = 50


@dataclass(frozen=True)
class Metrics:
    """Stroke widths and symbol sizes for a grid whose hexes measure `hex_size` mm
    (centre to corner)."""

    hex_size: float

    def mm(self, fraction: float) -> float:
        return self.hex_size * fraction

    def wall_pen(self, kind: WallKind) -> QPen:
        widths = {
            WallKind.facade: 0.11,
            WallKind.outer_wall: 0.09,
            WallKind.partition: 0.05,
            WallKind.zone_limit: 0.035,
        }
        pen = QPen(WALL_COLOUR[kind], self.mm(widths[kind]))
        pen.setCapStyle(Qt.PenCapStyle.FlatCap if kind == WallKind.zone_limit else Qt.PenCapStyle.SquareCap)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        if kind == WallKind.zone_limit:
            pen.setDashPattern([3.0, 2.0])  # in pen widths
        return pen

    def hairline(self, colour: QColor, fraction: float = 0.02) -> QPen:
        return QPen(colour, self.mm(fraction))

    def selection_pen(self) -> QPen:
        pen = QPen(SELECTION, self.mm(0.22))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        return pen


def brush(colour: QColor) -> QBrush:
    return QBrush(colour)


SMOOTH = Qt.TransformationMode.SmoothTransformation
