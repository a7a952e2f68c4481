"""A printed square segment drawn on demand (grid lines, a few buildings) at a known
resolution, rotation and offset, so a calibration has a truth to find."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTransform


@dataclass
class SquareScan:
    image: QImage
    transform: QTransform  # segment lattice (a square = 1) -> pixels

    def corner_px(self, col: int, row: int) -> tuple[float, float]:
        p = self.transform.map(QPointF(col, row))
        return p.x(), p.y()

    def save(self, path: Path) -> Path:
        assert self.image.save(str(path))
        return path


def draw_square_scan(
    width: int,
    height: int,
    px_per_square: float,
    degrees: float,
    offset: tuple[float, float],
    dpi: float = 150.0,
) -> SquareScan:
    transform = QTransform()
    transform.translate(*offset)
    transform.rotate(degrees)
    transform.scale(px_per_square, px_per_square)
    w = int(offset[0] * 2 + width * px_per_square + 40)
    h = int(offset[1] * 2 + height * px_per_square + 40)
    image = QImage(w, h, QImage.Format.Format_RGB32)
    image.fill(QColor("#f3efe2"))
    dpm = round(dpi / 0.0254)
    image.setDotsPerMeterX(dpm)
    image.setDotsPerMeterY(dpm)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setTransform(transform)
    for col, row in ((1, 1), (2, 1), (4, 3)):
        painter.fillRect(QRectF(col, row, 1, 1), QColor("#8a6a55"))
    painter.setPen(QPen(QColor(30, 30, 30), 0.03))
    for col in range(width + 1):
        painter.drawLine(QPointF(col, 0), QPointF(col, height))
    for row in range(height + 1):
        painter.drawLine(QPointF(0, row), QPointF(width, row))
    painter.end()
    return SquareScan(image, transform)
