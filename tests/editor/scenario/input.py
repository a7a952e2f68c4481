"""Real mouse and keyboard input on the scenario pages' widgets."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QTableWidget, QWidget

LEFT = Qt.MouseButton.LeftButton


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, LEFT, pos=widget.rect().center())


def click_check(qtbot, box: QWidget) -> None:
    """Click a check box on its indicator (its text may end before the widget's centre)."""
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))


def select_row(qtbot, table: QTableWidget, row: int, column: int = 0) -> None:
    table.scrollToItem(table.item(row, column))
    rect = table.visualItemRect(table.item(row, column))
    qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())


def type_in_cell(qtbot, table: QTableWidget, row: int, column: int, text: str) -> None:
    """Click the cell, F2 to edit it, replace its text by typing, press Enter."""
    table.scrollToItem(table.item(row, column))
    rect = table.visualItemRect(table.item(row, column))
    qtbot.mouseClick(table.viewport(), LEFT, pos=rect.center())
    qtbot.keyClick(table, Qt.Key.Key_F2)
    # the cell's editor (the window need not be the active one, so not by focus)
    editors = [w for w in table.viewport().findChildren(QLineEdit) if w.isVisible()]
    assert len(editors) == 1, editors
    editor = editors[0]
    qtbot.keyClick(editor, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # Qt commits a cell's editor on Return through a queued call
    qtbot.waitUntil(lambda: table.state() != QAbstractItemView.State.EditingState)


def type_in_line(qtbot, line: QWidget, text: str) -> None:
    qtbot.mouseClick(line, LEFT, pos=line.rect().center())
    qtbot.keyClick(line, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)
