"""The rule-set interface: all that the `uo` command, the bots and the editor's play mode know
of a game, whichever rule set plays it (Urban Operations today, Urban Battle next).

Shaped after python-chess (a typed `Outcome`, `legal_actions()` as the single source of truth,
a typed `IllegalAction` from the validated entry point) and OpenSpiel (a side's observation is
built by the game, separate from its state; a bot gets that observation and the legal actions,
never the state).

A rule set is a value implementing `RuleSet`: it loads a scenario into a static `GameDefinition`
(map, scenario, tables: nothing changes during play) and starts `PlayState`s from it. Chance is
one seeded generator per play; every die rolled while applying an action is recorded in that
action's log entry, so the log replays to the same state.

This module holds only types: it imports nothing of any rule set, so the CLI can name a rule
set without paying for its import (`engine.rules.registry`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from ..io.problems import Problem
from ..model.scenario import Side


class IllegalAction(Exception):
    """An action `legal_actions()` does not offer now, with the reason."""


class GameSetupError(Exception):
    """The scenario cannot be played: its problems say why and where (file, line, field)."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.format() for p in problems))


class DecisionKind(StrEnum):
    """What kind of choice the decider faces: the play mode asks each kind in its own way."""

    setup = "setup"  # placing what the scenario leaves to the player, before the first turn
    turn = "turn"  # the active side's own play: impulses, activations, moves, actions
    reaction = "reaction"  # the other side answers: return or cover fire, withdraw, opportunity
    follow_up = "follow_up"  # after a fight: where to withdraw to, whether to advance


@dataclass(frozen=True)
class Decision:
    """Whose choice it is and what kind; `prompt` names it in the rulebook's words (e.g.
    "opportunity fire (8.3.1)") without telling anything fog of war hides."""

    side: Side
    kind: DecisionKind
    prompt: str


class Result(StrEnum):
    """How a game stands: still going, or ended (python-chess's `Termination`)."""

    ongoing = "ongoing"
    victory = "victory"  # a side reached a victory level
    undecided = "undecided"  # over, and no level reached (UO 1.3)


class VictoryLevel(StrEnum):
    total = "total"
    partial = "partial"


@dataclass(frozen=True)
class Outcome:
    """The score as things stand and, once the game is over, its result. `winner` and `level`
    say who would win if it ended now; `result` says whether it has."""

    result: Result
    winner: Side | None
    level: VictoryLevel | None
    points: Mapping[Side, int]
    conditions: Mapping[str, bool]  # victory condition id -> met

    @property
    def over(self) -> bool:
        return self.result is not Result.ongoing

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result.value,
            "winner": None if self.winner is None else self.winner.value,
            "level": None if self.level is None else self.level.value,
            "points": {side.value: n for side, n in self.points.items()},
            "conditions": dict(self.conditions),
        }


@runtime_checkable
class Observation(Protocol):
    """What one side knows now (fog of war). Each rule set defines its own frozen dataclass;
    everything in it is what that side may see, nothing more."""

    @property
    def side(self) -> Side: ...

    def to_json(self) -> dict[str, Any]: ...


A = TypeVar("A")  # a rule set's action type: small frozen dataclasses
Obs = TypeVar("Obs", bound=Observation, covariant=True)  # a rule set's observation type


class GameDefinition(Protocol):
    """A scenario ready to play: validated, map compiled, tables loaded; never changes."""

    @property
    def rules(self) -> str: ...  # the rule set's name, e.g. "urban-operations"

    @property
    def scenario_id(self) -> str: ...

    def digest(self) -> str:
        """Content digest of everything the game was built from (scenario, maps, cards, rule
        tables): a log records it so a replay against other files is refused by name."""
        ...


class PlayState(Protocol[A, Obs]):
    """One game being played (OpenSpiel's State, python-chess's Board)."""

    @property
    def seed(self) -> int: ...

    @property
    def decision(self) -> Decision | None:
        """Whose choice it is now; None once the game is over."""
        ...

    def legal_actions(self) -> list[A]:
        """Everything the decider may do now: the single source of truth."""
        ...

    def apply(self, action: A) -> None:
        """Play `action`; raises IllegalAction for anything `legal_actions()` does not offer."""
        ...

    def observation(self, side: Side) -> Obs: ...

    def own_blocks(self, side: Side) -> Sequence[Any]:
        """`observation(side).own` alone: the side's own blocks as its observation shows
        them, without the rest (a balance run follows only these after every action)."""
        ...

    @property
    def outcome(self) -> Outcome: ...

    @property
    def log(self) -> Sequence[Mapping[str, Any]]:
        """Every action applied, in order, as JSON-ready entries
        `{"action": name, <its fields>, "rolls": [d10 results]}`."""
        ...

    def digest(self) -> str:
        """sha256 of the state's canonical JSON: equal states, equal digests."""
        ...

    def digest_parts(self) -> dict[str, str]:
        """A digest per part of the state (engine/rules/digest.py `state_parts`): a log records
        them so a replay that ends elsewhere says where (a field, one block)."""
        ...


class SearchState(PlayState[A, Obs], Protocol):
    """A play state a search can explore (OpenSpiel's Clone and chance nodes): copied
    cheaply to play on apart, its dice sampled from a source the caller gives or forced to
    an outcome the caller enumerates."""

    def copy(self, rng: random.Random | None = None) -> SearchState[A, Obs]:
        """A play going on from here on its own: nothing done to it reaches this one. Its
        dice come from `rng` when given, else they are the ones this play would roll."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[int, float]]:
        """The faces of the next die and their probabilities."""
        ...

    def set_dice(self, faces: list[int]) -> None:
        """The next rolls show `faces`, in order; the rest come from the dice source."""
        ...


class RuleSet(Protocol[A, Obs]):
    """A game's rules: what loads a scenario, starts a play, and reads and writes actions."""

    @property
    def name(self) -> str: ...  # as scenarios name it: `rules: urban-operations`

    @property
    def title(self) -> str: ...

    def load(self, path: Path, overrides: Mapping[Path, str] | None = None) -> GameDefinition:
        """Validate `path` and everything it references, then build the static game; raises
        GameSetupError (located problems) when it cannot be played. `overrides` holds file
        texts an editor has with unsaved edits, read instead of the disk."""
        ...

    def start(self, game: Any, seed: int) -> PlayState[A, Obs]: ...

    def briefing(self, game: Any, side: Side) -> Any:
        """What `side` knows before play and never loses: the map, the scenario as published
        (its own set-up, the enemy's order of battle but not where the enemy hides). Bots get
        this, the observations and the legal actions, never the play state."""
        ...

    def action_to_json(self, action: A) -> dict[str, Any]: ...

    def action_from_json(self, data: Mapping[str, Any]) -> A:
        """The action a log entry holds; ValueError says what is wrong with it."""
        ...
