"""One page per kind of card: the card's own fields, then its lists (blocks and their
weapons; effect rings; the event's structured effect), each edit one undo entry."""

from __future__ import annotations

import enum
import typing
from typing import Any

from pydantic import BaseModel, ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import (
    TWO_LEVEL_TYPES,
    AreaOfEffect,
    BlockProfile,
    BlockType,
    EffectRing,
    EventCard,
    EventEffect,
    EventSide,
    Protection,
    SupportCard,
    UnitCard,
    Weapon,
)

from ..commands import AddObjects, RemoveObjects, SetProperty, pointers
from .fields import FieldForm, _bounds
from .tables import RingsTable, WeaponsTable


def effect_kinds() -> dict[str, type[BaseModel]]:
    """The structured effects an event card may carry, by their `kind`: read from the
    format's own union (EventEffect), so a kind added to the model gets its form here."""
    union = typing.get_args(EventEffect)[0]  # Annotated[A | B | ..., discriminator]
    out: dict[str, type[BaseModel]] = {}
    for cls in typing.get_args(union):
        (kind,) = typing.get_args(cls.model_fields["kind"].annotation)
        out[str(kind)] = cls
    return out


EFFECTS = effect_kinds()


def unique_id(prefix: str, taken: set[str]) -> str:
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def button(text: str, name: str, slot: Any) -> QPushButton:
    b = QPushButton(text)
    b.setObjectName(name)
    b.clicked.connect(slot)
    return b


def new_block(kind: BlockType) -> BlockProfile:
    """A block of `kind` with the card defaults its type implies: two OSL levels for the
    types that have only two (4.3.2.1), a vehicle's target class."""
    protection = {
        BlockType.apc: Protection.armoured,
        BlockType.armoured_vehicle: Protection.armoured,
        BlockType.mbt: Protection.mbt,
    }.get(kind, Protection.soft)
    return BlockProfile(
        type=kind,
        name=kind.value.replace("_", " ").capitalize(),
        protection=protection,
        osl_levels=2 if kind in TWO_LEVEL_TYPES else 3,
    )


class Page(QWidget):
    """A card page bound to (document, pointer of the card)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.document: Any = None
        self.pointer = ""

    def card(self) -> Any:
        try:
            return pointers.get(self.document.model, self.pointer)
        except (IndexError, KeyError, AttributeError, ValueError, TypeError):
            return None

    def bind(self, document: Any, pointer: str) -> None:
        self.document, self.pointer = document, pointer
        self.load()

    def load(self) -> None:
        raise NotImplementedError

    def push(self, command: Any) -> None:
        self.document.undo_stack.push(command)


class UnitPage(Page):
    """A unit card: its fields, its blocks, the selected block's weapons table."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.card_form = FieldForm(UnitCard, ["id", "name", "kind", "nation", "campaign", "notes"], columns=2)
        self.blocks = QListWidget()
        self.blocks.setObjectName("blocks")
        self.blocks.setMinimumWidth(220)
        self.blocks.currentRowChanged.connect(self._on_block_changed)
        self.block_form = FieldForm(
            BlockProfile,
            [
                "type",
                "name",
                "count",
                "protection",
                "osl_levels",
                "weight",
                "capacity",
                "ladder",
                "night_equipment",
            ],
            columns=2,
        )
        self.weapons = WeaponsTable()
        self.weapons.setObjectName("weapons")
        self.weapons.table.setMinimumHeight(120)
        self.weapons.current_changed.connect(self._on_weapon_changed)
        self.weapon_form = FieldForm(
            Weapon, ["targets", "breach", "critical_bonus", "smoke", "no_fire_from_building"], columns=2
        )
        self.effect_form = FieldForm(AreaOfEffect)

        card_box = QGroupBox("Unit card")
        QVBoxLayout(card_box).addWidget(self.card_form)
        blocks_box = QGroupBox("Blocks")
        beside = QHBoxLayout(blocks_box)
        column = QVBoxLayout()
        row = QHBoxLayout()
        row.addWidget(button("Add block", "add_block", self.add_block))
        row.addWidget(button("Remove block", "remove_block", self.remove_block))
        column.addWidget(self.blocks)
        column.addLayout(row)
        beside.addLayout(column)
        beside.addWidget(self.block_form, 1)
        weapons_box = QGroupBox("Weapons: firepower by range band (EP); '-' cannot fire")
        column = QVBoxLayout(weapons_box)
        column.addWidget(self.weapons)
        row = QHBoxLayout()
        row.addWidget(button("Add weapon", "add_weapon", self.add_weapon))
        row.addWidget(button("Remove weapon", "remove_weapon", self.remove_weapon))
        row.addStretch(1)
        column.addLayout(row)
        details = QHBoxLayout()
        details.addWidget(self.weapon_form, 1)
        aoe = QGroupBox("Area of effect")
        QVBoxLayout(aoe).addWidget(self.effect_form)
        details.addWidget(aoe, 1)
        column.addLayout(details)

        layout = QVBoxLayout(self)
        layout.addWidget(card_box)
        layout.addWidget(blocks_box)
        layout.addWidget(weapons_box)
        layout.addStretch(1)

    def block_pointer(self) -> str:
        row = max(self.blocks.currentRow(), 0)
        return f"{self.pointer}/blocks/{row}"

    def weapon_pointer(self) -> str:
        row = self.weapons.table.currentRow()
        return f"{self.block_pointer()}/weapons/{row}" if row >= 0 else ""

    def load(self) -> None:
        card = self.card()
        if not isinstance(card, UnitCard):
            return
        self.card_form.bind(self.document, self.pointer)
        row = self.blocks.currentRow()
        self.blocks.blockSignals(True)
        self.blocks.clear()
        for block in card.blocks:
            self.blocks.addItem(f"{block.name or block.type.value} ({block.type.value}) ×{block.count}")
        self.blocks.setCurrentRow(min(max(row, 0), len(card.blocks) - 1))
        self.blocks.blockSignals(False)
        self._on_block_changed()

    def _on_block_changed(self, *_args: object) -> None:
        self.block_form.bind(self.document, self.block_pointer())
        self.block_form.what = lambda: self._block_name()
        self.weapons.bind(self.document, f"{self.block_pointer()}/weapons")
        self._on_weapon_changed()

    def _block_name(self) -> str:
        card, block = self.card(), self.block_form.obj()
        return f"{card.id} {block.type.value}" if card and isinstance(block, BlockProfile) else ""

    def _on_weapon_changed(self, *_args: object) -> None:
        pointer = self.weapon_pointer()
        self.weapon_form.bind(self.document, pointer)
        self.effect_form.bind(self.document, f"{pointer}/area_of_effect" if pointer else "")
        self.effect_form.what = lambda: f"weapon {pointers.get(self.document.model, pointer).id}"

    # -- lists ---------------------------------------------------------------------------
    def add_block(self) -> None:
        card = self.card()
        if not isinstance(card, UnitCard):
            return
        used = {b.type for b in card.blocks}
        kind = next((t for t in BlockType if t not in used), None)
        if kind is None:
            return
        block = new_block(kind)
        at = f"{self.pointer}/blocks/{len(card.blocks)}"
        self.push(AddObjects(self.document, f"Add {kind.value} block to {card.id}", [(at, block)]))
        self.blocks.setCurrentRow(self.blocks.count() - 1)

    def remove_block(self) -> None:
        card = self.card()
        if not isinstance(card, UnitCard) or len(card.blocks) <= 1:
            return  # a unit card fields at least one block
        at = self.block_pointer()
        self.push(RemoveObjects(self.document, f"Remove block from {card.id}", [at]))

    def add_weapon(self) -> None:
        block = self.block_form.obj()
        if not isinstance(block, BlockProfile):
            return
        taken = {w.id for w in block.weapons}
        weapon = Weapon(id=unique_id("w", taken), name="New weapon", firepower=[1])
        at = f"{self.block_pointer()}/weapons/{len(block.weapons)}"
        self.push(AddObjects(self.document, f"Add weapon to {self._block_name()}", [(at, weapon)]))
        self.weapons.table.setCurrentCell(len(block.weapons) - 1, 1)

    def remove_weapon(self) -> None:
        at = self.weapon_pointer()
        if at:
            self.push(RemoveObjects(self.document, f"Remove weapon from {self._block_name()}", [at]))


class SupportPage(Page):
    """A 3D support card: its fields and the rings of its weapons effect."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.form = FieldForm(SupportCard, columns=2)
        self.rings = RingsTable()
        self.rings.setObjectName("rings")
        self.rings.table.setMinimumHeight(100)
        box = QGroupBox("Support card")
        QVBoxLayout(box).addWidget(self.form)
        rings_box = QGroupBox("Weapons effect: OSL lost by distance from the target")
        column = QVBoxLayout(rings_box)
        column.addWidget(self.rings)
        row = QHBoxLayout()
        row.addWidget(button("Add ring", "add_ring", self.add_ring))
        row.addWidget(button("Remove ring", "remove_ring", self.remove_ring))
        row.addStretch(1)
        column.addLayout(row)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addWidget(rings_box)
        layout.addStretch(1)

    def load(self) -> None:
        if not isinstance(self.card(), SupportCard):
            return
        self.form.bind(self.document, self.pointer)
        self.rings.bind(self.document, f"{self.pointer}/effect")

    def add_ring(self) -> None:
        card = self.card()
        if not isinstance(card, SupportCard):
            return
        radius = max((r.radius for r in card.effect), default=-1) + 1
        ring = EffectRing(radius=min(radius, 10), osl=1)
        at = f"{self.pointer}/effect/{len(card.effect)}"
        self.push(AddObjects(self.document, f"Add effect ring to {card.id}", [(at, ring)]))

    def remove_ring(self) -> None:
        card = self.card()
        row = self.rings.table.currentRow()
        if isinstance(card, SupportCard) and 0 <= row < len(card.effect):
            at = f"{self.pointer}/effect/{row}"
            self.push(RemoveObjects(self.document, f"Remove effect ring from {card.id}", [at]))


class EventPage(Page):
    """An event card: its fields and its structured effect (kind, then that kind's fields)."""

    effect_changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.form = FieldForm(
            EventCard, ["id", "title", "timing", "campaign", "scenarios", "text"], columns=2
        )
        self.effect_kind = QComboBox()
        self.effect_kind.setObjectName("effect_kind")
        self.effect_kind.addItem("none (text only)", "")
        for kind in EFFECTS:
            self.effect_kind.addItem(kind.replace("_", " "), kind)
        self.effect_kind.activated.connect(self._on_kind_chosen)
        # the ids an effect names are picked from those the scenario and its libraries hold
        # (typing another is allowed: lint says if it is unknown, L204, L3xx)
        refs: dict[str, Any] = {
            "support": lambda: list(self.known_ids()[0]),
            "force": lambda: list(self.known_ids()[1]),
        }
        self.effect_forms = {kind: FieldForm(cls, choices=refs) for kind, cls in EFFECTS.items()}
        box = QGroupBox("Event card")
        QVBoxLayout(box).addWidget(self.form)
        effect_box = QGroupBox("Structured effect (what the engine applies)")
        column = QVBoxLayout(effect_box)
        kind_row = QFormLayout()
        kind_row.addRow("Effect", self.effect_kind)
        column.addLayout(kind_row)
        for form in self.effect_forms.values():
            column.addWidget(form)
        layout = QVBoxLayout(self)
        layout.addWidget(box)
        layout.addWidget(effect_box)
        layout.addStretch(1)
        #: ids the effect defaults name: (support card ids, impulse force ids)
        self.known_ids: Any = lambda: ([], [])

    def load(self) -> None:
        card = self.card()
        if not isinstance(card, EventCard):
            return
        self.form.bind(self.document, self.pointer)
        kind = card.effect.kind if card.effect is not None else ""
        self.effect_kind.setCurrentIndex(max(self.effect_kind.findData(kind), 0))
        for name, form in self.effect_forms.items():
            form.setVisible(name == kind)
            if name == kind:
                form.bind(self.document, f"{self.pointer}/effect")
                form.what = lambda: f"{self.card().id} effect"

    def new_effect(self, kind: str) -> BaseModel | None:
        """A new effect of `kind`: a sensible value for each field (ids the scenario and its
        libraries know for references), then whatever the model's defaults and bounds allow
        for a kind this editor has no special default for."""
        supports, forces = self.known_ids()
        known: dict[str, Any] = {
            "osl_change": {"side": EventSide.enemy, "amount": -1},
            "reinforcement": {"force": forces[0] if forces else "if1"},
            "support_points": {"amount": 1},
            "extra_3d_mission": {"support": supports[0] if supports else "support"},
        }
        cls = EFFECTS[kind]
        values: dict[str, Any] = {"kind": kind, **known.get(kind, {})}
        for name, info in cls.model_fields.items():
            if name in values or not info.is_required():
                continue
            annotation = info.annotation
            if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
                values[name] = next(iter(annotation))
            elif annotation is int:
                low, high = _bounds(cls, name)
                values[name] = max(low, min(1, high))
            else:
                values[name] = {
                    "support": supports[0] if supports else "",
                    "force": forces[0] if forces else "",
                }.get(name, name)
        try:
            return cls.model_validate(values)
        except ValidationError:
            return None

    def _on_kind_chosen(self, _index: int) -> None:
        card = self.card()
        if not isinstance(card, EventCard):
            return
        kind = self.effect_kind.currentData()
        if kind == (card.effect.kind if card.effect else ""):
            return
        new = self.new_effect(kind) if kind else None
        text = f"Set effect of {card.id} to {kind or 'none'}"
        if kind and new is None:
            return
        self.push(SetProperty(self.document, text, [(f"{self.pointer}/effect", card.effect, new)]))
