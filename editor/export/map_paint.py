"""Painting the assembled map on any paint device (image, SVG, PDF page): each sheet drawn
by the canvas' own scene at its place in the assembly, then the scenario's set-up over it
(blocks in side colour with type and id, hidden ones dashed, No Man's Land counters) and
its control objectives ringed in gold (buildings to control outlined in gold)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF

from engine.model.scenario import ControlBuildings, ControlLocations, Scenario

from ..canvas import SheetScene
from .source import ExportSource, Pt

SIDE_COLOURS = {"green": QColor("#2e7d32"), "red": QColor("#c62828")}
OBJECTIVE = QColor("#f2b705")
COUNTER = QColor("#5d4037")
#: short type marks printed on a block (its card names it in full)
TYPE_MARKS = {
    "infantry": "INF",
    "scout": "SCT",
    "recon": "REC",
    "engineer": "ENG",
    "sniper": "SNP",
    "jfo": "JFO",
    "support_weapons": "SW",
    "platoon_leader": "PL",
    "commander": "CO",
    "command_post": "CP",
    "logistics": "LOG",
    "platoon_support": "PS",
    "unarmoured_vehicle": "VEH",
    "apc": "APC",
    "armoured_vehicle": "AV",
    "mbt": "MBT",
}


def paint_map(painter: QPainter, source: ExportSource, target: QRectF, overlays: bool = True) -> float:
    """Draw the assembly fitted (aspect kept, centred) into `target` (device units); returns
    the scale in device units per mm."""
    left, top, width, height = source.bounds()
    if width <= 0 or height <= 0:
        return 0.0
    scale = min(target.width() / width, target.height() / height)
    painter.save()
    painter.translate(
        target.left() + (target.width() - width * scale) / 2,
        target.top() + (target.height() - height * scale) / 2,
    )
    painter.scale(scale, scale)
    painter.translate(-left, -top)
    for placed in source.sheets:
        sheet = placed.sheet
        w, h = sheet.size
        scene = SheetScene()
        scene.set_sheet(sheet, placed.base_dir)
        painter.save()
        painter.translate(*placed.placement.position)
        if placed.placement.rotation == 180:
            painter.translate(w, h)
            painter.rotate(180)
        rect = QRectF(0, 0, w, h)
        scene.render(painter, rect, rect)
        painter.restore()
        scene.set_sheet(None)
        scene.deleteLater()
    if overlays and source.scenario is not None:
        size = min(p.sheet.grid.size for p in source.sheets)
        paint_setup(painter, source, source.scenario, size)
    painter.restore()
    return scale


def paint_setup(painter: QPainter, source: ExportSource, scenario: Scenario, hex_size: float) -> None:
    """Objectives, then counters, then blocks (several at one location fan out)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = hex_size * 0.8
    for condition in scenario.victory.conditions:
        if isinstance(condition, ControlBuildings):
            painter.setPen(QPen(OBJECTIVE, hex_size * 0.14))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for outline in source.building_outlines(condition.buildings):
                painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in outline]))
        if isinstance(condition, ControlLocations):
            for location in condition.locations:
                point = source.point_of(location)
                if point is not None:
                    painter.setPen(QPen(OBJECTIVE, hex_size * 0.14))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawEllipse(QPointF(*point), radius, radius)
    stacks: dict[Pt, int] = {}
    mark = hex_size * 0.85
    for counter in scenario.no_mans_land:
        point = source.point_of(counter.at)
        if point is None:
            continue
        n = stacks.get(point, 0)
        stacks[point] = n + 1
        x, y = point[0] + n * mark * 0.35, point[1] + n * mark * 0.35
        painter.setPen(QPen(Qt.GlobalColor.white, hex_size * 0.02))
        painter.setBrush(QBrush(COUNTER))
        rect = QRectF(x - mark / 2, y - mark / 2, mark, mark)
        painter.drawRect(rect)
        _text(painter, rect, counter.kind.value[:4].upper(), Qt.GlobalColor.white)
    for side_name, side in (("green", scenario.sides.green), ("red", scenario.sides.red)):
        colour = SIDE_COLOURS[side_name]
        for force in side.impulse_forces:
            for block in force.blocks:
                if block.at is None or block.mounted_in is not None:
                    continue
                point = source.point_of(block.at)
                if point is None:
                    continue
                n = stacks.get(point, 0)
                stacks[point] = n + 1
                x, y = point[0] + n * mark * 0.35, point[1] + n * mark * 0.35
                pen = QPen(
                    Qt.GlobalColor.white if not block.hidden else Qt.GlobalColor.black, hex_size * 0.025
                )
                if block.hidden:
                    pen.setStyle(Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(QBrush(colour))
                rect = QRectF(x - mark / 2, y - mark / 2, mark, mark)
                painter.drawRect(rect)
                top = QRectF(rect.left(), rect.top(), rect.width(), rect.height() / 2)
                bottom = QRectF(rect.left(), rect.center().y(), rect.width(), rect.height() / 2)
                _text(painter, top, TYPE_MARKS.get(block.type.value, "?"), Qt.GlobalColor.white)
                _text(painter, bottom, block.id, Qt.GlobalColor.white)


#: text is laid out at this many units per line, then scaled to the millimetres it gets
#: (fonts have whole pixel sizes: a 3 mm font at 1 unit per mm would round to 2 or 3)
TEXT_UNITS = 100.0


def _text(painter: QPainter, rect: QRectF, text: str, colour: Qt.GlobalColor) -> None:
    """`text` centred in `rect`, as large as fits its height (and width)."""
    font = QFont("DejaVu Sans")
    font.setPixelSize(round(TEXT_UNITS * 0.8))
    font.setBold(True)
    painter.save()
    painter.setFont(font)
    width = painter.fontMetrics().horizontalAdvance(text) or 1
    scale = min(rect.height() / TEXT_UNITS, rect.width() * 0.92 / width)
    painter.translate(rect.center())
    painter.scale(scale, scale)
    painter.setPen(QPen(colour))
    box = QRectF(-width / 2, -TEXT_UNITS / 2, width, TEXT_UNITS)
    painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
    painter.restore()
