"""The canvas of a square board: its segments side by side, each square drawn with its
terrain and printed coordinate over the segment's scan, and for a mission its set-up pieces
with their facing and the squares of its goal.

The scene is redrawn from the model after every edit (a board is a few hundred squares,
drawn by one item a segment); the selection (squares a problem or the outline points at)
and the hovered square are view state, kept across redraws.
"""

from __future__ import annotations

import html
import math
from functools import lru_cache
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from engine.model.square_board import Segment, SquareBoard, SquareTerrain
from engine.model.ub_mission import GoalKind, Mission
from engine.model.ub_units import UnitChart

from ..canvas.background_item import load_scan, qtransform
from ..canvas.text import draw_text_path, text_path
from .layout import Layout, Spot

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


def chart_html(chart: UnitChart) -> str:
    head = [
        "Type",
        "Name",
        "Speed",
        "Drive",
        "Direct fire",
        "Absolute",
        "Parabolic",
        "Armour F/S/R",
        "Points",
        "",
    ]
    rows = []
    for u in chart.units:
        direct = u.direct
        fire = f"red{' + purple' if direct.purple else ''} + {direct.fixed}" if direct else "—"
        absolute = str(direct.absolute) if direct else "—"
        par = u.parabolic
        parabolic = f"{par.min_range}-{par.max_range} ×{par.multiplier}" if par else "—"
        notes = ", ".join(n for n, on in (("amphibious", u.amphibious), (u.mount.value, True)) if on)
        cells = [
            u.id,
            u.name,
            str(u.speed),
            u.drive.value,
            fire,
            absolute,
            parabolic,
            f"{u.armour.front}/{u.armour.side}/{u.armour.rear}",
            str(u.effectiveness),
            notes,
        ]
        rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
    header = "<tr>" + "".join(f"<th align='left'>{h}</th>" for h in head) + "</tr>"
    return (
        f"<h3>{html.escape(chart.title)} ({html.escape(chart.id)})</h3>"
        "<table cellspacing='0' cellpadding='4' border='1'>" + header + "".join(rows) + "</table>"
        "<p>Unit charts are edited as text; the Validation dock checks them.</p>"
    )


def mission_caption(mission: Mission) -> str:
    optional = ", ".join(r.value.replace("_", " ") for r in mission.optional_rules)
    parts = [
        mission.title,
        f"{mission.firing_mode.value} mode",
        f"{mission.rounds} rounds, {mission.first.value} first",
        f"goal: {mission.goal.kind.value.replace('_', ' ')}",
    ]
    if optional:
        parts.append(f"optional: {optional}")
    return " — ".join(parts)


def short_type(type_id: str) -> str:
    return type_id[:4].upper() if len(type_id) > 4 else type_id.upper()


class UbScene(QGraphicsScene):
    """The board (and a mission's set-up) as the model holds it now."""

    def __init__(self, parent: object | None = None):
        super().__init__(parent)  # type: ignore[arg-type]
        self.board: SquareBoard | None = None
        self.mission: Mission | None = None
        self.layout: Layout | None = None
        self.base_dir: Path | None = None
        self.scan_errors: list[str] = []
        #: squares picked out by a problem, the outline or a click (view state)
        self.selected: list[Spot] = []
        self.hovered: Spot | None = None
        self._hover_item: QGraphicsRectItem | None = None
        self.setBackgroundBrush(QBrush(QColor("#c9c6bd")))

    # -- drawing ---------------------------------------------------------------------
    def set_board(
        self, board: SquareBoard | None, base_dir: Path | None, mission: Mission | None = None
    ) -> None:
        self.board, self.base_dir, self.mission = board, base_dir, mission
        self.redraw()

    def redraw(self) -> None:
        self.clear()
        self._hover_item = None
        self.scan_errors = []
        board = self.board
        if board is None or not board.segments:
            self.layout = None
            self.setSceneRect(QRectF(0, 0, 100, 100))
            return
        layout = self.layout = Layout(board)
        for i, segment in enumerate(board.segments):
            over_scan = self._add_scan(layout, i, segment)
            self.addItem(SegmentItem(layout, i, segment, over_scan))
        if self.mission is not None:
            self._add_mission(layout, self.mission)
        self.selected = [s for s in self.selected if self._exists(s)]
        self._draw_selection()
        if self.hovered is not None and self._exists(self.hovered):
            self.set_hovered(self.hovered)
        x, y, w, h = layout.board_rect()
        m = layout.size * 1.2
        self.setSceneRect(QRectF(x - m, y - m, w + 2 * m, h + 2 * m))

    def _exists(self, spot: Spot) -> bool:
        layout = self.layout
        if layout is None or not (0 <= spot[0] < len(layout.segments)):
            return False
        place = layout.segments[spot[0]]
        return 0 <= spot[1] < place.width and 0 <= spot[2] < place.height

    def _add_scan(self, layout: Layout, index: int, segment: Segment) -> bool:
        if segment.scan is None:
            return False
        path = Path(segment.scan)
        if self.base_dir is not None and not path.is_absolute():
            path = self.base_dir / path
        scan, error = load_scan(path)
        if scan is None:
            self.scan_errors.append(f"segment {segment.id}: {error}")
            return False
        item = QGraphicsPixmapItem(scan.pixmap)
        item.setTransformationMode(Qt.TransformationMode.SmoothTransformation)
        x, y, w, h = layout.segment_rect(index)
        transform = segment.scan_transform
        if transform is None:
            px, py = scan.pixmap.width(), scan.pixmap.height()
            k = min(w / px, h / py) if px and py else 1.0
            transform = (k, 0.0, 0.0, 0.0, k, 0.0)
        t = qtransform(transform)
        t *= qtransform((1.0, 0.0, x, 0.0, 1.0, y))
        item.setTransform(t)
        item.setZValue(Z_SCAN)
        self.addItem(item)
        return True

    def _add_mission(self, layout: Layout, mission: Mission) -> None:
        s = layout.size
        # what the players agree before setting up, above the board
        caption = mission_caption(mission)
        path = text_path(caption, s * 0.2, (0.0, 0.0), bold=True)
        box = path.boundingRect()
        x, y, _w, _h = layout.board_rect()
        path.translate(x - box.left(), y - s * 0.7 - box.bottom())
        item = self.addPath(path, QPen(Qt.PenStyle.NoPen), QBrush(EDGE))
        item.setZValue(Z_GOAL)
        if mission.goal.kind is GoalKind.break_through:
            pen = QPen(GOAL, s * 0.06, Qt.PenStyle.DashLine)
            for name in mission.goal.squares:
                spot = layout.spot_named(name)
                if spot is not None:
                    x, y, side = layout.rect(spot)
                    item = self.addRect(
                        QRectF(x, y, side, side).adjusted(s * 0.05, s * 0.05, -s * 0.05, -s * 0.05), pen
                    )
                    item.setZValue(Z_GOAL)
        for side in ("green", "red"):
            for unit in getattr(mission.forces, side).units:
                spot = layout.spot_named(unit.square)
                if spot is None:
                    continue  # off the board: the Validation dock says where (U012)
                label = short_type(unit.type)
                piece = PieceItem(layout.centre(spot), s, side, unit.facing.value, label, unit.command)
                piece.setToolTip(f"{unit.id}: {unit.type} at {unit.square} facing {unit.facing.value}")
                self.addItem(piece)

    def show_chart(self, chart: UnitChart) -> None:
        """Unit charts have no board: their types as the rulebook's chart prints them."""
        item = QGraphicsTextItem()
        item.setHtml(chart_html(chart))
        item.setTextWidth(900)
        self.addItem(item)
        self.setSceneRect(item.boundingRect().adjusted(-20, -20, 20, 20))

    # -- view state ------------------------------------------------------------------
    def select(self, spots: list[Spot]) -> None:
        self.selected = [s for s in spots if self._exists(s)]
        for item in self.items():
            if item.data(0) == "selection":
                self.removeItem(item)
        self._draw_selection()

    def _draw_selection(self) -> None:
        layout = self.layout
        if layout is None:
            return
        pen = QPen(SELECTION, layout.size * 0.07)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        for spot in self.selected:
            x, y, side = layout.rect(spot)
            item = self.addRect(QRectF(x, y, side, side), pen)
            item.setZValue(Z_SELECTION)
            item.setData(0, "selection")

    def selection_rect(self) -> QRectF | None:
        layout = self.layout
        if layout is None or not self.selected:
            return None
        rect = QRectF()
        for spot in self.selected:
            x, y, side = layout.rect(spot)
            rect = rect.united(QRectF(x, y, side, side))
        return rect

    def set_hovered(self, spot: Spot | None) -> None:
        self.hovered = spot
        layout = self.layout
        if spot is None or layout is None or not self._exists(spot):
            if self._hover_item is not None:
                self._hover_item.hide()
            return
        x, y, side = layout.rect(spot)
        if self._hover_item is None:
            self._hover_item = self.addRect(QRectF(), QPen(Qt.PenStyle.NoPen), QBrush(HOVER))
            self._hover_item.setZValue(Z_HOVER)
        self._hover_item.setRect(QRectF(x, y, side, side))
        self._hover_item.show()

    def spot_at(self, x: float, y: float) -> Spot | None:
        return self.layout.spot_at(x, y) if self.layout is not None else None

    def square_name_at(self, x: float, y: float) -> str | None:
        spot = self.spot_at(x, y)
        return self.layout.name(spot) if spot is not None and self.layout is not None else None
