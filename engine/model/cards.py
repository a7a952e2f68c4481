"""Card library format (`uo-cards/1`): unit cards, support (3D) cards and event cards."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from .common import CARDS_FORMAT, Ident, Strict


class BlockType(StrEnum):
    """Kinds of block a unit card can field (4.3, annex of unit capabilities)."""

    infantry = "infantry"
    scout = "scout"
    recon = "recon"
    engineer = "engineer"
    sniper = "sniper"
    jfo = "jfo"
    support_weapons = "support_weapons"
    platoon_leader = "platoon_leader"
    commander = "commander"
    command_post = "command_post"
    logistics = "logistics"
    platoon_support = "platoon_support"
    unarmoured_vehicle = "unarmoured_vehicle"
    apc = "apc"
    armoured_vehicle = "armoured_vehicle"
    mbt = "mbt"


VEHICLE_TYPES = frozenset(
    {BlockType.unarmoured_vehicle, BlockType.apc, BlockType.armoured_vehicle, BlockType.mbt}
)
#: Blocks with only two OSL levels (4.3.2.1).
TWO_LEVEL_TYPES = frozenset(
    {BlockType.commander, BlockType.logistics, BlockType.jfo, BlockType.command_post, BlockType.sniper}
)
#: Blocks with specific means of observation, scouting 10 EP (8.2.5.2).
LONG_SCOUTING_TYPES = frozenset({BlockType.scout, BlockType.recon, BlockType.sniper, BlockType.jfo})


class Protection(StrEnum):
    """Target class of a block: foot or unarmoured (circle), armoured (square), MBT (triangle)."""

    soft = "soft"
    armoured = "armoured"
    mbt = "mbt"


class TargetCapability(StrEnum):
    """Which target classes a weapon is effective against (4.3.5)."""

    soft = "soft"
    armoured = "armoured"
    all = "all"


class BreachCapability(StrEnum):
    none = "none"
    contact = "contact"
    remote = "remote"


class EffectClass(StrEnum):
    light = "light"
    heavy = "heavy"


#: 4.3.7.2: "The area of effect of heavy weapons extends ... always in the locations
#: neighbouring the target of the shooting": the least radius around the target, in EP
NEIGHBOURING = 1


class AreaOfEffect(Strict):
    """Weapons effect of a weapon (4.3.7.2, 8.2.1.2)."""

    effect: EffectClass = Field(EffectClass.light, description="Light (fire lane) or heavy weapons effect.")
    around_firer: int = Field(0, ge=0, le=10, description="Blast radius around the firer in EP (0: none).")
    around_target: int = Field(
        0,
        ge=0,
        le=10,
        description="Radius around the target in EP; a heavy weapon always reaches at least the"
        " neighbouring locations (1 EP, 4.3.7.2), whatever is written here.",
    )

    def target_radius(self) -> int:
        """The EP around the target its weapons effect reaches: the card's radius, never less
        than the neighbouring locations for a heavy weapon (4.3.7.2: "always"); a light
        weapon has none (its effect is the fire lane)."""
        if self.effect != EffectClass.heavy:
            return 0
        return max(self.around_target, NEIGHBOURING)


class Weapon(Strict):
    """A weapon on a unit card, with its firepower per range band."""

    id: Ident = Field(description="Weapon id, unique on its card.")
    name: str = Field(min_length=1, description="Weapon name, e.g. '7.62mm MG'.")
    firepower: list[int | None] = Field(
        min_length=1,
        max_length=6,
        description="Firepower by range band: 1 EP (assault), 2-5, 6-10, 11-15, 16-20, 21-25 EP;"
        " null where the weapon cannot fire.",
    )
    min_range: int = Field(0, ge=0, le=25, description="No fire below this range in EP.")
    targets: TargetCapability = Field(TargetCapability.soft, description="Target capability.")
    critical_bonus: bool = Field(
        False, description="Missile or heavy shell (red symbol): more destructive critical hits."
    )
    breach: BreachCapability = Field(BreachCapability.none, description="Breach in contact or remotely.")
    no_fire_from_building: bool = Field(
        False, description="Cannot be fired from inside a building (back blast, flames...)."
    )
    smoke: bool = Field(False, description="Can fire smoke (8.2.7.8).")
    area_of_effect: AreaOfEffect = Field(
        default_factory=AreaOfEffect, description="Weapons effect of this weapon."
    )


class BlockProfile(Strict):
    """One kind of block fielded by a unit card, with its weapons and capabilities."""

    type: BlockType = Field(description="Block type; unique on its card.")
    name: str = Field("", description="Name shown on the card, e.g. 'Rifle squad'.")
    count: int = Field(1, ge=0, le=20, description="How many blocks of this type the card fields.")
    protection: Protection = Field(Protection.soft, description="Target class of the block.")
    osl_levels: int = Field(3, ge=2, le=3, description="Number of operational strength levels (4.3.2.1).")
    weapons: list[Weapon] = Field(default_factory=list, description="Weapons of the block.")
    weight: int = Field(1, ge=0, le=9, description="Transport weight of a foot block (8.2.4.2).")
    capacity: int = Field(0, ge=0, le=9, description="Transport capacity of a vehicle (8.2.4.1).")
    ladder: bool = Field(False, description="Carries a ladder (8.1.6, 8.1.7).")
    night_equipment: bool = Field(False, description="Equipped with night vision (9).")


class UnitKind(StrEnum):
    platoon = "platoon"
    vehicle = "vehicle"


class UnitCard(Strict):
    """A platoon or vehicle card: the combat characteristics of its blocks (4.3.4)."""

    id: Ident = Field(description="Card id.")
    name: str = Field(min_length=1, description="Card name.")
    kind: UnitKind = Field(UnitKind.platoon, description="Platoon card or vehicle card.")
    nation: str = Field("", description="Army or faction.")
    campaign: str = Field("", description="Campaign the card belongs to, if any.")
    blocks: list[BlockProfile] = Field(min_length=1, description="Block types the card fields.")
    notes: str = Field("", description="Free text.")


class SupportKind(StrEnum):
    helicopter_recon = "helicopter_recon"
    drone_recon = "drone_recon"
    close_air_support = "close_air_support"
    helicopter_attack = "helicopter_attack"
    mortar = "mortar"
    artillery = "artillery"
    smoke = "smoke"
    flare = "flare"
    air_defense = "air_defense"


class SupportDomain(StrEnum):
    """Terrestrial (mortar, artillery) or aerial (planes, helicopters, drones) (7.3.3.2)."""

    terrestrial = "terrestrial"
    aerial = "aerial"


class AffectedSides(StrEnum):
    """Red symbol: both sides and population; blue symbol: friendly side and population (7.3.3.3)."""

    both = "both"
    friendly = "friendly"


class EffectRing(Strict):
    """OSL loss at a given distance from the targeted location."""

    radius: int = Field(ge=0, le=10, description="Distance from the target in EP (0: the target itself).")
    osl: int = Field(ge=0, le=3, description="OSL lost by affected blocks at this distance.")


class SupportCard(Strict):
    """A 3D support card: what the asset does when its action resolves (7.3)."""

    id: Ident = Field(description="Card id.")
    name: str = Field(min_length=1, description="Card name.")
    kind: SupportKind = Field(description="Kind of 3D action.")
    domain: SupportDomain = Field(description="Terrestrial or aerial, for cancelling and adjusting.")
    targets: TargetCapability = Field(TargetCapability.soft, description="Kinds of block affected.")
    sides: AffectedSides = Field(AffectedSides.both, description="Which sides the weapons effect reaches.")
    effect: list[EffectRing] = Field(default_factory=list, description="Weapons effect by distance.")
    reveals: bool = Field(False, description="A reconnaissance mission: reveals blocks in its area.")
    area: int = Field(0, ge=0, le=10, description="Radius in EP scouted, smoked or lit by the action.")
    drone: bool = Field(False, description="A drone: air defence cannot intercept it (7.3.3.5).")
    text: str = Field("", description="Card text.")


class EventTiming(StrEnum):
    """Red title: played at once; black title: kept in hand until played (6.2.1)."""

    immediate = "immediate"
    kept = "kept"


class EventSide(StrEnum):
    own = "own"
    enemy = "enemy"


class OslChange(Strict):
    kind: Literal["osl_change"] = Field(description="Blocks gain or lose OSL.")
    side: EventSide = Field(description="Whose blocks.")
    amount: int = Field(ge=-3, le=3, description="OSL change per block (negative: loss).")
    blocks: int = Field(1, ge=1, le=20, description="How many blocks, chosen by the card's owner.")


class Reinforcement(Strict):
    kind: Literal["reinforcement"] = Field(description="An impulse force enters early.")
    force: Ident = Field(description="Impulse force id.")


class SupportPoints(Strict):
    kind: Literal["support_points"] = Field(description="Support points for the logistics reserve.")
    amount: int = Field(ge=-5, le=5, description="Points added (negative: removed).")


class ExtraMission(Strict):
    kind: Literal["extra_3d_mission"] = Field(description="Extra 3D missions for a support asset.")
    support: Ident = Field(description="Support card id.")
    count: int = Field(1, ge=1, le=5, description="Missions added.")


class Initiative(Strict):
    kind: Literal["initiative"] = Field(description="The card's owner takes the initiative this turn.")


class Reveal(Strict):
    kind: Literal["reveal"] = Field(description="Enemy blocks are revealed.")
    count: int = Field(1, ge=1, le=20, description="How many blocks, chosen by the card's owner.")


EventEffect = Annotated[
    OslChange | Reinforcement | SupportPoints | ExtraMission | Initiative | Reveal,
    Field(discriminator="kind"),
]


class EventCard(Strict):
    """An event card (6.2.1); the text is authoritative, the effect lets the engine apply it."""

    id: Ident = Field(description="Card id.")
    title: str = Field(min_length=1, description="Card title.")
    timing: EventTiming = Field(description="Immediate (red title) or kept (black title).")
    text: str = Field(min_length=1, description="Card text.")
    campaign: str = Field("", description="Campaign printed on the back.")
    scenarios: list[str] = Field(default_factory=list, description="Scenarios printed on the front.")
    effect: EventEffect | None = Field(None, description="Structured effect, when the engine can apply it.")


class CardLibrary(Strict):
    """A library of cards shared by scenarios."""

    format: Literal["uo-cards/1"] = Field(
        CARDS_FORMAT, alias="schema", description="File format and version."
    )
    id: Ident = Field(description="Library id.")
    title: str = Field("", description="Title.")
    campaign: str = Field("", description="Campaign, if the library belongs to one.")
    unit_cards: list[UnitCard] = Field(default_factory=list, description="Platoon and vehicle cards.")
    support_cards: list[SupportCard] = Field(default_factory=list, description="3D support cards.")
    event_cards: list[EventCard] = Field(default_factory=list, description="Event cards.")
