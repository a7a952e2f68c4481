"""The scanned map under the drawing, placed by its calibration transform."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QImageReader, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem

from engine.model.sheet import Background

from . import style

#: Scans decoded recently, by (path, mtime, size): the scene is rebuilt after every edit and
#: decoding a 300 dpi scan again each time would make every edit lag.
_CACHE: OrderedDict[tuple[str, int, int], Scan] = OrderedDict()
_CACHE_SIZE = 3
INCHES_PER_METRE = 1 / 0.0254


@dataclass(frozen=True)
class Scan:
    pixmap: QPixmap
    #: resolution the file states (Qt reports 96 dpi when it states none)
    dpi: float


def scan_path(background: Background, base_dir: Path | None) -> Path:
    path = Path(background.image)
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    return path


def load_scan(path: Path) -> tuple[Scan | None, str]:
    """The scan, or None and why it could not be read."""
    try:
        stat = path.stat()
    except OSError as exc:
        return None, f"{path.name}: {exc.strerror}"
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    scan = _CACHE.get(key)
    if scan is not None:
        _CACHE.move_to_end(key)
        return scan, ""
    reader = QImageReader(str(path))
    image = reader.read()
    if image.isNull():
        return None, f"{path.name}: {reader.errorString()}"
    scan = Scan(QPixmap.fromImage(image), image.dotsPerMeterX() / INCHES_PER_METRE)
    _CACHE[key] = scan
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return scan, ""


def qtransform(transform: tuple[float, float, float, float, float, float]) -> QTransform:
    a, b, c, d, e, f = transform
    # x = a*u + b*v + c, y = d*u + e*v + f  ->  QTransform(m11, m12, m21, m22, dx, dy)
    return QTransform(a, d, b, e, c, f)


class BackgroundItem(QGraphicsPixmapItem):
    def __init__(self, background: Background, base_dir: Path | None):
        super().__init__()
        self.setZValue(style.Z_BACKGROUND)
        self.setTransformationMode(style.SMOOTH)
        scan, error = load_scan(scan_path(background, base_dir))
        #: why the scan is missing, for the status bar (the validator owns the report)
        self.error = error
        if scan is not None:
            self.setPixmap(scan.pixmap)
        self.setTransform(qtransform(background.transform))
        self.setOpacity(background.opacity)
