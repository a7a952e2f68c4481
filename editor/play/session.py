"""A game being played in the editor: the play state, who plays each side, the bots' thread.

The play mode talks to the game only through the rule-set interface (engine/rules/ruleset.py):
`decision`, `legal_actions()`, `apply()`, `observation(side)`, `outcome`, `log`. A bot
chooses on a worker thread from its side's observation and the legal actions (both frozen
values), so the window never waits on it; its choice comes back as a signal and is applied
on the GUI thread, after the chosen delay.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, QTimer, Signal, Slot

from engine.bots.runner import make_bot
from engine.model.scenario import Side
from engine.rules.registry import rule_set
from engine.rules.ruleset import GameDefinition, PlayState, RuleSet

# the play mode's names for what the rule set gives (Urban Operations' or Urban Battle's):
# the session reads them only through the rule-set interface
Game = GameDefinition
Play = PlayState[Any, Any]
Observation = Any
Briefing = Any


class Player(StrEnum):
    human = "human"
    random = "random"
    heuristic = "heuristic"


class View(StrEnum):
    """Whose eyes the board shows: a side's (its observation only), the decider's in turn
    (hot-seat, a cover between impulses), or the designer's all-seeing view."""

    green = "green"
    red = "red"
    hot_seat = "hot_seat"
    all_seeing = "all_seeing"


@dataclass(frozen=True)
class PlayOptions:
    green: Player = Player.human
    red: Player = Player.heuristic
    seed: int = 1
    view: View = View.green
    delay_ms: int = 400  # a bot's action shows this long before the next (0: at once)

    def player(self, side: Side) -> Player:
        return self.green if side == Side.green else self.red


class BotWorker(QObject):
    """Runs `bot.choose` off the GUI thread."""

    chosen = Signal(int, object)  # request number, action
    warmed = Signal()

    @Slot(object)
    def warm(self, battlefield: Any) -> None:
        """Build what the first decisions need and the compile cache does not keep: the
        all-pairs line-of-sight table (seconds on the sample map)."""
        battlefield.los_table  # noqa: B018 - a cached property: reading it builds it
        self.warmed.emit()

    @Slot(int, object, object, object)
    def think(self, request: int, bot: Any, observation: Observation, legal: list[Any]) -> None:
        self.chosen.emit(request, bot.choose(observation, legal))


class PlaySession(QObject):
    """One game: `changed` after every action; bots move by themselves while `running`."""

    changed = Signal()
    ask_bot = Signal(int, object, object, object)
    warm = Signal(object)

    def __init__(self, game: Game, options: PlayOptions, parent: QObject | None = None):
        super().__init__(parent)
        self.game: Any = game
        self.options = options
        #: the rule set the scenario names (engine/rules/registry.py): nothing below knows which
        self.rules: RuleSet[Any, Any] = rule_set(game.rules)
        self.play: Play = self.rules.start(game, options.seed)
        self.briefings: dict[Side, Briefing] = {side: self.rules.briefing(game, side) for side in Side}
        self.bots = {
            side: make_bot(options.player(side).value, game, options.seed, side)
            for side in Side
            if options.player(side) is not Player.human
        }
        #: who made each log entry (the log holds actions, not their sides)
        self.deciders: list[Side] = []
        #: each side's observation before the first action and after each one: the report
        #: says what a side saw an action change
        self.seen: list[dict[Side, Observation]] = [self._observe()]
        #: actions stepped back over (or a log being replayed): `forward` plays them again,
        #: another action starts a branch and drops them
        self.future: list[Any] = []
        self.running = True
        self._request = 0
        self._waiting = False
        self._thread = QThread()
        self._thread.setObjectName("play-bot")
        self._worker = BotWorker()
        self._worker.moveToThread(self._thread)
        self.ask_bot.connect(self._worker.think)
        self.warm.connect(self._worker.warm)
        self._worker.chosen.connect(self._on_chosen)
        self._worker.warmed.connect(self._on_warmed)
        #: False until the worker has built the line-of-sight table: until then the board
        #: offers nothing (the rules would build it on the GUI thread) and bots wait behind it
        self.ready = False
        self._thread.start()
        # a rule set with a line-of-sight table to build (Urban Operations' battlefield) warms
        # it first; one without (Urban Battle's lines are worked out per shot) is ready at once
        battlefield = getattr(game, "battlefield", None)
        if battlefield is not None:
            self.warm.emit(battlefield)
        else:
            self.ready = True
        app = QCoreApplication.instance()
        if app is not None:  # the editor quits with the play window open: stop the thread first
            app.aboutToQuit.connect(self.close)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._ask)

    # -- state -----------------------------------------------------------------------------
    @property
    def decider(self) -> Side | None:
        decision = self.play.decision
        return None if decision is None else decision.side

    def human_to_decide(self) -> bool:
        side = self.decider
        return self.ready and side is not None and side not in self.bots

    def bot_thinking(self) -> bool:
        return self._waiting

    def observation(self, side: Side) -> Observation:
        return self.seen[-1][side]

    def _observe(self) -> dict[Side, Observation]:
        return {side: self.play.observation(side) for side in Side}

    # -- playing ---------------------------------------------------------------------------
    def apply(self, action: Any) -> None:
        """Play a human's (or a bot's) action: IllegalAction if the rules refuse it."""
        side = self.decider
        assert side is not None
        self.play.apply(action)
        self.deciders.append(side)
        self.seen.append(self._observe())
        if self.future and self.future[0] == action:
            self.future.pop(0)  # the same choice as before: still on the same line
        else:
            self.future = []  # a branch: what came after is another game
        self.changed.emit()
        self.schedule()

    # -- time travel -------------------------------------------------------------------------
    def actions(self) -> list[Any]:
        """The actions played so far, as the rule set reads them back from the log."""
        return [self.rules.action_from_json(e) for e in self.play.log]

    def go_to(self, count: int) -> None:
        """Stand after the first `count` actions: the game is played again from the start
        with the same seed (the dice follow), the later actions kept for `forward`. The
        bots stop: the player says when to go on; they are built afresh (a bot remembers
        what it saw, and what it saw after this point has not happened)."""
        count = max(0, min(count, len(self.play.log) + len(self.future)))
        line = self.actions() + self.future
        self.set_running(False)
        self._request += 1  # an answer a bot is working on is for a state that is gone
        self._waiting = False
        self.play = self.rules.start(self.game, self.options.seed)
        self.deciders, self.seen = [], [self._observe()]
        for action in line[:count]:
            side = self.decider
            assert side is not None
            self.play.apply(action)
            self.deciders.append(side)
            self.seen.append(self._observe())
        self.future = line[count:]
        self.bots = {
            side: make_bot(self.options.player(side).value, self.game, self.options.seed, side)
            for side in Side
            if self.options.player(side) is not Player.human
        }
        self.changed.emit()

    def back(self, steps: int = 1) -> None:
        self.go_to(len(self.play.log) - steps)

    def forward(self) -> None:
        """Play the next action of the line stepped back over (or of the log replayed)."""
        if self.future:
            side = self.decider
            assert side is not None
            action = self.future[0]
            self.play.apply(action)
            self.deciders.append(side)
            self.seen.append(self._observe())
            self.future.pop(0)
            self.changed.emit()

    def schedule(self) -> None:
        """If a bot is to decide and play is running, ask it (after the chosen delay)."""
        if (
            self.ready
            and self.running
            and not self._waiting
            and self.decider in self.bots
            and not self._timer.isActive()
        ):
            self._timer.start(self.options.delay_ms if self.deciders else 0)

    def set_running(self, running: bool) -> None:
        self.running = running
        if running:
            self.schedule()
        else:
            self._timer.stop()

    def _ask(self) -> None:
        side = self.decider
        if side is None or side not in self.bots or self._waiting or not self.running:
            return
        self._waiting = True
        self._request += 1
        self.ask_bot.emit(
            self._request, self.bots[side], self.play.observation(side), self.play.legal_actions()
        )

    def _on_warmed(self) -> None:
        self.ready = True
        self.changed.emit()
        self.schedule()

    def _on_chosen(self, request: int, action: Any) -> None:
        self._waiting = False
        if request != self._request:
            return  # asked before a step back or a stop: the game has moved on
        self.apply(action)

    def close(self) -> None:
        """Stop the bots and their thread (twice is harmless)."""
        self.running = False
        self._timer.stop()
        self._request += 1
        self._thread.quit()
        self._thread.wait()
