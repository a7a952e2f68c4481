"""Terrain effects chart format (`uo-terrain/1`): the play-aid card's movement table as data.

MP: movement points per unit class, null for impassable ("X" on the card). EP: effect
points (ranges, command radius, weapons effect). Levels: obstacle level for line of sight
(5.1.7.2) and the level of a block standing there. The shipped chart is
engine/battlefield/data/terrain.yaml; a scenario's house-rule chart replaces it.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from pydantic import Field, field_validator

from .common import Strict
from .kinds import LocKind, Terrain

TERRAIN_FORMAT: Final = "uo-terrain/1"

MP = int | None  # None: impassable


class HexCost(Strict):
    """Entering a hex of one terrain (5.1.1: the terrain under its centre dot)."""

    foot: MP = Field(ge=0, description="MP for a foot block to enter (null: impassable).")
    vehicle: MP = Field(ge=0, description="MP for a vehicle block to enter (null: impassable).")
    ep: int = Field(ge=0, description="EP to enter.")
    stand: int = Field(ge=-1, le=3, description="Level of a block standing there.")
    obstacle: int | None = Field(description="Obstacle level for LOS, if an obstacle (null: none).")


class InteriorCost(Strict):
    """Entering a room or a zone (8.1.3)."""

    foot: MP = Field(ge=0, description="MP for a foot block to enter (null: impassable).")
    vehicle: MP = Field(
        ge=0, description="MP for a vehicle to enter (null: impassable; enterable buildings use foot costs)."
    )
    ep: int = Field(ge=0, description="EP to enter.")
    stand: int = Field(ge=-1, le=3, description="Level of a block there.")


class RoofLevel(Strict):
    """Entering a roof."""

    ep: int = Field(ge=0, description="EP to enter a roof.")
    stand: int = Field(ge=0, le=3, description="Level of a block on a roof.")


class InnerWall(Strict):
    """A partition or a zone limit inside a building."""

    foot_extra: int = Field(ge=0, description="MP added to entering the location beyond.")
    ep: int = Field(ge=0, description="EP added when crossed.")
    obstacle: int | None = Field(description="Obstacle level for LOS (null: none).")


class Facade(Strict):
    """A building's facade: impassable without an aperture."""

    ep: int = Field(ge=0, description="EP added when crossed (for effects).")
    obstacle: int = Field(description="Obstacle level for LOS.")


class OuterWall(Strict):
    """A free-standing outer wall (8.1.6)."""

    foot: int = Field(ge=0, description="MP for a foot block to cross, whole step (8.1.6).")
    over_block: int = Field(ge=0, description="MP over an adjacent vehicle or ladder block.")
    ladder: int = Field(ge=0, description="MP for a block with a ladder.")
    ep: int = Field(ge=0, description="EP added when crossed.")
    obstacle: int = Field(description="Obstacle level for LOS.")


class Walls(Strict):
    """The wall kinds of a map sheet."""

    partition: InnerWall = Field(description="Between two rooms (8.1.3).")
    zone_limit: InnerWall = Field(description="Between two zones of a room (5.1.3.1).")
    facade: Facade = Field(description="A building's outline.")
    outer_wall: OuterWall = Field(description="A wall standing in the street (8.1.6).")


class ApertureCost(Strict):
    """Crossing a wall through an aperture (8.1.4, 8.1.5)."""

    foot: MP = Field(ge=0, description="MP for the whole step through the aperture (null: impassable).")
    vehicle: MP = Field(ge=0, description="MP for a vehicle (null: impassable).")
    ep: int = Field(ge=0, description="EP added (replaces the wall's EP).")


class Apertures(Strict):
    """The aperture kinds."""

    door_or_window: ApertureCost = Field(description="A door or a window, in a facade or an outer wall.")
    breach_facade: ApertureCost = Field(description="An opened breach in a facade (8.1.5).")
    breach_outer: ApertureCost = Field(description="An opened breach in an outer wall (8.1.5).")


class Roofs(Strict):
    """Getting onto and across roofs (8.1.7-8.1.9)."""

    stairs: int = Field(ge=0, description="MP from the room or zone holding the access symbol (8.1.8).")
    roof_to_roof: int = Field(ge=0, description="MP between roofs whose arrows point at each other (8.1.9).")
    over_block: int = Field(ge=0, description="MP from the street over an adjacent vehicle or ladder block.")
    ladder: int = Field(ge=0, description="MP from the street for a block with a ladder (8.1.7).")
    ep: int = Field(ge=0, description="EP to a roof (the walls bordering it are not counted, 5.1.7.3).")


class ManholeCost(Strict):
    """A manhole between the surface and an underground zone (8.1.10)."""

    foot: int = Field(ge=0, description="MP through the manhole, either way.")
    ep: int = Field(ge=0, description="EP through the manhole.")


class BarricadeCost(Strict):
    """Entering a hex next to a barricade (5.2.3.5)."""

    foot: int = Field(ge=0, description="MP for a foot block.")
    vehicle: int = Field(ge=0, description="MP for a vehicle.")


class Counters(Strict):
    """Dynamic obstacles to line of sight (5.1.7.1-5.1.7.2)."""

    smoke: int = Field(description="Obstacle level of a Smoke counter.")
    wreck: int = Field(description="Obstacle level of a Wreck counter.")
    vehicles: int = Field(description="Obstacle level of a Vehicles counter.")


#: what each hex terrain is, for the schema's description of its key (5.1.4, card "Movement")
_TERRAIN_DESCRIPTIONS: Final = {
    Terrain.clear: "Entering a clear terrain hex (level 0).",
    Terrain.hillock: "Entering a hillock hex (level 1, a LOS obstacle, 5.1.7.2).",
    Terrain.woods: "Entering a woods hex (a level 3 LOS obstacle, 5.1.7.2).",
    Terrain.water: "Entering a water hex (level -1, 5.1.4).",
    Terrain.open_sewer: "Entering an open sewer hex (level -1, 5.1.6).",
    Terrain.narrows: "Entering a narrows hex (card: impassable to vehicles).",
    Terrain.vehicle_impassable: "Entering an open hex with a yellow dot (impassable to vehicles, 5.1.4).",
    Terrain.sewer: "Entering an underground sewer hex of an insert (level -1, 8.1.11).",
    Terrain.passage: "Entering an underground passage hex of an insert (level -1).",
}


def _every_terrain_required(schema: dict[str, Any]) -> None:
    """The schema says what `_every_terrain` checks: each terrain a hex location can have is
    a key (so a house-rule chart missing one is a located schema error, and `uo schema`
    documents the keys)."""
    names = [t.value for t in Terrain if t != Terrain.solid]
    schema["properties"] = {
        name: {
            **schema["additionalProperties"],
            "description": _TERRAIN_DESCRIPTIONS.get(Terrain(name), f"Entering a {name} hex."),
        }
        for name in names
    }
    schema["required"] = names


class TerrainChart(Strict):
    """The terrain effects chart: what every location, wall and aperture costs."""

    format: Literal["uo-terrain/1"] = Field(
        TERRAIN_FORMAT, alias="schema", description="File format and version."
    )
    hexes: dict[Terrain, HexCost] = Field(
        description="Entering a hex, by its terrain.", json_schema_extra=_every_terrain_required
    )
    room: InteriorCost = Field(description="Entering an undivided room.")
    zone: InteriorCost = Field(description="Entering a zone of a divided room.")
    roof: RoofLevel = Field(description="Entering a roof: its EP and the level of a block there.")
    walls: Walls = Field(description="Crossing walls.")
    apertures: Apertures = Field(description="Crossing through apertures.")
    roofs: Roofs = Field(description="Movement onto and across roofs.")
    manhole: ManholeCost = Field(description="Through a manhole.")
    barricade_adjacent: BarricadeCost = Field(description="Entering a hex next to a barricade.")
    counters: Counters = Field(description="Obstacle levels of counters.")

    @field_validator("hexes")
    @classmethod
    def _every_terrain(cls, hexes: dict[Terrain, HexCost]) -> dict[Terrain, HexCost]:
        # every terrain a hex can be a location with needs its costs; solid rock never is
        missing = [t.value for t in Terrain if t != Terrain.solid and t not in hexes]
        if missing:
            raise ValueError(f"no costs for terrain {', '.join(missing)}")
        return hexes

    def vehicle_entry_mp(self, kind: LocKind, terrain: Terrain | None = None, enterable: bool = False) -> MP:
        """MP for a vehicle to enter a location of this kind (None: vehicles cannot be
        there, 5.1.4): a hex or underground hex by its terrain; inside a building open to
        vehicles (`vehicles_may_enter`, 8.1.4) what a foot block pays; never a roof. The
        battlefield prices its steps with it and the validator judges set-ups with it."""
        if kind in (LocKind.hex, LocKind.underground):
            return self.hexes[terrain or Terrain.clear].vehicle
        if kind in (LocKind.room, LocKind.zone):
            cost = self.zone if kind == LocKind.zone else self.room
            return cost.foot if enterable else cost.vehicle
        return None

    def vehicle_may_stand(
        self, kind: LocKind, terrain: Terrain | None = None, enterable: bool = False
    ) -> bool:
        """Whether a vehicle may be (set up, move) in a location of this kind."""
        return self.vehicle_entry_mp(kind, terrain, enterable) is not None

    def wall_obstacle(self, kind: str) -> int | None:
        """Obstacle level of a wall kind for LOS (None: not an obstacle)."""
        wall: InnerWall | Facade | OuterWall = getattr(self.walls, kind)
        return wall.obstacle
