"""Filling a QTableWidget from the model without the fill itself reading as an edit."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

EDITABLE = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsEditable
READ_ONLY = Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsEnabled


def make_table(name: str, headers: Sequence[str], stretch: int | None = None) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setObjectName(name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
    table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
    table.verticalHeader().setDefaultSectionSize(24)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


def fill(
    table: QTableWidget,
    rows: Sequence[Sequence[str]],
    editable: set[int],
    colours: dict[tuple[int, int], QColor] | None = None,
    tips: dict[tuple[int, int], str] | None = None,
) -> None:
    """Set every cell's text (signals blocked); `editable` columns may be typed in."""
    current = table.currentRow()
    none = QColor(0, 0, 0, 0)
    table.blockSignals(True)
    table.setUpdatesEnabled(False)
    try:
        table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    table.setItem(r, c, item)
                # only what differs: each change makes a ResizeToContents header measure
                # its column again (a whole refill took ~100 ms for the sample's tables)
                if item.text() != text:
                    item.setText(text)
                flags = EDITABLE if c in editable else READ_ONLY
                if item.flags() != flags:
                    item.setFlags(flags)
                colour = (colours or {}).get((r, c), none)
                if item.background().color() != colour:
                    item.setBackground(colour)
                tip = (tips or {}).get((r, c), "")
                if item.toolTip() != tip:
                    item.setToolTip(tip)
        if 0 <= current < len(rows):
            table.setCurrentCell(current, max(table.currentColumn(), 0))
    finally:
        table.setUpdatesEnabled(True)
        table.blockSignals(False)
