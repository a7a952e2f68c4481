"""Chooses which sheet or underground insert of a scenario the canvas shows."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QWidget


class SheetSelector(QComboBox):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("sheet_selector")
        self.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.setToolTip("Sheet or underground insert shown on the canvas")

    def set_entries(self, entries: list[tuple[str, bool, str]], current: int) -> None:
        """(label, usable, tooltip) per entry; unusable ones are listed but disabled."""
        self.blockSignals(True)
        try:
            self.clear()
            model = self.model()
            for i, (label, usable, tip) in enumerate(entries):
                self.addItem(label)
                self.setItemData(i, tip, Qt.ItemDataRole.ToolTipRole)
                if not usable and isinstance(model, QStandardItemModel):
                    model.item(i).setEnabled(False)
            self.setCurrentIndex(current)
            self.setEnabled(len(entries) > 1)
        finally:
            self.blockSignals(False)
