"""The Outliner: a tree of the open document's objects; clicking one reveals it."""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from engine.model.sheet import MapSheet

from ..canvas.sheet_items import Changes
from .outline import OutlineNode, object_nodes

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
        #: the node each row shows (kept here rather than in the rows' data: an edit
        #: replaces every node, and setting data on every row would cost what a rebuild does)
        self._nodes: dict[QTreeWidgetItem, OutlineNode] = {}
        self._root: OutlineNode | None = None
        self.itemClicked.connect(self._on_item)
        self.itemActivated.connect(self._on_item)

    def set_outline(self, root: OutlineNode | None) -> None:
        """Show `root`. The same document's outline again (after an edit) updates only the
        rows that differ, keeping the others, their folding and the scroll position."""
        old = self._root
        top = self.topLevelItem(0) if self.topLevelItemCount() == 1 else None
        if root is None or old is None or top is None or (old.kind, old.source) != (root.kind, root.source):
            self._rebuild(root)
            return
        self._items = {}
        self._sync(top, root, 0)
        self._root = root

    def update_objects(self, source: Path | None, sheet: MapSheet, changes: Changes | None) -> bool:
        """After an edit of the sheet `source` that only changed objects in place (a move,
        a vertex, a field), update the rows of those objects alone. False when the edit
        did more (objects added or removed, the terrain or the sheet's own fields changed,
        a row not found): then set_outline must redo the whole outline."""
        if changes is None or changes.structural or changes.terrain or changes.other or self._root is None:
            return False
        updates: list[tuple[QTreeWidgetItem, OutlineNode]] = []
        for name, indices in changes.dirty_indices.items():
            if indices is None:
                return False
            for index in indices:
                if index >= len(getattr(sheet, name)):
                    return False
                nodes = object_nodes(sheet, source, name, index)
                for node in nodes:
                    item = self.find(source, node.pointer)
                    if item is None:
                        return False
                    updates.append((item, node))
                if name == "walls" and self.find(source, f"/walls/{index}/apertures/{len(nodes) - 1}"):
                    return False  # one aperture fewer: the Apertures group changes
        for item, node in updates:
            old = self._nodes[item]
            if old.kind != node.kind:
                return False
        for item, node in updates:
            self._forget_below(item)
            self._sync(item, node, 1)
        return True

    def _forget_below(self, item: QTreeWidgetItem) -> None:
        """Drop the (source, pointer) index entries of a row's subtree (it is synced anew)."""
        stack = [item]
        while stack:
            it = stack.pop()
            node = self._nodes.get(it)
            if node is not None and self._items.get((node.source, node.pointer)) is it:
                del self._items[(node.source, node.pointer)]
            stack.extend(it.child(i) for i in range(it.childCount()))

    def _rebuild(self, root: OutlineNode | None) -> None:
        self.clear()
        self._items = {}
        self._nodes = {}
        self._root = root
        if root is None:
            return
        top = self._build(root)
        self.addTopLevelItem(top)
        top.setExpanded(True)
        for i in range(top.childCount()):
            self._fold(top.child(i))

    def _fold(self, child: QTreeWidgetItem) -> None:
        # long lists (a sheet's hundred walls) start folded so the rest stays in sight
        child.setExpanded(child.childCount() <= MAX_EXPANDED)

    def _build(self, node: OutlineNode) -> QTreeWidgetItem:
        item = QTreeWidgetItem([one_line(node.text)])
        item.setToolTip(0, self._tip(node))
        self._show(item, node)
        item.addChildren([self._build(child) for child in node.children])
        return item

    def _show(self, item: QTreeWidgetItem, node: OutlineNode) -> None:
        self._nodes[item] = node
        if node.pointer or node.kind in ("sheet", "insert"):
            self._items.setdefault((node.source, node.pointer), item)

    def _tip(self, node: OutlineNode) -> str:
        return tooltip(node.text, node.pointer or (node.source.name if node.source else ""))

    def _sync(self, item: QTreeWidgetItem, new: OutlineNode, depth: int) -> None:
        """Make `item` show `new`: rows of the same kind are updated in place (text and
        tooltip when they differ from what the row shows), extra rows added or taken away."""
        old = self._nodes[item]
        if (old.text, old.pointer, old.source) != (new.text, new.pointer, new.source):
            item.setText(0, one_line(new.text))
            item.setToolTip(0, self._tip(new))
        self._show(item, new)
        n_old, n_new = item.childCount(), len(new.children)
        for i in range(min(n_old, n_new)):
            child, now = item.child(i), new.children[i]
            if self._nodes[child].kind == now.kind:
                self._sync(child, now, depth + 1)
            else:
                self._forget(item.takeChild(i))
                fresh = self._build(now)
                item.insertChild(i, fresh)
                if depth == 0:
                    self._fold(fresh)
        if n_new > n_old:
            fresh_items = [self._build(c) for c in new.children[n_old:]]
            item.addChildren(fresh_items)
            if depth == 0:
                for fresh in fresh_items:
                    self._fold(fresh)
        for i in reversed(range(n_new, n_old)):
            self._forget(item.takeChild(i))

    def _forget(self, item: QTreeWidgetItem) -> None:
        stack = [item]
        while stack:
            it = stack.pop()
            self._nodes.pop(it, None)
            stack.extend(it.child(i) for i in range(it.childCount()))

    def node(self, item: QTreeWidgetItem) -> OutlineNode:
        return self._nodes[item]

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
