"""What a square board is drawn with: each square's terrain as the rulebook's boards print
it (white dot, white x, white border, passage arrows, bridge deck), a segment's squares with
their printed coordinates, a set-up piece with its front. The canvas (editor/ub/scene.py)
and the Terrain tool bar's icons use them."""

from __future__ import annotations

import math
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from engine.model.square_board import Segment, SquareTerrain

from ..canvas.text import draw_text_path, text_path
from .layout import Layout

#: Terrain colours; over a scan they are drawn translucent (SCAN_ALPHA) so the scan shows
TERRAIN_FILL = {
    SquareTerrain.open: QColor("#ebe6d6"),
    SquareTerrain.building: QColor("#8a6a55"),
    SquareTerrain.low: QColor("#d9d3bf"),
    SquareTerrain.water: QColor("#7fb0d8"),
    SquareTerrain.deep: QColor("#4f86ba"),
    SquareTerrain.bridge: QColor("#7fb0d8"),
    SquareTerrain.passage_ns: QColor("#ebe6d6"),
    SquareTerrain.passage_ew: QColor("#ebe6d6"),
}
WALL = QColor("#6b5040")
DECK = QColor("#a77d4f")
MARK = QColor("#ffffff")
ARROW = QColor("#2b2b2b")
GRID = QColor("#59544a")
EDGE = QColor("#1d1d1d")
LABEL = QColor("#3c3a35")
LABEL_ON_DARK = QColor("#f4efe6")
MISSING = QColor(200, 40, 40, 90)  # a square a short row lacks (the board does not validate)
SCAN_ALPHA = 110
SIDE_COLOURS = {"green": QColor("#2f7d32"), "red": QColor("#b3261e")}
GOAL = QColor("#e0a100")
SELECTION = QColor(0, 120, 255)
HOVER = QColor(0, 120, 255, 70)
#: radians clockwise from north for each facing
BEARING = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}

Z_SCAN, Z_SQUARES, Z_GOAL, Z_PIECES, Z_SELECTION, Z_HOVER = -10, 0, 5, 10, 20, 21


@lru_cache(maxsize=4096)
def _label_outline(text: str) -> QPainterPath:
    path = QPainterPath()
    path.addText(QPointF(0, 0), _LABEL_FONT, text)
    return path


_LABEL_FONT = QFont("DejaVu Sans")
_LABEL_FONT.setPixelSize(64)


def label_path(text: str, cap_height: float, x: float, baseline: float) -> QPainterPath:
    """`text` with its digits `cap_height` mm tall, starting at x on `baseline` (text.py's
    text_path sizes each text by its own box, so labels with and without a descender
    would differ)."""
    cap = _label_outline("0").boundingRect().height()
    k = cap_height / cap
    t = QTransform()
    t.translate(x, baseline)
    t.scale(k, k)
    return t.map(_label_outline(text))


def _terrain(letter: str) -> SquareTerrain | None:
    try:
        return SquareTerrain(letter)
    except ValueError:
        return None


def paint_square(painter: QPainter, x: float, y: float, s: float, letter: str, alpha: int = 255) -> None:
    """One square's terrain as the rulebook's boards print it (the legend uses it too)."""
    terrain = _terrain(letter)
    rect = QRectF(x, y, s, s)
    if terrain is None:
        painter.fillRect(rect, MISSING)
        return

    def col(c: QColor) -> QColor:
        out = QColor(c)
        out.setAlpha(min(c.alpha(), alpha))
        return out

    painter.fillRect(rect, col(TERRAIN_FILL[terrain]))
    no_pen = Qt.PenStyle.NoPen
    # the last square's pen and brush must not leak into this one's outlines
    painter.setPen(no_pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if terrain is SquareTerrain.building:
        # a roof's ridge lines, so a building reads as a block, not a dark square
        pen = QPen(col(WALL), s * 0.03)
        painter.setPen(pen)
        painter.drawRect(rect.adjusted(s * 0.08, s * 0.08, -s * 0.08, -s * 0.08))
        painter.drawLine(QPointF(x + s * 0.08, y + s * 0.08), QPointF(x + s * 0.92, y + s * 0.92))
        painter.drawLine(QPointF(x + s * 0.92, y + s * 0.08), QPointF(x + s * 0.08, y + s * 0.92))
    elif terrain is SquareTerrain.low:
        # the white border of a low obstacle
        pen = QPen(col(MARK), s * 0.1)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(col(QColor("#a59b82")))
        painter.drawRect(rect.adjusted(s * 0.12, s * 0.12, -s * 0.12, -s * 0.12))
    elif terrain is SquareTerrain.water:
        painter.setPen(no_pen)
        painter.setBrush(col(MARK))
        painter.drawEllipse(QPointF(x + s / 2, y + s / 2), s * 0.09, s * 0.09)
    elif terrain is SquareTerrain.deep:
        pen = QPen(col(MARK), s * 0.07)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        a, b = s * 0.3, s * 0.7
        painter.drawLine(QPointF(x + a, y + a), QPointF(x + b, y + b))
        painter.drawLine(QPointF(x + b, y + a), QPointF(x + a, y + b))
    elif terrain is SquareTerrain.bridge:
        painter.setPen(no_pen)
        painter.fillRect(QRectF(x, y + s * 0.2, s, s * 0.6), col(DECK))
        pen = QPen(col(WALL), s * 0.05)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, y + s * 0.2), QPointF(x + s, y + s * 0.2))
        painter.drawLine(QPointF(x, y + s * 0.8), QPointF(x + s, y + s * 0.8))
    elif terrain in (SquareTerrain.passage_ns, SquareTerrain.passage_ew):
        vertical = terrain is SquareTerrain.passage_ns
        w = s * 0.2
        if vertical:
            walls = (QRectF(x, y, w, s), QRectF(x + s - w, y, w, s))
        else:
            walls = (QRectF(x, y, s, w), QRectF(x, y + s - w, s, w))
        for r in walls:
            painter.fillRect(r, col(TERRAIN_FILL[SquareTerrain.building]))
        painter.setPen(no_pen)
        painter.setBrush(col(ARROW))
        painter.drawPath(_double_arrow(x + s / 2, y + s / 2, s * 0.72, s * 0.08, vertical))


def _double_arrow(cx: float, cy: float, length: float, width: float, vertical: bool) -> QPainterPath:
    """A double-headed arrow centred on (cx, cy), along y when vertical, else along x."""
    h = length / 2
    head = width * 2.6
    pts = [
        (0, -h),
        (head, -h + head * 1.2),
        (width / 2, -h + head * 1.2),
        (width / 2, h - head * 1.2),
        (head, h - head * 1.2),
        (0, h),
        (-head, h - head * 1.2),
        (-width / 2, h - head * 1.2),
        (-width / 2, -h + head * 1.2),
        (-head, -h + head * 1.2),
    ]
    path = QPainterPath()
    path.addPolygon(
        QPolygonF([QPointF(cx + (u if vertical else v), cy + (v if vertical else u)) for u, v in pts])
    )
    path.closeSubpath()
    return path


class SegmentItem(QGraphicsItem):
    """The squares of one segment: terrain, grid lines, printed coordinates, outline."""

    def __init__(self, layout: Layout, index: int, segment: Segment, over_scan: bool):
        super().__init__()
        self.layout = layout
        self.index = index
        self.segment = segment
        self.alpha = SCAN_ALPHA if over_scan else 255
        x, y, w, h = layout.segment_rect(index)
        self._rect = QRectF(x, y, w, h)
        self.setZValue(Z_SQUARES)

    def boundingRect(self) -> QRectF:
        m = self.layout.size * 0.6  # the title above the segment
        return self._rect.adjusted(-1, -m, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        layout, place = self.layout, self.layout.segments[self.index]
        s = layout.size
        x0, y0 = self._rect.x(), self._rect.y()
        for row in range(place.height):
            line = self.segment.rows[row] if row < len(self.segment.rows) else ""
            for col in range(place.width):
                letter = line[col] if col < len(line) else "?"
                paint_square(painter, x0 + col * s, y0 + row * s, s, letter, self.alpha)
        pen = QPen(GRID, s * 0.012)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for col in range(place.width + 1):
            painter.drawLine(QPointF(x0 + col * s, y0), QPointF(x0 + col * s, y0 + place.height * s))
        for row in range(place.height + 1):
            painter.drawLine(QPointF(x0, y0 + row * s), QPointF(x0 + place.width * s, y0 + row * s))
        # printed coordinates, top left in each square, on one baseline and size (a J's
        # descender must not shrink its label)
        height = s * 0.14
        for row in range(place.height):
            line = self.segment.rows[row] if row < len(self.segment.rows) else ""
            for col in range(place.width):
                name = layout.name((self.index, col, row))
                path = label_path(name, height, x0 + col * s + s * 0.06, y0 + row * s + s * 0.06 + height)
                dark = col < len(line) and line[col] in "B~x=" and self.alpha == 255
                draw_text_path(painter, path, LABEL_ON_DARK if dark else LABEL, None, 0)
        edge = QPen(EDGE, s * 0.05)
        edge.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(edge)
        painter.drawRect(self._rect)
        title = f"{self.segment.id} — {self.segment.title}" if self.segment.title else self.segment.id
        path = text_path(title, s * 0.3, (0.0, 0.0), bold=True)
        box = path.boundingRect()
        path.translate(x0 - box.left(), y0 - s * 0.15 - box.bottom())
        draw_text_path(painter, path, EDGE, None, 0)


class PieceItem(QGraphicsItem):
    """A set-up unit: a counter in its side's colour, its front marked by an arrow pointing
    where it faces, its type and id; a command tank carries a star."""

    def __init__(
        self, centre: tuple[float, float], size: float, side: str, facing: str, label: str, command: bool
    ):
        super().__init__()
        self.centre = QPointF(*centre)
        self.size = size
        self.colour = SIDE_COLOURS.get(side, QColor("#555555"))
        self.bearing = BEARING.get(facing, 0)
        self.label = label
        self.command = command
        self.setZValue(Z_PIECES)
        self.setPos(self.centre)

    def boundingRect(self) -> QRectF:
        h = self.size * 0.5
        return QRectF(-h, -h, 2 * h, 2 * h)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.size
        c = s * 0.31
        painter.setPen(QPen(QColor("#111111"), s * 0.025))
        painter.setBrush(self.colour)
        painter.drawRoundedRect(QRectF(-c, -c, 2 * c, 2 * c), s * 0.06, s * 0.06)
        painter.save()
        painter.rotate(self.bearing)
        # the front: a white triangle at the counter's edge, pointing out
        tri = QPolygonF(
            [QPointF(0, -c - s * 0.1), QPointF(s * 0.13, -c + s * 0.1), QPointF(-s * 0.13, -c + s * 0.1)]
        )
        painter.setPen(QPen(QColor("#111111"), s * 0.02))
        painter.setBrush(QColor("#ffffff"))
        painter.drawPolygon(tri)
        painter.restore()
        path = text_path(self.label, s * 0.12, (0.0, s * 0.1), bold=True)
        width = path.boundingRect().width()
        if width > c * 1.25:  # a long type name is narrowed, clear of the front mark
            t = QTransform()
            t.translate(0.0, s * 0.1)
            t.scale(c * 1.25 / width, 1.0)
            t.translate(0.0, -s * 0.1)
            path = t.map(path)
        draw_text_path(painter, path, QColor("#ffffff"), None, 0)
        if self.command:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#ffd54f"))
            painter.drawPolygon(_star(0.0, -s * 0.1, s * 0.1))


def _star(cx: float, cy: float, r: float) -> QPolygonF:
    pts = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        a = math.radians(k * 36 - 90)
        pts.append(QPointF(cx + radius * math.cos(a), cy + radius * math.sin(a)))
    return QPolygonF(pts)


def terrain_icon(letter: str, size: int = 32) -> QIcon:
    """A brush's icon: its square as the canvas draws it."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_square(painter, 1, 1, size - 2, letter)
    painter.setPen(QPen(QColor("#59544a"), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(1, 1, size - 2, size - 2)
    painter.end()
    return QIcon(pixmap)
