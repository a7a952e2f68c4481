"""The Cards view of the window: the card library editor (editor/cards/) on the library
file that is open, or on the card libraries of the open scenario."""

from __future__ import annotations

from editor.cards.card_editor import CardEditor


class CardsPanel(CardEditor):
    def __init__(self, parent=None):  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.setObjectName("cards")
