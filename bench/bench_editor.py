"""Editor: open the sample sheet in the main window and fit it; redraw the whole sheet."""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path

from .timing import fmt, row

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
#: a typical window: the canvas of a 1400 x 900 window with its docks
WINDOW_SIZE = (1400, 900)
OPEN_TARGET = 1.0
REDRAW_TARGET = 0.016
REDRAWS = 30
#: zoom steps (and edits) timed for the first frames after them
STEPS = 5


def _ratio(seconds: float, target: float) -> str:
    return f"{seconds / target:5.2f} of the {fmt(target).strip()} target"


def run() -> None:
    # a benchmark runs headless unless told otherwise
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QApplication, QGraphicsItem

    from editor.app import application
    from editor.canvas.sheet_view import ZOOM_STEP
    from editor.main_window import MainWindow

    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.resize(*WINDOW_SIZE)
        window.show()
        QApplication.processEvents()

        opens = []
        for _ in range(5):
            t0 = time.perf_counter()
            window.load(SHEET)
            window.view.fit_sheet()
            QApplication.processEvents()
            opens.append(time.perf_counter() - t0)
        row("open A-harbour.yaml in the window and fit (first)", opens[0], _ratio(opens[0], OPEN_TARGET))
        row(
            "open A-harbour.yaml in the window and fit (best of 5)",
            min(opens),
            _ratio(min(opens), OPEN_TARGET),
        )

        view = window.view
        size = view.viewport().size()
        where = f"{size.width()}x{size.height()} px"
        image = QImage(size, QImage.Format.Format_ARGB32_Premultiplied)

        def to_image() -> float:
            t0 = time.perf_counter()
            painter = QPainter(image)
            view.render(painter)
            painter.end()
            return time.perf_counter() - t0

        def on_screen() -> float:
            t0 = time.perf_counter()
            view.viewport().repaint()
            return time.perf_counter() - t0

        # the caching the editor sets up (item caches, if any), to restore after "uncached"
        def app_caching() -> dict[QGraphicsItem, QGraphicsItem.CacheMode]:
            return {item: item.cacheMode() for item in window.scene.items()}

        def set_caching(modes: dict[QGraphicsItem, QGraphicsItem.CacheMode] | None) -> None:
            for item in window.scene.items():
                item.setCacheMode(QGraphicsItem.CacheMode.NoCache if modes is None else modes[item])

        def zoom_step(i: int) -> None:
            # one wheel step, in then out, around the same centre: the scale changes, so
            # whatever depends on it (item caches, tiles by zoom) is redone
            centre = view.mapToScene(view.viewport().rect().center())
            view.zoom(ZOOM_STEP if i % 2 == 0 else 1 / ZOOM_STEP)
            view.centerOn(centre)

        sheet = window.scene.sheet
        sheet_path = window.current_sheet_path()
        base_dir = sheet_path.parent if sheet_path else None
        for label, zoom in (("whole sheet (fitted)", 1.0), ("zoomed in x6 (hex numbers shown)", 6.0)):
            view.fit_sheet()
            if zoom != 1.0:
                view.zoom(zoom)
            QApplication.processEvents()
            print(f"  redraw, {label}, viewport {where}:")
            for how, fn in (("repaint on screen", on_screen), ("render to a QImage", to_image)):
                modes = app_caching()
                # every item drawn from scratch (no item caches)
                set_caching(None)
                fn()
                times = [fn() for _ in range(REDRAWS)]
                row(
                    f"  {how}, uncached: median",
                    statistics.median(times),
                    _ratio(statistics.median(times), REDRAW_TARGET),
                )
                set_caching(modes)
                # the first frame after a wheel step (no events in between: nothing has
                # painted at the new scale before)
                colds = []
                for i in range(2 * STEPS):
                    zoom_step(i)
                    colds.append(fn())
                row(
                    f"  {how}, first frame after a zoom step",
                    statistics.median(colds),
                    _ratio(statistics.median(colds), REDRAW_TARGET),
                )
                # an edit redraws the sheet from the model: the first frame after it
                firsts = []
                for _ in range(STEPS):
                    window.scene.set_sheet(sheet, base_dir)
                    firsts.append(fn())
                row(
                    f"  {how}, first frame after an edit",
                    statistics.median(firsts),
                    _ratio(statistics.median(firsts), REDRAW_TARGET),
                )
                # repaints at the same scale (pans, hover, selection), with the editor's caching
                fn()
                times = [fn() for _ in range(REDRAWS)]
                best, median = min(times), statistics.median(times)
                row(f"  {how}, cached: best", best, _ratio(best, REDRAW_TARGET))
                row(f"  {how}, cached: median", median, _ratio(median, REDRAW_TARGET))
        window.autosave.discard_all()
        window.deleteLater()
        app.processEvents()
