"""The play window for an Urban Battle mission: the square board in the middle, the decision
asked in place (its buttons: speed die rolls, turret turns, repairs, End turn), the status strip (round, side
to play, movements used of the limit, points), the game report in a dock.

The game runs in the same PlaySession as Urban Operations' (session.py: the rule-set
interface only, bots on their thread, time travel) and in the same frame (game_window.py:
the strip's controls, the report dock, logs); this window is the rule set's own board and
words. Urban Battle hides nothing (its observation shows every vehicle), so the board
shows the viewer's observation as it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from engine.model.scenario import Side
from engine.model.square_board import parse_square
from engine.model.ub_mission import OptionalRule
from engine.rules.ub.play import movements

from .game_window import GameWindow, PromptBox
from .session import PlaySession, View
from .ub_board import UbBoardView
from .ub_offers import UbOffers, label
from .ub_report import UbLine, report_line


@dataclass(frozen=True)
class Button:
    """An action with no place on the board (a turret turn, a repair, End turn)."""

    label: str
    action: Any


class UbPlayWindow(GameWindow):
    document = "mission"

    def __init__(self, session: PlaySession, scenario_path: Path | None, parent: QWidget | None = None):
        super().__init__(session, scenario_path, parent)
        game = session.game
        self.game = game
        self.setWindowTitle(f"Play — {game.scenario.title} (Urban Battle, seed {session.options.seed})")
        self.names = {k: t.name for k, t in game.types.items()}
        self.board = UbBoardView(game.board, self)
        self.board.picked.connect(self.pick)
        self.board.selected.connect(self.select)
        self.setCentralWidget(self.board)
        self.prompt = PromptBox(self.board.viewport())
        self.prompt.subjects.hide()
        #: the vehicle whose steps and shots the board offers (a human's choice)
        self.selected: str | None = None
        self._current: str | None = None  # the vehicle being activated at the last redraw

        strip = self._strip()
        self.status = QLabel()
        self.status.setObjectName("play_status")
        strip.addWidget(self.status)
        self._game_controls(strip)

        dock = self._report_dock()
        self.log_lines: list[UbLine] = []
        self._log_play: object = None
        self.resize(1400, 760)
        self.resizeDocks([dock], [440], Qt.Orientation.Horizontal)

        session.changed.connect(self.redraw)
        self.redraw()
        session.schedule()

    # -- whose eyes ------------------------------------------------------------------------
    def viewer(self) -> Side:
        """The side whose observation the board shows: the chosen view's, else the decider's."""
        view = self.session.options.view
        if view is View.green:
            return Side.green
        if view is View.red:
            return Side.red
        return self.session.decider or Side.green

    def current_offers(self) -> UbOffers | None:
        s = self.session
        side = s.decider
        if side is None or not s.human_to_decide():
            return None
        return UbOffers(s.play.legal_actions(), s.observation(side), self.game)

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        obs = s.observation(self.viewer())
        offers = self.current_offers()
        if offers is not None:
            offered = offers.vehicles()
            current = offers.observation.current
            if current != self._current and current in offered:
                self.selected = current  # a vehicle just activated stays selected to go on
            elif self.selected not in offered:
                self.selected = None
            self._current = current
        else:
            self.selected = None
        self._sync_log()
        shot = None
        if self.log_lines and self.log_lines[-1].shot is not None:
            a, b = self.log_lines[-1].shot  # the last action was a shot: its line and result
            shot = (parse_square(a), parse_square(b), self.log_lines[-1].result)
        self.board.draw(obs.pieces, self.names, offers, self.selected, shot)
        self._sync_controls()
        self._status(obs)
        self._prompt(offers)

    def limit(self, obs: Any) -> int:
        """Vehicles the side to play may move this Turn (Unit Activation, Command Tank)."""
        own = [p for p in obs.pieces if p.side is obs.active and not p.destroyed]
        n = movements(len(own))
        mission = self.game.mission
        commanders = {u.id for u in getattr(mission.forces, obs.active.value).units if u.command}
        if OptionalRule.command_tank in mission.optional_rules and any(p.id in commanders for p in own):
            n += 1
        return n

    def _status(self, obs: Any) -> None:
        s = self.session
        mission = self.game.mission
        track = " ".join(("[{}]" if r == obs.round else "{}").format(r) for r in range(1, mission.rounds + 1))
        parts = [f"Round {track}"]
        outcome = s.play.outcome
        if not outcome.over:
            parts.append(f"{obs.active.value.capitalize()} to play")
            parts.append(f"moved {len(obs.moved)} of {self.limit(obs)}")
            if obs.current:
                parts.append(f"{obs.current} activated")
        parts.append(f"points green {outcome.points[Side.green]} · red {outcome.points[Side.red]}")
        parts.append(f"{mission.firing_mode.value} mode")
        if outcome.over:
            winner = outcome.winner.value if outcome.winner else "nobody"
            level = f" ({outcome.level.value})" if outcome.level else ""
            parts.append(f"GAME OVER: {outcome.result.value}, {winner}{level}")
        elif s.bot_thinking():
            parts.append(f"{s.decider.value if s.decider else ''} bot thinking…")
        self.status.setText("  ·  ".join(parts))

    def _prompt(self, offers: UbOffers | None) -> None:
        s = self.session
        decision = s.play.decision
        buttons: list[Button] = []
        if decision is None:
            outcome = s.play.outcome
            if outcome.winner is None:
                self.prompt.question.setText("The game is over: undecided.")
            else:
                level = outcome.level.value if outcome.level else outcome.result.value
                self.prompt.question.setText(
                    f"The game is over: <b>{outcome.winner.value.capitalize()}</b> wins ({level} victory)."
                )
        elif offers is None:
            self.prompt.question.setText(f"{decision.side.value.capitalize()} is deciding…")
        else:
            text = f"<b>{decision.side.value.capitalize()}</b>: {decision.prompt}"
            if self.selected is None:
                text += "<br>Click one of your vehicles with a blue edge."
            else:
                text += f"<br><b>{self.selected}</b> selected:"
                if offers.steps(self.selected):
                    text += " a blue square moves it, a round blue button turns it 45°;"
                if offers.shots(self.selected):
                    text += " a fire line (red: direct, orange arc: parabolic) or its target's ring fires;"
                text += " another vehicle's click selects it."
                if offers.speed_rolls(self.selected):
                    text += " Roll its speed die (Random Speed) before it moves;"
                buttons += [Button(label(a), a) for a in offers.speed_rolls(self.selected)]
                buttons += [Button(label(a), a) for a in offers.turrets(self.selected)]
                buttons += [Button(label(a), a) for a in offers.repairs(self.selected)]
            end = offers.end_turn()
            if end is not None:
                buttons.append(Button("End turn", end))
            self.prompt.question.setText(text)
        self.prompt.set_buttons(buttons, lambda b: self.pick(b.action))
        self.prompt.adjustSize()
        self.prompt.move(10, 10)
        self.prompt.show()
        self.prompt.raise_()

    def _sync_log(self) -> None:
        s = self.session
        log = s.play.log
        if self.log_list.count() > len(log) or self._log_play is not s.play:
            self.log_list.clear()
            self.log_lines = []
        self._log_play = s.play
        for i in range(self.log_list.count(), len(log)):
            side = s.deciders[i]
            line = report_line(i, log[i], side, s.seen[i][side], s.seen[i + 1][side], self.game)
            self.log_list.add(line.text)
            self.log_lines.append(line)
        if log:
            self.log_list.scroll_to_end()

    def _hover_entry(self, row: int) -> None:
        self.log_list.mark(row)
        self.board.flash(self.log_lines[row].pieces if 0 <= row < len(self.log_lines) else ())

    # -- acting ----------------------------------------------------------------------------
    def select(self, unit: str) -> None:
        if self.session.human_to_decide():
            self.selected = unit
            self.redraw()

    def pick(self, action: Any) -> None:
        if self.session.human_to_decide():
            self.session.apply(action)


__all__ = ["UbPlayWindow"]
