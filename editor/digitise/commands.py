"""Undoable edits of a sheet's scan and grid.

Each command replaces whole sub-models (`Background`, `Grid`) rather than mutating them,
so the old value it keeps for undo can never be changed behind its back.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from engine.model.sheet import Background, Grid, MapSheet

from ..document import Document

#: Command id of opacity changes: consecutive ones (a slider drag) merge into one undo step.
OPACITY_ID = 0x5C01


def sheet_of(document: Document) -> MapSheet:
    model = document.model
    if not isinstance(model, MapSheet):
        raise TypeError(f"{document.display_name} is a {document.kind}, not a sheet")
    return model


class SetSheetFields(QUndoCommand):
    """Replace top-level fields of a sheet (`background`, `grid`) in one undo step."""

    def __init__(self, document: Document, text: str, **changes: Any):
        super().__init__(text)
        self.sheet = sheet_of(document)
        self.new = changes
        self.old = {name: getattr(self.sheet, name) for name in changes}

    def redo(self) -> None:
        for name, value in self.new.items():
            setattr(self.sheet, name, value)

    def undo(self) -> None:
        for name, value in self.old.items():
            setattr(self.sheet, name, value)


def set_background(document: Document, background: Background | None, text: str) -> SetSheetFields:
    """Import, replace or remove the scan; lock or unlock it."""
    return SetSheetFields(document, text, background=background)


def set_grid(document: Document, grid: Grid, text: str = "Grid settings") -> SetSheetFields:
    return SetSheetFields(document, text, grid=grid)


def calibrate_scan(document: Document, transform: tuple[float, ...], grid: Grid) -> SetSheetFields:
    """The scan's placement and the grid's size, fitted together: one undo step."""
    sheet = sheet_of(document)
    if sheet.background is None:
        raise ValueError("the sheet has no scan to calibrate")
    background = sheet.background.model_copy(update={"transform": tuple(transform)})
    return SetSheetFields(document, "Calibrate scan", background=background, grid=grid)


class SetScanOpacity(QUndoCommand):
    """Opacity of the scan; a slider drag merges into one step."""

    def __init__(self, document: Document, opacity: float):
        super().__init__("Scan opacity")
        self.sheet = sheet_of(document)
        if self.sheet.background is None:
            raise ValueError("the sheet has no scan")
        self.old = self.sheet.background
        self.new = self.old.model_copy(update={"opacity": min(1.0, max(0.0, opacity))})

    def id(self) -> int:
        return OPACITY_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, SetScanOpacity) or other.sheet is not self.sheet:
            return False
        self.new = other.new
        return True

    def redo(self) -> None:
        self.sheet.background = self.new

    def undo(self) -> None:
        self.sheet.background = self.old
