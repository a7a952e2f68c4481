"""The play window: the board in the middle, the decision asked in place, the status strip,
the game report in a dock.

It is a window beside the editor, not a mode of the editor's own window: the editor stays
exactly as it was (its docks, selection, undo history, the sheet shown) with nothing to put
back, the designer can keep editing and press F5 again to compare, and closing the window
(Esc, or "Back to editor") is all it takes to return. The frame it shares with Urban
Battle's window (the strip's game controls, the report dock, logs, Esc) is game_window.py.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QComboBox, QDockWidget, QFrame, QLabel, QPushButton, QVBoxLayout, QWidget

from engine.model.scenario import Side
from engine.rules.uo.observation import Observation

from .board import BoardView, Layer, looks
from .game_window import GameWindow, PromptBox
from .hand_panel import HandPanel
from .marks import marks_of, strike_looks
from .offers import Offer, Offers
from .report import consequences, report_line
from .session import PlayOptions, PlaySession, View
from .support_panel import SupportPanel


class Cover(QFrame):
    """Hot-seat: hides the board while the screen passes to the other player."""

    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self.setObjectName("cover")
        self.setAutoFillBackground(True)
        self.setStyleSheet("#cover { background: #263238; } QLabel { color: white; font-size: 20pt; }")
        layout = QVBoxLayout(self)
        self.label = QLabel()
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.button = QPushButton()
        layout.addStretch()
        layout.addWidget(self.label)
        layout.addWidget(self.button, 0, Qt.AlignmentFlag.AlignCenter)
        layout.addStretch()
        self.hide()


class PlayWindow(GameWindow):
    def __init__(
        self,
        session: PlaySession,
        layers: list[Layer],
        scenario_path: Path | None,
        parent: QWidget | None = None,
    ):
        super().__init__(session, scenario_path, parent)
        self.layers = layers
        self.setWindowTitle(f"Play — {session.game.scenario.title} (seed {session.options.seed})")
        self.board = BoardView(self)
        self.board.picked.connect(self.pick)
        self.setCentralWidget(self.board)
        self.prompt = PromptBox(self.board.viewport())
        self.prompt.subjects.currentIndexChanged.connect(lambda _: self.redraw())
        self.cover = Cover(self.board.viewport())
        # a side without an insert's map sees nothing of it, not even the map (8.1.10)
        self.no_map = QLabel(self.board.viewport())
        self.no_map.setObjectName("no_map")
        self.no_map.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_map.setStyleSheet("background: #37474f; color: white; font-size: 16pt;")
        self.no_map.hide()
        self.cover.button.clicked.connect(self._uncover)
        self.shown_side: Side | None = None  # hot-seat: whose eyes the board has now

        # status strip: turn track, impulse, command limit, night, wind; the view's banner
        strip = self._strip()
        self.layer_box = QComboBox()
        for layer in layers:
            self.layer_box.addItem(layer.label)
        self.layer_box.currentIndexChanged.connect(self._show_layer)
        strip.addWidget(self.layer_box)
        self.status = QLabel()
        self.status.setObjectName("play_status")
        strip.addWidget(self.status)
        self.banner = QLabel("  ALL-SEEING (designer view): both sides' blocks shown  ")
        self.banner.setObjectName("all_seeing_banner")
        self.banner.setStyleSheet("background: #b71c1c; color: white; font-weight: bold;")
        self.banner_action = strip.addWidget(self.banner)
        self.all_seeing = QAction("All-seeing", self)
        self.all_seeing.setCheckable(True)
        self.all_seeing.setChecked(session.options.view is View.all_seeing)
        self.all_seeing.toggled.connect(lambda _: self.redraw())
        strip.addAction(self.all_seeing)
        self._game_controls(strip)

        dock = self._report_dock()
        # the side's event cards (6) and its 3D requests (7.3), below the report
        self.hand = HandPanel()
        self.hand.picked.connect(self.pick)
        self.hand_dock = QDockWidget("Events", self)
        self.hand_dock.setObjectName("play_events_dock")
        self.hand_dock.setWidget(self.hand)
        self.support = SupportPanel()
        self.support.chosen.connect(lambda _key: self.redraw())
        self.support_dock = QDockWidget("3D request", self)
        self.support_dock.setObjectName("play_support_dock")
        self.support_dock.setWidget(self.support)
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.hand_dock)
        self.splitDockWidget(dock, self.hand_dock, Qt.Orientation.Vertical)
        self.tabifyDockWidget(self.hand_dock, self.support_dock)
        self.hand_dock.raise_()
        self._support_asked = False  # the 3D dock comes to the front when a 3D choice starts
        self._card_titles: dict[str, str] | None = None
        self.log_lines: list[tuple[tuple[str, ...], tuple[str, ...]]] = []
        self._log_play: object = None
        self._log_viewer: Side | str | None = "unset"  # whose eyes the report was written for
        self.resize(1300, 850)
        self.resizeDocks([dock], [430], Qt.Orientation.Horizontal)  # a report reads in whole lines

        session.changed.connect(self.redraw)
        if layers:
            self._show_layer(0)
        self.redraw()
        session.schedule()

    # -- whose eyes ------------------------------------------------------------------------
    def viewer(self) -> Side | None:
        """The side whose observation the board shows; None: the all-seeing view."""
        if self.all_seeing.isChecked():
            return None
        view = self.session.options.view
        if view is View.green:
            return Side.green
        if view is View.red:
            return Side.red
        if view is View.all_seeing:
            return None
        return self.shown_side or self.session.decider or Side.green  # hot-seat

    def observations(self) -> list[Observation]:
        viewer = self.viewer()
        sides = list(Side) if viewer is None else [viewer]
        return [self.session.observation(s) for s in sides]

    # -- drawing ---------------------------------------------------------------------------
    def _show_layer(self, index: int) -> None:
        if 0 <= index < len(self.layers):
            self.board.show_layer(self.layers[index], self.session.game.battlefield)
            self.redraw()

    def current_offers(self) -> Offers | None:
        """The decider's offers, if a human decides and the board shows what it knows."""
        s = self.session
        side = s.decider
        if side is None or not s.human_to_decide():
            return None
        viewer = self.viewer()
        if viewer is not None and viewer != side:
            return None
        return Offers(s.play.legal_actions(), s.observation(side), s.briefings[side])

    def redraw(self) -> None:
        s = self.session
        self._hot_seat_cover()
        viewer = self.viewer()
        obs = self.observations()
        offers = self.current_offers()
        # the off-map block to place, for a set-up or a reinforcement
        subjects = offers.subjects() if offers is not None else []
        box = self.prompt.subjects
        keep = box.currentText()
        box.blockSignals(True)
        box.clear()
        box.addItems(subjects)
        if keep in subjects:
            box.setCurrentText(keep)
        box.blockSignals(False)
        box.setVisible(bool(subjects))
        selected = box.currentText() or None
        if offers is not None and offers.requests() and self.support.selected_key:
            selected = self.support.selected_key  # the 3D mission picked: its targets
        active = None
        for o in obs:
            if o.activation is not None:
                active = o.activation.block
        # counters as the observations hold them (face down until revealed), markers, and
        # this turn's 3D strikes with their rings (fortified locations 1 OSL less)
        marks = marks_of(obs)
        game = s.game
        strikes = strike_looks(obs, game.battlefield, game.support_cards)
        lit = {loc for o in obs for loc in o.lit}
        planned = [
            (target, f"T+1 {self._support_name(support)} (turn {turn})")
            for o in obs
            for support, target, turn in o.missions
        ]
        # the enemy's: only an aircraft's is announced on its position (7.3.3.5)
        planned += [
            (target, f"enemy T+1 {self._support_name(support)} (turn {turn})")
            for o in obs
            for support, target, turn in o.enemy_missions
            if support is not None and target is not None and len(obs) == 1
        ]
        fight = next(
            (
                (o.fight.firer_at, o.fight.target_at)
                for o in obs
                if o.fight and o.fight.firer_at and o.fight.target_at
            ),
            None,
        )
        layer = self.board.layer
        closed = viewer is not None and layer is not None and layer.layer in s.briefings[viewer].closed_layers
        if closed:
            assert layer is not None and viewer is not None
            self.no_map.setText(f"{viewer.value.capitalize()} has no map of {layer.label} (8.1.10)")
            self.no_map.setGeometry(self.board.viewport().rect())
            self.no_map.show()
            self.no_map.raise_()
            self.board.draw([], (), None, None, None)
        else:
            self.no_map.hide()
            self.board.draw(
                looks(obs, s.briefings), marks, offers, selected, active, fight, strikes, lit, planned
            )
        self._panels(obs, offers)
        self.banner_action.setVisible(viewer is None)
        self._sync_controls()
        self._status(obs[0])
        self._prompt(offers, obs)
        self._sync_log(viewer)

    def _support_name(self, support: str) -> str:
        card = self.session.game.support_cards.get(support)
        return card.name if card is not None else support

    def _panels(self, obs: list[Observation], offers: Offers | None) -> None:
        """The Events and 3D request docks, from the observations and the offers; the 3D
        dock comes to the front when a 3D choice starts, the Events dock after it."""
        game = self.session.game
        # hot-seat: while the screen passes, the hands and plans are covered with the board
        covered = self.cover.isVisible()
        self.hand.setVisible(not covered)
        self.support.setVisible(not covered)
        self.hand.show_hands(obs, offers, game.event_cards)
        sides = [o.side for o in obs]
        support = {side.value: getattr(game.scenario.sides, side.value).support for side in sides}
        matrices = {side: list(m.actions) for side, m in support.items()}
        air_defence = {side: list(m.air_defense) for side, m in support.items()}
        self.support.show_support(obs, offers, game.support_cards, matrices, air_defence)
        asked = offers is not None and any(
            type(o.action).__name__ in ("Request3D", "Carry3D", "Cancel3D", "Adjust3D") for o in offers.items
        )
        if asked and not self._support_asked:
            self.support_dock.raise_()
        elif self._support_asked and not asked:
            self.hand_dock.raise_()
        self._support_asked = asked

    def _status(self, obs: Observation) -> None:
        s = self.session
        game = s.game
        night = set(game.scenario.night_turns)
        # the turn track: the current turn in brackets, night turns marked with a moon
        track = " ".join(
            ("[{}]" if t == obs.turn else "{}").format(f"{t}\u263e" if t in night else t)
            for t in range(1, game.scenario.turns + 1)
        )
        parts = [f"Turn {track}"]
        if obs.impulse is not None:
            limit = "?" if obs.impulse.limit is None else str(obs.impulse.limit)
            parts.append(
                f"{obs.impulse.side.value.capitalize()} impulse: {obs.impulse.force}, "
                f"command {obs.impulse.activated}/{limit}"
            )
        else:
            parts.append(f"{obs.active.value.capitalize()} to play ({obs.phase.value})")
        parts.append("NIGHT" if obs.night else "day")
        parts.append(f"wind {game.scenario.wind.value}")
        outcome = s.play.outcome
        if outcome.over:
            winner = outcome.winner.value if outcome.winner else "nobody"
            parts.append(f"GAME OVER: {outcome.result.value}, {winner}")
        elif s.bot_thinking():
            parts.append(f"{s.decider.value if s.decider else ''} bot thinking…")
        self.status.setText("  ·  ".join(p for p in parts if p))

    def _prompt(self, offers: Offers | None, obs: list[Observation]) -> None:
        s = self.session
        decision = s.play.decision
        if not s.ready:
            self.prompt.question.setText("Preparing lines of sight…")
            self.prompt.set_buttons([], self.pick)
        elif decision is None:
            self.prompt.question.setText("The game is over.")
            self.prompt.set_buttons([], self.pick)
        elif offers is None:
            who = decision.side.value.capitalize()
            self.prompt.question.setText(f"{who} is deciding…")
            self.prompt.set_buttons([], self.pick)
        else:
            text = f"<b>{decision.side.value.capitalize()}</b>: {decision.prompt}"
            fight = next((o.fight for o in obs if o.side == decision.side and o.fight is not None), None)
            if fight is not None:
                firer = fight.firer or (
                    "a block" if fight.firer_at is None else f"the block at {fight.firer_at}"
                )
                text += (
                    f"<br>{fight.firer_side.value.capitalize()} {fight.kind.value}: {firer} with "
                    f"{fight.weapon} at {fight.target_at or 'a block'}"
                )
            if offers.blocks():
                text += "<br>Click a highlighted block."
            if offers.requests():
                text += "<br>Pick a mission in the 3D request dock, then click one of its targets."
            elif offers.places(self.prompt.subjects.currentText() or None):
                text += "<br>Click a blue location."
            if any(o.where.value == "hand" for o in offers.items):
                text += "<br>Or play an event card from your hand (Events dock)."
            if offers.targets():
                text += "<br>Click a red-ringed enemy block to fire, assault or scout."
            self.prompt.question.setText(text)
            self.prompt.set_buttons(offers.prompts, self.pick)
        self.prompt.adjustSize()
        # in place: beside the fight it answers (a reaction, a withdrawal); else top left
        where: QPoint | None = None
        for o in obs:
            if o.fight is not None and o.fight.target_at:
                where = self.board.point_of(o.fight.target_at)
        vp = self.board.viewport().rect()
        if where is None or not vp.contains(where):
            where = QPoint(10, 10)
        else:
            where = where + QPoint(30, -self.prompt.height() // 2)
        x = max(0, min(where.x(), vp.width() - self.prompt.width()))
        y = max(0, min(where.y(), vp.height() - self.prompt.height()))
        self.prompt.move(x, y)
        self.prompt.show()
        self.prompt.raise_()

    def _sync_log(self, viewer: Side | None) -> None:
        s = self.session
        log = s.play.log
        if self.log_list.count() > len(log) or self._log_viewer != viewer or self._log_play is not s.play:
            self.log_list.clear()
            self.log_lines = []
        self._log_viewer = viewer
        self._log_play = s.play  # stepping back plays the game again: a new play, a new report
        withdrawal_loss = s.game.tables.combat.withdrawal_loss
        for i in range(self.log_list.count(), len(log)):
            sides = list(Side) if viewer is None else [viewer]
            seen = [
                c
                for side in sides
                for c in consequences(s.seen[i][side], s.seen[i + 1][side], self._titles())
            ]
            line = report_line(
                i, log[i], s.deciders[i], viewer, list(dict.fromkeys(seen)), withdrawal_loss, self._titles()
            )
            self.log_list.add(line.text)
            self.log_lines.append((line.blocks, line.locations))
        if log:
            self.log_list.scroll_to_end()

    def _titles(self) -> dict[str, str]:
        """Event and support cards' titles by id: the report names cards by them."""
        if self._card_titles is None:
            game = self.session.game
            self._card_titles = {cid: c.title for cid, c in game.event_cards.items()}
            self._card_titles.update({cid: c.name for cid, c in game.support_cards.items()})
        return self._card_titles

    def _hover_entry(self, row: int) -> None:
        self.log_list.mark(row)
        if 0 <= row < len(self.log_lines):
            self.board.flash(*self.log_lines[row])
        else:
            self.board.flash((), ())

    # -- hot-seat --------------------------------------------------------------------------
    def _hot_seat_cover(self) -> None:
        s = self.session
        if s.options.view is not View.hot_seat or self.all_seeing.isChecked():
            self.cover.hide()
            return
        side = s.decider
        if side is None or side in s.bots:
            return
        if self.shown_side is None:
            self.shown_side = side
        if side != self.shown_side:
            self.cover.label.setText(f"Pass the screen to {side.value.capitalize()}")
            self.cover.button.setText(f"I am {side.value.capitalize()}: show my board")
            self.cover.setGeometry(self.board.viewport().rect())
            self.cover.show()
            self.cover.raise_()

    def _uncover(self) -> None:
        self.shown_side = self.session.decider
        self.cover.hide()
        self.redraw()

    # -- acting ----------------------------------------------------------------------------
    def pick(self, offer: Offer) -> None:
        if self.cover.isVisible() or not self.session.human_to_decide():
            return
        self.session.apply(offer.action)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        if self.cover.isVisible():
            self.cover.setGeometry(self.board.viewport().rect())


__all__ = ["PlayOptions", "PlayWindow"]
