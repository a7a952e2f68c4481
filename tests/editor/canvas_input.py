"""Driving the canvas with real mouse and keyboard events, positioned in sheet millimetres."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from editor.main_window import MainWindow

Pt = tuple[float, float]
LEFT = Qt.MouseButton.LeftButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def to_viewport(window: MainWindow, p: Pt) -> QPoint:
    """The viewport pixel showing the sheet point p (mm)."""
    # let pending layout (tool options bar, docks) settle so the mapping is the one the event meets
    QApplication.processEvents()
    return window.view.mapFromScene(QPointF(*p))


def zoom_on(window: MainWindow, centre: Pt, pixels_per_mm: float = 6.0) -> None:
    """A fixed zoom, so a pixel is a known fraction of a millimetre."""
    QApplication.processEvents()
    view = window.view
    view.zoom(pixels_per_mm / view.current_scale())  # also stops the view refitting the sheet
    view.centerOn(QPointF(*centre))
    QApplication.processEvents()


def use_tool(qtbot, window: MainWindow, key: str) -> None:
    """Pick a tool by its single-key shortcut, typed on the canvas."""
    window.view.setFocus()
    qtbot.keyClick(window.view, key)


def click(qtbot, window: MainWindow, p: Pt, modifiers=NO_MODIFIER) -> None:
    qtbot.mouseClick(window.view.viewport(), LEFT, modifiers, to_viewport(window, p))


def double_click(qtbot, window: MainWindow, p: Pt) -> None:
    qtbot.mouseDClick(window.view.viewport(), LEFT, NO_MODIFIER, to_viewport(window, p))


def hover(qtbot, window: MainWindow, p: Pt) -> None:
    qtbot.mouseMove(window.view.viewport(), to_viewport(window, p))


def drag(qtbot, window: MainWindow, points: Sequence[Pt], modifiers=NO_MODIFIER, steps: int = 4) -> None:
    """Press at the first point, move through the others (in a few steps each), release."""
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, LEFT, modifiers, to_viewport(window, points[0]))
    for a, b in pairwise(points):
        for k in range(1, steps + 1):
            t = k / steps
            qtbot.mouseMove(
                viewport, to_viewport(window, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            )
    qtbot.mouseRelease(viewport, LEFT, modifiers, to_viewport(window, points[-1]))


def trace(qtbot, window: MainWindow, points: Sequence[Pt], finish: str = "enter") -> None:
    """Click each vertex, then finish with Enter or a double-click on the last one."""
    for p in points[:-1] if finish == "double" else points:
        click(qtbot, window, p)
    if finish == "double":
        double_click(qtbot, window, points[-1])
    else:
        key(qtbot, window, Qt.Key.Key_Return)


def key(qtbot, window: MainWindow, k, modifiers=NO_MODIFIER) -> None:
    qtbot.keyClick(window.view, k, modifiers)
