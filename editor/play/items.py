"""The board's own items, drawn over the map canvas: blocks (side colour, type symbol, OSL
steps, markers), wrecks and counters, the active block's reach and the targets offered.

Everything here is drawn from what one side knows (its observation and briefing): an enemy
block that is not revealed is a blank block of its colour, nothing more.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsSimpleTextItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from engine.model.cards import BlockType
from engine.model.scenario import Side

SIDE_COLOUR = {Side.green: QColor("#2e7d32"), Side.red: QColor("#c62828")}
#: NATO-like short names: read at a glance on a block a few mm wide
SYMBOL: dict[BlockType | None, str] = {
    BlockType.infantry: "INF",
    BlockType.scout: "SCT",
    BlockType.recon: "REC",
    BlockType.engineer: "ENG",
    BlockType.sniper: "SNP",
    BlockType.jfo: "JFO",
    BlockType.support_weapons: "SW",
    BlockType.platoon_leader: "PL",
    BlockType.commander: "CO",
    BlockType.command_post: "CP",
    BlockType.logistics: "LOG",
    BlockType.platoon_support: "PS",
    BlockType.unarmoured_vehicle: "UV",
    BlockType.apc: "APC",
    BlockType.armoured_vehicle: "AFV",
    BlockType.mbt: "MBT",
    None: "dmy",  # one's own dummy (5.2.1)
}
MARKER_COLOUR = {
    "A": QColor("#f9a825"),
    "R": QColor("#ef6c00"),
    "C": QColor("#616161"),
    "F": QColor("#5d4037"),
    "P": QColor("#00838f"),  # armour cover pair (10.4)
}
Z_REACH = 60
Z_BLOCK = 70
Z_TARGET = 80
Z_FOCUS = 90


@dataclass(frozen=True)
class BlockLook:
    """What a block shows: everything the viewing side may know of it, nothing more."""

    side: Side
    location: str
    key: str  # own block id, or "enemy@<location>#n": what a click names
    own: bool
    symbol: str | None  # None: a blank (hidden enemy) block
    levels: int = 4  # OSL steps (4.3.2.1)
    losses: int = 0
    markers: str = ""  # letters: A activated, R reaction, C completed, P cover pair
    revealed: bool = True  # laid flat; an own upright block is hidden from the enemy
    tip: str = ""


class BlockItem(QGraphicsItem):
    """A block: a square `size` mm wide, its colour its side's; the symbol in the middle, OSL
    steps as pips along the bottom (lost ones hollow), markers as letters on its top edge; a
    dashed edge for an own block still hidden from the enemy (upright, 4.3.2.2)."""

    def __init__(self, look: BlockLook, size: float):
        super().__init__()
        self.look = look
        self.size = size
        self.setZValue(Z_BLOCK)
        self.setAcceptHoverEvents(True)
        self.setToolTip(look.tip)
        self.selected_block = False
        self.offered = False  # the decider may click it (an activation, a reaction)
        self.flash = False  # hovered log entry names it

    def boundingRect(self) -> QRectF:
        s = self.size * 0.6
        return QRectF(-s, -s, 2 * s, 2 * s)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        s = self.size / 2
        path.addRect(QRectF(-s, -s, 2 * s, 2 * s))
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        look, s = self.look, self.size / 2
        rect = QRectF(-s, -s, 2 * s, 2 * s)
        colour = SIDE_COLOUR[look.side]
        edge = QPen(QColor("#111111"), self.size * 0.04)
        if look.own and not look.revealed:
            edge.setStyle(Qt.PenStyle.DashLine)
        if self.selected_block:
            edge = QPen(QColor("#1565c0"), self.size * 0.12)
        elif self.flash:
            edge = QPen(QColor("#ff00ff"), self.size * 0.12)
        elif self.offered:
            edge = QPen(QColor("#fdd835"), self.size * 0.1)
        painter.setPen(edge)
        painter.setBrush(QBrush(colour if look.symbol is not None else colour.darker(130)))
        painter.drawRoundedRect(rect, self.size * 0.08, self.size * 0.08)
        if look.symbol is None:
            return  # a blank block: its side and place, nothing else
        painter.setPen(QPen(QColor("white")))
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(0.5, self.size * 0.26))
        painter.setFont(font)
        painter.drawText(QRectF(-s, -s * 0.75, 2 * s, s * 1.2), Qt.AlignmentFlag.AlignCenter, look.symbol)
        # OSL steps: remaining filled, lost hollow
        pip = self.size * 0.14
        gap = pip * 0.35
        total = look.levels * pip + (look.levels - 1) * gap
        x = -total / 2
        for n in range(look.levels):
            r = QRectF(x, s * 0.45, pip, pip)
            painter.setPen(QPen(QColor("white"), self.size * 0.02))
            painter.setBrush(
                QBrush(QColor("white")) if n < look.levels - look.losses else Qt.BrushStyle.NoBrush
            )
            painter.drawRect(r)
            x += pip + gap
        # markers on the top edge
        m = self.size * 0.3
        for i, letter in enumerate(look.markers):
            r = QRectF(-s + i * m * 1.05, -s - m * 0.6, m, m)
            painter.setPen(QPen(QColor("#111111"), self.size * 0.02))
            painter.setBrush(QBrush(MARKER_COLOUR.get(letter, QColor("#9e9e9e"))))
            painter.drawRect(r)
            font.setPointSizeF(max(0.5, m * 0.6))
            painter.setFont(font)
            painter.setPen(QPen(QColor("white")))
            painter.drawText(r, Qt.AlignmentFlag.AlignCenter, letter)


def outline_path(outline: tuple[tuple[float, float], ...]) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(x, y) for x, y in outline]))
    path.closeSubpath()
    return path


class PlaceItem(QGraphicsPathItem):
    """A location the decider may click: a reach (a move with its MP), a withdrawal, a
    set-up or entry place. The label says what it costs or what it is."""

    def __init__(self, location: str, outline: tuple[tuple[float, float], ...], label: str, size: float):
        super().__init__(outline_path(outline))
        self.location = location
        self.setZValue(Z_REACH)
        self.setBrush(QBrush(QColor(30, 136, 229, 70)))
        self.setPen(QPen(QColor("#1565c0"), size * 0.05))
        if label:
            text = QGraphicsSimpleTextItem(label, self)
            font = QFont()
            font.setBold(True)
            font.setPointSizeF(max(0.5, size * 0.32))
            text.setFont(font)
            text.setBrush(QBrush(QColor("#0d47a1")))
            box = outline_path(outline).boundingRect()
            br = text.boundingRect()
            text.setPos(box.center().x() - br.width() / 2, box.bottom() - br.height() * 1.15)
        self.setAcceptHoverEvents(True)


class TargetItem(QGraphicsPathItem):
    """A ring round an enemy block the active block may fire at, assault or scout."""

    def __init__(self, location: str, centre: tuple[float, float], size: float, tip: str):
        path = QPainterPath()
        r = size * 0.85
        path.addEllipse(QPointF(*centre), r, r)
        super().__init__(path)
        self.location = location
        self.setZValue(Z_TARGET)
        self.setPen(QPen(QColor("#d50000"), size * 0.12))
        self.setBrush(Qt.BrushStyle.NoBrush)
        self.setToolTip(tip)
        self.setAcceptHoverEvents(True)


class CounterItem(QGraphicsSimpleTextItem):
    """A wreck, a barricade, an IED or a Fortified marker: a short label on its location."""

    def __init__(self, text: str, centre: tuple[float, float], size: float, colour: QColor):
        super().__init__(text)
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(0.5, size * 0.3))
        self.setFont(font)
        self.setBrush(QBrush(colour))
        self.setZValue(Z_BLOCK - 1)
        br = self.boundingRect()
        self.setPos(centre[0] - br.width() / 2, centre[1] - size * 0.95)


class ReachItem(QGraphicsItem):
    """Every location the activated block could reach further on, each with the MP it would
    have spent there: a hint, not a click (only the next steps are offered). One item paints
    them all: a vehicle's reach covers hundreds of locations, an item each cost 100+ ms."""

    def __init__(self, places: list[tuple[tuple[tuple[float, float], ...], int]], size: float):
        super().__init__()
        self.setZValue(Z_REACH - 1)
        self.size = size
        self.polygons = [(QPolygonF([QPointF(x, y) for x, y in outline]), mp) for outline, mp in places]
        self.area = QPainterPath()
        for polygon, _ in self.polygons:
            self.area.addPolygon(polygon)
        self.bounds = self.area.boundingRect()

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setBrush(QBrush(QColor(30, 136, 229, 28)))
        pen = QPen(QColor(21, 101, 192, 120), self.size * 0.03)
        pen.setStyle(Qt.PenStyle.DotLine)
        painter.setPen(pen)
        font = QFont()
        font.setPointSizeF(max(0.5, self.size * 0.26))
        painter.setFont(font)
        for polygon, _ in self.polygons:
            painter.drawPolygon(polygon)
        painter.setPen(QPen(QColor(13, 71, 161, 170)))
        for polygon, mp in self.polygons:
            box = polygon.boundingRect()
            label = QRectF(box.left(), box.bottom() - box.height() * 0.45, box.width(), box.height() * 0.4)
            painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(mp))


#: counters and markers on their chips: background, text colour
CHIP_COLOURS: dict[str | None, tuple[str, str]] = {
    None: ("#5d4037", "#ffe0b2"),  # face down: the counter's back
    "barricade": ("#6d4c41", "white"),
    "ied_uxo": ("#e65100", "white"),
    "population": ("#f5f5f5", "#212121"),
    "at_mine": ("#4a148c", "white"),
    "toxic": ("#9e9d24", "white"),
    "smoke": ("#eceff1", "#37474f"),
    "wreck": ("#212121", "white"),
    "breach": ("#455a64", "white"),
    "fortified": ("#3e2723", "#ffcc80"),
}
Z_MARK = Z_BLOCK - 2
Z_RING = Z_REACH - 5


class ChipItem(QGraphicsItem):
    """A counter or marker on its location: a small square chip with its short name (a
    face-down counter shows its back, "?"); several on one location stand in a row above
    its centre."""

    def __init__(
        self, text: str, kind: str | None, centre: tuple[float, float], size: float, n: int, tip: str
    ):
        super().__init__()
        self.text, self.kind, self.size = text, kind, size * 0.48
        self.setZValue(Z_MARK)
        self.setToolTip(tip)
        step = self.size * 1.1
        self.setPos(centre[0] - size * 0.5 + self.size / 2 + n * step, centre[1] - size * 0.78)

    def boundingRect(self) -> QRectF:
        s = self.size / 2
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        back, fore = CHIP_COLOURS.get(self.kind, ("#795548", "white"))
        rect = self.boundingRect()
        painter.setPen(QPen(QColor("#111111"), self.size * 0.06))
        painter.setBrush(QBrush(QColor(back)))
        painter.drawRect(rect)
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(0.5, self.size * (0.42 if len(self.text) <= 3 else 0.32)))
        painter.setFont(font)
        painter.setPen(QPen(QColor(fore)))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, self.text)


#: a ring's fill by the OSL it takes there (0: reached, no harm: a fortified location's 1)
RING_FILL = {
    0: QColor(255, 183, 77, 60),
    1: QColor(255, 112, 67, 90),
    2: QColor(229, 57, 53, 110),
    3: QColor(183, 28, 28, 130),
}


class RingItem(QGraphicsItem):
    """A 3D action that fell this turn: each location its rings reach filled by the OSL it
    takes there, with the number ("-2"; "-1 F" where a fortified location takes 1 less), the
    area a scouting card reveals dashed, the target crossed and named with its card."""

    def __init__(
        self,
        cells: list[tuple[tuple[tuple[float, float], ...], int, bool]],
        area: list[tuple[tuple[float, float], ...]],
        target: tuple[float, float],
        label: str,
        size: float,
        tip: str,
    ):
        super().__init__()
        self.setZValue(Z_RING)
        self.size, self.target, self.label = size, target, label
        self.cells = [(QPolygonF([QPointF(x, y) for x, y in o]), osl, fort) for o, osl, fort in cells]
        self.area = [QPolygonF([QPointF(x, y) for x, y in o]) for o in area]
        self.setToolTip(tip)
        path = QPainterPath()
        for polygon, _, _ in self.cells:
            path.addPolygon(polygon)
        for polygon in self.area:
            path.addPolygon(polygon)
        self.font = QFont()
        self.font.setBold(True)
        self.font.setPointSizeF(max(0.5, size * 0.3))
        width = QFontMetricsF(self.font).horizontalAdvance(label) + size * 0.4
        self.label_box = QRectF(target[0] - width / 2, target[1] - size * 1.9, width, size * 0.6)
        path.addRect(self.label_box)
        self.bounds = path.boundingRect()

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        s = self.size
        if self.area:
            pen = QPen(QColor(0, 96, 100, 200), s * 0.06)
            pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(QBrush(QColor(0, 151, 167, 40)))
            for polygon in self.area:
                painter.drawPolygon(polygon)
        painter.setPen(QPen(QColor(183, 28, 28, 220), s * 0.05))
        for polygon, osl, _fort in self.cells:
            painter.setBrush(QBrush(RING_FILL[min(osl, 3)]))
            painter.drawPolygon(polygon)
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(0.5, s * 0.3))
        painter.setFont(font)
        painter.setPen(QPen(QColor("#7f0000")))
        for polygon, osl, fort in self.cells:
            box = polygon.boundingRect()
            text = f"-{osl}" + (" F" if fort else "")
            painter.drawText(
                QRectF(box.left(), box.bottom() - box.height() * 0.42, box.width(), box.height() * 0.36),
                Qt.AlignmentFlag.AlignCenter,
                text,
            )
        # the target: a cross and the card's name above it
        x, y = self.target
        r = s * 0.45
        painter.setPen(QPen(QColor("#b71c1c"), s * 0.12))
        painter.drawLine(QPointF(x - r, y - r), QPointF(x + r, y + r))
        painter.drawLine(QPointF(x - r, y + r), QPointF(x + r, y - r))
        painter.setFont(self.font)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 255, 255, 215)))
        painter.drawRect(self.label_box)
        painter.setPen(QPen(QColor("#b71c1c")))
        painter.drawText(self.label_box, Qt.AlignmentFlag.AlignCenter, self.label)


class LitItem(QGraphicsItem):
    """Locations lit by flares this turn (7.3.3.4): a pale yellow wash, one item for all."""

    def __init__(self, outlines: list[tuple[tuple[float, float], ...]]):
        super().__init__()
        self.setZValue(Z_RING - 1)
        self.polygons = [QPolygonF([QPointF(x, y) for x, y in o]) for o in outlines]
        path = QPainterPath()
        for polygon in self.polygons:
            path.addPolygon(polygon)
        self.bounds = path.boundingRect()
        self.setToolTip("lit by flares this turn (7.3.3.4)")

    def boundingRect(self) -> QRectF:
        return self.bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QBrush(QColor(255, 241, 118, 90)))
        for polygon in self.polygons:
            painter.drawPolygon(polygon)
