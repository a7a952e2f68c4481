"""The card library editor: the cards of a library grouped by deck on the left, the
selected card's page on the right. Adding, duplicating and removing cards and every field
edit are undo commands on the library's own document (one entry each); the view redraws
from the model on the document's `changed`, so undo and redo show at once."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import (
    BlockProfile,
    BlockType,
    CardLibrary,
    EventCard,
    EventTiming,
    SupportCard,
    SupportDomain,
    SupportKind,
    UnitCard,
)

from ..commands import AddObjects, RemoveObjects, pointers
from .fields import ERROR_STYLE
from .pages import EventPage, SupportPage, UnitPage, button, unique_id

#: the three decks of a library: list key, title, page index
DECKS = (
    ("unit_cards", "Unit cards", 1),
    ("support_cards", "Support cards", 2),
    ("event_cards", "Event cards", 3),
)
POINTER_ROLE = Qt.ItemDataRole.UserRole


def card_label(card: Any) -> str:
    return f"{card.id} — {getattr(card, 'name', None) or getattr(card, 'title', '')}"


def new_card(deck: str, taken: set[str]) -> Any:
    if deck == "unit_cards":
        block = BlockProfile(type=BlockType.infantry, name="Rifle squad")
        return UnitCard(id=unique_id("unit-", taken), name="New unit", blocks=[block])
    if deck == "support_cards":
        return SupportCard(
            id=unique_id("support-", taken),
            name="New support",
            kind=SupportKind.mortar,
            domain=SupportDomain.terrestrial,
        )
    return EventCard(
        id=unique_id("event-", taken), title="New event", timing=EventTiming.kept, text="Card text."
    )


class CardEditor(QWidget):
    """Edits the card libraries in `documents` (one for a library file; a scenario's)."""

    #: the library being edited changed (its document), for the undo group
    library_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.documents: list[Any] = []
        self.library_box = QComboBox()
        self.library_box.setObjectName("library")
        self.library_box.currentIndexChanged.connect(self._on_library_chosen)
        self.library_label = QLabel("Library:")
        self.tree = QTreeWidget()
        self.tree.setObjectName("card_tree")
        self.tree.setHeaderHidden(True)
        self.tree.currentItemChanged.connect(self._on_card_chosen)

        self.add_unit = button("+ Unit card", "add_unit_card", lambda: self.add_card("unit_cards"))
        self.add_support = button(
            "+ Support card", "add_support_card", lambda: self.add_card("support_cards")
        )
        self.add_event = button("+ Event card", "add_event_card", lambda: self.add_card("event_cards"))
        #: the validator's problems on the shown card (the file's whole check, filtered)
        self.problems_label = QLabel()
        self.problems_label.setObjectName("card_problems")
        self.problems_label.setStyleSheet(ERROR_STYLE)
        self.problems_label.setWordWrap(True)
        self.problems_label.hide()
        self.problems: list[Any] = []
        # a card renamed while the open scenario (blocks, 3D matrix, event decks) or another
        # card (an event's extra 3D mission) names it: offered to follow
        self.rename_bar = QWidget()
        self.rename_bar.setObjectName("rename_bar")
        bar = QHBoxLayout(self.rename_bar)
        bar.setContentsMargins(0, 0, 0, 0)
        self.rename_label = QLabel()
        self.rename_label.setWordWrap(True)
        bar.addWidget(self.rename_label, 1)
        bar.addWidget(button("Rename them", "rename_users", self._rename_users))
        bar.addWidget(button("Keep", "keep_users", self._keep_users))
        self.rename_bar.hide()
        self._renamed: tuple[str, str, str] | None = None  # deck, old id, new id
        #: what names a card of a deck (by deck and card id: the scenario's blocks of a unit
        #: card; the matrix rows and events' extra missions of a support card; the decks,
        #: hands and table rows of an event card), and how to make them name it under a new
        #: id (one undo entry in each document's history)
        self.card_users: Any = lambda _deck, _card: []
        self.rename_card_users: Any = lambda _deck, _old, _new: None
        self.duplicate_button = button("Duplicate", "duplicate_card", self.duplicate_card)
        self.remove_button = button("Remove", "remove_card", self.remove_card)

        # the three card pages are made when first wanted (`_card_pages`): their forms were
        # a tenth of the window's start-up, twice (the Cards view and the Cards dock), for
        # documents that are mostly sheets and scenarios
        self._made: tuple[UnitPage, SupportPage, EventPage] | None = None
        self.pages = QStackedWidget()
        empty = QLabel("Pick a card, or add one with Add card.")
        empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.pages.addWidget(empty)

        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        top.addWidget(self.library_label)
        top.addWidget(self.library_box, 1)
        column.addLayout(top)
        column.addWidget(self.tree, 1)
        column.addWidget(self.problems_label)
        row = QHBoxLayout()
        for b in (self.add_unit, self.add_support, self.add_event):
            row.addWidget(b)
        column.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.duplicate_button)
        row.addWidget(self.remove_button)
        row.addStretch(1)
        column.addLayout(row)
        splitter = QSplitter()
        splitter.addWidget(left)
        right = QWidget()
        beside = QVBoxLayout(right)
        beside.setContentsMargins(0, 0, 0, 0)
        beside.addWidget(self.rename_bar)
        beside.addWidget(self.pages, 1)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([300, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self._current = ""  # pointer of the card shown
        self._document: Any = None
        #: the open scenario's impulse force ids, for a reinforcement effect's default
        self.force_ids: Any = list

    @property
    def unit_page(self) -> UnitPage:
        return self._card_pages()[0]

    @property
    def support_page(self) -> SupportPage:
        return self._card_pages()[1]

    @property
    def event_page(self) -> EventPage:
        return self._card_pages()[2]

    def _card_pages(self) -> tuple[UnitPage, SupportPage, EventPage]:
        """The unit, support and event card pages (pages 1-3), made on first use."""
        if self._made is not None:
            return self._made
        unit, support, event = UnitPage(), SupportPage(), EventPage()
        for deck, form in (
            ("unit_cards", unit.card_form),
            ("support_cards", support.form),
            ("event_cards", event.form),
        ):
            form.field_committed.connect(
                lambda name, old, new, deck=deck: self._on_card_field(deck, name, old, new)
            )
        event.known_ids = self._known_ids
        for page in (unit, support, event):
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(page)
            self.pages.addWidget(scroll)
        self._made = (unit, support, event)
        return self._made

    # -- documents -----------------------------------------------------------------------
    def set_documents(self, documents: list[Any]) -> None:
        for document in self.documents:
            document.changed.disconnect(self._on_document_changed)
        self.documents = [d for d in documents if isinstance(d.model, CardLibrary)]
        for document in self.documents:
            document.changed.connect(self._on_document_changed)
        self.library_box.blockSignals(True)
        self.library_box.clear()
        for document in self.documents:
            self.library_box.addItem(f"{document.model.id} — {document.display_name}")
        self.library_box.blockSignals(False)
        several = len(self.documents) > 1
        self.library_box.setVisible(several)
        self.library_label.setVisible(several)
        self._current = ""
        self._on_library_chosen(0)

    @property
    def document(self) -> Any:
        return self._document

    @property
    def library(self) -> CardLibrary | None:
        return self._document.model if self._document is not None else None

    def _on_library_chosen(self, index: int) -> None:
        self._document = self.documents[index] if 0 <= index < len(self.documents) else None
        self._current = ""
        self.rebuild()
        self.library_changed.emit(self._document)

    def _on_document_changed(self) -> None:
        if self.sender() is self._document:
            self.rebuild()

    def _known_ids(self) -> tuple[list[str], list[str]]:
        supports = [c.id for d in self.documents for c in d.model.support_cards]
        return supports, list(self.force_ids())

    # -- the card list -------------------------------------------------------------------
    def rebuild(self) -> None:
        library = self.library
        self.tree.blockSignals(True)
        self.tree.clear()
        chosen: QTreeWidgetItem | None = None
        if library is not None:
            for key, title, _page in DECKS:
                cards = getattr(library, key)
                group = QTreeWidgetItem([f"{title} ({len(cards)})"])
                group.setFlags(group.flags() & ~Qt.ItemFlag.ItemIsSelectable)
                self.tree.addTopLevelItem(group)
                for i, card in enumerate(cards):
                    item = QTreeWidgetItem([card_label(card)])
                    pointer = f"/{key}/{i}"
                    item.setData(0, POINTER_ROLE, pointer)
                    group.addChild(item)
                    if pointer == self._current:
                        chosen = item
                group.setExpanded(True)
        if chosen is None:
            self._current = ""
        else:
            self.tree.setCurrentItem(chosen)
        self.tree.blockSignals(False)
        self._show_page()

    def _on_card_chosen(self, item: QTreeWidgetItem | None, _previous: object = None) -> None:
        pointer = item.data(0, POINTER_ROLE) if item is not None else None
        self._current = pointer or ""
        self._show_page()

    def select(self, pointer: str) -> None:
        """Show the card at `pointer` (/unit_cards/0 ...)."""
        self._current = pointer
        self.rebuild()

    def current_pointer(self) -> str:
        return self._current

    def set_problems(self, problems: list[Any]) -> None:
        self.problems = list(problems)
        self._show_problems()

    def card_problems(self) -> list[Any]:
        """The problems the validator found in the shown card, in its library's file."""
        document = self._document
        if not self._current or document is None or document.path is None:
            return []
        path = Path(document.path).resolve()
        return [
            p
            for p in self.problems
            if Path(p.file).resolve() == path and pointers.is_within(p.pointer, self._current)
        ]

    def _show_problems(self) -> None:
        found = self.card_problems()
        lines = [
            f"{p.code} {p.message}" + (f" ({p.pointer})" if p.pointer != self._current else "") for p in found
        ]
        self.problems_label.setText("\n".join(lines))
        self.problems_label.setVisible(bool(lines))

    def _show_page(self) -> None:
        self._show_problems()
        if not self._current or self._document is None:
            self.pages.setCurrentIndex(0)
            self.duplicate_button.setEnabled(False)
            self.remove_button.setEnabled(False)
            return
        key = self._current.split("/")[1]
        index = next(p for k, _t, p in DECKS if k == key)
        page = self._card_pages()[index - 1]
        page.bind(self._document, self._current)
        self.pages.setCurrentIndex(index)
        self.duplicate_button.setEnabled(True)
        self.remove_button.setEnabled(True)

    # -- adding and removing -------------------------------------------------------------
    def _taken(self) -> set[str]:
        library = self.library
        if library is None:
            return set()
        return {c.id for key, _t, _p in DECKS for c in getattr(library, key)}

    def add_card(self, deck: str) -> None:
        library = self.library
        if library is None:
            return
        card = new_card(deck, self._taken())
        at = f"/{deck}/{len(getattr(library, deck))}"
        self._current = at
        self.document.undo_stack.push(AddObjects(self.document, f"Add card {card.id}", [(at, card)]))

    def duplicate_card(self) -> None:
        if not self._current or self.library is None:
            return
        card = pointers.get(self.library, self._current).model_copy(deep=True)
        deck = self._current.split("/")[1]
        card.id = unique_id(f"{card.id}-", self._taken())
        at = f"/{deck}/{len(getattr(self.library, deck))}"
        self._current = at
        self.document.undo_stack.push(AddObjects(self.document, f"Duplicate card as {card.id}", [(at, card)]))

    def remove_card(self) -> None:
        if not self._current or self.library is None:
            return
        card = pointers.get(self.library, self._current)
        at = self._current
        self._current = ""
        self.document.undo_stack.push(RemoveObjects(self.document, f"Remove card {card.id}", [at]))

    # -- a card renamed --------------------------------------------------------------------
    def _on_card_field(self, deck: str, name: str, old: object, new: object) -> None:
        users = self.card_users(deck, old) if name == "id" else []
        if not users:
            self._keep_users()
            return
        self._renamed = (deck, str(old), str(new))
        n = len(users)
        named = f"({', '.join(users[:4])}{', ...' if n > 4 else ''})"
        them = "them" if n != 1 else "it"
        if deck == "unit_cards":
            said = f"{n} block{'s' * (n != 1)} of the scenario field {old} {named}"
        else:
            said = f"{n} place{'s' * (n != 1)} name {old} {named}"
        self.rename_label.setText(f"{said}: rename {them} to {new} too?")
        self.rename_bar.show()

    def _rename_users(self) -> None:
        if self._renamed is not None:
            self.rename_card_users(*self._renamed)
        self._keep_users()

    def _keep_users(self) -> None:
        self._renamed = None
        self.rename_bar.hide()

    def card_ids(self) -> list[str]:
        library = self.library
        return [c.id for key, _t, _p in DECKS for c in getattr(library, key)] if library else []
