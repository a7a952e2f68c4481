"""Tables typed like the printed card: a block's weapons with their firepower per range
band, a support card's effect rings. Each committed cell is one undo entry; a cell that
does not read is refused with a message naming the weapon and the column (nothing pushed)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import EffectRing, Weapon

from ..commands import SetProperty, pointers
from .fields import ERROR_STYLE

#: range bands of the printed card (4.3.5), in EP
BANDS = ("1", "2-5", "6-10", "11-15", "16-20", "21-25")
NO_FIRE = "-"


def firepower_text(value: int | None) -> str:
    return NO_FIRE if value is None else str(value)


def parse_firepower(text: str) -> int | None:
    """'' or '-' is a band the weapon cannot fire in; else a whole number. Raises ValueError."""
    text = text.strip()
    if text in ("", NO_FIRE, "—"):
        return None
    return int(text)


def firepower_list(bands: list[int | None], keep: int = 1) -> list[int | None]:
    """Bands beyond the last one the weapon fires in are left out, as a card writer does,
    but never below the `keep` bands the card already wrote (its text stays as it was)."""
    out = list(bands)
    while len(out) > max(keep, 1) and out[-1] is None:
        out.pop()
    return out


class TypingTable(QTableWidget):
    """A table typed into like a spreadsheet: a plain key starts editing the current cell,
    even where the window binds single keys to tools (which would otherwise take them)."""

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent):
            plain = not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
            if plain and event.text().isprintable() and event.text():
                event.accept()
                return True
        return super().event(event)


class ModelTable(QWidget):
    """A list of sub-models at `pointer` (a list) shown one row each."""

    current_changed = Signal(int)

    columns: tuple[str, ...] = ()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.document: Any = None
        self.pointer = ""
        self.table = TypingTable(0, len(self.columns))
        self.table.setHorizontalHeaderLabels(list(self.columns))
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableWidget.SelectionMode.SingleSelection)
        triggers = QTableWidget.EditTrigger
        self.table.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed | triggers.AnyKeyPressed)
        self.table.itemChanged.connect(self._on_item_changed)
        # a typed cell is committed once its editor has closed: the push redraws the table
        self._pending: QTableWidgetItem | None = None
        #: (row, column) -> (typed text, message) of cells whose input was refused
        self._refused: dict[tuple[int, int], tuple[str, str]] = {}
        self.table.itemDelegate().closeEditor.connect(self._flush)
        self.table.currentCellChanged.connect(lambda row, *_: self.current_changed.emit(row))
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        for c, title in enumerate(self.columns):
            if title in BANDS:
                header.setSectionResizeMode(c, header.ResizeMode.Fixed)
                self.table.setColumnWidth(c, 52)
        self.stretch = 1 if len(self.columns) > 2 else len(self.columns) - 1
        header.setSectionResizeMode(self.stretch, header.ResizeMode.Stretch)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addWidget(self.error)
        self._loading = False

    def bind(self, document: Any, pointer: str) -> None:
        if (document, pointer) != (self.document, self.pointer):
            self._refused.clear()
        self.document, self.pointer = document, pointer
        self.load()

    def rows(self) -> list[BaseModel]:
        if self.document is None or not self.pointer:
            return []
        try:
            value = pointers.get(self.document.model, self.pointer)
        except (IndexError, KeyError, AttributeError, ValueError):
            return []
        return list(value) if isinstance(value, list) else []

    def load(self) -> None:
        rows = self.rows()
        current = self.table.currentRow()
        self._loading = True
        self.table.setRowCount(len(rows))
        for r, obj in enumerate(rows):
            for c, text in enumerate(self.cells(obj)):
                item = self.table.item(r, c)
                if item is None:
                    item = QTableWidgetItem()
                    self.table.setItem(r, c, item)
                item.setText(text)
                if self.columns[c] in BANDS or c > 1:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        # refused input stays as typed, with its message, until that cell is committed
        for (r, c), (text, _message) in self._refused.items():
            item = self.table.item(r, c)
            if item is not None:
                item.setText(text)
        self._loading = False
        wanted = min(max(current, 0), len(rows) - 1)
        # moving the current cell would close a cell editor still committing its text
        if rows and self.table.currentRow() != wanted:
            self.table.setCurrentCell(wanted, max(self.table.currentColumn(), 0))
        messages = [message for _text, message in self._refused.values()]
        self.error.setText("\n".join(messages))
        self.error.setVisible(bool(messages))

    def cells(self, obj: Any) -> list[str]:
        raise NotImplementedError

    def edited(self, obj: Any, column: int, text: str) -> tuple[str, Any]:
        """(field name, new value) for a typed cell; raises ValueError with the reason."""
        raise NotImplementedError

    def row_name(self, obj: Any) -> str:
        return str(getattr(obj, "id", ""))

    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        if self._loading:
            return
        if self.table.state() == self.table.State.EditingState:
            self._pending = item
            return
        self._commit(item)

    def _flush(self, *_args: object) -> None:
        item, self._pending = self._pending, None
        if item is not None:
            self._commit(item)

    def _commit(self, item: QTableWidgetItem) -> None:
        rows = self.rows()
        row, column = item.row(), item.column()
        if not 0 <= row < len(rows):
            return
        obj = rows[row]
        where = f"{self.row_name(obj)}, column {self.columns[column]}"
        self._refused.pop((row, column), None)
        try:
            name, value = self.edited(obj, column, item.text())
            checked = type(obj).model_validate({**obj.model_dump(by_alias=True), name: value})
        except ValidationError as exc:
            first = exc.errors()[0]
            self._refuse(item, f"{where}: {first.get('msg', 'invalid value')}")
            return
        except ValueError as exc:
            self._refuse(item, f"{where}: {exc}")
            return
        old = getattr(obj, name)
        new = getattr(checked, name)
        if new == old:
            self.error.hide()
            return
        self.error.hide()
        text = f"Change {self.columns[column].lower()} of {self.row_name(obj)}"
        if self.columns[column] in BANDS:
            text = f"Change firepower of {self.row_name(obj)}"
        change = (f"{self.pointer}/{row}/{name}", old, new)
        self.document.undo_stack.push(SetProperty(self.document, text, [change]))

    def _refuse(self, item: QTableWidgetItem, message: str) -> None:
        # nothing is pushed; the typed text stays in the cell (never lost) with its message
        self._refused[(item.row(), item.column())] = (item.text(), message)
        self.error.setText("\n".join(m for _t, m in self._refused.values()))
        self.error.show()


class WeaponsTable(ModelTable):
    """A block's weapons: id, name, firepower per range band (EP), minimum range."""

    columns = ("Id", "Weapon", *BANDS, "Min range")

    def cells(self, obj: Any) -> list[str]:
        assert isinstance(obj, Weapon)
        bands = list(obj.firepower) + [None] * (len(BANDS) - len(obj.firepower))
        return [obj.id, obj.name, *(firepower_text(v) for v in bands), str(obj.min_range)]

    def edited(self, obj: Any, column: int, text: str) -> tuple[str, Any]:
        assert isinstance(obj, Weapon)
        if column == 0:
            return "id", text.strip()
        if column == 1:
            return "name", text.strip()
        if column == len(self.columns) - 1:
            try:
                return "min_range", int(text.strip())
            except ValueError:
                raise ValueError(f"expected a range in EP, got {text!r}") from None
        band = column - 2
        bands = list(obj.firepower) + [None] * (len(BANDS) - len(obj.firepower))
        try:
            bands[band] = parse_firepower(text)
        except ValueError:
            raise ValueError(f"expected a firepower or '{NO_FIRE}', got {text!r}") from None
        return "firepower", firepower_list(bands, keep=len(obj.firepower))


class RingsTable(ModelTable):
    """A support card's weapons effect: OSL lost at each distance from the target."""

    columns = ("Radius (EP)", "OSL lost")

    def cells(self, obj: Any) -> list[str]:
        assert isinstance(obj, EffectRing)
        return [str(obj.radius), str(obj.osl)]

    def row_name(self, obj: Any) -> str:
        return f"ring {obj.radius}"

    def edited(self, obj: Any, column: int, text: str) -> tuple[str, Any]:
        try:
            value = int(text.strip())
        except ValueError:
            raise ValueError(f"expected a whole number, got {text!r}") from None
        return ("radius" if column == 0 else "osl"), value
