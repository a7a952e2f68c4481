"""Walls (pen by kind) and their apertures (arrow and fire arc)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from engine.model.sheet import Aperture, Wall, WallKind

from . import style
from .building_items import bearing_vector
from .model_item import ModelItem, Part

#: Batches of walls in drawing order: partitions butt onto facades (as drawn in the
#: sheet's order, each building's facade first), zone limits over everything.
WALL_RANK: dict[WallKind, int] = {
    WallKind.facade: 0,
    WallKind.outer_wall: 1,
    WallKind.partition: 2,
    WallKind.zone_limit: 4,
}


class WallItem(ModelItem):
    def __init__(self, pointer: str, metrics: style.Metrics, wall: Wall):
        super().__init__(pointer, metrics)
        self.wall = wall
        self.setZValue(style.Z_WALL)
        path = QPainterPath(QPointF(*wall.points[0]))
        for x, y in wall.points[1:]:
            path.lineTo(x, y)
        self.setPath(path)
        self.setPen(metrics.wall_pen(wall.kind))
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setToolTip(f"{wall.kind.replace('_', ' ').capitalize()} {wall.id}")

    def shape(self) -> QPainterPath:
        # thin walls (zone limits) still get a band wide enough to click
        stroker = QPainterPathStroker()
        stroker.setWidth(max(self.pen().widthF(), self.metrics.mm(0.25)))
        return stroker.createStroke(self.path())

    def selection_outline(self) -> QPainterPath:
        return self.path()

    def underlay_pen(self) -> QPen:
        """A dark underlay keeps the white dashes of a zone limit visible on light terrain."""
        return QPen(QColor(0, 0, 0, 60), self.pen().widthF() * 2)

    def parts(self) -> list[Part]:
        z, kind = self.zValue(), self.wall.kind
        if kind == WallKind.zone_limit:
            return [
                Part("zone_limit_underlay", z, WALL_RANK[kind] - 1, self.path(), self.underlay_pen()),
                Part(f"wall_{kind}", z, WALL_RANK[kind], self.path(), self.pen()),
            ]
        return [Part(f"wall_{kind}", z, WALL_RANK[kind], self.path(), self.pen())]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self.wall.kind == WallKind.zone_limit and not self.isSelected():
            painter.strokePath(self.path(), self.underlay_pen())
        super().paint(painter, option, widget)


def arc_wedge(at: tuple[float, float], start: float, end: float, radius: float) -> QPainterPath:
    """The sector from bearing `start` clockwise to `end`, apex at the aperture.
    Built from points so it does not depend on Qt's counter-clockwise angle convention."""
    sweep = (end - start) % 360 or 360.0
    steps = max(2, int(sweep / 5) + 1)
    x, y = at
    points = [QPointF(x, y)]
    for i in range(steps + 1):
        ux, uy = bearing_vector(start + sweep * i / steps)
        points.append(QPointF(x + ux * radius, y + uy * radius))
    path = QPainterPath()
    path.addPolygon(QPolygonF(points))
    path.closeSubpath()
    return path


def arc_bisector(start: float, end: float) -> float:
    sweep = (end - start) % 360 or 360.0
    return (start + sweep / 2) % 360


class ApertureItem(ModelItem):
    """A red (door, window) or orange (breach) arrow pointing out through the wall, over
    its translucent fire arc. Only the arrow takes clicks: arcs overlap a lot."""

    def __init__(self, pointer: str, metrics: style.Metrics, aperture: Aperture):
        super().__init__(pointer, metrics)
        self.aperture = aperture
        self.setZValue(style.Z_APERTURE)
        colour = style.APERTURE_COLOUR[aperture.kind]
        x, y = aperture.at
        ux, uy = bearing_vector(arc_bisector(aperture.arc.start, aperture.arc.end))
        px, py = -uy, ux
        length = metrics.mm(0.55)
        half = metrics.mm(0.2)
        shaft = metrics.mm(0.07)
        head = metrics.mm(0.28)
        # window arrows are slimmer than door arrows, as the two are the same colour
        if aperture.kind == "window":
            half *= 0.7
        nx, ny = x + ux * (length - head), y + uy * (length - head)
        arrow = QPolygonF(
            [
                QPointF(x + px * shaft, y + py * shaft),
                QPointF(nx + px * shaft, ny + py * shaft),
                QPointF(nx + px * half, ny + py * half),
                QPointF(x + ux * length, y + uy * length),
                QPointF(nx - px * half, ny - py * half),
                QPointF(nx - px * shaft, ny - py * shaft),
                QPointF(x - px * shaft, y - py * shaft),
            ]
        )
        path = QPainterPath()
        path.addPolygon(arrow)
        path.closeSubpath()
        self.setPath(path)
        self.setBrush(QBrush(colour))
        self.setPen(QPen(QColor("#ffffff"), metrics.mm(0.02)))
        self.wedge = arc_wedge(aperture.at, aperture.arc.start, aperture.arc.end, metrics.mm(1.3))
        fill = QColor(colour)
        fill.setAlpha(style.ARC_ALPHA)
        self.wedge_brush = QBrush(fill)
        edge = QColor(colour)
        edge.setAlpha(130)
        self.wedge_pen = QPen(edge, metrics.mm(0.02))
        self.wedge_pen.setStyle(Qt.PenStyle.DashLine)
        where = f" into {aperture.interior}" if aperture.interior else ""
        arc = f"arc {aperture.arc.start:g}°–{aperture.arc.end:g}°"
        self.setToolTip(f"{aperture.kind.capitalize()} {aperture.id}{where}; {arc}")

    def boundingRect(self) -> QRectF:
        m = self.wedge_pen.widthF()
        return super().boundingRect().united(self.wedge.boundingRect().adjusted(-m, -m, m, m))

    def parts(self) -> list[Part]:
        z = self.zValue()
        # arcs overlap a lot, and their overlaps darken; arrows over all arcs
        return [
            Part(
                f"fire_arcs_{self.wedge_brush.color().rgba():08x}",
                z,
                0,
                self.wedge,
                self.wedge_pen,
                self.wedge_brush,
                overlapping=True,
            ),
            Part(f"aperture_{self.aperture.kind}", z, 1, self.path(), self.pen(), self.brush()),
        ]

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(self.wedge_pen)
        painter.setBrush(self.wedge_brush)
        painter.drawPath(self.wedge)
        super().paint(painter, option, widget)
