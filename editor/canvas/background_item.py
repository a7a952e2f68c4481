"""The scanned map under the drawing, placed by its calibration transform."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImageReader, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsPixmapItem

from engine.model.sheet import Background

from . import style


class BackgroundItem(QGraphicsPixmapItem):
    def __init__(self, background: Background, base_dir: Path | None):
        super().__init__()
        self.setZValue(style.Z_BACKGROUND)
        self.setTransformationMode(style.SMOOTH)
        path = Path(background.image)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        reader = QImageReader(str(path))
        image = reader.read()
        #: why the scan is missing, for the status bar (the validator owns the report)
        self.error = "" if not image.isNull() else f"{path.name}: {reader.errorString()}"
        if not image.isNull():
            self.setPixmap(QPixmap.fromImage(image))
        a, b, c, d, e, f = background.transform
        # x = a*u + b*v + c, y = d*u + e*v + f  ->  QTransform(m11, m12, m21, m22, dx, dy)
        self.setTransform(QTransform(a, d, b, e, c, f))
        self.setOpacity(background.opacity)
