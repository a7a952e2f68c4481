"""The Outliner: a tree of the open document's objects; clicking one reveals it."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from .outline import OutlineNode

NODE_ROLE = Qt.ItemDataRole.UserRole
MAX_EXPANDED = 30
#: A row shows at most this many characters of its text (a title may be a megabyte long)
ROW_CHARS = 160
#: and its tooltip this many, so hovering a huge title does not fill the screen
TOOLTIP_CHARS = 2000
#: Line and paragraph breaks a font would honour: a title holding them made every row (the
#: rows share one height) as tall as the title
_BREAKS = {ord(c): " " for c in "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"}


def one_line(text: str, limit: int = ROW_CHARS) -> str:
    """`text` on a single line of at most `limit` characters, cut with an ellipsis."""
    flat = text[: limit + 1].translate(_BREAKS)
    return flat if len(text) <= limit else flat[: limit - 1] + "…"


def tooltip(text: str, pointer: str) -> str:
    """The full text (up to TOOLTIP_CHARS, saying when there is more) and the pointer, as
    escaped rich text: Qt would otherwise render a title that looks like HTML."""
    shown = text if len(text) <= TOOLTIP_CHARS else f"{text[:TOOLTIP_CHARS]}… ({len(text):,} characters)"
    lines = [shown, pointer] if pointer else [shown]
    return "<qt>" + "<br>".join(html.escape(line).replace("\n", "<br>") for line in lines) + "</qt>"


class Outliner(QTreeWidget):
    #: (file, JSON pointer) of the object the user picked
    activated = Signal(object, str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("outliner")
        self.setHeaderHidden(True)
        self.setUniformRowHeights(True)
        self._items: dict[tuple[Path | None, str], QTreeWidgetItem] = {}
        self.itemClicked.connect(self._on_item)
        self.itemActivated.connect(self._on_item)

    def set_outline(self, root: OutlineNode | None) -> None:
        self.clear()
        self._items = {}
        if root is None:
            return
        top = self._build(root, None)
        self.addTopLevelItem(top)
        top.setExpanded(True)
        for i in range(top.childCount()):
            # long lists (a sheet's hundred walls) start folded so the rest stays in sight
            child = top.child(i)
            child.setExpanded(child.childCount() <= MAX_EXPANDED)

    def _build(self, node: OutlineNode, parent: QTreeWidgetItem | None) -> QTreeWidgetItem:
        item = QTreeWidgetItem([one_line(node.text)])
        item.setData(0, NODE_ROLE, node)
        item.setToolTip(0, tooltip(node.text, node.pointer or (node.source.name if node.source else "")))
        if node.pointer or node.kind in ("sheet", "insert"):
            self._items.setdefault((node.source, node.pointer), item)
        for child in node.children:
            item.addChild(self._build(child, item))
        return item

    def node(self, item: QTreeWidgetItem) -> OutlineNode:
        return item.data(0, NODE_ROLE)

    def find(self, source: Path | None, pointer: str) -> QTreeWidgetItem | None:
        return self._items.get((source, pointer))

    def items_of_kind(self, kind: str) -> list[QTreeWidgetItem]:
        out = []
        stack = [self.topLevelItem(i) for i in range(self.topLevelItemCount())]
        while stack:
            item = stack.pop(0)
            if self.node(item).kind == kind:
                out.append(item)
            stack[0:0] = [item.child(i) for i in range(item.childCount())]
        return out

    def show_current(self, source: Path | None, pointer: str) -> None:
        """Follow a selection made elsewhere (the canvas) without re-emitting it."""
        item = self.find(source, pointer)
        self.blockSignals(True)
        try:
            if item is None:
                self.clearSelection()
            else:
                self.setCurrentItem(item)
                self.scrollToItem(item)
        finally:
            self.blockSignals(False)

    def _on_item(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        node = self.node(item)
        if node.kind != "group" or node.pointer:
            self.activated.emit(node.source, node.pointer)
