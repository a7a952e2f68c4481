"""The order-of-battle tree: side > impulse forces > blocks, each row naming its JSON
pointer. Dragging blocks within the tree moves them (reorder, or to another force of the
same side) through `OobEdits`, never by Qt moving rows; the drag also carries the blocks'
pointers as `MIME_BLOCKS` so the map canvas can take the drop and set them up."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QDropEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem

from engine.model.scenario import Scenario, Side

from ..play.items import SIDE_COLOUR
from .edits import SIDES, block_pointer, force_pointer, parse

MIME_BLOCKS = "application/x-uo-blocks"
POINTER = Qt.ItemDataRole.UserRole


class OobTree(QTreeWidget):
    #: blocks dropped on a force or block: (sources, side, force index, row before)
    blocks_dropped = Signal(list, str, int, int)
    #: Delete and Ctrl+D on the tree (taken before the window's Edit menu sees them)
    delete_requested = Signal()
    duplicate_requested = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("oob_tree")
        self.setColumnCount(3)
        self.setHeaderLabels(["Id", "Type / card", "Set-up"])
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setUniformRowHeights(True)
        self.rows: dict[str, QTreeWidgetItem] = {}
        self.problems: Callable[[str], str] = lambda pointer: ""

    # -- contents ------------------------------------------------------------------------
    def show_scenario(self, scenario: Scenario | None) -> None:
        """Rebuild from the model, keeping the selection, expansion and scroll position."""
        selected = self.selected_pointers()
        current = self.currentItem().data(0, POINTER) if self.currentItem() is not None else None
        collapsed = {p for p, item in self.rows.items() if not item.isExpanded() and item.childCount()}
        scroll = self.verticalScrollBar().value()
        self.blockSignals(True)
        self.clear()
        self.rows = {}
        if scenario is not None:
            for side in SIDES:
                setup = getattr(scenario.sides, side)
                root = self._row(None, f"/sides/{side}", f"{setup.name}  ({side} side)", f"{side} side", "")
                root.setFirstColumnSpanned(True)  # long names take the row, not the Id column
                root.setForeground(0, QBrush(SIDE_COLOUR[Side(side)]))
                font = root.font(0)
                font.setBold(True)
                root.setFont(0, font)
                root.setFlags(root.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
                for f, force in enumerate(setup.impulse_forces):
                    entry = f"enters turn {force.entry.turn}" if force.entry else ""
                    label = f"{force.id}  {force.name}".strip()
                    row = self._row(
                        root,
                        force_pointer(side, f),
                        label,
                        f"{force.quality.value}, {force.support_points} SP",
                        entry,
                    )
                    row.setFlags(row.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
                    row.setText(0, " · ".join(t for t in (label, row.text(1), entry) if t))
                    row.setFirstColumnSpanned(True)
                    for b, block in enumerate(force.blocks):
                        where = block.at or (f"in {block.mounted_in}" if block.mounted_in else "-")
                        tags = [block.type.value.replace("_", " "), block.card]
                        if block.hidden:
                            where += "  (hidden)"
                        self._row(row, block_pointer(side, f, b), block.id, ", ".join(tags), where)
        for pointer, item in self.rows.items():
            item.setExpanded(pointer not in collapsed)
        for pointer in selected:
            if pointer in self.rows:
                self.rows[pointer].setSelected(True)
        if current in self.rows:
            self.setCurrentItem(self.rows[current], 0, self.selectionModel().SelectionFlag.NoUpdate)
        self.blockSignals(False)
        self.verticalScrollBar().setValue(scroll)
        # the Id column as wide as the block ids (side and force rows span the row)
        ids = [item.text(0) for item in self.rows.values() if not item.isFirstColumnSpanned()]
        widest = max((self.fontMetrics().horizontalAdvance(t) for t in ids), default=60)
        self.setColumnWidth(0, widest + 3 * self.indentation() + 16)
        for column in (1, 2):
            self.resizeColumnToContents(column)

    def _row(self, parent: QTreeWidgetItem | None, pointer: str, *texts: str) -> QTreeWidgetItem:
        item = QTreeWidgetItem(list(texts))
        item.setData(0, POINTER, pointer)
        problem = self.problems(pointer)
        if problem:
            item.setForeground(0, QBrush(QColor("#c62828")))
            item.setToolTip(0, problem)
        if parent is None:
            self.addTopLevelItem(item)
        else:
            parent.addChild(item)
        self.rows[pointer] = item
        return item

    def selected_pointers(self) -> list[str]:
        out = [item.data(0, POINTER) for item in self.selectedItems()]
        return sorted(out, key=_key)

    def select(self, pointers: list[str]) -> None:
        self.clearSelection()
        first = None
        for pointer in pointers:
            item = self.rows.get(pointer)
            if item is not None:
                item.setSelected(True)
                first = first or item
        if first is not None:
            self.setCurrentItem(first, 0, self.selectionModel().SelectionFlag.Select)
            self.scrollToItem(first)

    # -- keys ----------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (event.matches(QKeySequence.StandardKey.Delete) or _is_ctrl_d(event))
        ):
            event.accept()  # ours: the key press comes to keyPressEvent
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.matches(QKeySequence.StandardKey.Delete):
            self.delete_requested.emit()
        elif _is_ctrl_d(event):
            self.duplicate_requested.emit()
        else:
            super().keyPressEvent(event)

    # -- drag and drop -------------------------------------------------------------------
    def mimeData(self, items: list[QTreeWidgetItem]) -> QMimeData:
        blocks = [p for it in items if (p := it.data(0, POINTER)) and (w := parse(p)) and w[2] is not None]
        data = QMimeData()
        data.setData(MIME_BLOCKS, "\n".join(blocks).encode())
        data.setText("\n".join(blocks))
        return data

    def mimeTypes(self) -> list[str]:
        return [MIME_BLOCKS]

    def dropEvent(self, event: QDropEvent) -> None:
        data = event.mimeData()
        sources = (
            bytes(data.data(MIME_BLOCKS).data()).decode().split("\n") if data.hasFormat(MIME_BLOCKS) else []
        )
        sources = [s for s in sources if s]
        target = self.itemAt(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()  # the model moves the rows, not Qt
        if not sources or target is None:
            return
        where = parse(target.data(0, POINTER))
        if where is None or where[1] is None:
            return
        side, f, b = where
        if b is None:
            force = target
            row = force.childCount()
        else:
            rect = self.visualItemRect(target)
            below = event.position().toPoint().y() > rect.center().y()
            row = b + 1 if below else b
        if any((w := parse(s)) is None or w[0] != side for s in sources):
            return  # a block never changes side
        assert f is not None
        # after the drop has returned: the move rebuilds the rows Qt's drop handling holds
        QTimer.singleShot(0, lambda: self.blocks_dropped.emit(sources, side, f, row))


def _is_ctrl_d(event: QKeyEvent) -> bool:
    return event.key() == Qt.Key.Key_D and event.modifiers() == Qt.KeyboardModifier.ControlModifier


def _key(pointer: str) -> list[tuple[int, object]]:
    return [(0, int(t)) if t.isdigit() else (1, t) for t in pointer.split("/")[1:]]
