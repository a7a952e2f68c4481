"""The terrain effects chart (play-aid card) as a validated data table."""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Literal

from pydantic import Field

from ...io.yaml_reader import read_yaml
from ...model.common import Strict
from ...model.sheet import Terrain

MP = int | None  # None: impassable


class HexCost(Strict):
    foot: MP = Field(description="MP for a foot block to enter.")
    vehicle: MP = Field(description="MP for a vehicle block to enter.")
    ep: int = Field(ge=0, description="EP to enter.")
    stand: int = Field(ge=-1, le=3, description="Level of a block standing there.")
    obstacle: int | None = Field(description="Obstacle level for LOS, if an obstacle.")


class InteriorCost(Strict):
    foot: MP = Field(description="MP for a foot block to enter.")
    vehicle: MP = Field(description="MP for a vehicle to enter (enterable buildings use foot costs).")
    ep: int = Field(ge=0, description="EP to enter.")
    stand: int = Field(ge=-1, le=3, description="Level of a block there.")


class RoofLevel(Strict):
    ep: int = Field(ge=0, description="EP to enter a roof.")
    stand: int = Field(ge=0, le=3, description="Level of a block on a roof.")


class InnerWall(Strict):
    foot_extra: int = Field(ge=0, description="MP added to entering the location beyond.")
    ep: int = Field(ge=0, description="EP added when crossed.")
    obstacle: int | None = Field(description="Obstacle level for LOS.")


class Facade(Strict):
    ep: int = Field(ge=0, description="EP added when crossed (for effects).")
    obstacle: int = Field(description="Obstacle level for LOS.")


class OuterWall(Strict):
    foot: int = Field(ge=0, description="MP for a foot block to cross, whole step (8.1.6).")
    over_block: int = Field(ge=0, description="MP over an adjacent vehicle or ladder block.")
    ladder: int = Field(ge=0, description="MP for a block with a ladder.")
    ep: int = Field(ge=0, description="EP added when crossed.")
    obstacle: int = Field(description="Obstacle level for LOS.")


class Walls(Strict):
    partition: InnerWall
    zone_limit: InnerWall
    facade: Facade
    outer_wall: OuterWall


class ApertureCost(Strict):
    foot: MP = Field(description="MP for the whole step through the aperture.")
    vehicle: MP = Field(description="MP for a vehicle (null: impassable).")
    ep: int = Field(ge=0, description="EP added (replaces the wall's EP).")


class Apertures(Strict):
    door_or_window: ApertureCost
    breach_facade: ApertureCost
    breach_outer: ApertureCost


class Roofs(Strict):
    stairs: int = Field(ge=0)
    roof_to_roof: int = Field(ge=0)
    over_block: int = Field(ge=0)
    ladder: int = Field(ge=0)
    ep: int = Field(ge=0)


class ManholeCost(Strict):
    foot: int = Field(ge=0)
    ep: int = Field(ge=0)


class BarricadeCost(Strict):
    foot: int = Field(ge=0)
    vehicle: int = Field(ge=0)


class Counters(Strict):
    smoke: int = Field(description="Obstacle level of a Smoke counter.")
    wreck: int = Field(description="Obstacle level of a Wreck counter.")
    vehicles: int = Field(description="Obstacle level of a Vehicles counter.")


class TerrainChart(Strict):
    format: Literal["uo-terrain/1"] = Field(alias="schema")
    hexes: dict[Terrain, HexCost]
    room: InteriorCost
    zone: InteriorCost
    roof: RoofLevel
    walls: Walls
    apertures: Apertures
    roofs: Roofs
    manhole: ManholeCost
    barricade_adjacent: BarricadeCost
    counters: Counters

    def wall_obstacle(self, kind: str) -> int | None:
        """Obstacle level of a wall kind for LOS (None: not an obstacle)."""
        wall: InnerWall | Facade | OuterWall = getattr(self.walls, kind)
        return wall.obstacle


@cache
def terrain_chart() -> TerrainChart:
    """The chart shipped in engine/rules/uo/data/terrain.yaml."""
    text = resources.files("engine.rules.uo").joinpath("data/terrain.yaml").read_text(encoding="utf-8")
    data, _, _ = read_yaml(text, "engine/rules/uo/data/terrain.yaml")
    return TerrainChart.model_validate(data)
