"""The Events dock: the viewing side's event cards in hand, each with its title (red for a
card played at once, black for one kept), its timing, what its structured effect does and
its flavour text, and a Play button when the rules offer playing it now (a `PlayEvent` of
the legal actions, 6.2.1); the enemy's hand as a count of card backs; the cards played so
far, face up on the table. Drawn from the observations and the legal actions only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from engine.model.cards import EventCard, EventTiming
from engine.rules.uo.observation import Observation

from .cards_text import effect_text, timing_text
from .offers import Offer, Offers


class CardFrame(QFrame):
    """One event card in hand."""

    def __init__(self, card_id: str, card: EventCard | None, offer: Offer | None, picked: Signal):
        super().__init__()
        name = "card_" + "".join(ch if ch.isalnum() else "_" for ch in card_id)
        self.setObjectName(name)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(f"QFrame#{name} {{ background: #fffdf5; border: 1px solid #bcaaa4; }}")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.setSpacing(2)
        immediate = card is not None and card.timing == EventTiming.immediate
        title = QLabel(f"<b>{card.title if card else card_id}</b> <small>({card_id})</small>")
        title.setStyleSheet(f"color: {'#c62828' if immediate else '#111111'}; font-size: 11pt;")
        title.setWordWrap(True)
        layout.addWidget(title)
        if card is not None:
            for text, style in (
                (timing_text(card), "color: #555555; font-size: 8pt;"),
                (f"Effect: {effect_text(card)}", "font-weight: bold;"),
                (card.text, "font-style: italic; color: #37474f;"),
            ):
                label = QLabel(text)
                label.setWordWrap(True)
                label.setStyleSheet(style)
                layout.addWidget(label)
        self.button = QPushButton("Play this card (6.2.1)")
        self.button.setObjectName(f"play_{card_id}")
        self.button.setEnabled(offer is not None)
        self.button.setToolTip(
            "Play it now" if offer is not None else "Not now: a kept card is played at your turn decision"
        )
        if offer is not None:
            self.button.clicked.connect(lambda _=False, o=offer: picked.emit(o))
        layout.addWidget(self.button)


class HandPanel(QWidget):
    """The viewing side's hand (both hands, all-seeing), the enemy's count, cards played."""

    #: a card's Play button clicked: the PlayEvent offer
    picked = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("hand_panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        outer.addWidget(scroll)
        self.body = QWidget()
        scroll.setWidget(self.body)
        self.column = QVBoxLayout(self.body)
        self.column.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.frames: dict[str, CardFrame] = {}
        self.enemy_label = QLabel()
        self.enemy_label.setObjectName("enemy_hand")
        self.played_label = QLabel()
        self.played_label.setObjectName("events_played")
        self.played_label.setWordWrap(True)
        self._shown: object = None

    def show_hands(
        self,
        observations: Sequence[Observation],
        offers: Offers | None,
        cards: Mapping[str, EventCard],
    ) -> None:
        """Show the hands the observations hold; only what changed is built again."""
        playable = (
            {o.anchor: o for o in offers.items if o.anchor and o.where.value == "hand"} if offers else {}
        )
        key = (
            tuple((o.side, o.hand, o.enemy_hand, o.events_played) for o in observations),
            tuple(sorted(playable)),
        )
        if key == self._shown:
            return
        self._shown = key
        while self.column.count():
            item = self.column.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None and widget not in (self.enemy_label, self.played_label):
                widget.hide()  # at once: deleted only when the event loop next turns
                widget.deleteLater()
        self.frames = {}
        for obs in observations:
            head = QLabel(f"<b>{obs.side.value.capitalize()}'s hand</b>: {len(obs.hand)} event card(s)")
            self.column.addWidget(head)
            for card_id in obs.hand:
                frame = CardFrame(card_id, cards.get(card_id), playable.get(card_id), self.picked)
                self.frames[card_id] = frame
                self.column.addWidget(frame)
            if not obs.hand:
                self.column.addWidget(QLabel("  (no card in hand)"))
        if len(observations) == 1:
            obs = observations[0]
            n = obs.enemy_hand
            enemy = "Red" if obs.side.value == "green" else "Green"
            self.enemy_label.setText(f"{enemy} holds {n} event card{'s' * (n != 1)} (face down)")
            self.column.addWidget(self.enemy_label)
            self.enemy_label.show()
        else:
            self.enemy_label.hide()
        played = observations[0].events_played if observations else ()
        titles = [cards[c].title if c in cards else c for c in played]
        self.played_label.setText("Played: " + (", ".join(titles) if titles else "none yet"))
        self.column.addWidget(self.played_label)

    def play_button(self, card: str) -> QPushButton | None:
        frame = self.frames.get(card)
        return frame.button if frame is not None else None
