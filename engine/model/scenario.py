"""Scenario format (`uo-scenario/1`): map assembly, orders of battle, decks, victory."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from .cards import BlockType
from .common import SCENARIO_FORMAT, BuildingId, D10Roll, Ident, LocationRef, Point, Strict


class Side(StrEnum):
    green = "green"
    red = "red"


class Quality(StrEnum):
    """Unit quality (4.3.8)."""

    elite = "elite"
    veteran = "veteran"
    recruit = "recruit"


class Compass(StrEnum):
    """Compass point; for the wind, the direction smoke and clouds drift towards (5.2.4.6)."""

    N = "N"
    NE = "NE"
    E = "E"
    SE = "SE"
    S = "S"
    SW = "SW"
    W = "W"
    NW = "NW"


class AdvancedRule(StrEnum):
    """Optional advanced rules (10-13) a scenario switches on."""

    infantry_smoke = "infantry_smoke"  # 10.1
    supporting_fire = "supporting_fire"  # 10.2
    suppressing_fire = "suppressing_fire"  # 10.3
    armor_cover = "armor_cover"  # 10.4
    antitank_vs_infantry = "antitank_vs_infantry"  # 10.5
    antitank_breaching = "antitank_breaching"  # 10.6
    anti_sniping = "anti_sniping"  # 10.7
    ambush_vs_vehicle = "ambush_vs_vehicle"  # 10.8
    superstructure = "superstructure"  # 11.1
    crossing_walls = "crossing_walls"  # 11.2
    order_of_battle_changes = "order_of_battle_changes"  # 12.1
    impulse_force_cohesion = "impulse_force_cohesion"  # 12.2
    blocking_underground = "blocking_underground"  # 13.1
    antipersonnel_mines = "antipersonnel_mines"  # 13.2
    population_movement = "population_movement"  # 13.3
    rubble = "rubble"  # 13.4


class SheetPlacement(Strict):
    """A map sheet used by the scenario and where it sits in the assembly."""

    file: str = Field(min_length=1, description="Sheet file, relative to the scenario file.")
    position: Point = Field((0.0, 0.0), description="Offset of the sheet's origin in the assembly, in mm.")
    rotation: Literal[0, 180] = Field(0, description="Rotation of the sheet in the assembly, in degrees.")


class InsertUse(Strict):
    """An underground insert used by the scenario."""

    file: str = Field(min_length=1, description="Insert file, relative to the scenario file.")
    known_by: list[Side] = Field(
        default_factory=lambda: [Side.green, Side.red],
        description="Sides that have the insert; for the others manholes are placed face down (8.1.10).",
    )


class MapAssembly(Strict):
    sheets: list[SheetPlacement] = Field(min_length=1, description="Sheets assembled for the scenario.")
    underground: list[InsertUse] = Field(default_factory=list, description="Underground inserts in use.")


class Block(Strict):
    """A block of an order of battle."""

    id: Ident = Field(description="Block id, unique in the scenario.")
    card: Ident = Field(description="Unit card the block comes from.")
    type: BlockType = Field(description="Block type on that card.")
    at: LocationRef | None = Field(None, description="Set-up location; none if deployed by the player.")
    hidden: bool = Field(True, description="Set up hidden (upright) rather than revealed.")
    quality: Quality | None = Field(
        None, description="Quality of its original platoon if it differs from its impulse force (4.3.8)."
    )
    mounted_in: Ident | None = Field(None, description="Vehicle block transporting it at set-up.")


class Entry(Strict):
    """When and where an impulse force enters as reinforcement (7.1.1)."""

    turn: int = Field(ge=1, le=99, description="Turn of entry.")
    hexes: list[LocationRef] = Field(min_length=1, description="Entry hexes.")


class ImpulseForce(Strict):
    """A platoon leader and the blocks under his responsibility (3.2)."""

    id: Ident = Field(description="Impulse force id.")
    name: str = Field("", description="Name, e.g. '1st platoon'.")
    platoon_leader: Ident | None = Field(None, description="Block id of the platoon leader.")
    quality: Quality = Field(Quality.veteran, description="Quality of the platoon.")
    support_points: int = Field(2, ge=0, le=9, description="Support points at start (8.2.2).")
    blocks: list[Block] = Field(default_factory=list, description="Blocks of the impulse force.")
    entry: Entry | None = Field(
        None, description="Reinforcement turn and entry hexes, if not on map at start."
    )
    deployment: Ident | None = Field(None, description="Deployment area for its blocks set up by the player.")


class DeploymentArea(Strict):
    id: Ident = Field(description="Deployment area id.")
    name: str = Field("", description="Name.")
    locations: list[LocationRef] = Field(min_length=1, description="Locations of the area.")


class Allotment(Strict):
    """How many environment counters a side gets, and those placed by the scenario."""

    count: int = Field(0, ge=0, le=50, description="Counters available.")
    locations: list[LocationRef] = Field(
        default_factory=list, description="Locations fixed by the scenario (at most `count`)."
    )


class Environment(Strict):
    """Environment blocks and markers of a side (5.2.1, 5.2.2, 5.2.4)."""

    dummies: Allotment = Field(default_factory=Allotment, description="Dummy blocks.")
    barricades: Allotment = Field(default_factory=Allotment, description="Barricade blocks.")
    breach_markers: Allotment = Field(default_factory=Allotment, description="Breach markers.")
    fortified: Allotment = Field(default_factory=Allotment, description="Fortified markers.")
    at_mines: Allotment = Field(default_factory=Allotment, description="AT mines (positions are secret).")
    ied_uxo: Allotment = Field(
        default_factory=Allotment,
        description="IED/UXO counters the side's engineers may place face down in an adjacent"
        " location during play (8.2.3.1: 'if this is specified in the scenario instructions');"
        " `locations`: those the scenario puts down for the side at the start, face down to the enemy.",
    )


class SupportRow(Strict):
    """A line of the 3D actions matrix: missions and the d10 result table (7.3.1)."""

    support: Ident = Field(description="Support card id.")
    missions: int = Field(ge=0, le=20, description="Missions available for the scenario.")
    per_turn: int = Field(1, ge=0, le=5, description="Requests possible each turn.")
    unavailable: list[D10Roll] = Field(
        default_factory=list, alias="U", description="Rolls giving U: unavailable, not counted."
    )
    next_turn: list[D10Roll] = Field(
        default_factory=list, alias="T+1", description="Rolls giving T+1: resolved next turn."
    )
    this_turn: list[D10Roll] = Field(
        default_factory=list, alias="T", description="Rolls giving T: immediate."
    )


class SupportMatrix(Strict):
    actions: list[SupportRow] = Field(default_factory=list, description="3D supports available.")
    air_defense: list[SupportRow] = Field(
        default_factory=list, description="Air defence assets (results U or T, 7.3.3.5)."
    )
    any_position: bool = Field(
        False,
        description="Requests may name any position within the requester's reach, as written on"
        " paper (7.3.3.1), and an adjustment any position within 10 EP (7.3.3.2); otherwise only"
        " the locations of enemy blocks the side sees are offered.",
    )


class EventTableRow(Strict):
    roll: list[D10Roll] = Field(min_length=1, description="d10 results giving this row.")
    outcome: str = Field(min_length=1, description="What happens.")
    card: Ident | None = Field(None, description="Event card drawn, if the row says so.")


class Events(Strict):
    """Event cards and table of a side (6.1)."""

    deck: list[Ident] = Field(default_factory=list, description="Event cards shuffled face down.")
    hand: list[Ident] = Field(default_factory=list, description="Event cards in hand at start.")
    table: list[EventTableRow] = Field(default_factory=list, description="Events table rolled each turn.")


class Logistics(Strict):
    block: Ident = Field(description="Logistics block id.")
    reserve: int = Field(0, ge=0, le=20, description="Support points held in reserve (8.2.2).")


class SideSetup(Strict):
    """One side's order of battle and assets."""

    name: str = Field(min_length=1, description="Name of the side, e.g. 'Coalition company'.")
    impulse_forces: list[ImpulseForce] = Field(min_length=1, description="Impulse forces.")
    commander: Ident | None = Field(None, description="Block id of the company commander.")
    command_post: Ident | None = Field(None, description="Block id of the command post.")
    logistics: Logistics | None = Field(None, description="Logistics block and its reserve.")
    deployment: list[DeploymentArea] = Field(default_factory=list, description="Deployment areas.")
    hidden_setup: bool = Field(True, description="Blocks are set up hidden from the enemy.")
    environment: Environment = Field(default_factory=Environment, description="Environment allotments.")
    support: SupportMatrix = Field(default_factory=SupportMatrix, description="3D actions matrix.")
    events: Events = Field(default_factory=Events, description="Event deck, hand and table.")


class Sides(Strict):
    green: SideSetup = Field(description="The green side.")
    red: SideSetup = Field(description="The red side.")


class CounterKind(StrEnum):
    ied_uxo = "ied_uxo"
    toxic = "toxic"
    population = "population"
    vehicles = "vehicles"
    wreck = "wreck"
    barricade = "barricade"


class NoMansLandCounter(Strict):
    """A No Man's Land counter (4.2, 5.2.3)."""

    id: Ident = Field(description="Counter id.")
    kind: CounterKind = Field(description="What the counter is.")
    at: LocationRef = Field(description="Location.")
    hidden: bool = Field(True, description="Placed face down.")


class InitiativeTurn(Strict):
    turn: int = Field(ge=1, le=99, description="Game turn.")
    side: Side = Field(description="Side with the initiative.")


class ControlLocations(Strict):
    kind: Literal["control"] = Field(description="Control of locations at the end (2.3).")
    id: Ident = Field(description="Condition id.")
    side: Side = Field(description="Side scoring the condition.")
    locations: list[LocationRef] = Field(min_length=1, description="Locations to control.")
    points: int = Field(1, ge=-20, le=20, description="Victory points scored.")
    description: str = Field("", description="Text shown to players.")


class ControlBuildings(Strict):
    kind: Literal["control_buildings"] = Field(description="Control of every location of buildings.")
    id: Ident = Field(description="Condition id.")
    side: Side = Field(description="Side scoring the condition.")
    buildings: list[BuildingId] = Field(min_length=1, description="Buildings to control.")
    points: int = Field(1, ge=-20, le=20, description="Victory points scored.")
    description: str = Field("", description="Text shown to players.")


class Destroy(Strict):
    kind: Literal["destroy"] = Field(description="Destruction of enemy blocks.")
    id: Ident = Field(description="Condition id.")
    side: Side = Field(description="Side scoring the condition.")
    blocks: list[Ident] = Field(default_factory=list, description="Named enemy blocks to destroy.")
    block_types: list[BlockType] = Field(
        default_factory=list, description="Or: any enemy blocks of these types..."
    )
    count: int = Field(1, ge=1, le=99, description="...at least this many of them.")
    points: int = Field(1, ge=-20, le=20, description="Victory points scored.")
    description: str = Field("", description="Text shown to players.")


class Collateral(Strict):
    kind: Literal["collateral"] = Field(description="Penalty for population eliminated by a side.")
    id: Ident = Field(description="Condition id.")
    side: Side = Field(description="Side penalised.")
    per_population: int = Field(-1, ge=-20, le=0, description="Points per population counter eliminated.")
    description: str = Field("", description="Text shown to players.")


VictoryCondition = Annotated[
    ControlLocations | ControlBuildings | Destroy | Collateral, Field(discriminator="kind")
]


class VictoryLevelKind(StrEnum):
    total = "total"
    partial = "partial"


class VictoryLevel(Strict):
    side: Side = Field(description="Winning side.")
    level: VictoryLevelKind = Field(description="Total or partial victory.")
    min_points: int = Field(ge=-99, le=99, description="Points the side needs, at least.")


class Victory(Strict):
    conditions: list[VictoryCondition] = Field(min_length=1, description="Victory conditions.")
    levels: list[VictoryLevel] = Field(
        default_factory=list, description="Victory levels, checked in order; none reached: undecided."
    )


class HouseRules(Strict):
    """Rule table files replacing the shipped ones for this scenario's games, so designers
    playtest rule variants without touching the package. Paths are relative to the
    scenario; a table left out is the shipped one."""

    terrain: str | None = Field(None, min_length=1, description="Terrain effects chart (uo-terrain/1).")
    combat: str | None = Field(None, min_length=1, description="Combat tables (uo-combat/1).")
    weapons_effect: str | None = Field(
        None, min_length=1, description="Weapons effect table (uo-weapons-effect/1)."
    )


class Scenario(Strict):
    """A scenario: everything needed to set up and play a game."""

    format: Literal["uo-scenario/1"] = Field(
        SCENARIO_FORMAT, alias="schema", description="File format and version."
    )
    id: Ident = Field(description="Scenario id.")
    title: str = Field(min_length=1, description="Title.")
    campaign: str = Field("", description="Campaign.")
    designer: str = Field("", description="Designer.")
    briefing: str = Field("", description="Briefing read to both players.")
    special_rules: str = Field("", description="Special rules of the scenario, as text.")
    cards: list[str] = Field(default_factory=list, description="Card library files, relative to this file.")
    rules: str | None = Field(
        None, min_length=1, description="Rule set it is played with (none: urban-operations)."
    )
    house_rules: HouseRules | None = Field(
        None, description="Rule table files replacing the shipped ones, relative to this file."
    )
    map: MapAssembly = Field(description="Sheets and underground inserts.")
    turns: int = Field(ge=1, le=99, description="Number of game turns.")
    night_turns: list[int] = Field(default_factory=list, description="Turns played at night (9).")
    wind: Compass = Field(Compass.E, description="Wind direction: where smoke and clouds drift.")
    initiative: list[InitiativeTurn] = Field(default_factory=list, description="Initiative for each turn.")
    advanced_rules: list[AdvancedRule] = Field(default_factory=list, description="Advanced rules in use.")
    sides: Sides = Field(description="The two sides.")
    no_mans_land: list[NoMansLandCounter] = Field(
        default_factory=list, description="No Man's Land counters at set-up."
    )
    victory: Victory = Field(description="Victory conditions and levels.")
