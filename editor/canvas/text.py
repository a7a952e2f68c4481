"""Text as painter paths, sized in millimetres of the sheet.

Fonts are sized in points or whole pixels, which breaks down at the scales of a sheet
(a 2 mm label); a path built once at a comfortable size and scaled down stays crisp at
every zoom and can carry a halo for legibility over any terrain.
"""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPainterPathStroker,
    QPen,
    QTransform,
)

_BUILD_PIXELS = 64


def _font(bold: bool) -> QFont:
    font = QFont("DejaVu Sans")
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPixelSize(_BUILD_PIXELS)
    font.setBold(bold)
    return font


#: Characters set in equal advances, never kerned (the digits are tabular): a text of
#: them is its glyphs side by side, exactly as `addText` lays it out
_TABULAR = frozenset("0123456789.")


@lru_cache(maxsize=64)
def _glyph(char: str, bold: bool) -> tuple[QPainterPath, float]:
    path = QPainterPath()
    font = _font(bold)
    path.addText(QPointF(0, 0), font, char)
    return path, QFontMetricsF(font).horizontalAdvance(char)


@lru_cache(maxsize=4096)
def _outline(text: str, bold: bool) -> QPainterPath:
    """The glyph outlines of `text` at the build size. Cached: the scene is redrawn from
    the model on every edit (every mouse move of a drag) and `addText` dominates that.
    Hex numbers (a thousand on a sheet, each its own text) are put together from the
    outlines of their digits: `addText` would lay each out afresh, the most of opening."""
    path = QPainterPath()
    if len(text) > 1 and _TABULAR.issuperset(text):
        x = 0.0
        for char in text:
            glyph, advance = _glyph(char, bold)
            path.addPath(glyph.translated(x, 0.0))
            x += advance
        return path
    path.addText(QPointF(0, 0), _font(bold), text)
    return path


def text_path(text: str, height: float, centre: tuple[float, float], *, bold: bool = False) -> QPainterPath:
    """The outline of `text`, its cap height about `height` mm, centred on `centre`."""
    # a copy of the cached outline: QPainterPath shares its data until one is changed
    path = QPainterPath(_outline(text, bold))
    box = path.boundingRect()
    if box.isEmpty():
        return path
    k = height / box.height()
    t = QTransform()
    t.translate(centre[0], centre[1])
    t.scale(k, k)
    t.translate(-box.center().x(), -box.center().y())
    return t.map(path)


@lru_cache(maxsize=4096)
def _halo_outline(text: str, height: float, bold: bool, width: float) -> QPainterPath:
    stroker = QPainterPathStroker()
    stroker.setWidth(width)
    stroker.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    # the stroke is a pile of overlapping pieces (a quad per segment, a disc per join):
    # their union has a quarter of the vertices, and filling it is three times faster
    return stroker.createStroke(text_path(text, height, (0.0, 0.0), bold=bold)).simplified()


def text_halo(
    text: str, height: float, centre: tuple[float, float], width: float, *, bold: bool = False
) -> QPainterPath:
    """The area a halo pen `width` mm wide (round joins) covers around `text_path(text,
    height, centre)`: filled, it looks as the stroke, and costs a fraction of stroking at
    every repaint (the stroke is made once per label text, its outline moved into place)."""
    return _halo_outline(text, height, bold, width).translated(*centre)


def draw_text_path(
    painter: QPainter, path: QPainterPath, colour: QColor, halo: QColor | None, halo_width: float
) -> None:
    """Fill a text path, over a halo stroke when one is given."""
    if halo is not None:
        pen = QPen(halo, halo_width)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        painter.strokePath(path, pen)
    painter.fillPath(path, colour)
