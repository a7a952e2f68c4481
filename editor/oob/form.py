"""The form beside the order-of-battle tree: every field of the selected side, impulse
force or block. Each change is one undo entry through `OobEdits`; with several blocks
selected, a change of card, type, quality, hidden or transport applies to all of them at
once. A value the model refuses is not pushed: the form says why in red."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import VEHICLE_TYPES, UnitCard
from engine.model.scenario import Block, Entry, ImpulseForce, Logistics, Quality, SideSetup

from ..tools.keep_keys import KeepKeys
from .edits import OobEdits, Refused, parse

NONE = "(none)"


def _combo(name: str) -> QComboBox:
    box = QComboBox()
    box.setObjectName(name)
    return box


def _fill(box: QComboBox, items: list[str], current: str | None) -> None:
    box.blockSignals(True)
    box.clear()
    box.addItems(items)
    if current is not None and current not in items:
        box.addItem(current)  # a value the lists do not know is shown, not lost
    box.setCurrentText(current if current is not None else items[0] if items else "")
    box.blockSignals(False)


def _set(widget: QWidget, value: Any) -> None:
    widget.blockSignals(True)
    if isinstance(widget, QLineEdit):
        widget.setText(value)
    elif isinstance(widget, QSpinBox):
        widget.setValue(value)
    elif isinstance(widget, QCheckBox):
        widget.setChecked(value)
    widget.blockSignals(False)


def _spin(name: str, low: int, high: int) -> QSpinBox:
    box = QSpinBox()
    box.setObjectName(name)
    box.setRange(low, high)
    box.setKeyboardTracking(False)  # one edit when typing is done, not one per digit
    return box


def _line(name: str) -> QLineEdit:
    line = QLineEdit()
    line.setObjectName(name)
    return line


class OobForm(QWidget):
    #: the form changed the selection's pointers (an id renamed keeps its pointer)
    message = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.edits: OobEdits | None = None
        self.cards: Callable[[], dict[str, UnitCard]] = dict
        self.targets: list[str] = []
        self._merge: tuple[object, ...] | None = None
        self.stack = QStackedWidget()
        self.error = QLabel()
        self.error.setObjectName("oob_error")
        self.error.setStyleSheet("color: #c62828")
        self.error.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.stack)
        layout.addWidget(self.error)
        layout.addStretch(1)
        self.empty = QLabel("Select a side, an impulse force or blocks.")
        self.stack.addWidget(self.empty)
        self._side_page()
        self._force_page()
        self._block_page()
        self.keep_keys = KeepKeys(self)
        for box in self.findChildren(QComboBox):
            box.installEventFilter(self.keep_keys)

    # -- pages ---------------------------------------------------------------------------
    def _side_page(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.side_name = _line("side_name")
        self.commander = _combo("side_commander")
        self.command_post = _combo("side_command_post")
        self.logistics = _combo("side_logistics")
        self.reserve = _spin("side_reserve", 0, 20)
        self.hidden_setup = QCheckBox("Blocks set up hidden from the enemy")
        self.hidden_setup.setObjectName("side_hidden_setup")
        form.addRow("Name", self.side_name)
        form.addRow("Commander", self.commander)
        form.addRow("Command post", self.command_post)
        form.addRow("Logistics", self.logistics)
        form.addRow("Reserve (SP)", self.reserve)
        form.addRow("", self.hidden_setup)
        # deployment areas are painted with the Set-up tool; here they are named or removed
        self.areas = _combo("side_areas")
        self.area_name = _line("area_name")
        self.area_name.setPlaceholderText("name of the area")
        self.remove_area = QPushButton("Remove area")
        self.remove_area.setObjectName("remove_area")
        area_row = QHBoxLayout()
        area_row.addWidget(self.areas, 1)
        area_row.addWidget(self.remove_area)
        form.addRow("Deployment areas", area_row)
        form.addRow("Area name", self.area_name)
        self.areas.currentIndexChanged.connect(lambda _i: self._show_area())
        self.area_name.editingFinished.connect(self._rename_area)
        self.remove_area.clicked.connect(self._remove_area)
        self.side_name.editingFinished.connect(lambda: self._side("name", self.side_name.text()))
        self._choice(self.commander, lambda: self._side("commander", _none(self.commander)))
        self._choice(self.command_post, lambda: self._side("command_post", _none(self.command_post)))
        self._choice(self.logistics, self._set_logistics)
        self.reserve.valueChanged.connect(self._set_reserve)
        self.hidden_setup.clicked.connect(lambda on: self._side("hidden_setup", on))
        self.side_page = page
        self.stack.addWidget(page)

    def _force_page(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.force_id = _line("force_id")
        self.force_name = _line("force_name")
        self.force_leader = _combo("force_leader")
        self.force_quality = _combo("force_quality")
        self.force_quality.addItems([q.value for q in Quality])
        self.force_sp = _spin("force_support_points", 0, 9)
        self.force_entry = QCheckBox("Reinforcement")
        self.force_entry.setObjectName("force_entry")
        self.force_turn = _spin("force_entry_turn", 1, 99)
        self.force_hexes = _line("force_entry_hexes")
        self.force_hexes.setPlaceholderText("entry hexes, e.g. A4408, A4415")
        self.force_deployment = _combo("force_deployment")
        form.addRow("Id", self.force_id)
        form.addRow("Name", self.force_name)
        form.addRow("Platoon leader", self.force_leader)
        form.addRow("Quality", self.force_quality)
        form.addRow("Support points", self.force_sp)
        form.addRow("", self.force_entry)
        form.addRow("Entry turn", self.force_turn)
        form.addRow("Entry hexes", self.force_hexes)
        form.addRow("Deployment area", self.force_deployment)
        self.force_id.editingFinished.connect(self._rename_force)
        self.force_name.editingFinished.connect(lambda: self._force("name", self.force_name.text()))
        self._choice(self.force_leader, lambda: self._force("platoon_leader", _none(self.force_leader)))
        self._choice(self.force_quality, lambda: self._force("quality", self.force_quality.currentText()))
        self.force_sp.valueChanged.connect(lambda v: self._force("support_points", v))
        self.force_entry.clicked.connect(self._set_entry)
        self.force_turn.valueChanged.connect(lambda _v: self._set_entry(True))
        self.force_hexes.editingFinished.connect(lambda: self._set_entry(True))
        self._choice(self.force_deployment, lambda: self._force("deployment", _none(self.force_deployment)))
        self.force_page = page
        self.stack.addWidget(page)

    def _block_page(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.block_count = QLabel()
        self.block_id = _line("block_id")
        self.block_card = _combo("block_card")
        self.block_type = _combo("block_type")
        self.block_quality = _combo("block_quality")
        self.block_quality.addItems(["(as its force)", *[q.value for q in Quality]])
        self.block_hidden = QCheckBox("Set up hidden")
        self.block_hidden.setObjectName("block_hidden")
        self.block_mounted = _combo("block_mounted_in")
        self.block_at = _line("block_at")
        self.block_at.setPlaceholderText("location id, or drag the block onto the map")
        form.addRow("", self.block_count)
        form.addRow("Id", self.block_id)
        form.addRow("Card", self.block_card)
        form.addRow("Type", self.block_type)
        form.addRow("Quality", self.block_quality)
        form.addRow("", self.block_hidden)
        form.addRow("Mounted in", self.block_mounted)
        form.addRow("Set up at", self.block_at)
        self.block_id.editingFinished.connect(self._rename_block)
        self._choice(self.block_card, self._set_card)
        self._choice(self.block_type, lambda: self._blocks({"type": self.block_type.currentText()}))
        self._choice(self.block_quality, self._set_quality)
        self.block_hidden.clicked.connect(lambda on: self._blocks({"hidden": on}))
        self._choice(self.block_mounted, self._set_mounted)
        self.block_at.editingFinished.connect(
            lambda: self._blocks({"at": self.block_at.text().strip() or None})
        )
        self.block_page = page
        self.stack.addWidget(page)

    # -- showing -------------------------------------------------------------------------
    def show_targets(self, targets: list[str]) -> None:
        self.targets = list(targets)
        self.error.clear()
        # letters typed on a combo box search its items as one word for a moment; the
        # same box then serves another selection, where the search starts afresh
        for combo in self.findChildren(QComboBox):
            combo.view().keyboardSearch("")
        self.refresh()

    def refresh(self) -> None:
        edits = self.edits
        places = [w for p in self.targets if (w := parse(p)) is not None]
        if edits is None or not places:
            self.stack.setCurrentWidget(self.empty)
            return
        side, f, b = places[0]
        setup: SideSetup = getattr(edits.scenario.sides, side)
        try:
            if f is None:
                self._show_side(setup)
            elif b is None:
                self._show_force(setup, setup.impulse_forces[f])
            else:
                blocks = [edits.get(p) for p in self.targets if (w := parse(p)) and w[2] is not None]
                self._show_blocks(setup, [x for x in blocks if isinstance(x, Block)])
        except (IndexError, AttributeError):  # the selection is gone (an undo removed it)
            self.stack.setCurrentWidget(self.empty)

    def _show_side(self, setup: SideSetup) -> None:
        ids = [NONE, *[b.id for f in setup.impulse_forces for b in f.blocks]]
        _set(self.side_name, setup.name)
        _fill(self.commander, ids, setup.commander or NONE)
        _fill(self.command_post, ids, setup.command_post or NONE)
        _fill(self.logistics, ids, setup.logistics.block if setup.logistics else NONE)
        _set(self.reserve, setup.logistics.reserve if setup.logistics else 0)
        self.reserve.setEnabled(setup.logistics is not None)
        _set(self.hidden_setup, setup.hidden_setup)
        held = self.areas.currentText()
        ids = [a.id for a in setup.deployment]
        _fill(self.areas, ids, held if held in ids else (ids[0] if ids else None))
        self._show_area()
        self.stack.setCurrentWidget(self.side_page)

    def _area_index(self) -> int | None:
        if self.edits is None or not self.targets:
            return None
        side = self._side_pointer().rsplit("/", 1)[1]
        ids = [a.id for a in getattr(self.edits.scenario.sides, side).deployment]
        text = self.areas.currentText()
        return ids.index(text) if text in ids else None

    def _show_area(self) -> None:
        i = self._area_index()
        self.area_name.setEnabled(i is not None)
        self.remove_area.setEnabled(i is not None)
        if i is not None and self.edits is not None:
            _set(self.area_name, self.edits.get(f"{self._side_pointer()}/deployment/{i}/name"))
        else:
            _set(self.area_name, "")

    def _rename_area(self) -> None:
        i = self._area_index()
        if i is not None:
            self._push(
                "Name deployment area",
                [(f"{self._side_pointer()}/deployment/{i}/name", self.area_name.text())],
            )

    def _remove_area(self) -> None:
        """The area and every force's reference to it, in one undo entry."""
        i = self._area_index()
        if i is None or self.edits is None:
            return
        base = self._side_pointer()
        side = base.rsplit("/", 1)[1]
        setup: SideSetup = getattr(self.edits.scenario.sides, side)
        gone = setup.deployment[i].id
        changes: list[tuple[str, Any]] = [
            (f"{base}/deployment", [a for a in setup.deployment if a.id != gone])
        ]
        changes += [
            (f"{base}/impulse_forces/{f}/deployment", None)
            for f, force in enumerate(setup.impulse_forces)
            if force.deployment == gone
        ]
        self._push(f"Remove deployment area {gone}", changes)

    def _show_force(self, setup: SideSetup, force: ImpulseForce) -> None:
        _set(self.force_id, force.id)
        _set(self.force_name, force.name)
        _fill(self.force_leader, [NONE, *[b.id for b in force.blocks]], force.platoon_leader or NONE)
        self.force_quality.setCurrentText(force.quality.value)
        _set(self.force_sp, force.support_points)
        _set(self.force_entry, force.entry is not None)
        _set(self.force_turn, force.entry.turn if force.entry else 1)
        _set(self.force_hexes, ", ".join(force.entry.hexes) if force.entry else "")
        self.force_turn.setEnabled(force.entry is not None)
        self.force_hexes.setEnabled(force.entry is not None)
        _fill(self.force_deployment, [NONE, *[d.id for d in setup.deployment]], force.deployment or NONE)
        self.stack.setCurrentWidget(self.force_page)

    def _show_blocks(self, setup: SideSetup, blocks: list[Block]) -> None:
        if not blocks:
            self.stack.setCurrentWidget(self.empty)
            return
        first = blocks[0]
        many = len(blocks) > 1
        self.block_count.setText(f"{len(blocks)} blocks: changes apply to all" if many else "")
        self.block_id.setEnabled(not many)
        self.block_at.setEnabled(not many)
        _set(self.block_id, first.id)
        cards = self.cards()
        _fill(self.block_card, sorted(cards), first.card)
        card = cards.get(first.card)
        _fill(self.block_type, [p.type.value for p in card.blocks] if card else [], first.type.value)
        self.block_quality.setCurrentIndex(
            0 if first.quality is None else 1 + list(Quality).index(first.quality)
        )
        _set(self.block_hidden, first.hidden)
        vehicles = [b.id for f in setup.impulse_forces for b in f.blocks if b.type in VEHICLE_TYPES]
        _fill(self.block_mounted, [NONE, *[v for v in vehicles if v != first.id]], first.mounted_in or NONE)
        _set(self.block_at, first.at or "")
        self.stack.setCurrentWidget(self.block_page)

    # -- editing -----------------------------------------------------------------------
    def _choice(self, combo: QComboBox, slot: Callable[[], None]) -> None:
        """A combo box's choice: stepping through its items (arrow keys, typing a name) is
        one undo entry, merged while the same box changes the same fields."""

        def chosen(_index: int) -> None:
            self._merge = ("choice", combo.objectName(), tuple(self.targets))
            try:
                slot()
            finally:
                self._merge = None

        combo.activated.connect(chosen)

    def _push(self, text: str, changes: list[tuple[str, Any]]) -> None:
        if self.edits is None:
            return
        try:
            self.edits.set_fields(text, changes, self._merge)
            self.error.clear()
        except Refused as exc:
            self.error.setText(str(exc))
            self.refresh()  # back to the value held

    def _side_pointer(self) -> str:
        return "/" + "/".join(self.targets[0].strip("/").split("/")[:2])

    def _force_pointer(self) -> str:
        return "/" + "/".join(self.targets[0].strip("/").split("/")[:4])

    def _side(self, name: str, value: Any) -> None:
        self._push(f"Set side {name.replace('_', ' ')}", [(f"{self._side_pointer()}/{name}", value)])

    def _set_logistics(self) -> None:
        block = _none(self.logistics)
        held: Logistics | None = self.edits.get(self._side_pointer() + "/logistics") if self.edits else None
        value = None if block is None else {"block": block, "reserve": held.reserve if held else 0}
        self._side("logistics", value)

    def _set_reserve(self, value: int) -> None:
        pointer = self._side_pointer() + "/logistics"
        if self.edits is not None and self.edits.get(pointer) is not None:
            self._push("Set logistics reserve", [(pointer + "/reserve", value)])

    def _force(self, name: str, value: Any) -> None:
        self._push(f"Set force {name.replace('_', ' ')}", [(f"{self._force_pointer()}/{name}", value)])

    def _set_entry(self, on: bool) -> None:
        if not on:
            self._force("entry", None)
            return
        hexes = [h.strip() for h in self.force_hexes.text().replace(";", ",").split(",") if h.strip()]
        if not hexes:
            self.force_turn.setEnabled(True)
            self.force_hexes.setEnabled(True)
            self.error.setText("A reinforcement needs entry hexes: type them or pick them on the map.")
            return
        try:
            entry = Entry(turn=self.force_turn.value(), hexes=hexes)
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        self._force("entry", entry)

    def _rename_force(self) -> None:
        new = self.force_id.text().strip()
        self._push("Rename impulse force", [(f"{self._force_pointer()}/id", new)])

    def _block_pointers(self) -> list[str]:
        return [p for p in self.targets if (w := parse(p)) and w[2] is not None]

    def _blocks(self, values: dict[str, Any]) -> None:
        pointers = self._block_pointers()
        what = ", ".join(k.replace("_", " ") for k in values)
        n = len(pointers)
        changes = [(f"{p}/{k}", v) for p in pointers for k, v in values.items()]
        self._push(f"Set {what} of {n} block{'s' * (n != 1)}" if n > 1 else f"Set block {what}", changes)

    def _set_quality(self) -> None:
        box = self.block_quality
        self._blocks({"quality": None if box.currentIndex() == 0 else box.currentText()})

    def _set_card(self) -> None:
        card = self.cards().get(self.block_card.currentText())
        values: dict[str, Any] = {"card": self.block_card.currentText()}
        if card is not None and self.edits is not None:
            # the type follows the card when the card does not field it
            types = [p.type.value for p in card.blocks]
            held = self.edits.get(self._block_pointers()[0] + "/type")
            if held not in types and types:
                values["type"] = types[0]
        self._blocks(values)

    def _set_mounted(self) -> None:
        vehicle = _none(self.block_mounted)
        values: dict[str, Any] = {"mounted_in": vehicle}
        if vehicle is not None:
            values["at"] = None  # a mounted block is where its vehicle is
        self._blocks(values)

    def _rename_block(self) -> None:
        if self.edits is None or len(self._block_pointers()) != 1:
            return
        pointer = self._block_pointers()[0]
        old = self.edits.get(pointer + "/id")
        new = self.block_id.text().strip()
        if new == old:
            return
        if new in self.edits.block_ids():
            self.error.setText(f"block id '{new}' is already used")
            self.refresh()
            return
        self._push(f"Rename block {old} to {new}", [(pointer + "/id", new), *self.edits.references(old, new)])


def _none(box: QComboBox) -> str | None:
    text = box.currentText()
    return None if text in (NONE, "") else text
