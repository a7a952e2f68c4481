"""The canvas of a square board: its segments side by side, each square drawn with its
terrain and printed coordinate over the segment's scan, and for a mission its set-up pieces
with their facing and the squares of its goal.

The scene is redrawn from the model after every edit (a board is a few hundred squares,
drawn by one item a segment); the selection (squares a problem or the outline points at)
and the hovered square are view state, kept across redraws.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import (
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsTextItem,
)

from engine.model.square_board import Segment, SquareBoard
from engine.model.ub_mission import GoalKind, Mission
from engine.model.ub_units import UnitChart

from ..canvas.background_item import load_scan, qtransform
from ..canvas.text import text_path
from .items import (
    EDGE,
    GOAL,
    HOVER,
    SELECTION,
    Z_GOAL,
    Z_HOVER,
    Z_SCAN,
    Z_SELECTION,
    PieceItem,
    SegmentItem,
)
from .layout import Layout, Spot


def chart_html(chart: UnitChart) -> str:
    import html  # only unit charts need it

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
