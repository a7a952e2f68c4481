"""Urban Battle as a rule set (engine/rules/ruleset.py's `RuleSet`), named "urban-battle"."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...model.scenario import Side
from ..ruleset import RuleSet
from .actions import Action, action_from_json, action_to_json
from .game import RULES, UbGame
from .play import UbObservation, UbPlay


@dataclass(frozen=True)
class UbObjectives:
    """A side's stakes in the goal: the squares it must reach (break_through's attacker)."""

    hold: tuple[str, ...]


@dataclass(frozen=True)
class UbBriefing:
    """What a side knows before play: everything (no hidden information), the game itself."""

    side: Side
    game: UbGame

    @property
    def objectives(self) -> Mapping[Side, UbObjectives]:
        """Each side's objective squares (what a balance record counts captures of)."""
        goal = self.game.mission.goal
        return {
            side: UbObjectives(tuple(goal.squares) if goal.attacker is side else ())
            for side in (Side.green, Side.red)
        }


@dataclass(frozen=True)
class UrbanBattle:
    name: str = RULES
    title: str = "Urban Battle"

    def load(self, path: Path, overrides: Mapping[Path, str] | None = None) -> UbGame:
        return UbGame.load(path, overrides)

    def start(self, game: Any, seed: int) -> UbPlay:
        if not isinstance(game, UbGame):
            raise TypeError(f"an Urban Battle game is needed, got {type(game).__name__}")
        return UbPlay(game, seed)

    def briefing(self, game: Any, side: Side) -> UbBriefing:
        if not isinstance(game, UbGame):
            raise TypeError(f"an Urban Battle game is needed, got {type(game).__name__}")
        return UbBriefing(side, game)

    def action_to_json(self, action: Action) -> dict[str, Any]:
        return action_to_json(action)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(data)


URBAN_BATTLE = UrbanBattle()
_CONFORMS: RuleSet[Action, UbObservation] = URBAN_BATTLE
