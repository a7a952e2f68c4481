"""Urban Operations as a rule set (engine/rules/ruleset.py's `RuleSet`): what the `uo`
command, the bots and the editor's play mode call, never the modules behind it.

The registry names it "engine.rules.uo.ruleset:URBAN_OPERATIONS"; importing this module
imports the whole engine, so the registry imports it only when a game is played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...model.scenario import Side
from ..ruleset import RuleSet
from .actions import Action, action_from_json, action_to_json
from .briefing import Briefing, briefing
from .game import RULES, Game
from .play import Play


@dataclass(frozen=True)
class UrbanOperations:
    """The Urban Operations rule set: Game is its GameDefinition, Play its PlayState."""

    name: str = RULES
    title: str = "Urban Operations"

    def load(self, path: Path, overrides: Mapping[Path, str] | None = None) -> Game:
        """Validate `path` and everything it references (maps, cards, house-rule tables),
        then build the game; GameSetupError (located problems) when it cannot be played.
        `overrides`: file texts as an editor holds them (unsaved edits), read before the disk."""
        return Game.load(path, overrides)

    def start(self, game: Any, seed: int) -> Play:
        if not isinstance(game, Game):
            raise TypeError(f"an Urban Operations game is needed, got {type(game).__name__}")
        return Play(game, seed)

    def briefing(self, game: Any, side: Side) -> Briefing:
        """What `side` knows before play and never loses (briefing.py): what a bot gets,
        with the observations and the legal actions, never the play state."""
        if not isinstance(game, Game):
            raise TypeError(f"an Urban Operations game is needed, got {type(game).__name__}")
        return briefing(game, side)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)


#: the value the registry names (its own type: callers in the engine keep Game and Play)
URBAN_OPERATIONS = UrbanOperations()
#: mypy checks here that Game and Play satisfy the interface's GameDefinition and PlayState
_CONFORMS: RuleSet[Action, Any] = URBAN_OPERATIONS
