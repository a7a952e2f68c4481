"""The assembled map as a PNG at a chosen resolution and as an SVG drawing in millimetres."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgGenerator

from .map_paint import paint_map
from .source import ExportSource

MM_PER_INCH = 25.4
DEFAULT_DPI = 150
#: a PNG larger than this many pixels is refused (a 200 x 200 mm sheet at 1200 dpi is 89 Mpx)
MAX_PIXELS = 400_000_000


class ExportError(Exception):
    """An export that cannot be written; the message names the file."""


def check_target(out: Path) -> None:
    """Refuse an output Qt could not open, with the reason (Qt would only warn)."""
    if not out.parent.is_dir():
        raise ExportError(f"{out}: the folder {out.parent} does not exist")
    if out.is_dir():
        raise ExportError(f"{out}: is a folder")


def png_size(source: ExportSource, dpi: int) -> QSize:
    _l, _t, width, height = source.bounds()
    return QSize(max(1, round(width / MM_PER_INCH * dpi)), max(1, round(height / MM_PER_INCH * dpi)))


def write_png(source: ExportSource, out: Path, dpi: int = DEFAULT_DPI) -> QSize:
    """The map at `dpi` pixels per inch of the printed sheet; the file says its resolution."""
    check_target(out)
    size = png_size(source, dpi)
    if size.width() * size.height() > MAX_PIXELS:
        raise ExportError(
            f"{out}: {size.width()} x {size.height()} pixels at {dpi} dpi is too large; lower --dpi"
        )
    image = QImage(size, QImage.Format.Format_RGB32)  # opaque paper: no alpha to encode
    if image.isNull():
        raise ExportError(f"{out}: not enough memory for {size.width()} x {size.height()} pixels")
    image.fill(QColor("white"))
    dots_per_metre = round(dpi / MM_PER_INCH * 1000)
    image.setDotsPerMeterX(dots_per_metre)
    image.setDotsPerMeterY(dots_per_metre)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_map(painter, source, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    if not image.save(str(out), "PNG"):  # type: ignore[call-overload]  # (the stubs say bytes, Qt takes str)
        raise ExportError(f"{out}: cannot write the file")
    return size


def write_svg(source: ExportSource, out: Path) -> None:
    """An SVG whose user units are the sheet's millimetres (a 900 mm map is 900 mm wide)."""
    check_target(out)
    _l, _t, width, height = source.bounds()
    generator = QSvgGenerator()
    generator.setFileName(str(out))
    generator.setTitle(source.title)
    generator.setDescription("Exported by UO Studio")
    # 1 user unit = 0.1 mm: fine lines keep their width, sizes stay true on paper
    generator.setResolution(round(MM_PER_INCH * 10))
    generator.setSize(QSize(round(width * 10), round(height * 10)))
    generator.setViewBox(QRectF(0, 0, width * 10, height * 10))
    painter = QPainter()
    if not painter.begin(generator):
        raise ExportError(f"{out}: cannot write the file")
    paint_map(painter, source, QRectF(0, 0, width * 10, height * 10))
    painter.end()
    if not out.is_file():
        raise ExportError(f"{out}: cannot write the file")
