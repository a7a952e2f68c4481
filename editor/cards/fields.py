"""A form generated from a pydantic model's fields (LDtk's idea: the format's own field
definitions make the editor), for the flat parts of cards: names, enums, numbers, flags.

Each editor commits one field: the new value is checked by the model class first (the
message goes under the field and nothing is pushed), then pushed as one SetProperty on the
document's undo stack. Lists of sub-models (blocks, weapons, rings) have their own tables.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from annotated_types import Ge, Le
from pydantic import BaseModel, ValidationError
from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFocusEvent, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..commands import SetProperty, pointers

ERROR_STYLE = "color: #b3261e;"
#: fields holding prose: several lines to type in
LONG_TEXT = frozenset({"text", "notes"})
#: as in the Inspector: a field must hold any value its file holds
LINE_EDIT_LIMIT = 2**31 - 1


def label_of(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _strip_optional(annotation: Any) -> tuple[Any, bool]:
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return (rest[0] if len(rest) == 1 else annotation), True
    return annotation, False


def editor_kind(model: type[BaseModel], name: str) -> str:
    """enum, bool, int, text, long, optional, strings - or '' for a field the form leaves out."""
    info = model.model_fields[name]
    annotation, optional = _strip_optional(info.annotation)
    if typing.get_origin(annotation) is typing.Literal:
        return ""
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return "enum"
    if annotation is bool:
        return "bool"
    if annotation is int:
        return "int"
    if annotation is str:
        if optional:
            return "optional"
        return "long" if name in LONG_TEXT else "text"
    if typing.get_origin(annotation) is list and typing.get_args(annotation) == (str,):
        return "strings"
    return ""


def _bounds(model: type[BaseModel], name: str) -> tuple[int, int]:
    low, high = -999, 999
    for meta in model.model_fields[name].metadata:
        if isinstance(meta, Ge):
            low = int(meta.ge)  # type: ignore[call-overload]
        elif isinstance(meta, Le):
            high = int(meta.le)  # type: ignore[call-overload]
    return low, high


class LongText(QPlainTextEdit):
    """Several lines of prose; committed when the field loses focus (Enter is a new line)."""

    committed = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.committed.emit()


class FieldForm(QWidget):
    """The editable fields of one model object found at `pointer` in a document."""

    #: a field's new value was pushed: its name, the old value and the new one
    field_committed = Signal(str, object, object)

    def __init__(
        self,
        model: type[BaseModel],
        names: list[str] | None = None,
        parent: QWidget | None = None,
        columns: int = 1,
        choices: Mapping[str, Callable[[], list[str]]] | None = None,
    ):
        super().__init__(parent)
        self.model = model
        #: text fields naming another object (a force, a support card): an editable list of
        #: the ids the open files hold, asked for each time the form is shown
        self.choices = dict(choices or {})
        self.document: Any = None
        self.pointer = ""
        self.what: Callable[[], str] = lambda: ""
        self.editors: dict[str, QWidget] = {}
        self.errors: dict[str, QLabel] = {}
        self.kinds: dict[str, str] = {}
        #: fields holding refused input: kept as typed (with its message) through redraws
        #: until the field is committed or another object is shown
        self.refused: set[str] = set()
        self.form = QGridLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setHorizontalSpacing(8)
        self.form.setVerticalSpacing(3)
        for column in range(columns):
            self.form.setColumnStretch(column * 2 + 1, 1)
        shown = [
            n for n in (names if names is not None else list(model.model_fields)) if editor_kind(model, n)
        ]
        # long text spans the whole width, below the short fields
        shown.sort(key=lambda n: editor_kind(model, n) == "long")
        place = 0
        for name in shown:
            kind = editor_kind(model, name)
            if kind == "text" and name in self.choices:
                kind = "choice"
            editor = self._make(name, kind)
            editor.setObjectName(name)
            editor.installEventFilter(self)
            editor.setToolTip(model.model_fields[name].description or "")
            error = QLabel()
            error.setStyleSheet(ERROR_STYLE)
            error.setWordWrap(True)
            error.hide()
            box = QWidget()
            stack = QVBoxLayout(box)
            stack.setContentsMargins(0, 0, 0, 0)
            stack.setSpacing(1)
            stack.addWidget(editor)
            stack.addWidget(error)
            label = QLabel(label_of(name))
            label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
            label.setContentsMargins(0, 4, 0, 0)
            if kind == "long":
                place += (-place) % columns  # a new row
                self.form.addWidget(label, place // columns, 0)
                self.form.addWidget(box, place // columns, 1, 1, columns * 2 - 1)
                place += columns
            else:
                row, column = divmod(place, columns)
                self.form.addWidget(label, row, column * 2)
                self.form.addWidget(box, row, column * 2 + 1)
                place += 1
            self.editors[name], self.errors[name], self.kinds[name] = editor, error, kind

    def _make(self, name: str, kind: str) -> QWidget:
        def commit(*_args: object) -> None:
            self.commit(name)

        if kind == "choice":
            combo = QComboBox()
            combo.setEditable(True)
            combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
            combo.activated.connect(commit)
            line = combo.lineEdit()
            line.setMaxLength(LINE_EDIT_LIMIT)
            line.editingFinished.connect(commit)
            return combo
        if kind == "enum":
            combo = QComboBox()
            annotation, _ = _strip_optional(self.model.model_fields[name].annotation)
            for member in annotation:
                combo.addItem(member.value.replace("_", " "), member.value)
            combo.activated.connect(commit)
            return combo
        if kind == "bool":
            check = QCheckBox()
            check.toggled.connect(commit)
            return check
        if kind == "int":
            spin = QSpinBox()
            spin.setRange(*_bounds(self.model, name))
            spin.setKeyboardTracking(False)
            spin.editingFinished.connect(commit)
            spin.valueChanged.connect(commit)  # a step (arrows, wheel) is an edit of its own
            return spin
        if kind == "long":
            text = LongText()
            text.setTabChangesFocus(True)
            text.setFixedHeight(54)
            text.committed.connect(commit)
            return text
        line = QLineEdit()
        line.setMaxLength(LINE_EDIT_LIMIT)
        line.editingFinished.connect(commit)
        return line

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Ctrl+S while typing in a field: the field is committed before Save runs, so what
        # is on screen is what gets saved
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and (
                event.matches(QKeySequence.StandardKey.Save) or event.matches(QKeySequence.StandardKey.SaveAs)
            )
        ):
            name = watched.objectName()
            if name in self.editors:
                self.commit(name)
        return super().eventFilter(watched, event)

    # -- showing -------------------------------------------------------------------------
    def bind(self, document: Any, pointer: str) -> None:
        if (document, pointer) != (self.document, self.pointer):
            self.refused.clear()
        self.document, self.pointer = document, pointer
        self.load()

    def obj(self) -> BaseModel | None:
        if self.document is None or not self.pointer:
            return None
        try:
            value = pointers.get(self.document.model, self.pointer)
        except (IndexError, KeyError, AttributeError, ValueError):
            return None
        return value if isinstance(value, self.model) else None

    def load(self) -> None:
        obj = self.obj()
        for name, editor in self.editors.items():
            if name in self.refused and obj is not None:
                continue
            editor.blockSignals(True)
            value = getattr(obj, name) if obj is not None else None
            kind = self.kinds[name]
            if kind == "choice" and isinstance(editor, QComboBox):
                known = self.choices[name]()
                if [editor.itemText(i) for i in range(editor.count())] != known:
                    editor.clear()
                    editor.addItems(known)
                editor.setEditText(str(value or ""))
            elif isinstance(editor, QComboBox):
                index = editor.findData(value.value if isinstance(value, enum.Enum) else value)
                editor.setCurrentIndex(max(index, 0))
            elif isinstance(editor, QCheckBox):
                editor.setChecked(bool(value))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(value or 0))
            elif isinstance(editor, LongText):
                if editor.toPlainText() != (value or ""):
                    editor.setPlainText(value or "")
            elif isinstance(editor, QLineEdit):
                text = ", ".join(value or []) if kind == "strings" else (value or "")
                if editor.text() != text:
                    editor.setText(text)
            editor.blockSignals(False)
            editor.setEnabled(obj is not None)
            self.errors[name].hide()

    # -- editing -------------------------------------------------------------------------
    def read(self, name: str) -> Any:
        editor, kind = self.editors[name], self.kinds[name]
        if kind == "choice" and isinstance(editor, QComboBox):
            return editor.currentText().strip()
        if isinstance(editor, QComboBox):
            return editor.currentData()
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QSpinBox):
            editor.interpretText()
            return editor.value()
        if isinstance(editor, LongText):
            return editor.toPlainText()
        assert isinstance(editor, QLineEdit)
        text = editor.text()
        if kind == "strings":
            return [part.strip() for part in text.split(",") if part.strip()]
        if kind == "optional":
            return text.strip() or None
        return text

    def commit(self, name: str) -> bool:
        """Push the field's value as one undo entry; False when it is no change or refused."""
        obj, document = self.obj(), self.document
        if obj is None or document is None:
            return False
        value = self.read(name)
        old = getattr(obj, name)
        if value == (old.value if isinstance(old, enum.Enum) else old):
            self.errors[name].hide()
            self.refused.discard(name)
            return False
        try:
            checked = type(obj).model_validate({**obj.model_dump(by_alias=True), name: value})
        except ValidationError as exc:
            first = exc.errors()[0]
            self.errors[name].setText(f"{label_of(name)}: {first.get('msg', 'invalid value')}")
            self.errors[name].show()
            self.refused.add(name)
            return False
        self.errors[name].hide()
        self.refused.discard(name)
        what = self.what() or getattr(obj, "id", "") or ""
        text = f"Change {label_of(name).lower()} of {what}".strip()
        change = (f"{self.pointer}/{name}", old, getattr(checked, name))
        document.undo_stack.push(SetProperty(document, text, [change]))
        self.field_committed.emit(name, change[1], change[2])
        return True

    def error_text(self, name: str) -> str:
        label = self.errors[name]
        return label.text() if not label.isHidden() else ""
