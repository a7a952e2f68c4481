"""Urban Battle unit charts as cards (`ub-units/1`): each unit type's speed, firepower per
firing mode, armour by facing and effectiveness points (rulebook: Unit Charts)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final, Literal

from pydantic import Field

from .common import Ident, Strict

UNITS_FORMAT: Final = "ub-units/1"


class Drive(StrEnum):
    tracks = "tracks"  # T
    wheels = "wheels"  # W: never two rotations in place in a row (Movement)


class Mount(StrEnum):
    turret = "turret"  # fires in all eight directions
    hull = "hull"  # fires in the three forward directions


class DirectFire(Strict):
    """Direct fire firepower: the red die, the purple die if `purple`, plus `fixed` (Basic and
    Realistic modes); `absolute` is the Absolute mode's fixed firepower."""

    purple: bool = Field(False, description="Whether the purple die (1,2,2,3,3,4) is rolled too.")
    fixed: int = Field(ge=0, le=30, description="The fixed number added to the dice.")
    absolute: int = Field(ge=0, le=40, description="Firepower in the Absolute mode.")


class ParabolicFire(Strict):
    """Parabolic fire: red die times `multiplier` against the distance, within the range."""

    min_range: int = Field(ge=2, le=60, description="Minimum range in squares (Basic / Realistic).")
    max_range: int = Field(ge=2, le=60, description="Maximum range in squares (Basic / Realistic).")
    multiplier: int = Field(ge=1, le=10, description="The red die is multiplied by it.")
    absolute_min: int = Field(ge=2, le=60, description="Minimum range in the Absolute mode.")
    absolute_max: int = Field(ge=2, le=60, description="Maximum range in the Absolute mode.")
    mortar: bool = Field(False, description="A mortar fires from and at squares right behind cover.")


class Armour(Strict):
    front: int = Field(ge=0, le=30, description="Front armour.")
    side: int = Field(ge=0, le=30, description="Side armour.")
    rear: int = Field(ge=0, le=30, description="Rear armour.")


class UnitType(Strict):
    """One row of a unit chart."""

    id: Ident = Field(description="Unit type id, as missions name it.")
    name: str = Field(min_length=1, description="Name on the chart.")
    speed: int = Field(ge=1, le=12, description="Maximum steps a round.")
    drive: Drive = Field(Drive.tracks, description="Tracks (T) or wheels (W).")
    mount: Mount = Field(Mount.turret, description="Where the weapon is mounted.")
    direct: DirectFire | None = Field(None, description="Direct fire; none for parabolic-only units.")
    parabolic: ParabolicFire | None = Field(None, description="Parabolic fire (howitzers, mortars, rockets).")
    armour: Armour = Field(description="Armour front / side / rear.")
    effectiveness: int = Field(ge=1, le=30, description="Effectiveness points.")
    amphibious: bool = Field(False, description="Moves over any water.")
    dozer: bool = Field(False, description="Has a dozer blade (optional rule: pushing).")
    recovery: bool = Field(False, description="Armoured recovery vehicle (optional rule: repairing).")


class UnitChart(Strict):
    format: Literal["ub-units/1"] = Field(
        UNITS_FORMAT, alias="schema", description="File format and version."
    )
    id: Ident = Field(description="Chart id.")
    title: str = Field(min_length=1, description="Title.")
    units: list[UnitType] = Field(min_length=1, description="Unit types.")
