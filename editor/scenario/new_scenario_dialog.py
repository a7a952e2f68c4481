"""File > New scenario: pick sheets and underground inserts, place and turn the sheets in
an assembly view (snapped so edge half hexes join, 5.1.1), name the sides. The scenario
opens untitled, with an empty order of battle per side (one impulse force to fill) and a
default victory block, its files named relative to the folder it will be saved in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.geometry.hexgrid import HexGrid
from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model.scenario import Scenario
from engine.model.sheet import MapSheet, SheetKind

from ..new_scenario import SAMPLE_UNITS, reference
from .assembly import Placed, snap, steps
from .fields import ProblemLabel

SHEET_FILL = QColor("#f4efe1")
SHEET_PEN = QColor("#5b4a2f")
SELECTED_PEN = QColor("#e8710a")


class SheetRect(QGraphicsRectItem):
    """A sheet in the assembly: dragged, it snaps to the grid and to the other sheets."""

    def __init__(self, dialog: NewScenarioDialog, sheet: MapSheet):
        super().__init__(0, 0, sheet.size[0], sheet.size[1])
        self.dialog = dialog
        self.sheet = sheet
        self.rotation_deg = 0
        self.setBrush(QBrush(SHEET_FILL))
        self.setPen(QPen(SHEET_PEN, 2))
        self.setFlags(
            QGraphicsItem.GraphicsItemFlag.ItemIsMovable
            | QGraphicsItem.GraphicsItemFlag.ItemIsSelectable
            | QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges
        )
        self.label = QGraphicsSimpleTextItem(self)
        font = QFont()
        font.setPointSizeF(min(sheet.size) / 5)
        self.label.setFont(font)
        self.set_rotation(0)

    def set_rotation(self, degrees: int) -> None:
        self.rotation_deg = degrees
        turned = " ↻180°" if degrees == 180 else ""
        self.label.setText(f"{self.sheet.id}{turned}")
        box = self.label.boundingRect()
        w, h = self.sheet.size
        self.label.setPos((w - box.width()) / 2, (h - box.height()) / 2)
        self.update()

    def paint(self, painter: QPainter, option: Any, widget: QWidget | None = None) -> None:
        self.setPen(QPen(SELECTED_PEN if self.isSelected() else SHEET_PEN, 3 if self.isSelected() else 2))
        super().paint(painter, option, widget)
        # the sheet's top edge (north as printed): a notch, at the bottom once turned round
        w, h = self.sheet.size
        y, d = (0.0, 1.0) if self.rotation_deg == 0 else (h, -1.0)
        notch = QPolygonF([QPointF(w / 2 - 12, y), QPointF(w / 2 + 12, y), QPointF(w / 2, y + d * 18)])
        painter.setBrush(QBrush(SHEET_PEN))
        painter.drawPolygon(notch)

    def mouseReleaseEvent(self, event: Any) -> None:
        super().mouseReleaseEvent(event)
        self.dialog.fit()  # the whole assembly in view once the sheet is put down

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: Any) -> Any:
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionChange and self.scene() is not None:
            x, y = self.dialog.snapped(self, (value.x(), value.y()))
            return QPointF(x, y)
        if change == QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged:
            self.dialog.placement_changed()
        return super().itemChange(change, value)


class NewScenarioDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, start_dir: Path | None = None):
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.setObjectName("new_scenario_dialog")
        self.start_dir = start_dir
        self.sheets: list[tuple[Path, SheetRect]] = []
        self.inserts: list[tuple[Path, MapSheet]] = []
        #: the sides that have each insert (8.1.10: for the others its manholes are face down)
        self.known_by: list[set[str]] = []
        self.problem = ProblemLabel()

        self.scene = QGraphicsScene(self)
        self.view = QGraphicsView(self.scene)
        self.view.setObjectName("assembly_view")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setBackgroundBrush(QBrush(QColor("#d9d9d9")))
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scene.selectionChanged.connect(self._scene_selected)

        self.sheet_list = QListWidget()
        self.sheet_list.setObjectName("sheet_list")
        self.sheet_list.currentRowChanged.connect(self._list_selected)
        self.insert_list = QListWidget()
        self.insert_list.setObjectName("insert_list")
        self.insert_list.currentRowChanged.connect(self._insert_selected)
        self.knows: dict[str, QCheckBox] = {}
        for side in ("green", "red"):
            box = QCheckBox(f"{side.capitalize()} has it")
            box.setObjectName(f"{side}_knows")
            box.setToolTip("A side without the insert sees its manholes face down (8.1.10)")
            box.toggled.connect(lambda on, sd=side: self._set_known(sd, on))
            self.knows[side] = box

        def button(text: str, name: str, slot: Any) -> QPushButton:
            b = QPushButton(text)
            b.setObjectName(name)
            b.clicked.connect(slot)
            return b

        sheet_buttons = QHBoxLayout()
        sheet_buttons.addWidget(button("Add sheet…", "add_sheet", lambda: self.add_sheet()))
        sheet_buttons.addWidget(button("Turn 180°", "turn_sheet", self.turn_selected))
        sheet_buttons.addWidget(button("Remove", "remove_sheet", self.remove_sheet))
        insert_buttons = QHBoxLayout()
        insert_buttons.addWidget(button("Add insert…", "add_insert", lambda: self.add_insert()))
        insert_buttons.addWidget(button("Remove", "remove_insert", self.remove_insert))
        insert_buttons.addWidget(self.knows["green"])
        insert_buttons.addWidget(self.knows["red"])
        sheets_box = QGroupBox("Map sheets (drag them in the assembly; they snap where half hexes join)")
        sheets_layout = QVBoxLayout(sheets_box)
        sheets_layout.addWidget(self.sheet_list)
        sheets_layout.addLayout(sheet_buttons)
        inserts_box = QGroupBox("Underground inserts")
        inserts_layout = QVBoxLayout(inserts_box)
        inserts_layout.addWidget(self.insert_list)
        inserts_layout.addLayout(insert_buttons)

        self.green_name = QLineEdit("Green")
        self.green_name.setObjectName("green_name")
        self.red_name = QLineEdit("Red")
        self.red_name.setObjectName("red_name")
        self.folder = QLineEdit()
        self.folder.setObjectName("scenario_folder")
        self.folder.setToolTip(
            "The scenario names its sheets and cards relative to this folder: save it there."
        )
        form = QFormLayout()
        form.addRow("Green side", self.green_name)
        form.addRow("Red side", self.red_name)
        form.addRow("Folder to save in", self.folder)

        left = QVBoxLayout()
        left.addWidget(sheets_box, 2)
        left.addWidget(inserts_box, 1)
        left.addLayout(form)
        columns = QHBoxLayout()
        columns.addLayout(left, 1)
        columns.addWidget(self.view, 3)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        outer = QVBoxLayout(self)
        outer.addLayout(columns, 1)
        outer.addWidget(self.problem)
        outer.addWidget(self.buttons)
        self.problem.say("")
        self.resize(1300, 760)
        self._update_ok()
        self._insert_selected(-1)

    # -- sheets and inserts ------------------------------------------------------------------
    def _read(self, path: Path, kind: SheetKind) -> MapSheet | None:
        try:
            model = load_document(path).model
        except LoadError as exc:
            self.problem.say(exc.problems[0].format() if exc.problems else f"{path}: unusable")
            return None
        if not isinstance(model, MapSheet) or model.kind != kind:
            what = "surface map sheet" if kind == SheetKind.surface else "underground insert"
            self.problem.say(f"{path.name} is not a {what}")
            return None
        return model

    def _ask(self, title: str) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(
            self, title, str(self.start_dir or ""), "Sheets (*.yaml *.yml *.json)"
        )
        return Path(name) if name else None

    def add_sheet(self, path: Path | None = None) -> bool:
        path = path or self._ask("Add a map sheet")
        if path is None:
            return False
        sheet = self._read(path, SheetKind.surface)
        if sheet is None:
            return False
        rect = SheetRect(self, sheet)
        if self.sheets:
            # to the right of the assembly, where its half hexes meet the last sheet's
            right = max(r.x() + r.rect().width() for _p, r in self.sheets)
            top = self.sheets[0][1].y()
            self.scene.addItem(rect)
            rect.setPos(right, top)
        else:
            self.scene.addItem(rect)
        self.sheets.append((path, rect))
        self.sheet_list.addItem(f"{sheet.id} — {path.name}")
        self.sheet_list.item(len(self.sheets) - 1).setText(self._entry(len(self.sheets) - 1))
        self.sheet_list.setCurrentRow(len(self.sheets) - 1)
        if not self.folder.text():
            self.folder.setText(str(path.resolve().parent))
        self.problem.say("")
        self.fit()
        self._update_ok()
        return True

    def add_insert(self, path: Path | None = None) -> bool:
        path = path or self._ask("Add an underground insert")
        if path is None:
            return False
        insert = self._read(path, SheetKind.underground)
        if insert is None:
            return False
        self.inserts.append((path, insert))
        self.known_by.append({"green", "red"})
        self.insert_list.addItem(f"{insert.id} — {path.name}")
        self.insert_list.setCurrentRow(len(self.inserts) - 1)
        self.problem.say("")
        return True

    def remove_sheet(self) -> None:
        row = self.sheet_list.currentRow()
        if 0 <= row < len(self.sheets):
            _path, rect = self.sheets.pop(row)
            self.scene.removeItem(rect)
            self.sheet_list.takeItem(row)
            self._update_ok()

    def remove_insert(self) -> None:
        row = self.insert_list.currentRow()
        if 0 <= row < len(self.inserts):
            self.inserts.pop(row)
            self.known_by.pop(row)
            self.insert_list.takeItem(row)

    def _insert_selected(self, row: int) -> None:
        for side, box in self.knows.items():
            box.blockSignals(True)
            box.setChecked(0 <= row < len(self.known_by) and side in self.known_by[row])
            box.setEnabled(0 <= row < len(self.known_by))
            box.blockSignals(False)

    def _set_known(self, side: str, on: bool) -> None:
        row = self.insert_list.currentRow()
        if 0 <= row < len(self.known_by):
            if on:
                self.known_by[row].add(side)
            else:
                self.known_by[row].discard(side)
            path, insert = self.inserts[row]
            who = " and ".join(sorted(self.known_by[row])) or "nobody"
            self.insert_list.item(row).setText(f"{insert.id} — {path.name} (known by {who})")

    def turn_selected(self) -> None:
        row = self.sheet_list.currentRow()
        if 0 <= row < len(self.sheets):
            rect = self.sheets[row][1]
            rect.set_rotation(0 if rect.rotation_deg == 180 else 180)
            self.sheet_list.item(row).setText(self._entry(row))

    def _entry(self, row: int) -> str:
        path, rect = self.sheets[row]
        turned = ", turned 180°" if rect.rotation_deg else ""
        return f"{rect.sheet.id} — {rect.sheet.title or path.name} ({path.name}{turned})"

    # -- placing -------------------------------------------------------------------------------
    def snapped(self, rect: SheetRect, position: tuple[float, float]) -> tuple[float, float]:
        if not self.sheets:
            return position
        first = self.sheets[0][1].sheet
        others = [Placed((r.x(), r.y()), tuple(r.sheet.size)) for _p, r in self.sheets if r is not rect]  # type: ignore[arg-type]
        grid_steps = steps(first.grid.orientation, first.grid.size)
        return snap(position, tuple(rect.sheet.size), others, grid_steps)  # type: ignore[arg-type]

    def placement_changed(self) -> None:
        self._update_ok()

    def overlaps(self) -> list[tuple[str, str]]:
        out = []
        rects = [(r.sheet.id, QRectF(r.x(), r.y(), *r.sheet.size)) for _p, r in self.sheets]
        for i, (a, ra) in enumerate(rects):
            for b, rb in rects[i + 1 :]:
                common = ra.intersected(rb)
                if common.width() > 1 and common.height() > 1:
                    out.append((a, b))
        return out

    def _update_ok(self) -> None:
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        overlaps = self.overlaps()
        if overlaps:
            self.problem.say("sheets overlap: " + ", ".join(f"{a} and {b}" for a, b in overlaps))
        elif self.problem.text().startswith("sheets overlap"):
            self.problem.say("")
        ok_button.setEnabled(bool(self.sheets) and not overlaps)

    def fit(self) -> None:
        bounds = self.scene.itemsBoundingRect().adjusted(-40, -40, 40, 40)
        self.scene.setSceneRect(bounds.adjusted(-400, -400, 400, 400))
        self.view.fitInView(bounds, Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        if self.sheets:
            self.fit()

    def _scene_selected(self) -> None:
        for row, (_p, rect) in enumerate(self.sheets):
            if rect.isSelected():
                self.sheet_list.setCurrentRow(row)

    def _list_selected(self, row: int) -> None:
        for i, (_p, rect) in enumerate(self.sheets):
            rect.setSelected(i == row)

    # -- the scenario ------------------------------------------------------------------------
    def base_dir(self) -> Path:
        text = self.folder.text().strip()
        return Path(text).resolve() if text else Path.cwd()

    def _accept(self) -> None:
        try:
            self.build()
        except ValueError as exc:
            self.problem.say(str(exc))
            return
        self.accept()

    def build(self) -> Scenario:
        """The new scenario; ValueError when the sheets or names will not make one."""
        if not self.sheets:
            raise ValueError("add at least one map sheet")
        for name, line in (("green", self.green_name), ("red", self.red_name)):
            if not line.text().strip():
                raise ValueError(f"name the {name} side")
        anchor = self.base_dir() / "scenario.yaml"
        origin_x = min(r.x() for _p, r in self.sheets)
        origin_y = min(r.y() for _p, r in self.sheets)
        sheets = []
        for path, rect in self.sheets:
            entry: dict[str, Any] = {"file": reference(path, anchor)}
            position = (round(rect.x() - origin_x, 3), round(rect.y() - origin_y, 3))
            if position != (0.0, 0.0):
                entry["position"] = list(position)
            if rect.rotation_deg:
                entry["rotation"] = rect.rotation_deg
            sheets.append(entry)
        first = self.sheets[0][1].sheet
        centre = _centre_hex(first)

        def side(name: str, force: str) -> dict[str, Any]:
            return {"name": name, "impulse_forces": [{"id": force, "name": "1st platoon"}]}

        data: dict[str, Any] = {
            "schema": "uo-scenario/1",
            "id": "new-scenario",
            "title": "New scenario",
            "cards": [reference(SAMPLE_UNITS, anchor)],
            "map": {
                "sheets": sheets,
                "underground": [
                    _insert_use(reference(p, anchor), known)
                    for (p, _i), known in zip(self.inserts, self.known_by, strict=True)
                ],
            },
            "turns": 6,
            "sides": {
                "green": side(self.green_name.text().strip(), "g-if1"),
                "red": side(self.red_name.text().strip(), "r-if1"),
            },
            # a default victory block to edit: green holds the first sheet's centre hex
            "victory": {
                "conditions": [
                    {
                        "kind": "control",
                        "id": "hold-centre",
                        "side": "green",
                        "locations": [f"{first.id}{centre}"],
                        "points": 1,
                    }
                ],
                "levels": [{"side": "green", "level": "total", "min_points": 1}],
            },
        }
        if not self.inserts:
            del data["map"]["underground"]
        return Scenario.model_validate(data)


def _insert_use(ref: str, known: set[str]) -> dict[str, Any]:
    """An insert's entry; `known_by` only when a side lacks it (both is the default)."""
    entry: dict[str, Any] = {"file": ref}
    if known != {"green", "red"}:
        entry["known_by"] = [side for side in ("green", "red") if side in known]
    return entry


def _centre_hex(sheet: MapSheet) -> str:
    grid = HexGrid(sheet.grid)
    labels = grid.playable_labels(*sheet.size)
    cx, cy = sheet.size[0] / 2, sheet.size[1] / 2

    def distance(label: str) -> float:
        x, y = grid.centre(label)
        return (x - cx) ** 2 + (y - cy) ** 2

    return min(labels, key=distance)
