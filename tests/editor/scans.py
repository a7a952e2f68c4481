"""Scans drawn on demand: a printed hex grid (outlines, centre dots, CCRR numbers) rendered
into an image at a known resolution, rotation and offset, so calibration has a truth."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF, QTransform

from editor.canvas.text import text_path
from engine.geometry.hexgrid import HexGrid
from engine.model.sheet import Grid

DOT = QColor(220, 0, 0)


@dataclass
class Scan:
    image: QImage
    grid: Grid
    px_per_mm: float
    #: sheet mm -> scan pixels (the truth the calibration must find)
    to_px: Callable[[float, float], tuple[float, float]]

    def centre_px(self, label: str) -> tuple[float, float]:
        return self.to_px(*HexGrid(self.grid).centre(label))

    def save(self, path: Path) -> Path:
        assert self.image.save(str(path))
        return path


def draw_scan(
    grid: Grid, dpi: float, degrees: float, offset: tuple[float, float], size: tuple[int, int]
) -> Scan:
    px_per_mm = dpi / 25.4
    transform = QTransform()
    transform.translate(*offset)
    transform.rotate(degrees)
    transform.scale(px_per_mm, px_per_mm)
    image = QImage(size[0], size[1], QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    image.setDotsPerMeterX(round(px_per_mm * 1000))
    image.setDotsPerMeterY(round(px_per_mm * 1000))
    hg = HexGrid(grid)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setTransform(transform)
    painter.setPen(QPen(QColor(40, 40, 40), grid.size * 0.03))
    for label in hg.labels():
        painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in hg.corners(label)]))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(DOT)
    for label in hg.labels():
        x, y = hg.centre(label)
        painter.drawEllipse(QPointF(x, y), grid.size * 0.08, grid.size * 0.08)
        top = y - grid.size * 0.866 + grid.size * 0.3
        painter.fillPath(text_path(label, grid.size * 0.18, (x, top)), QColor("black"))
    painter.end()

    def to_px(x: float, y: float) -> tuple[float, float]:
        p = transform.map(QPointF(x, y))
        return p.x(), p.y()

    return Scan(image, grid, px_per_mm, to_px)


def find_dot(image: QImage, near: tuple[float, float], radius: float) -> tuple[float, float]:
    """Centroid of the red centre dot near a rough click (what a careful designer hits)."""
    cx, cy = near
    sx = sy = n = 0.0
    r = math.ceil(radius)
    for y in range(int(cy) - r, int(cy) + r + 1):
        for x in range(int(cx) - r, int(cx) + r + 1):
            if not (0 <= x < image.width() and 0 <= y < image.height()):
                continue
            c = image.pixelColor(x, y)
            if c.red() > 150 and c.green() < 110 and c.blue() < 110:
                sx += x + 0.5
                sy += y + 0.5
                n += 1
    assert n, f"no centre dot near {near}"
    return sx / n, sy / n
