"""Driving the square board's canvas with real mouse and keyboard events, positioned by
square name or in board millimetres."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtWidgets import QApplication

from editor.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
RIGHT = Qt.MouseButton.RightButton
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def centre_of(window: MainWindow, name: str) -> tuple[float, float]:
    layout = window.ub_ui.scene.layout
    assert layout is not None
    spot = layout.spot_named(name)
    assert spot is not None, name
    return layout.centre(spot)


def to_viewport(window: MainWindow, p: tuple[float, float]) -> QPoint:
    QApplication.processEvents()
    return window.ub_ui.view.mapFromScene(QPointF(*p))


def click_square(qtbot, window: MainWindow, name: str, button=LEFT) -> None:
    qtbot.mouseClick(
        window.ub_ui.view.viewport(), button, NO_MODIFIER, to_viewport(window, centre_of(window, name))
    )


def drag_squares(qtbot, window: MainWindow, names: list[str], steps: int = 4) -> None:
    """Press on the first square, move through the others' centres, release on the last."""
    viewport = window.ub_ui.view.viewport()
    points = [centre_of(window, n) for n in names]
    qtbot.mousePress(viewport, LEFT, NO_MODIFIER, to_viewport(window, points[0]))
    for a, b in pairwise(points):
        for k in range(1, steps + 1):
            t = k / steps
            qtbot.mouseMove(
                viewport, to_viewport(window, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            )
    qtbot.mouseRelease(viewport, LEFT, NO_MODIFIER, to_viewport(window, points[-1]))


def key(qtbot, window: MainWindow, k, modifiers=NO_MODIFIER) -> None:
    window.ub_ui.view.setFocus()
    qtbot.keyClick(window.ub_ui.view, k, modifiers)


def letter(window: MainWindow, name: str) -> str:
    """The terrain letter of a square of the board on the canvas."""
    board = window.ub_ui.board()
    layout = window.ub_ui.scene.layout
    assert board is not None and layout is not None
    spot = layout.spot_named(name)
    assert spot is not None, name
    s, col, row = spot
    return board.segments[s].rows[row][col]


def shift_drag_squares(qtbot, window: MainWindow, first: str, last: str) -> None:
    viewport = window.ub_ui.view.viewport()
    a, b = centre_of(window, first), centre_of(window, last)
    shift = Qt.KeyboardModifier.ShiftModifier
    qtbot.mousePress(viewport, LEFT, shift, to_viewport(window, a))
    for k in range(1, 5):
        t = k / 4
        qtbot.mouseMove(viewport, to_viewport(window, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)))
    qtbot.mouseRelease(viewport, LEFT, shift, to_viewport(window, b))
