"""A card library as a table: one row per card, grouped by deck, blocks under unit cards."""

from __future__ import annotations

from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from engine.model.cards import BlockProfile, CardLibrary, EventCard, SupportCard, UnitCard

COLUMNS = ("Id", "Name", "Kind", "Details")


def _unit_details(card: UnitCard) -> str:
    blocks = sum(b.count for b in card.blocks)
    parts = [f"{blocks} block{'s' * (blocks != 1)}"]
    if card.nation:
        parts.append(card.nation)
    return ", ".join(parts)


def _block_details(block: BlockProfile) -> str:
    weapons = ", ".join(w.name for w in block.weapons) or "no weapons"
    return f"×{block.count}, {block.protection}, OSL {block.osl_levels}; {weapons}"


def _support_details(card: SupportCard) -> str:
    rings = " ".join(f"{r.radius}:{r.osl}" for r in card.effect)
    return f"{card.domain}, targets {card.targets}" + (f", effect {rings}" if rings else "")


def _event_details(card: EventCard) -> str:
    return card.text if len(card.text) <= 80 else card.text[:77] + "..."


class CardsPanel(QTreeWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("cards")
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(list(COLUMNS))
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)

    def set_library(self, library: CardLibrary | None) -> None:
        self.clear()
        if library is None:
            return
        units = self._group("Unit cards", len(library.unit_cards))
        for card in library.unit_cards:
            item = QTreeWidgetItem([card.id, card.name, card.kind, _unit_details(card)])
            for block in card.blocks:
                item.addChild(
                    QTreeWidgetItem(["", block.name or block.type, block.type, _block_details(block)])
                )
            units.addChild(item)
        support = self._group("Support cards", len(library.support_cards))
        for scard in library.support_cards:
            support.addChild(QTreeWidgetItem([scard.id, scard.name, scard.kind, _support_details(scard)]))
        events = self._group("Event cards", len(library.event_cards))
        for ecard in library.event_cards:
            events.addChild(QTreeWidgetItem([ecard.id, ecard.title, ecard.timing, _event_details(ecard)]))
        for i in range(self.columnCount() - 1):
            self.resizeColumnToContents(i)

    def _group(self, title: str, count: int) -> QTreeWidgetItem:
        item = QTreeWidgetItem([f"{title} ({count})"])
        self.addTopLevelItem(item)
        item.setFirstColumnSpanned(True)
        item.setExpanded(True)
        return item

    def card_ids(self) -> list[str]:
        out = []
        for g in range(self.topLevelItemCount()):
            group = self.topLevelItem(g)
            out.extend(group.child(i).text(0) for i in range(group.childCount()))
        return out
