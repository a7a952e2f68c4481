"""Urban Battle missions (`ub-mission/1`): a scenario played with `rules: urban-battle` on a
square board (rulebook: Choice of Units, the Brochure's missions)."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import Field

from .common import Ident, Strict
from .scenario import Compass, Side

MISSION_FORMAT: Final = "ub-mission/1"

Square = Annotated[
    str,
    Field(
        pattern=r"^[A-Z][A-Z]?[0-9]{1,2}$", description="A square: column letter(s), row number (e.g. 'C7')."
    ),
]


class FiringMode(StrEnum):
    basic = "basic"
    absolute = "absolute"
    realistic = "realistic"


class OptionalRule(StrEnum):
    pushing = "pushing"
    repairing = "repairing"
    command_tank = "command_tank"
    moving_all = "moving_all"
    random_speed = "random_speed"
    rotating_turrets = "rotating_turrets"
    missed_shot = "missed_shot"


class Placement(Strict):
    """A unit at set-up: its type, square and facing (one of eight directions)."""

    id: Ident = Field(description="The piece's id, unique in the mission.")
    type: Ident = Field(description="Unit type id in the unit charts.")
    square: Square = Field(description="Set-up square.")
    facing: Compass = Field(description="Where its front points.")
    command: bool = Field(False, description="The side's command tank (optional rule).")


class Force(Strict):
    name: str = Field("", description="The player's name for the force.")
    units: list[Placement] = Field(min_length=1, description="Units and their set-up.")


class Forces(Strict):
    green: Force = Field(description="Green's force.")
    red: Force = Field(description="Red's force.")


class GoalKind(StrEnum):
    destroy = "destroy"  # destroy every enemy vehicle; at the round limit, most points destroyed
    break_through = "break_through"  # `attacker` brings a vehicle onto one of `squares`


class Goal(Strict):
    kind: GoalKind = Field(description="What wins.")
    attacker: Side | None = Field(None, description="The side that must break through (break_through).")
    squares: list[Square] = Field(default_factory=list, description="Squares to reach (break_through).")
    text: str = Field("", description="The goal in the mission's words.")


class Mission(Strict):
    format: Literal["ub-mission/1"] = Field(
        MISSION_FORMAT, alias="schema", description="File format and version."
    )
    rules: Literal["urban-battle"] = Field(description="Rule set: Urban Battle.")
    id: Ident = Field(description="Mission id.")
    title: str = Field(min_length=1, description="Title.")
    briefing: str = Field("", description="Briefing read to both players.")
    board: str = Field(min_length=1, description="The board file (ub-board/1), relative to this file.")
    units: list[str] = Field(
        min_length=1, description="Unit chart files (ub-units/1), relative to this file."
    )
    firing_mode: FiringMode = Field(FiringMode.basic, description="Basic, Absolute or Realistic.")
    optional_rules: list[OptionalRule] = Field(default_factory=list, description="Optional rules in use.")
    effectiveness: int | None = Field(
        None,
        ge=1,
        le=999,
        description="Agreed maximum effectiveness per player (none: the totals must be equal).",
    )
    unequal: bool = Field(False, description="The mission sets unequal forces on purpose.")
    rounds: int = Field(ge=1, le=99, description="Number of rounds.")
    first: Side = Field(Side.green, description="The side that plays first each round.")
    forces: Forces = Field(description="The two sides' units.")
    goal: Goal = Field(description="Mission goal.")
