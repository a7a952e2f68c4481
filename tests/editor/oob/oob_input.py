"""Real mouse and keyboard input on the Orders of battle dock, and drops delivered as Qt
drop events (QDrag runs its own event loop, which QTest cannot drive; the drop event is
what a real drag ends with)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from editor.main_window import MainWindow

LEFT = Qt.MouseButton.LeftButton
CTRL = Qt.KeyboardModifier.ControlModifier


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, LEFT, pos=widget.rect().center())


def click_check(qtbot, box: QWidget) -> None:
    qtbot.mouseClick(box, LEFT, pos=QPoint(8, box.height() // 2))


def click_row(qtbot, window: MainWindow, pointer: str, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    tree = window.oob_ui.tree
    item = tree.rows[pointer]
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    qtbot.mouseClick(tree.viewport(), LEFT, modifier, QPoint(rect.left() + 40, rect.center().y()))


def choose(qtbot, combo: QComboBox, keys: str | Qt.Key, expected: str) -> None:
    """Keys on the closed combo box: typed letters step to the next item starting with
    them, Home to the first (the form merges the steps into one undo entry)."""
    combo.setFocus()
    if isinstance(keys, str):
        qtbot.keyClicks(combo, keys)
    else:
        qtbot.keyClick(combo, keys)
    assert combo.currentText() == expected, [combo.itemText(i) for i in range(combo.count())]


def type_in_line(qtbot, line: QWidget, text: str) -> None:
    qtbot.mouseClick(line, LEFT, pos=line.rect().center())
    qtbot.keyClick(line, Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Return)


def drop(target: QWidget, pos: QPoint, pointers: list[str], window: MainWindow) -> None:
    tree = window.oob_ui.tree
    data = tree.mimeData([tree.rows[p] for p in pointers])
    # Qt delivers a drop only to the widget the drag entered (its drag manager's target)
    enter = QDragEnterEvent(
        pos, Qt.DropAction.MoveAction | Qt.DropAction.CopyAction, data, LEFT, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(target, enter)
    event = QDropEvent(
        QPointF(pos),
        Qt.DropAction.MoveAction | Qt.DropAction.CopyAction,
        data,
        LEFT,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(target, event)


def drop_on_row(qtbot, window: MainWindow, pointers: list[str], onto: str) -> None:
    tree = window.oob_ui.tree
    rect = tree.visualItemRect(tree.rows[onto])
    with qtbot.waitSignal(tree.blocks_dropped):  # the move follows the drop
        drop(tree.viewport(), rect.center(), pointers, window)


def drop_on_map(window: MainWindow, pointers: list[str], location: str) -> None:
    bf = window.oob_ui.field.update(window.session)
    assert bf is not None
    x, y = bf.by_id[location].centre  # the sample's one sheet sits at the origin
    view = window.view
    view.centerOn(x, y)
    drop(view.viewport(), view.mapFromScene(QPointF(x, y)), pointers, window)
