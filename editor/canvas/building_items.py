"""Buildings, their rooms and zones, and their roof accesses."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from engine.geometry.polygons import interior_point
from engine.model.common import Point
from engine.model.sheet import Building, RoofAccess, Room, Zone

from . import style
from .model_item import ModelItem, Part
from .text import draw_text_path, text_halo, text_path


def polygon_path(points: list[Point]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
    path.closeSubpath()
    return path


def bearing_vector(bearing: float) -> tuple[float, float]:
    """Unit vector of a bearing (degrees clockwise from north = up the sheet, y down)."""
    rad = math.radians(bearing)
    return math.sin(rad), -math.cos(rad)


class LabelledItem(ModelItem):
    """An outlined area with its id written inside (rooms and zones are locations)."""

    label_fraction = 0.3

    def __init__(self, pointer: str, metrics: style.Metrics, outline: list[Point], label: str | None):
        super().__init__(pointer, metrics)
        self.setPath(polygon_path(outline))
        self.label_path = QPainterPath()
        #: the area of the label's halo, for the batched layers (see text_halo)
        self.label_halo = QPainterPath()
        if label:
            height, centre = metrics.mm(self.label_fraction), interior_point(outline)
            self.label_path = text_path(label, height, centre, bold=True)
            self.label_halo = text_halo(label, height, centre, self.label_halo_pen().widthF(), bold=True)

    def label_halo_pen(self) -> QPen:
        pen = QPen(style.BUILDING_FILL.lighter(125), self.metrics.mm(0.08))
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return pen

    def parts(self) -> list[Part]:
        z = self.zValue()
        parts = []
        if self.pen().style() != Qt.PenStyle.NoPen or self.brush().style() != Qt.BrushStyle.NoBrush:
            parts.append(Part(type(self).__name__, z, 0, self.path(), self.pen(), self.brush()))
        if not self.label_path.isEmpty():
            halo = QBrush(self.label_halo_pen().color())
            parts.append(Part("label_halo", z, 1, self.label_halo, None, halo))
            parts.append(Part("label", z, 2, self.label_path, None, QBrush(style.INTERIOR_LABEL)))
        return parts

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        if not self.label_path.isEmpty():
            draw_text_path(
                painter,
                self.label_path,
                style.INTERIOR_LABEL,
                style.BUILDING_FILL.lighter(125),
                self.metrics.mm(0.08),
            )


class BuildingItem(ModelItem):
    """The footprint of a building."""

    def __init__(self, pointer: str, metrics: style.Metrics, building: Building):
        super().__init__(pointer, metrics)
        self.building = building
        self.setZValue(style.Z_BUILDING)
        self.setPath(polygon_path(building.outline))
        self.setBrush(QBrush(style.BUILDING_FILL))
        self.setPen(QPen(style.BUILDING_EDGE, metrics.mm(0.03)))
        self.setToolTip(f"Building {building.id}" + (f" — {building.name}" if building.name else ""))


class BuildingTagItem(ModelItem):
    """The printed building number in a tag inside the footprint's top-left corner, above
    rooms and walls so nothing covers it; selecting it selects the building."""

    def __init__(self, pointer: str, metrics: style.Metrics, building: Building):
        super().__init__(pointer, metrics)
        self.setZValue(style.Z_ROOF)
        corner = min(building.outline, key=lambda p: (p[0] + p[1], p[1]))
        h = metrics.mm(0.26)
        self.text = text_path(building.id, h, (0, 0), bold=True)
        box = self.text.boundingRect()
        pad = h * 0.35
        inset = metrics.mm(0.18)
        self.text.translate(corner[0] + inset + pad - box.left(), corner[1] + inset + pad - box.top())
        rect = self.text.boundingRect().adjusted(-pad, -pad, pad, pad)
        path = QPainterPath()
        path.addRoundedRect(rect, rect.height() * 0.25, rect.height() * 0.25)
        self.setPath(path)
        self.setBrush(QBrush(style.PAPER))
        self.setPen(QPen(style.BUILDING_LABEL, metrics.mm(0.02)))
        self.setToolTip(f"Building {building.id}" + (f" — {building.name}" if building.name else ""))

    def parts(self) -> list[Part]:
        z = self.zValue()
        return [
            Part("building_tag", z, 0, self.path(), self.pen(), self.brush()),
            Part("building_tag_text", z, 1, self.text, None, QBrush(style.BUILDING_LABEL)),
        ]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        super().paint(painter, option, widget)
        painter.fillPath(self.text, style.BUILDING_LABEL)


class RoomItem(LabelledItem):
    def __init__(self, pointer: str, metrics: style.Metrics, room: Room):
        # a divided room is not a location: its zones carry the ids
        super().__init__(pointer, metrics, room.outline, None if room.zones else room.id)
        self.room = room
        self.setZValue(style.Z_ROOM)
        self.setPen(QPen(style.ROOM_EDGE, metrics.mm(0.025)))
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setToolTip(f"Room {room.id}" + (f" ({len(room.zones)} zones)" if room.zones else ""))


class ZoneItem(LabelledItem):
    label_fraction = 0.26

    def __init__(self, pointer: str, metrics: style.Metrics, zone: Zone):
        super().__init__(pointer, metrics, zone.outline, zone.id)
        self.zone = zone
        self.setZValue(style.Z_ZONE)
        self.setPen(Qt.PenStyle.NoPen)
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setToolTip(f"Zone {zone.id}")


class RoofAccessItem(ModelItem):
    """Blue dot (where roof LOS is traced from) and the arrow of its direction."""

    def __init__(self, pointer: str, metrics: style.Metrics, access: RoofAccess):
        super().__init__(pointer, metrics)
        self.access = access
        self.setZValue(style.Z_ROOF)
        x, y = access.at
        r = metrics.mm(0.15)
        length = metrics.mm(0.7)
        ux, uy = bearing_vector(access.direction)
        px, py = -uy, ux
        path = QPainterPath()
        path.addEllipse(QPointF(x, y), r, r)
        tip = (x + ux * length, y + uy * length)
        head = metrics.mm(0.22)
        base = (tip[0] - ux * head, tip[1] - uy * head)
        arrow = QPolygonF(
            [
                QPointF(*tip),
                QPointF(base[0] + px * head * 0.6, base[1] + py * head * 0.6),
                QPointF(base[0] - px * head * 0.6, base[1] - py * head * 0.6),
            ]
        )
        path.addPolygon(arrow)
        path.closeSubpath()
        self.shaft = QPainterPath(QPointF(x, y))
        self.shaft.lineTo(QPointF(*base))
        self.setPath(path)
        self.setBrush(QBrush(style.ROOF_ACCESS))
        self.setPen(QPen(style.PAPER, metrics.mm(0.02)))
        self.setToolTip(f"Roof access {access.id} ({access.direction:g}°)")

    def shaft_pen(self) -> QPen:
        return QPen(style.ROOF_ACCESS, self.metrics.mm(0.05))

    def parts(self) -> list[Part]:
        z = self.zValue()
        # above the building tags, which share their layer
        return [
            Part("roof_access_shaft", z, 2, self.shaft, self.shaft_pen()),
            Part("roof_access", z, 3, self.path(), self.pen(), self.brush()),
        ]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.strokePath(self.shaft, self.shaft_pen())
        super().paint(painter, option, widget)
