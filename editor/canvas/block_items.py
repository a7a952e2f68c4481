"""A scenario's blocks drawn on the map while it is set up: a square in side colour with
its type symbol and id; a block set up hidden has a dashed edge and an 'H' tab (upright,
4.3.2.2). Blocks sharing a location fan out so each stays readable and clickable."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from engine.model.cards import BlockType
from engine.model.scenario import Side

from ..play.items import SIDE_COLOUR, SYMBOL

#: above the map's own items and the objectives overlay
Z_SETUP_BLOCK = 2e6


@dataclass(frozen=True)
class SetupBlock:
    pointer: str
    id: str
    side: Side
    type: BlockType
    hidden: bool
    location: str
    #: ids of the blocks mounted in it at set-up (8.2.4)
    carried: tuple[str, ...] = ()


class SetupBlockItem(QGraphicsItem):
    def __init__(self, block: SetupBlock, size: float):
        super().__init__()
        self.block = block
        self.size = size
        self.selected_block = False
        self.setZValue(Z_SETUP_BLOCK)
        self.setToolTip(
            f"{block.id} ({block.type.value.replace('_', ' ')}, {block.side.value})"
            f" at {block.location}{' - hidden' if block.hidden else ''}"
            + (f"; carries {', '.join(block.carried)}" if block.carried else "")
        )

    def boundingRect(self) -> QRectF:
        s = self.size * 0.75
        return QRectF(-s, -s, 2 * s, 2 * s)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        s = self.size / 2
        path.addRect(QRectF(-s, -s, 2 * s, 2 * s))
        return path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        b, s = self.block, self.size / 2
        rect = QRectF(-s, -s, 2 * s, 2 * s)
        edge = QPen(QColor("#111111"), self.size * 0.05)
        if b.hidden:
            edge.setStyle(Qt.PenStyle.DashLine)
        if self.selected_block:
            edge = QPen(QColor("#1565c0"), self.size * 0.14)
        painter.setPen(edge)
        painter.setBrush(QBrush(SIDE_COLOUR[b.side]))
        painter.drawRoundedRect(rect, self.size * 0.08, self.size * 0.08)
        font = QFont()
        font.setBold(True)
        font.setPointSizeF(max(0.5, self.size * 0.26))
        painter.setFont(font)
        painter.setPen(QPen(QColor("white")))
        painter.drawText(
            QRectF(-s, -s, 2 * s, s * 1.1), Qt.AlignmentFlag.AlignCenter, SYMBOL.get(b.type, "?")
        )
        font.setBold(False)
        font.setPointSizeF(max(0.5, self.size * 0.17))
        painter.setFont(font)
        painter.drawText(QRectF(-s, s * 0.05, 2 * s, s * 0.9), Qt.AlignmentFlag.AlignCenter, b.id)
        if b.carried:
            tab = QRectF(-s * 1.3, -s * 1.3, s * 1.0, s * 0.7)
            painter.setPen(QPen(QColor("#111111"), self.size * 0.03))
            painter.setBrush(QBrush(QColor("white")))
            painter.drawRect(tab)
            painter.setPen(QPen(QColor("#111111")))
            painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, f"+{len(b.carried)}")
        if b.hidden:
            tab = QRectF(s * 0.45, -s * 1.3, s * 0.85, s * 0.7)
            painter.setPen(QPen(QColor("#111111"), self.size * 0.03))
            painter.setBrush(QBrush(QColor("#fdd835")))
            painter.drawRect(tab)
            painter.setPen(QPen(QColor("#111111")))
            painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, "H")


def fan(n: int, size: float) -> list[tuple[float, float]]:
    """Offsets of `n` blocks sharing a location: a row centred on it, wrapped by threes."""
    out = []
    rows = (n + 2) // 3
    step = size * 1.08
    for i in range(n):
        row, col = divmod(i, 3)
        in_row = min(3, n - row * 3)
        out.append(((col - (in_row - 1) / 2) * step, (row - (rows - 1) / 2) * step))
    return out


#: under the blocks, over the map
Z_SETUP_MARK = 1.9e6


class SetupMark(QGraphicsItem):
    """A set-up mark on a location: a tinted outline (deployment area, entry hex, objective)
    and/or a small labelled tab (NML counter, allotment, entry), `tip` saying what it is."""

    def __init__(
        self,
        outline: list[tuple[float, float]],
        colour: QColor,
        label: str = "",
        fill: bool = False,
        size: float = 4.0,
        tip: str = "",
        slot: int = 0,
    ):
        super().__init__()
        self.path = QPainterPath()
        if outline:
            self.path.moveTo(*outline[0])
            for p in outline[1:]:
                self.path.lineTo(*p)
            self.path.closeSubpath()
        self.colour = colour
        self.label = label
        self.fill = fill
        self.size = size
        self.slot = slot
        xs = [p[0] for p in outline] or [0.0]
        ys = [p[1] for p in outline] or [0.0]
        self.anchor = (min(xs) + (max(xs) - min(xs)) * 0.2, max(ys) - (max(ys) - min(ys)) * 0.25)
        self.setZValue(Z_SETUP_MARK)
        self.setToolTip(tip)

    def _tab(self) -> QRectF:
        w, h = self.size * (0.5 + 0.32 * len(self.label)), self.size
        return QRectF(self.anchor[0] + self.slot * (w + 0.5), self.anchor[1] - h / 2, w, h)

    def boundingRect(self) -> QRectF:
        rect = self.path.boundingRect().adjusted(-1, -1, 1, 1)
        return rect.united(self._tab()) if self.label else rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if not self.path.isEmpty() and (self.fill or not self.label):
            tint = QColor(self.colour)
            tint.setAlpha(70)
            painter.setPen(QPen(self.colour, 0.6, Qt.PenStyle.DashLine))
            painter.setBrush(QBrush(tint) if self.fill else Qt.BrushStyle.NoBrush)
            painter.drawPath(self.path)
        if self.label:
            tab = self._tab()
            painter.setPen(QPen(QColor("#111111"), 0.3))
            painter.setBrush(QBrush(self.colour))
            painter.drawRect(tab)
            font = QFont()
            font.setBold(True)
            font.setPointSizeF(max(0.5, self.size * 0.55))
            painter.setFont(font)
            painter.setPen(QPen(QColor("white")))
            painter.drawText(tab, Qt.AlignmentFlag.AlignCenter, self.label)
