"""View > Legend (F1) for a square board: each terrain as the canvas draws it, with what it
means in the rules (rulebook: Terrain Specifics), and a mission's marks (a piece's front, the
command tank, the squares of a break-through goal). The hex sheets' legend
(editor/panels/legend.py) is put away with the hex tools."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QStyleOptionGraphicsItem, QWidget

from engine.model.square_board import SquareTerrain

from .items import GOAL, PieceItem, terrain_icon

ICON = 40

#: what each terrain does, in the rulebook's terms (docs/rules-ub.md's interpretations)
MEANINGS = {
    SquareTerrain.open: "Open ground ('.')",
    SquareTerrain.building: "Building ('B'): blocks movement, line of sight and low trajectories",
    SquareTerrain.low: "Low obstacle, white border ('o'): blocks movement, not fire",
    SquareTerrain.water: "Water, white dot ('~'): a step started on it costs two speed points",
    SquareTerrain.deep: "Water marked x ('x'): amphibious vehicles only",
    SquareTerrain.bridge: "Bridge ('='): open ground over the water",
    SquareTerrain.passage_ns: "Narrow passage north-south ('|'): entered and left along its arrow only",
    SquareTerrain.passage_ew: "Narrow passage east-west ('-'): entered and left along its arrow only",
}


def _piece_icon(side: str, command: bool) -> QIcon:
    pixmap = QPixmap(ICON, ICON)
    pixmap.fill(QColor("#ebe6d6"))
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.translate(ICON / 2, ICON / 2)
    PieceItem((0, 0), ICON, side, "NE", "MED", command).paint(painter, QStyleOptionGraphicsItem())
    painter.end()
    return QIcon(pixmap)


def _goal_icon() -> QIcon:
    pixmap = QPixmap(ICON, ICON)
    pixmap.fill(QColor("#ebe6d6"))
    painter = QPainter(pixmap)
    painter.setPen(QPen(GOAL, 3, Qt.PenStyle.DashLine))
    painter.drawRect(QRectF(4, 4, ICON - 8, ICON - 8))
    painter.end()
    return QIcon(pixmap)


class BoardLegend(QListWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("ub_legend")
        self.setIconSize(QSize(ICON, ICON))
        self.setWordWrap(True)
        for terrain, text in MEANINGS.items():
            self.addItem(QListWidgetItem(terrain_icon(terrain.value, ICON), text))
        rows = [
            (_piece_icon("green", False), "A green piece: its type, its front (the white mark) facing NE"),
            (_piece_icon("red", True), "A red command tank (the star; optional rule Command Tank)"),
            (_goal_icon(), "A square the attacker must reach (break-through goal)"),
        ]
        for icon, text in rows:
            self.addItem(QListWidgetItem(icon, text))
