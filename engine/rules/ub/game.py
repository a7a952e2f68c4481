"""An Urban Battle mission ready to play (the interface's GameDefinition): the mission, its
board compiled into squares and its unit types, validated with located problems."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ...lint.context import Workspace
from ...lint.ub import mission_files
from ...model.square_board import SquareBoard
from ...model.ub_mission import Mission
from ...model.ub_units import UnitType
from ..digest import digest_of
from ..ruleset import GameSetupError
from .board import Board

RULES = "urban-battle"


@dataclass(frozen=True)
class UbGame:
    """Everything a game is built from; never changes during play."""

    path: Path
    mission: Mission
    board_file: SquareBoard
    board: Board
    types: Mapping[str, UnitType]

    @property
    def rules(self) -> str:
        return RULES

    @property
    def scenario_id(self) -> str:
        return self.mission.id

    @property
    def scenario(self) -> Mission:
        return self.mission

    @cached_property
    def _digest(self) -> str:
        return digest_of(
            {
                "mission": self.mission.model_dump(mode="json", by_alias=True),
                "board": self.board_file.model_dump(mode="json", by_alias=True),
                "types": {k: t.model_dump(mode="json") for k, t in sorted(self.types.items())},
            }
        )

    def digest(self) -> str:
        return self._digest

    @classmethod
    def load(cls, path: Path, overrides: Mapping[Path, str] | None = None) -> UbGame:
        """Validate the mission, its board and its unit charts (engine/lint/ub.py);
        GameSetupError with every located problem when it cannot be played."""
        ws = Workspace(dict(overrides) if overrides else None)
        doc = ws.load(path)
        problems = list(doc.problems)
        mission = doc.model
        if not isinstance(mission, Mission):
            if mission is not None:
                problems.append(doc.problem("/schema", "U000", f"not an Urban Battle mission ({doc.format})"))
            raise GameSetupError(problems)
        files = mission_files(doc, ws)
        problems += files.problems
        if problems or files.board is None:
            raise GameSetupError(problems)
        return cls(path, mission, files.board, Board.of(files.board), files.types)
