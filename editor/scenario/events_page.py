"""Events and 3D support page, per side: the event deck and hand (counts of each event
card), the d10 events table (6.1) and the 3D actions matrix and air defence (7.3.1,
7.3.3.5), with the die results each table leaves uncovered or gives twice (the same
engine function as lint L321/L322)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import CardLibrary, SupportKind
from engine.model.d10_coverage import events_coverage, rolls_text, support_coverage
from engine.model.scenario import EventTableRow, Side, SideSetup, SupportRow

from ..commands.model_checks import Refused, built
from .edits import ScenarioEdits
from .fields import COVERED, DOUBLED, UNCOVERED, DieStrip, ProblemLabel, describe
from .library_cards import Cards, scenario_cards
from .rolls import parse_rolls, rolls_label
from .tables import fill, make_table

MATRIX_COLUMNS = ("U", "T+1", "T")
#: alias of each result column in the model (SupportRow's field names)
FIELD_OF = {"U": "unavailable", "T+1": "next_turn", "T": "this_turn"}


def _buttons(*pairs: tuple[str, str, Any]) -> QHBoxLayout:
    row = QHBoxLayout()
    for text, name, slot in pairs:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(slot)
        row.addWidget(button)
    row.addStretch()
    return row


class EventsPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.edits: ScenarioEdits | None = None
        self.base_dir: Path | None = None
        self.cards = Cards()
        #: the card libraries open in the editor (unsaved card edits count), by path
        self.open_libraries: Callable[[], dict[Path, CardLibrary]] = dict
        self.side = Side.green
        #: the event card of each row of the cards table, in order
        self._card_rows: list[str] = []
        self.problem = ProblemLabel()

        self.side_box = QComboBox()
        self.side_box.setObjectName("events_side")
        self.side_box.addItems([s.value for s in Side])
        self.side_box.currentTextChanged.connect(self._pick_side)
        top = QHBoxLayout()
        top.addWidget(QLabel("Side:"))
        top.addWidget(self.side_box)
        self.side_name = QLabel()
        top.addWidget(self.side_name)
        top.addStretch()

        # event deck and hand
        self.card_table = make_table("event_cards", ["Card", "Title", "Deck", "Hand"], stretch=1)
        self.card_table.itemChanged.connect(self._card_count_typed)
        self.deck_summary = QLabel()
        deck_box = QGroupBox("Event deck and hand (6.1)")
        deck_layout = QVBoxLayout(deck_box)
        deck_layout.addWidget(self.card_table)
        deck_layout.addWidget(self.deck_summary)

        # events table
        self.event_table = make_table("events_table", ["Rolls", "Outcome", "Card"], stretch=1)
        self.event_table.itemChanged.connect(self._event_row_typed)
        self.event_strip = DieStrip()
        self.event_strip.setObjectName("events_strip")
        self.event_cover = QLabel()
        strip_row = QHBoxLayout()
        strip_row.addWidget(self.event_strip)
        strip_row.addWidget(self.event_cover, 1)
        table_box = QGroupBox("Events table, rolled each turn (d10)")
        table_layout = QVBoxLayout(table_box)
        table_layout.addWidget(self.event_table)
        table_layout.addLayout(strip_row)
        table_layout.addLayout(
            _buttons(
                ("Add row", "add_event_row", self.add_event_row),
                ("Remove row", "remove_event_row", self.remove_event_row),
            )
        )

        # 3D matrix and air defence
        self.support_pick = QComboBox()
        self.support_pick.setObjectName("support_pick")
        # the dice check next to the card's name, where it shows without scrolling
        self.matrix = make_table(
            "support_matrix", ["Support", "Dice", "Missions", "Per turn", *MATRIX_COLUMNS]
        )
        self.matrix.itemChanged.connect(lambda item: self._support_typed("actions", self.matrix, item))
        self.air = make_table("air_defense", ["Support", "Dice", "Missions", "Per turn", "U", "T"])
        self.air.itemChanged.connect(lambda item: self._support_typed("air_defense", self.air, item))
        add_row = QHBoxLayout()
        add_row.addWidget(self.support_pick, 1)
        add_row.addLayout(
            _buttons(
                ("Add", "add_support", self.add_support), ("Remove", "remove_support", self.remove_support)
            )
        )
        support_box = QGroupBox("3D actions matrix (7.3.1) and air defence (7.3.3.5)")
        support_layout = QVBoxLayout(support_box)
        # two tabs, so the matrix keeps the page's height for its rows
        self.support_tabs = QTabWidget()
        self.support_tabs.setObjectName("support_tabs")
        self.support_tabs.addTab(self.matrix, "3D actions")
        self.support_tabs.addTab(self.air, "Air defence (U or T only)")
        support_layout.addWidget(self.support_tabs, 1)
        support_layout.addLayout(add_row)
        # 7.3.3.1: the player writes any position on paper; off, play offers the enemy
        # locations the side sees (docs/rules.md)
        self.any_position = QCheckBox("Requests at any position within reach (7.3.3.1)")
        self.any_position.setObjectName("any_position")
        self.any_position.toggled.connect(self._any_position_toggled)
        support_layout.addWidget(self.any_position)

        # at 1600 x 1000 each table shows all its columns (rolls written as ranges)
        for table in (self.matrix, self.air, self.card_table):
            table.verticalHeader().hide()  # a row is named by its card
        columns = QHBoxLayout()
        columns.addWidget(deck_box, 4)
        columns.addWidget(table_box, 6)
        columns.addWidget(support_box, 7)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 2)
        outer.addLayout(top)
        outer.addLayout(columns, 1)
        outer.addWidget(self.problem)
        self.problem.say("")

    # -- the model -------------------------------------------------------------------------
    def set_document(self, edits: ScenarioEdits | None, base_dir: Path | None) -> None:
        self.edits = edits
        self.base_dir = base_dir
        self.refresh()

    @property
    def setup(self) -> SideSetup:
        assert self.edits is not None
        return getattr(self.edits.scenario.sides, self.side.value)

    @property
    def base(self) -> str:
        return f"/sides/{self.side.value}"

    def _pick_side(self, text: str) -> None:
        self.side = Side(text)
        self.refresh()

    def refresh(self) -> None:
        if self.edits is None:
            return
        self.cards = scenario_cards(self.edits.scenario, self.base_dir, self.open_libraries())
        setup = self.setup
        self.side_name.setText(f"<b>{setup.name}</b>")
        self._fill_cards(setup)
        self._fill_events(setup)
        self._fill_support(setup)

    def _fill_cards(self, setup: SideSetup) -> None:
        deck, hand = setup.events.deck, setup.events.hand
        ids = list(self.cards.events)
        ids += [c for c in [*deck, *hand] if c not in self.cards.events and c not in ids]
        self._card_rows = ids
        rows, colours, tips = [], {}, {}
        for r, cid in enumerate(ids):
            card = self.cards.events.get(cid)
            title = card.title if card else "not in the card libraries"
            rows.append([cid, title, str(deck.count(cid)), str(hand.count(cid))])
            if card is None:
                colours[(r, 1)] = UNCOVERED
            if deck.count(cid) + hand.count(cid) > 1:
                colours[(r, 2)] = colours[(r, 3)] = DOUBLED  # L325: a card is in one place once
            if card is not None:
                tips[(r, 1)] = f"{card.title} ({card.timing}): {card.text}"
        fill(self.card_table, rows, {2, 3}, colours, tips)
        self.deck_summary.setText(
            f"Deck: {len(deck)} card(s), shuffled face down · Hand: {len(hand)} card(s)"
        )

    def _fill_events(self, setup: SideSetup) -> None:
        table = setup.events.table
        cover = events_coverage(table)
        owners = cover.owners
        rows, colours = [], {}
        for r, row in enumerate(table):
            rows.append([rolls_label(row.roll), row.outcome, row.card or ""])
            if any(len(owners[roll]) > 1 for roll in row.roll):
                colours[(r, 0)] = DOUBLED
        fill(self.event_table, rows, {0, 1, 2}, colours)
        self.event_strip.set_coverage(cover)
        self.event_cover.setText(describe(cover) if table else "no events table")

    def _fill_support(self, setup: SideSetup) -> None:
        for field, table in (("actions", self.matrix), ("air_defense", self.air)):
            rows, colours, tips = [], {}, {}
            columns = MATRIX_COLUMNS if field == "actions" else ("U", "T")
            for r, row in enumerate(getattr(setup.support, field)):
                cover = support_coverage(row)
                text = describe(cover)
                if field == "air_defense" and row.next_turn:
                    text = f"T+1 {rolls_text(row.next_turn)} not allowed; " + text
                dice = "ok" if cover.complete and text == describe(cover) else text
                cells = [row.support, dice, str(row.missions), str(row.per_turn)]
                cells += [rolls_label(getattr(row, FIELD_OF[c])) for c in columns]
                rows.append(cells)
                colours[(r, 1)] = COVERED if dice == "ok" else DOUBLED if cover.doubled else UNCOVERED
                tips[(r, 1)] = text
                if row.support not in self.cards.supports:
                    colours[(r, 0)] = UNCOVERED
                    tips[(r, 0)] = "no such support card in the scenario's libraries"
            fill(table, rows, set(range(2, len(columns) + 4)), colours, tips)
        self.any_position.blockSignals(True)
        self.any_position.setChecked(setup.support.any_position)
        self.any_position.blockSignals(False)
        self.support_pick.clear()
        for cid, card in self.cards.supports.items():
            self.support_pick.addItem(f"{cid} — {card.name}", cid)

    def card_row(self, card: str) -> int | None:
        """The row of an event card in the deck and hand table."""
        return self._card_rows.index(card) if card in self._card_rows else None

    # -- editing ---------------------------------------------------------------------------
    def _refuse(self, text: str) -> None:
        self.problem.say(text)
        self.refresh()  # the cell shows the model's value again; the message keeps the typed one

    def _card_count_typed(self, item: QTableWidgetItem) -> None:
        if self.edits is None:
            return
        cid = self._card_rows[item.row()]
        which = "deck" if item.column() == 2 else "hand"
        try:
            count = int(item.text().strip())
            if not 0 <= count <= 9:
                raise ValueError
        except ValueError:
            self._refuse(f"{which} count of {cid}: '{item.text()}' is not a number 0-9")
            return
        cards = list(getattr(self.setup.events, which))
        at = cards.index(cid) if cid in cards else len(cards)
        kept = [c for c in cards if c != cid]
        at = min(at, len(kept))
        new = kept[:at] + [cid] * count + kept[at:]
        self.problem.say("")
        self.edits.change(
            f"{cid}: {count} in the {self.side.value} {which}", [(f"{self.base}/events/{which}", new)]
        )

    def _event_row_typed(self, item: QTableWidgetItem) -> None:
        if self.edits is None:
            return
        r, c = item.row(), item.column()
        row = self.setup.events.table[r]
        data = row.model_dump(mode="json", exclude_none=True)
        text = item.text().strip()
        try:
            if c == 0:
                data["roll"] = parse_rolls(text)
            elif c == 1:
                data["outcome"] = text
            else:
                data.pop("card", None)
                if text:
                    data["card"] = text
            new = built(EventTableRow, data)
        except Refused as exc:
            self._refuse(f"events table row {r + 1}: {exc}")
            return
        self.problem.say("")
        self.edits.change(f"Events table row {r + 1}", [(f"{self.base}/events/table/{r}", new)])

    def add_event_row(self) -> None:
        if self.edits is None:
            return
        table = self.setup.events.table
        free = events_coverage(table).uncovered or [0]
        row = EventTableRow(roll=free, outcome="Nothing happens.")
        self.edits.add(f"Add {self.side.value} events row", f"{self.base}/events/table/{len(table)}", row)
        self.event_table.setCurrentCell(len(table), 1)

    def remove_event_row(self) -> None:
        r = self.event_table.currentRow()
        if self.edits is None or not 0 <= r < len(self.setup.events.table):
            return
        self.edits.remove(f"Remove {self.side.value} events row {r + 1}", [f"{self.base}/events/table/{r}"])

    def _support_typed(self, field: str, table: QTableWidget, item: QTableWidgetItem) -> None:
        if self.edits is None:
            return
        r, c = item.row(), item.column()
        row: SupportRow = getattr(self.setup.support, field)[r]
        data = row.model_dump(mode="json", by_alias=True)
        header = table.horizontalHeaderItem(c).text()
        text = item.text().strip()
        try:
            if header == "Missions":
                data["missions"] = int(text) if text.lstrip("-").isdigit() else text
            elif header == "Per turn":
                data["per_turn"] = int(text) if text.lstrip("-").isdigit() else text
            elif header in MATRIX_COLUMNS:
                data[header] = parse_rolls(text)
            else:
                return
            new = built(SupportRow, data)
        except Refused as exc:
            self._refuse(f"{row.support}, {header}: {exc}")
            return
        self.problem.say("")
        self.edits.change(f"{row.support}: {header}", [(f"{self.base}/support/{field}/{r}", new)])

    def _any_position_toggled(self, on: bool) -> None:
        if self.edits is None:
            return
        what = "any position" if on else "seen enemy locations"
        self.edits.change(
            f"{self.side.value} 3D requests at {what}", [(f"{self.base}/support/any_position", on)]
        )

    def add_support(self) -> None:
        cid = self.support_pick.currentData()
        if self.edits is None or not cid:
            return
        card = self.cards.supports[cid]
        field = "air_defense" if card.kind == SupportKind.air_defense else "actions"
        rows = getattr(self.setup.support, field)
        # a new row starts complete: every result unavailable until the designer says
        row = SupportRow.model_validate({"support": cid, "missions": 1, "U": list(range(10))})
        self.edits.add(
            f"Add {cid} to the {self.side.value} 3D matrix", f"{self.base}/support/{field}/{len(rows)}", row
        )

    def remove_support(self) -> None:
        """Remove the selected row of the table shown (3D actions or air defence)."""
        field = "air_defense" if self.support_tabs.currentWidget() is self.air else "actions"
        table = self.air if field == "air_defense" else self.matrix
        r = table.currentRow()
        rows = getattr(self.setup.support, field) if self.edits else []
        if self.edits is not None and 0 <= r < len(rows):
            self.edits.remove(f"Remove {rows[r].support}", [f"{self.base}/support/{field}/{r}"])
