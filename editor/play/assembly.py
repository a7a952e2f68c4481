"""The surface of a multi-sheet scenario on the board: every sheet drawn by the canvas' own
scene (as the editor shows it), at its place in the assembly and turned round when its
rotation is 180, in the battlefield's assembly millimetres, where the game's locations are.

Each sheet is drawn once into an image (DETAIL pixels a millimetre, fewer for a sheet so
large it would pass MAX_PIXELS): the board scene then holds one item per sheet instead of
every wall and hex of each. (A QPicture would stay sharp when zoomed, but the canvas' hex
grid clips itself to the device it paints on, and a picture has none.)
"""

from __future__ import annotations

import math

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from ..canvas import SheetScene
from ..export.source import PlacedSheet

#: the sheet is drawn at this many pixels per mm (the board is seldom zoomed further in)
DETAIL = 6.0
MAX_PIXELS = 12_000_000
Z_SHEET = -1000.0  # under the game's items


class SheetPicture(QGraphicsItem):
    """One sheet of the assembly."""

    def __init__(self, placed: PlacedSheet):
        super().__init__()
        self.sheet_id = placed.sheet.id
        w, h = placed.sheet.size
        self.rect = QRectF(0, 0, w, h)
        per_mm = min(DETAIL, math.sqrt(MAX_PIXELS / max(1.0, w * h)))
        self.image = QImage(
            max(1, round(w * per_mm)),
            max(1, round(h * per_mm)),
            QImage.Format.Format_ARGB32_Premultiplied,
        )
        self.image.fill(Qt.GlobalColor.white)
        scene = SheetScene()
        scene.set_sheet(placed.sheet, placed.base_dir)
        painter = QPainter(self.image)
        painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        scene.render(painter, QRectF(self.image.rect()), self.rect)
        painter.end()
        scene.set_sheet(None)
        scene.deleteLater()
        # as compile.Placement.apply: turned round in its own frame, then moved to its place
        place = placed.placement
        transform = QTransform()
        transform.translate(*place.position)
        if place.rotation == 180:
            transform.translate(w, h)
            transform.rotate(180)
        self.setTransform(transform)
        self.setZValue(Z_SHEET)
        self.setToolTip(f"Sheet {placed.sheet.id}")

    def boundingRect(self) -> QRectF:
        return self.rect

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        painter.drawImage(self.rect, self.image)
        painter.restore()


def assembly_rect(items: list[SheetPicture]) -> QRectF:
    """The assembly's extent in scene mm, with a margin as the editor gives a sheet."""
    rect = QRectF()
    for item in items:
        rect = rect.united(item.sceneBoundingRect())
    margin = max(rect.width(), rect.height()) * 0.03
    return rect.adjusted(-margin, -margin, margin, margin)
