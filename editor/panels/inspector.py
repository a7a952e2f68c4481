"""The Inspector: the fields of the selected object, edited through undo commands, with
the validator's message for each field shown under it (LDtk shows errors on the field).

Edits are checked by the model itself before anything is pushed, so the model never holds
a value its file could not; renaming a building, room or zone carries the new id to the
rooms, zones and apertures that name it, in the same undo entry.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from engine.io.problems import Problem
from engine.model.sheet import ApertureKind, FireArc, MapSheet, Terrain, WallKind

from ..commands import SetProperty, pointers
from ..tools.picking import kind_of

ERROR_STYLE = "color: #b3261e;"
#: QLineEdit cuts longer text to 32,767 characters without a word; the model has no such
#: limit, so a field must hold any value the file holds (or Enter would write it back cut).
LINE_EDIT_LIMIT = 2**31 - 1
CHILD_LISTS = ("/rooms", "/zones", "/apertures", "/roof_accesses")


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    editor: str  # text, optional, int, angle, bool, choice
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0


ID = Field("id", "Id", "text")
FIELDS: dict[str, list[Field]] = {
    "sheet": [
        Field("id", "Sheet id", "text"),
        Field("title", "Title", "text"),
        Field("default_terrain", "Default terrain", "choice", tuple(t.value for t in Terrain)),
    ],
    "building": [
        ID,
        Field("name", "Name", "text"),
        Field("level", "Level", "int", low=0, high=3),
        Field("vehicles_may_enter", "Vehicles may enter", "bool"),
    ],
    "room": [ID],
    "zone": [ID],
    "roof_access": [ID, Field("direction", "Direction", "angle")],
    "wall": [ID, Field("kind", "Kind", "choice", tuple(k.value for k in WallKind))],
    "aperture": [
        ID,
        Field("kind", "Kind", "choice", tuple(k.value for k in ApertureKind)),
        Field("interior", "Interior", "optional"),
        Field("arc.start", "Arc start", "angle"),
        Field("arc.end", "Arc end", "angle"),
    ],
    "manhole": [
        ID,
        Field("hex", "Hex", "text"),
        Field("letter", "Letter", "choice", ("", *string.ascii_uppercase)),
        Field("dummy", "Dummy", "bool"),
    ],
    "underground_zone": [Field("letter", "Letter", "choice", tuple(string.ascii_uppercase))],
}


def _field_value(obj: Any, name: str) -> Any:
    for part in name.split("."):
        obj = getattr(obj, part)
    return obj


def interior_ids(sheet: MapSheet) -> list[str]:
    out = []
    for building in sheet.buildings:
        for room in building.rooms:
            out.extend([z.id for z in room.zones] if room.zones else [room.id])
    return out


def rename_changes(sheet: MapSheet, pointer: str, old: str, new: str) -> list[tuple[str, Any, Any]]:
    """The id change and the references that follow it (rooms and zones of a renamed
    building, apertures opening into a renamed room or zone)."""
    changes: list[tuple[str, Any, Any]] = [(f"{pointer}/id", old, new)]
    renamed = {old: new}
    if kind_of(pointer) == "building":
        b = int(pointer.split("/")[2])
        for r, room in enumerate(sheet.buildings[b].rooms):
            if room.id.startswith(old + "."):
                renamed[room.id] = new + room.id[len(old) :]
                changes.append((f"{pointer}/rooms/{r}/id", room.id, renamed[room.id]))
            for z, zone in enumerate(room.zones):
                if zone.id.startswith(old + "."):
                    renamed[zone.id] = new + zone.id[len(old) :]
                    changes.append((f"{pointer}/rooms/{r}/zones/{z}/id", zone.id, renamed[zone.id]))
    if kind_of(pointer) in ("building", "room", "zone"):
        for w, wall in enumerate(sheet.walls):
            for a, ap in enumerate(wall.apertures):
                if ap.interior in renamed:
                    changes.append((f"/walls/{w}/apertures/{a}/interior", ap.interior, renamed[ap.interior]))
    return changes


class Inspector(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("inspector")
        self.title = QLabel("Nothing selected")
        self.title.setStyleSheet("font-weight: bold;")
        self.object_problems = QLabel()
        self.object_problems.setWordWrap(True)
        self.object_problems.setStyleSheet(ERROR_STYLE)
        self.object_problems.hide()
        self.form_host = QWidget()
        self.form = QFormLayout(self.form_host)
        self.form.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.object_problems)
        layout.addWidget(self.form_host)
        layout.addStretch(1)
        #: field name -> editor widget, and -> its problem label
        self.editors: dict[str, QWidget] = {}
        #: field name -> the text a line edit was given from the model (Enter on it is no edit)
        self.shown_texts: dict[str, str] = {}
        self.problem_labels: dict[str, QLabel] = {}
        self.pointer: str | None = None
        self.kind = ""
        self.problems: list[Problem] = []
        self._document_getter: Callable[[], Any] = lambda: None
        self._selection_getter: Callable[[], list[str]] = list
        self._key: tuple[str | None, str, int] | None = None

    # -- wiring --------------------------------------------------------------------------
    def bind(self, document_getter: Callable[[], Any], selection_getter: Callable[[], list[str]]) -> None:
        self._document_getter = document_getter
        self._selection_getter = selection_getter

    @property
    def document(self) -> Any:
        return self._document_getter()

    @property
    def sheet(self) -> MapSheet | None:
        doc = self.document
        return doc.model if doc is not None and isinstance(doc.model, MapSheet) else None

    def set_problems(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        self._show_problems()

    # -- building the form ---------------------------------------------------------------
    def refresh(self) -> None:
        sheet = self.sheet
        selected = self._selection_getter() if sheet is not None else []
        if sheet is None:
            pointer, kind = None, ""
        elif len(selected) == 1 and kind_of(selected[0]) in FIELDS:
            pointer, kind = selected[0], kind_of(selected[0])
        elif not selected:
            pointer, kind = "", "sheet"
        else:
            pointer, kind = None, "many"
        key = (pointer, kind, id(sheet))
        if key != self._key:
            self._key = key
            self.pointer, self.kind = pointer, kind
            self._build()
        self._load_values()
        self._show_problems()

    def _build(self) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.editors, self.problem_labels, self.shown_texts = {}, {}, {}
        sheet = self.sheet
        if sheet is None or self.kind == "":
            self.title.setText("No sheet")
            return
        if self.kind == "many":
            self.title.setText(f"{len(self._selection_getter())} objects selected")
            return
        self.title.setText("Sheet" if self.kind == "sheet" else self.kind.replace("_", " ").capitalize())
        for field in FIELDS[self.kind]:
            editor = self._editor(field, sheet)
            editor.setObjectName(f"inspector_{field.name.replace('.', '_')}")
            problem = QLabel()
            problem.setWordWrap(True)
            problem.setStyleSheet(ERROR_STYLE)
            problem.hide()
            box = QWidget()
            column = QVBoxLayout(box)
            column.setContentsMargins(0, 0, 0, 0)
            column.setSpacing(1)
            column.addWidget(editor)
            column.addWidget(problem)
            self.form.addRow(field.label, box)
            self.editors[field.name] = editor
            self.problem_labels[field.name] = problem

    def _editor(self, field: Field, sheet: MapSheet) -> QWidget:
        def commit(*_args: object) -> None:
            self._commit(field)

        if field.editor in ("text", "optional"):
            edit = QLineEdit()
            edit.setMaxLength(LINE_EDIT_LIMIT)
            if field.name == "interior":
                edit.setCompleter(QCompleter(interior_ids(sheet), edit))
                edit.setPlaceholderText("none")
            edit.editingFinished.connect(commit)
            return edit
        if field.editor == "int":
            spin = QSpinBox()
            spin.setRange(field.low, field.high)
            spin.setKeyboardTracking(False)
            spin.valueChanged.connect(commit)
            return spin
        if field.editor == "angle":
            angle = QDoubleSpinBox()
            angle.setRange(0.0, 359.9)
            angle.setDecimals(1)
            angle.setSuffix("°")
            angle.setWrapping(True)
            angle.setKeyboardTracking(False)
            angle.valueChanged.connect(commit)
            return angle
        if field.editor == "bool":
            check = QCheckBox()
            check.toggled.connect(commit)
            return check
        combo = QComboBox()
        for choice in field.choices:
            combo.addItem(choice.replace("_", " ") if choice else "none", choice)
        combo.activated.connect(commit)
        return combo

    def _object(self) -> Any:
        sheet = self.sheet
        if sheet is None or self.pointer is None:
            return None
        try:
            return pointers.get(sheet, self.pointer)
        except (IndexError, AttributeError, KeyError, ValueError):
            return None

    def _load_values(self) -> None:
        obj = self._object()
        if obj is None:
            return
        for name, editor in self.editors.items():
            value = _field_value(obj, name)
            editor.blockSignals(True)
            try:
                if isinstance(editor, QLineEdit):
                    text = "" if value is None else str(value)
                    editor.setText(text)
                    self.shown_texts[name] = text
                elif isinstance(editor, QSpinBox | QDoubleSpinBox):
                    editor.setValue(value)
                elif isinstance(editor, QCheckBox):
                    editor.setChecked(bool(value))
                elif isinstance(editor, QComboBox):
                    editor.setCurrentIndex(editor.findData("" if value is None else str(value)))
            finally:
                editor.blockSignals(False)

    # -- committing ----------------------------------------------------------------------
    def _read(self, field: Field) -> Any:
        editor = self.editors[field.name]
        if isinstance(editor, QLineEdit):
            # taken as typed: stripping would rewrite a padded value the user never touched
            text = editor.text()
            return (text if text.strip() else None) if field.editor == "optional" else text
        if isinstance(editor, QSpinBox | QDoubleSpinBox):
            return editor.value()
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        assert isinstance(editor, QComboBox)
        data = editor.currentData()
        return data or None if field.name == "letter" and self.kind == "manhole" else data

    def _commit(self, field: Field) -> None:
        sheet, obj, document = self.sheet, self._object(), self.document
        if sheet is None or obj is None or document is None or self.pointer is None:
            return
        editor = self.editors[field.name]
        if isinstance(editor, QLineEdit) and editor.text() == self.shown_texts.get(field.name):
            return  # Enter (or leaving the field) without typing anything is no edit
        value = self._read(field)
        top = field.name.split(".")[0]
        if "." in field.name:
            # arc.start / arc.end: the arc is replaced whole
            arc = _field_value(obj, top)
            value = FireArc(**{**arc.model_dump(), field.name.split(".")[1]: value})
        old = getattr(obj, top)
        if value == old:
            return
        error = self._invalid(obj, top, value)
        label = self.problem_labels[field.name]
        if error:
            label.setText(error)
            label.show()
            return
        label.hide()
        if isinstance(value, BaseModel):
            value = type(value).model_validate(value.model_dump())
        else:
            value = getattr(type(obj).model_validate({**obj.model_dump(by_alias=True), top: value}), top)
        field_pointer = f"{self.pointer}/{top}"
        name = getattr(obj, "id", "") if self.kind != "sheet" else "sheet"
        if top == "id" and self.kind in ("building", "room", "zone"):
            changes = rename_changes(sheet, self.pointer, old, value)
            text = f"Rename {self.kind} {old} to {value}"
        else:
            changes = [(field_pointer, old, value)]
            text = f"Change {field.label.lower()} of {name}".strip()
        document.undo_stack.push(SetProperty(document, text, changes))

    @staticmethod
    def _invalid(obj: BaseModel, field: str, value: Any) -> str:
        try:
            type(obj).model_validate({**obj.model_dump(by_alias=True), field: value})
        except ValidationError as exc:
            first = exc.errors()[0]
            return str(first.get("msg", "invalid value"))
        return ""

    # -- problems ------------------------------------------------------------------------
    def _own_problems(self) -> list[Problem]:
        doc = self.document
        path = doc.path if doc is not None else None
        if path is None or self.pointer is None:
            return []
        out = []
        for problem in self.problems:
            if Path(problem.file).resolve() != Path(path).resolve():
                continue
            p = problem.pointer
            if self.pointer and not pointers.is_within(p, self.pointer):
                continue
            rest = p[len(self.pointer) :]
            if any(rest.startswith(child) for child in CHILD_LISTS) and self.kind != "sheet":
                continue
            if self.kind == "sheet" and rest.count("/") > 1 and not rest.startswith("/terrain"):
                continue
            out.append(problem)
        return out

    def _show_problems(self) -> None:
        general: list[str] = []
        per_field: dict[str, list[str]] = {name: [] for name in self.problem_labels}
        for problem in self._own_problems():
            rest = problem.pointer[len(self.pointer or "") :]
            token = rest.split("/")[1] if rest.count("/") >= 1 else ""
            names = [n for n in per_field if n.split(".")[0] == token]
            if token == "arc" and rest.count("/") >= 2:
                names = [n for n in names if n == "arc." + rest.split("/")[2]] or names
            text = f"{problem.code} {problem.message}"
            if names:
                per_field[names[0]].append(text)
            else:
                general.append(text)
        for name, label in self.problem_labels.items():
            label.setText("\n".join(per_field[name]))
            label.setVisible(bool(per_field[name]))
            self.editors[name].setToolTip("\n".join(per_field[name]))
        self.object_problems.setText("\n".join(general))
        self.object_problems.setVisible(bool(general))

    def problem_text(self, name: str) -> str:
        label = self.problem_labels.get(name)
        return label.text() if label is not None and not label.isHidden() else ""
