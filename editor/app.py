"""Entry point of the editor (`uo edit`)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication

from engine.io.problems import LoadError

from . import gc_guard
from .main_window import APP_NAME, MainWindow, problems_message

SCREENSHOT_SIZE = (1600, 1000)
#: A screenshot waits this long for the Validation dock's result, then shows "checking…"
SCREENSHOT_VALIDATION_MS = 3000


def application() -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    # Qt's raster engine hands every fill of 96 spans or more to a pool of threads and
    # waits for them: for the canvas' hundreds of small translucent shapes (fire arcs,
    # hex lines) the hand-over costs several times the fill (83 fire arcs: 11 ms, 1.2 ms
    # without). Qt reads the variable (only whether it is set) when the pool is first
    # wanted, so before any painting.
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
    QCoreApplication.setOrganizationName(APP_NAME)
    QCoreApplication.setApplicationName(APP_NAME)
    app = QApplication(sys.argv[:1])
    gc_guard.install(app)  # cyclic garbage is collected on this thread only (gc_guard.py)
    return app


def _wait_for_validation(window: MainWindow, ms: int) -> None:
    """Let the worker's check arrive (it runs off the GUI thread), at most `ms`."""
    if window.validation.settled:
        return
    loop = QEventLoop()
    window.validation.validated.connect(loop.quit)
    QTimer.singleShot(ms, loop.quit)
    loop.exec()
    window.validation.validated.disconnect(loop.quit)


def take_screenshot(
    window: MainWindow, out: Path, zoom: float | None = None, center: tuple[float, float] | None = None
) -> None:
    """Lay the window out at a fixed size, fit the sheet (then zoom in `zoom` times and
    centre on `center`, in sheet mm, when given) and save what it shows."""
    app = QApplication.instance()
    # laid out and painted like a shown window, without flashing on a real screen
    window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    window.resize(*SCREENSHOT_SIZE)
    window.show()
    assert app is not None
    app.processEvents()
    _wait_for_validation(window, SCREENSHOT_VALIDATION_MS)
    # a square board has a view of its own (editor/ub/)
    view = window.ub_ui.view if window.ub_ui.active else window.view
    view.fit_sheet()
    if zoom is not None:
        view.zoom(zoom)
    if center is not None:
        view.centerOn(*center)
    app.processEvents()
    if not window.grab().save(str(out)):
        raise OSError(f"cannot write {out}")


def run_editor(
    file: str | None,
    screenshot: str | None = None,
    zoom: float | None = None,
    center: tuple[float, float] | None = None,
) -> int:
    app = application()
    window = MainWindow()
    if screenshot is not None:
        try:
            if file is not None:
                window.load(file)
            take_screenshot(window, Path(screenshot), zoom, center)
        except LoadError as exc:
            print(problems_message(exc.problems), file=sys.stderr)
            return 2
        except OSError as exc:
            print(f"uo edit: {exc}", file=sys.stderr)
            return 1
        finally:
            window.close()
            window.deleteLater()
        return 0
    window.show()
    if file is not None:
        window.open_file(file)
    else:
        window.autosave.offer_untitled_recovery()
    return int(app.exec())
