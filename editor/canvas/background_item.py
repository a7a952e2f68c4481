"""The scanned map under the drawing, placed by its calibration transform."""

from __future__ import annotations

import os
import stat
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
#: A larger file is refused before reading: no sheet's scan comes near it
MAX_SCAN_BYTES = 512 * 2**20


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


def _scan_file_problem(path: Path) -> str:
    """Why `path` cannot be a scan before reading a byte of it ("" when it may be one):
    a FIFO would block the editor and a device would feed it forever."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "a folder on its path is a file"
    except PermissionError:
        return "permission denied"
    except OSError as exc:  # a symlink loop, a name too long...
        return exc.strerror or type(exc).__name__
    if stat.S_ISDIR(st.st_mode):
        return "a folder, not an image file"
    if not stat.S_ISREG(st.st_mode):
        return "not a regular file (a device, FIFO or socket)"
    if st.st_size == 0:
        return "an empty file"
    if st.st_size > MAX_SCAN_BYTES:
        return f"{st.st_size / 2**20:,.0f} MB, over the {MAX_SCAN_BYTES // 2**20} MB a scan may have"
    if not os.access(path, os.R_OK):
        return "permission denied"
    return ""


def load_scan(path: Path) -> tuple[Scan | None, str]:
    """The scan, or None and why it could not be read (missing, a folder, not a regular
    file, not an image, damaged, too large), the file named."""
    problem = _scan_file_problem(path)
    if problem:
        return None, f"{path.name}: {problem}"
    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    scan = _CACHE.get(key)
    if scan is not None:
        _CACHE.move_to_end(key)
        return scan, ""
    reader = QImageReader(str(path))
    if not reader.canRead():
        return None, f"{path.name}: not an image the editor can read (PNG, JPEG, TIFF...)"
    size = reader.size()
    limit = QImageReader.allocationLimit()
    if size.isValid() and limit and size.width() * size.height() * 4 > limit * 2**20:
        return None, (
            f"{path.name}: {size.width():,} × {size.height():,} pixels, too large to decode"
            f" (over {limit} MB); scan it at a lower resolution"
        )
    image = reader.read()
    if image.isNull():
        return None, f"{path.name}: damaged or truncated image ({reader.errorString()})"
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
