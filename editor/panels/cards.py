"""The Cards view of the window: the card library editor (editor/cards/) on the library
file that is open (the scenario's libraries are edited in the Cards dock, editor/cards/ui.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from editor.cards.card_editor import CardEditor


class CardsPanel(CardEditor):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("cards")
