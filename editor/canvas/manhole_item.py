"""Underground counters on surface hexes, and the lettered zones of inserts."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Manhole, UndergroundZone

from . import style
from .hex_grid_item import hex_polygon
from .model_item import ModelItem, Part
from .text import text_path


class ManholeItem(ModelItem):
    """A round counter with its letter; a dummy is a pale dashed counter, so the designer
    tells it apart at a glance (the players will not)."""

    def __init__(self, pointer: str, metrics: style.Metrics, manhole: Manhole, grid: HexGrid):
        super().__init__(pointer, metrics)
        self.manhole = manhole
        self.setZValue(style.Z_MANHOLE)
        cx, cy = grid.centre(manhole.hex)
        r = metrics.mm(0.36)
        path = QPainterPath()
        path.addEllipse(QPointF(cx, cy), r, r)
        self.setPath(path)
        letter = manhole.letter or "?"
        self.letter = text_path(letter, r * 0.9, (cx, cy), bold=True)
        if manhole.dummy:
            pen = QPen(style.DUMMY_EDGE, metrics.mm(0.05))
            pen.setStyle(Qt.PenStyle.DashLine)
            self.setPen(pen)
            self.setBrush(QBrush(style.DUMMY_FILL))
            self.letter_colour = style.DUMMY_EDGE
        else:
            self.setPen(QPen(style.PAPER, metrics.mm(0.04)))
            self.setBrush(QBrush(style.MANHOLE_FILL))
            self.letter_colour = style.MANHOLE_TEXT
        kind = "Dummy manhole" if manhole.dummy else "Manhole"
        self.setToolTip(
            f"{kind} {manhole.id} in {manhole.hex}" + (f" to zone {manhole.letter}" if manhole.letter else "")
        )

    def parts(self) -> list[Part]:
        z, kind = self.zValue(), "dummy" if self.manhole.dummy else "manhole"
        return [
            Part(kind, z, 0, self.path(), self.pen(), self.brush()),
            Part(f"{kind}_letter", z, 1, self.letter, None, QBrush(self.letter_colour)),
        ]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        painter.fillPath(self.letter, self.letter_colour)


class UndergroundZoneItem(ModelItem):
    """The outline of a lettered zone of an insert, its letter in each of its hexes."""

    def __init__(self, pointer: str, metrics: style.Metrics, zone: UndergroundZone, grid: HexGrid):
        super().__init__(pointer, metrics)
        self.zone = zone
        self.setZValue(style.Z_UNDERGROUND)
        area = QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        self.letters = QPainterPath()
        for label in zone.hexes:
            if not grid.contains(label):
                continue  # the validator reports it; the canvas draws what it can
            hexagon = QPainterPath()
            hexagon.addPolygon(hex_polygon(grid, label))
            hexagon.closeSubpath()
            area = area.united(hexagon)
            cx, cy = grid.centre(label)
            self.letters.addPath(
                text_path(zone.letter, metrics.mm(0.45), (cx, cy + metrics.mm(0.3)), bold=True)
            )
        self.setPath(area.simplified())
        pen = QPen(style.UNDERGROUND_ZONE, metrics.mm(0.08))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.setPen(pen)
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setToolTip(f"Underground zone {zone.letter}: {', '.join(zone.hexes)}")

    def parts(self) -> list[Part]:
        z = self.zValue()
        return [
            Part("underground_zone", z, 0, self.path(), self.pen(), self.brush()),
            Part("underground_zone_letters", z, 1, self.letters, None, QBrush(style.UNDERGROUND_ZONE)),
        ]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        painter.fillPath(self.letters, style.UNDERGROUND_ZONE)
