"""The Urban Battle board in play: the squares with their terrain and printed coordinates, the
vehicles as counters pointing where they face, and, for the vehicle selected, what it may do:
its steps (the square in front, the square behind) and its 45-degree rotations as clickable
marks, and a fire line to each target it may fire at, labelled with firepower against armour.

Urban Operations' board (board.py) draws hex sheets over the editor's canvas; this one draws a
square board from the rule set's own Board (terrain per square). Both turn clicks into the
rule set's legal actions and emit them: the window plays them through the session.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QPolygonF,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMenu,
    QStyleOptionGraphicsItem,
    QWidget,
)

from engine.model.scenario import Side
from engine.model.square_board import SquareTerrain, column_name, parse_square
from engine.rules.ub.actions import Fire, FireKind, Step, StepKind
from engine.rules.ub.board import Board, Square

from .items import SIDE_COLOUR
from .ub_offers import Shot, UbOffers, compass, label

#: one square's side in scene units
S = 48.0
MARGIN = 22.0  # room for the printed coordinates
TERRAIN_FILL = {
    SquareTerrain.open: QColor("#ece6cf"),
    SquareTerrain.building: QColor("#8d6e63"),
    SquareTerrain.low: QColor("#c8c2ad"),
    SquareTerrain.water: QColor("#7fb8e6"),
    SquareTerrain.deep: QColor("#3f88c5"),
    SquareTerrain.bridge: QColor("#a1887f"),
    SquareTerrain.passage_ns: QColor("#d7ccc8"),
    SquareTerrain.passage_ew: QColor("#d7ccc8"),
}
#: short names on a counter, by unit type id (any other type: its first letters)
SHORT = {
    "recon": "REC",
    "light": "LT",
    "amphibious": "AMP",
    "medium": "MED",
    "dozer": "DOZ",
    "heavy": "HVY",
    "destroyer": "TD",
    "howitzer": "HOW",
    "mortar": "MOR",
    "arv": "ARV",
}
Z_TERRAIN = 0
Z_PIECE = 50
Z_LINE = 60
Z_MARK = 80
Z_REPORT = 90


def centre(sq: Square) -> QPointF:
    return QPointF(MARGIN + (sq[0] + 0.5) * S, MARGIN + (sq[1] + 0.5) * S)


def square_rect(sq: Square) -> QRectF:
    return QRectF(MARGIN + sq[0] * S, MARGIN + sq[1] * S, S, S)


class TerrainItem(QGraphicsItem):
    """The whole board in one item: terrain colours, the rulebook's markings (the white dot on
    water, the white x, a low obstacle's white border, a passage's double-headed arrow, a
    bridge's planks), the grid and the printed coordinates."""

    def __init__(self, board: Board):
        super().__init__()
        self.board = board
        self.setZValue(Z_TERRAIN)

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, 2 * MARGIN + self.board.width * S, 2 * MARGIN + self.board.height * S)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        b = self.board
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        white = QPen(QColor("white"), S * 0.06)
        for y in range(b.height):
            for x in range(b.width):
                t = b.terrain((x, y))
                r = square_rect((x, y))
                painter.fillRect(r, TERRAIN_FILL[t])
                c = r.center()
                if t is SquareTerrain.building:
                    painter.fillRect(r.adjusted(S * 0.12, S * 0.12, -S * 0.12, -S * 0.12), QColor("#6d4c41"))
                elif t is SquareTerrain.low:
                    painter.setPen(white)
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(r.adjusted(S * 0.1, S * 0.1, -S * 0.1, -S * 0.1))
                elif t is SquareTerrain.water:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QColor("white"))
                    painter.drawEllipse(c, S * 0.07, S * 0.07)
                elif t is SquareTerrain.deep:
                    painter.setPen(white)
                    k = S * 0.14
                    painter.drawLine(QPointF(c.x() - k, c.y() - k), QPointF(c.x() + k, c.y() + k))
                    painter.drawLine(QPointF(c.x() - k, c.y() + k), QPointF(c.x() + k, c.y() - k))
                elif t is SquareTerrain.bridge:
                    painter.setPen(QPen(QColor("#5d4037"), S * 0.03))
                    for i in range(1, 5):
                        painter.drawLine(
                            QPointF(r.left() + i * S / 5, r.top()), QPointF(r.left() + i * S / 5, r.bottom())
                        )
                elif t in (SquareTerrain.passage_ns, SquareTerrain.passage_ew):
                    self._arrow(painter, c, t is SquareTerrain.passage_ns)
        painter.setPen(QPen(QColor(0, 0, 0, 90), 0.8))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for x in range(b.width + 1):
            painter.drawLine(QPointF(MARGIN + x * S, MARGIN), QPointF(MARGIN + x * S, MARGIN + b.height * S))
        for y in range(b.height + 1):
            painter.drawLine(QPointF(MARGIN, MARGIN + y * S), QPointF(MARGIN + b.width * S, MARGIN + y * S))
        painter.setPen(QColor("#37474f"))
        font = QFont()
        font.setPointSizeF(S * 0.22)
        painter.setFont(font)
        for x in range(b.width):
            r = QRectF(MARGIN + x * S, 0, S, MARGIN)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, column_name(x))
            r = QRectF(MARGIN + x * S, MARGIN + b.height * S, S, MARGIN)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, column_name(x))
        for y in range(b.height):
            painter.drawText(QRectF(0, MARGIN + y * S, MARGIN, S), Qt.AlignmentFlag.AlignCenter, str(y + 1))
            r = QRectF(MARGIN + b.width * S, MARGIN + y * S, MARGIN, S)
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, str(y + 1))

    @staticmethod
    def _arrow(painter: QPainter, c: QPointF, north_south: bool) -> None:
        """A narrow passage's double-headed arrow along its axis."""
        painter.setPen(QPen(QColor("#3e2723"), S * 0.05))
        k, h = S * 0.36, S * 0.12
        if north_south:
            a, b = QPointF(c.x(), c.y() - k), QPointF(c.x(), c.y() + k)
            heads = [(a, QPointF(-h, h)), (a, QPointF(h, h)), (b, QPointF(-h, -h)), (b, QPointF(h, -h))]
        else:
            a, b = QPointF(c.x() - k, c.y()), QPointF(c.x() + k, c.y())
            heads = [(a, QPointF(h, -h)), (a, QPointF(h, h)), (b, QPointF(-h, -h)), (b, QPointF(-h, h))]
        painter.drawLine(a, b)
        for tip, d in heads:
            painter.drawLine(tip, tip + d)


class VehicleItem(QGraphicsItem):
    """A vehicle counter: its side's colour, pointed at the front so its facing reads at a
    glance, its type's short name upright; a wreck is dark with the black marker's cross.
    With Rotating Turrets, a barrel shows where the turret points."""

    def __init__(self, piece: Any, unit_name: str):
        super().__init__()
        self.piece = piece
        self.id: str = piece.id
        self.side: Side = piece.side
        self.facing = compass(piece.facing)
        self.turret: int = piece.turret
        self.destroyed: bool = piece.destroyed
        self.offered = False  # has something to do now
        self.selected_piece = False
        self.flash = False  # named by the report entry under the pointer
        self.setPos(centre(parse_square(piece.square)))
        self.setZValue(Z_PIECE)
        state = "wreck" if piece.destroyed else f"facing {piece.facing}"
        self.setToolTip(f"{piece.id}: {unit_name} ({piece.side.value}), {piece.square}, {state}")

    def boundingRect(self) -> QRectF:
        return QRectF(-S * 0.5, -S * 0.5, S, S)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(QRectF(-S * 0.4, -S * 0.4, S * 0.8, S * 0.8))
        return path

    def hull(self) -> QPolygonF:
        """The counter pointing north; the painter turns it to the facing."""
        w, h, tip = S * 0.34, S * 0.34, S * 0.46
        return QPolygonF(
            [QPointF(-w, h), QPointF(-w, -h * 0.45), QPointF(0, -tip), QPointF(w, -h * 0.45), QPointF(w, h)]
        )

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.selected_piece or self.flash:
            painter.setPen(QPen(QColor("#ffd600") if self.selected_piece else QColor("#ff6d00"), S * 0.08))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), S * 0.5, S * 0.5)
        painter.save()
        painter.rotate(self.facing * 45)
        fill = QColor("#424242") if self.destroyed else SIDE_COLOUR[self.side]
        edge = QColor("#1565c0") if self.offered and not self.destroyed else QColor("#212121")
        painter.setPen(QPen(edge, S * (0.07 if self.offered else 0.035)))
        painter.setBrush(fill)
        painter.drawPolygon(self.hull())
        if self.turret and not self.destroyed:
            painter.rotate(self.turret * 45)
            painter.setPen(QPen(QColor("#fafafa"), S * 0.06))
            painter.drawLine(QPointF(0, 0), QPointF(0, -S * 0.42))
        painter.restore()
        if self.destroyed:
            painter.setPen(QPen(QColor("black"), S * 0.1))
            k = S * 0.24
            painter.drawLine(QPointF(-k, -k), QPointF(k, k))
            painter.drawLine(QPointF(-k, k), QPointF(k, -k))
        painter.setPen(QColor("white"))
        font = QFont()
        font.setPointSizeF(S * 0.2)
        font.setBold(True)
        painter.setFont(font)
        text = SHORT.get(self.piece.type, self.piece.type[:3].upper())
        painter.drawText(QRectF(-S * 0.4, -S * 0.2, S * 0.8, S * 0.4), Qt.AlignmentFlag.AlignCenter, text)


class StepMark(QGraphicsPathItem):
    """A Step offered: a blue square where forward or reverse takes the vehicle, or a curved
    arrow at the front corner a rotation turns it towards."""

    def __init__(self, step: Step, path: QPainterPath, tip: str):
        super().__init__(path)
        self.action = step
        self.setZValue(Z_MARK)
        self.setToolTip(tip)
        blue = QColor("#1565c0")
        fill = QColor(blue)
        fill.setAlpha(70 if step.step in (StepKind.forward, StepKind.reverse) else 200)
        self.setBrush(QBrush(fill))
        self.setPen(QPen(blue, S * 0.05))
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def shape(self) -> QPainterPath:
        # the whole mark is clickable, the chevron drawn inside it included
        out = QPainterPath()
        box = self.path().boundingRect()
        if self.action.step in (StepKind.forward, StepKind.reverse):
            out.addRect(box)
        else:
            out.addEllipse(box)
        return out


def label_place(a: QPointF, b: QPointF, width: float, height: float, bounds: QRectF) -> QPointF:
    """Where a fire line's figures go beside its target `b` (shot from `a`): on the far side
    from the shooter, where the line does not run, else above or below the target, else on the
    near side; the first that stays on the board (clamped to it when none does)."""
    far = S * 0.6 if b.x() >= a.x() else -S * 0.6 - width
    near = -S * 0.6 - width if b.x() >= a.x() else S * 0.6
    middle = b.y() - height / 2
    candidates = [
        QPointF(b.x() + far, middle),
        QPointF(b.x() - width / 2, b.y() - S * 0.6 - height),
        QPointF(b.x() - width / 2, b.y() + S * 0.6),
        QPointF(b.x() + near, middle),
    ]
    for at in candidates:
        if bounds.contains(QRectF(at.x(), at.y(), width, height)):
            return at
    at = candidates[0]
    x = min(max(at.x(), bounds.left()), bounds.right() - width)
    y = min(max(at.y(), bounds.top()), bounds.bottom() - height)
    return QPointF(x, y)


class FireLine(QGraphicsPathItem):
    """A shot offered: the line from the shooter to its target (straight or diagonal; curved
    for parabolic fire), its figures written beside the target; clicking either fires."""

    def __init__(self, shots: list[Shot], bounds: QRectF):
        first = shots[0]
        a, b = centre(first.shooter), centre(first.target)
        # from the shooter's counter edge to the target's ring: both counters stay readable
        length = math.hypot(b.x() - a.x(), b.y() - a.y())
        ux, uy = (b.x() - a.x()) / length, (b.y() - a.y()) / length
        start = QPointF(a.x() + ux * S * 0.45, a.y() + uy * S * 0.45)
        end = QPointF(b.x() - ux * S * 0.52, b.y() - uy * S * 0.52)
        path = QPainterPath(start)
        parabolic = all(s.action.kind is FireKind.parabolic for s in shots)
        if parabolic:  # a shell's arc, bowed up the board unless that leaves it at the top
            nx, ny = (uy, -ux) if -ux <= 0 else (-uy, ux)
            bulge = min(length * 0.25, S * 2.5)
            mid = (start + end) / 2
            if mid.y() + ny * bulge < MARGIN + S * 0.5:
                nx, ny = -nx, -ny
            path.quadTo(QPointF(mid.x() + nx * bulge, mid.y() + ny * bulge), end)
        else:
            path.lineTo(end)
        super().__init__(path)
        self.shots = shots
        self.target = first.target
        self.setZValue(Z_LINE)
        colour = QColor("#ef6c00") if parabolic else QColor("#d50000")
        pen = QPen(colour, S * 0.06)
        if parabolic:
            pen.setStyle(Qt.PenStyle.DashLine)
        self.setPen(pen)
        self.setToolTip("\n".join(f"{s.action.target}: {s.text}" for s in shots))
        # the ring round the target and its figures, as children: one click target
        ring = QGraphicsPathItem(self)
        rp = QPainterPath()
        rp.addEllipse(b, S * 0.52, S * 0.52)
        ring.setPath(rp)
        ring.setPen(QPen(colour, S * 0.07))
        self.ring = ring
        text = QGraphicsSimpleTextItem("\n".join(s.text for s in shots), self)
        font = QFont()
        font.setPointSizeF(S * 0.2)
        text.setFont(font)
        text.setBrush(QColor("black"))
        box = text.boundingRect()
        text.setPos(label_place(a, b, box.width(), box.height(), bounds))
        back = QGraphicsRectItem(
            text.pos().x() - 3, text.pos().y() - 2, box.width() + 6, box.height() + 4, self
        )
        back.setBrush(QColor(255, 255, 255, 225))
        back.setPen(QPen(colour, 1.5))
        back.setZValue(-1)
        text.setZValue(1)
        self.text = text
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def shape(self) -> QPainterPath:
        # the line's thickness and the ring: easy to hit
        stroke = QPainterPath(self.path())
        out = QPainterPath()
        out.addEllipse(centre(self.target), S * 0.55, S * 0.55)
        stroker = QPainterPathStroker()
        stroker.setWidth(S * 0.25)
        return out.united(stroker.createStroke(stroke))


class UbBoardView(QGraphicsView):
    """The board: terrain, vehicles, and the selected vehicle's offers; emits `picked` with
    the legal action a click chose (a menu when a click means more than one)."""

    picked = Signal(object)
    #: a vehicle was clicked that has something to do: the window selects it
    selected = Signal(str)

    def __init__(self, board: Board, parent: QWidget | None = None):
        self.board_scene = QGraphicsScene(parent)
        super().__init__(self.board_scene, parent)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.board = board
        self.terrain = TerrainItem(board)
        self.board_scene.addItem(self.terrain)
        self.board_scene.setSceneRect(self.terrain.boundingRect())
        self.pieces: dict[str, VehicleItem] = {}
        self.marks: list[StepMark] = []
        self.lines: list[FireLine] = []
        self.extra: list[QGraphicsItem] = []
        self.menu: QMenu | None = None
        self.setBackgroundBrush(QColor("#cfd8dc"))

    def fit(self) -> None:
        self.fitInView(self.board_scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)

    # -- drawing ---------------------------------------------------------------------------
    def draw(
        self,
        pieces: Iterable[Any],
        names: dict[str, str],
        offers: UbOffers | None,
        selected: str | None,
        last_shot: tuple[Square, Square, str] | None = None,
    ) -> None:
        """Redraw the vehicles from an observation's pieces and, for a human's decision, the
        selected vehicle's steps, rotations and fire lines."""
        scene = self.board_scene
        for item in [*self.pieces.values(), *self.marks, *self.lines, *self.extra]:
            scene.removeItem(item)
        self.pieces, self.marks, self.lines, self.extra = {}, [], [], []
        offered = offers.vehicles() if offers is not None else set()
        for p in pieces:
            item = VehicleItem(p, names.get(p.type, p.type))
            item.offered = p.id in offered
            item.selected_piece = p.id == selected
            scene.addItem(item)
            self.pieces[p.id] = item
        if last_shot is not None:
            self._last_shot(*last_shot)
        if offers is None or selected is None or selected not in offered:
            return
        for step in offers.steps(selected):
            mark = self._step_mark(offers, step)
            scene.addItem(mark)
            self.marks.append(mark)
        by_target: dict[Square, list[Shot]] = {}
        for shot in offers.shots(selected):
            by_target.setdefault(shot.target, []).append(shot)
        for shots in by_target.values():
            line = FireLine(shots, self.board_scene.sceneRect())
            scene.addItem(line)
            self.lines.append(line)

    def _step_mark(self, offers: UbOffers, step: Step) -> StepMark:
        piece = offers.pieces[step.unit]
        here = parse_square(piece.square)
        facing = compass(piece.facing)
        path = QPainterPath()
        if step.step in (StepKind.forward, StepKind.reverse):
            to = offers.step_square(step)
            path.addRect(square_rect(to).adjusted(S * 0.08, S * 0.08, -S * 0.08, -S * 0.08))
            # a chevron showing which way the vehicle goes there
            c = centre(to)
            d = facing if step.step is StepKind.forward else (facing + 4) % 8
            ang = math.radians(d * 45)
            ux, uy = math.sin(ang), -math.cos(ang)
            k = S * 0.18
            tip = QPointF(c.x() + ux * k, c.y() + uy * k)
            path.moveTo(tip)
            path.lineTo(QPointF(c.x() - ux * k + uy * k, c.y() - uy * k - ux * k))
            path.lineTo(QPointF(c.x() - ux * k * 0.3, c.y() - uy * k * 0.3))
            path.lineTo(QPointF(c.x() - ux * k - uy * k, c.y() - uy * k + ux * k))
            path.closeSubpath()
            tip_text = (
                f"{step.unit}: {'forward' if step.step is StepKind.forward else 'reverse'} to {name_of(to)}"
            )
        else:
            # a round button in the corner of the square the turn points to
            d = (facing + (1 if step.step is StepKind.right else -1)) % 8
            ang = math.radians(d * 45)
            c = centre(here)
            at = QPointF(c.x() + math.sin(ang) * S * 0.47, c.y() - math.cos(ang) * S * 0.47)
            path.addEllipse(at, S * 0.15, S * 0.15)
            tip_text = f"{label(step)} (to face {('N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW')[d]})"
            mark = StepMark(step, path, tip_text)
            glyph = QGraphicsSimpleTextItem("↻" if step.step is StepKind.right else "↺", mark)
            font = QFont()
            font.setPointSizeF(S * 0.2)
            font.setBold(True)
            glyph.setFont(font)
            glyph.setBrush(QColor("white"))
            box = glyph.boundingRect()
            glyph.setPos(at.x() - box.width() / 2, at.y() - box.height() / 2)
            return mark
        return StepMark(step, path, tip_text)

    def _last_shot(self, shooter: Square, target: Square, text: str) -> None:
        """The last shot fired, as a thin line with its result, until the next action."""
        path = QPainterPath(centre(shooter))
        path.lineTo(centre(target))
        line = QGraphicsPathItem(path)
        pen = QPen(QColor(0, 0, 0, 150), S * 0.04)
        pen.setStyle(Qt.PenStyle.DotLine)
        line.setPen(pen)
        line.setZValue(Z_REPORT)
        note = QGraphicsSimpleTextItem(text, line)
        font = QFont()
        font.setPointSizeF(S * 0.22)
        font.setBold(True)
        note.setFont(font)
        note.setBrush(QColor("#b71c1c"))
        c = centre(target)
        note.setPos(c.x() - note.boundingRect().width() / 2, c.y() + S * 0.45)
        back = QGraphicsRectItem(
            note.pos().x() - 3,
            note.pos().y() - 1,
            note.boundingRect().width() + 6,
            note.boundingRect().height() + 2,
            line,
        )
        back.setBrush(QColor(255, 255, 255, 230))
        back.setPen(QPen(QColor("#b71c1c"), 1))
        back.setZValue(-1)
        self.board_scene.addItem(line)
        self.extra.append(line)

    def flash(self, ids: Iterable[str]) -> None:
        marked = set(ids)
        for item in self.pieces.values():
            if item.flash != (item.id in marked):
                item.flash = item.id in marked
                item.update()

    # -- clicks ----------------------------------------------------------------------------
    def actions_at(self, scene_pos: QPointF) -> tuple[list[Any], str | None]:
        """What a click at `scene_pos` means: the actions of a mark or a fire line under it,
        else the own vehicle clicked (to select it)."""
        vehicle = None
        for item in self.board_scene.items(scene_pos):
            top = item
            while top.parentItem() is not None:
                top = top.parentItem()
            if isinstance(top, StepMark):
                return [top.action], None
            if isinstance(top, FireLine):  # the line, the target's ring or the figures
                return [s.action for s in top.shots], None
            if top is not item:
                continue
            if isinstance(item, VehicleItem) and item.offered and vehicle is None:
                vehicle = item.id
        return [], vehicle

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        event.accept()
        actions, vehicle = self.actions_at(self.mapToScene(event.position().toPoint()))
        if len(actions) == 1:
            self.picked.emit(actions[0])
        elif actions:
            self.show_menu(actions, event.position().toPoint())
        elif vehicle is not None:
            self.selected.emit(vehicle)

    def show_menu(self, actions: list[Any], at: QPoint) -> None:
        """Direct and parabolic fire at one target: a menu names them."""
        menu = QMenu(self)
        menu.setObjectName("offer_menu")
        for action in actions:
            entry = menu.addAction(label(action))
            entry.triggered.connect(lambda _=False, a=action: self.picked.emit(a))
        self.menu = menu
        menu.popup(self.viewport().mapToGlobal(at))

    # -- where things are (tests, the prompt) ---------------------------------------------
    def point_of_square(self, sq: Square | str) -> QPoint:
        if isinstance(sq, str):
            sq = parse_square(sq)
        return self.mapFromScene(centre(sq))

    def point_of_mark(self, step: Step) -> QPoint:
        for mark in self.marks:
            if mark.action == step:
                return self.mapFromScene(mark.path().boundingRect().center())
        raise KeyError(step)

    def point_of_fire(self, fire: Fire) -> QPoint:
        """A point on the fire line's ring, off the target's own counter."""
        for line in self.lines:
            if any(s.action == fire for s in line.shots):
                c = centre(line.target)
                return self.mapFromScene(QPointF(c.x(), c.y() - S * 0.5))
        raise KeyError(fire)


def name_of(sq: Square) -> str:
    return f"{column_name(sq[0])}{sq[1] + 1}"


__all__ = ["S", "UbBoardView", "VehicleItem", "centre"]
