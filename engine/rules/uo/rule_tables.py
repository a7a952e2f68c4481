"""The rule tables a game plays with, in one object held by the game: the terrain effects
chart, the combat tables and the weapons effect (the play-aid card). The shipped copies are
package data; a scenario's house rules (`house_rules:`) replace any of them for its games.

Every table file is read through the bounded reader (engine/io) and checked against its
model, with problems located at file:line:col; nothing is cached at module level: the game
owns its tables.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel
from pydantic import ValidationError as PydanticError

from ...battlefield.terrain import load_terrain_chart
from ...io.files import read_data
from ...io.problems import LoadError, Problem, pointer_join
from ...model.rule_tables import CombatTablesFile, WeaponsEffectTable, combat_problems
from ...model.terrain_chart import TerrainChart
from .tables import CombatTables, build_tables

DATA = Path(__file__).parent / "data"
#: the shipped tables, package data next to this module (the terrain chart is the
#: battlefield's: engine/battlefield/data/terrain.yaml)
SHIPPED = {
    "combat": DATA / "combat.yaml",
    "weapons_effect": DATA / "weapons_effect.yaml",
}

M = TypeVar("M", bound=BaseModel)


class TableError(ValueError):
    """A rule table file that cannot be used; `problems` locate each reason."""

    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(p.format() for p in problems))


def read_model(path: Path, model: type[M]) -> tuple[M | None, list[Problem]]:
    """Read `path` through the bounded reader and validate it as `model`: the model (None if
    invalid) and every problem, located (file:line:col, JSON pointer)."""
    try:
        data, positions, problems = read_data(path)
    except LoadError as exc:
        return None, list(exc.problems)
    name = problems[0].file if problems else str(path)
    try:
        parsed = model.model_validate(data)
    except PydanticError as exc:
        out = list(problems)
        for err in exc.errors():
            pointer = ""
            for part in err["loc"]:
                pointer = pointer_join(pointer, part)
            line, col = positions.locate(pointer)
            out.append(Problem(name, line, col, "S100", err["msg"], pointer))
        return None, out
    return parsed, list(problems)


def load_model(path: Path, model: type[M]) -> M:
    """`read_model`, refusing a file with any problem (TableError, located)."""
    parsed, problems = read_model(path, model)
    if parsed is None or problems:
        raise TableError(problems)
    return parsed


@dataclass(frozen=True)
class RuleTables:
    """The tables one game plays with."""

    terrain: TerrainChart
    combat: CombatTables
    weapons_effect: WeaponsEffectTable


def load_terrain(path: Path | None = None) -> TerrainChart:
    """A terrain effects chart (`uo-terrain/1`): the shipped one (the battlefield's), or the
    file at `path`."""
    try:
        return load_terrain_chart(path)
    except LoadError as exc:
        raise TableError(list(exc.problems)) from None


def load_combat(path: Path | None = None) -> CombatTables:
    """Combat tables (`uo-combat/1`): the shipped ones, or the file at `path`; every d10
    table complete and the range bands ascending (`combat_problems`)."""
    file = path or SHIPPED["combat"]
    data = load_model(file, CombatTablesFile)
    return build_tables(data, str(file))


def load_weapons_effect(path: Path | None = None) -> WeaponsEffectTable:
    """The weapons effect table (`uo-weapons-effect/1`): the shipped one, or `path`."""
    return load_model(path or SHIPPED["weapons_effect"], WeaponsEffectTable)


def load_rule_tables(
    terrain: Path | None = None, combat: Path | None = None, weapons_effect: Path | None = None
) -> RuleTables:
    """The shipped tables, each replaced by the house-rule file given for it."""
    return RuleTables(load_terrain(terrain), load_combat(combat), load_weapons_effect(weapons_effect))


__all__ = [
    "SHIPPED",
    "RuleTables",
    "TableError",
    "combat_problems",
    "load_combat",
    "load_model",
    "load_rule_tables",
    "load_terrain",
    "load_weapons_effect",
    "read_model",
]
