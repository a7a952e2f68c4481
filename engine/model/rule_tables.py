"""Rule table formats of the play-aid card: the combat tables (`uo-combat/1`) and the weapons
effect (`uo-weapons-effect/1`). The terrain effects chart (`uo-terrain/1`) lives with the
battlefield's models.

The shipped copies are engine/rules/uo/data/*.yaml; a scenario may name house-rule copies
(`house_rules`) that replace them for its games. A d10 table lists each roll 0-9 in exactly
one row and range bands ascend: the validator checks both with located problems (lint), as
the shapes here cannot say it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Annotated, Final, Literal, Protocol

from pydantic import Field

from .common import Strict
from .scenario import Quality

COMBAT_FORMAT: Final = "uo-combat/1"
WEAPONS_EFFECT_FORMAT: Final = "uo-weapons-effect/1"

#: the sides of the die: a d10 table is complete when each appears in exactly one row
D10 = range(10)
#: Weapon.firepower (engine/model/cards.py) holds at most this many boxes, one per band
FIREPOWER_BOXES = 6

Roll = Annotated[int, Field(ge=min(D10), le=max(D10))]


# --- combat tables (uo-combat/1) ----------------------------------------------------------


class RollRow(Strict):
    rolls: list[Roll] = Field(min_length=1, description="d10 results this row applies to.")


class CriticalRow(RollRow):
    fp: int = Field(0, ge=0, description="Firepower bonus of the critical hit.")
    wins: bool = Field(False, description="The opponent loses the fight.")
    extra_loss: int = Field(0, ge=0, description="Additional OSL the loser loses.")
    destroys: bool = Field(False, description="The opposing block is eliminated outright.")


class AdjustRow(RollRow):
    adjust: int = Field(ge=-1, le=1, description="+1: one more OSL lost; -1: one less.")


class LossRow(RollRow):
    osl: int = Field(ge=0, description="OSL lost.")


class QualityTables(Strict):
    """Losses by quality (4.3.8): one d10 per OSL lost, by the block's quality."""

    elite: list[AdjustRow]
    veteran: list[AdjustRow]
    recruit: list[AdjustRow]


class CriticalTables(Strict):
    soft: list[CriticalRow]
    armoured: list[CriticalRow]
    mbt: list[CriticalRow]
    heavy_vs_armour: list[CriticalRow]
    sniper_long: list[CriticalRow]
    assault: list[CriticalRow]


class CombatResult(Strict):
    loser: int = Field(ge=0, description="OSL lost by the loser.")
    equality: int = Field(ge=0, description="OSL lost by each side on an equality.")
    loser_withdraws: bool


class CombatResults(Strict):
    fire: CombatResult
    assault: CombatResult


class WithdrawalMP(Strict):
    foot: int = Field(ge=0)
    vehicle: int = Field(ge=0)


class Withdrawal(Strict):
    mp: WithdrawalMP
    losses: list[LossRow]


class Bands(Strict):
    """Upper bound in EP of each range band; band i is a weapon's firepower box i, the first
    the 1 EP assault box."""

    day: list[int]
    night_unequipped: list[int]
    night_equipped: list[int]


class ScoutRange(Strict):
    normal: int = Field(ge=0)
    long: int = Field(ge=0)


class Scouting(Strict):
    day: ScoutRange
    night_unequipped: ScoutRange
    night_equipped: ScoutRange


class ModifierTable(Strict):
    command: int
    infrastructure: int
    opportunity: int
    poor_osl: int
    roof_assault: int


class Distances(Strict):
    command_range: int = Field(ge=0)
    contact: int = Field(ge=0)
    cover_fire: int = Field(ge=0)
    sniper_long: int = Field(ge=0)


class CombatTablesFile(Strict):
    """The aid card's combat tables: critical hits, combat results, losses by quality,
    withdrawal, range bands, scouting, modifiers and distances."""

    format: Literal["uo-combat/1"] = Field(alias="schema")
    chance_bonus: int
    critical_hits: CriticalTables
    combat_results: CombatResults
    quality: QualityTables
    withdrawal: Withdrawal
    inadequate_loss: int = Field(ge=0)
    range_bands: Bands
    scouting: Scouting
    modifiers: ModifierTable
    distances: Distances


# --- weapons effect (uo-weapons-effect/1) -----------------------------------------------------


class ByClass(Strict):
    soft: int = Field(0, ge=0, le=3)
    armoured: int = Field(0, ge=0, le=3)
    mbt: int = Field(0, ge=0, le=3)

    def of(self, protection: str) -> int:
        return int(getattr(self, str(protection)))


class LightEffect(Strict):
    lane: ByClass
    underground_echo: ByClass


class HeavyEffect(Strict):
    around_firer: ByClass
    lane: ByClass
    around_target: ByClass


class EffectLosses(Strict):
    light: LightEffect
    heavy: HeavyEffect


class WeaponsEffectTable(Strict):
    """OSL lost by the shooter's own blocks in its weapon's area of effect (8.2.1, 8.2.7.7)."""

    schema_: Literal["uo-weapons-effect/1"] = Field(alias="schema")
    lane_beyond_range: int = Field(ge=0, le=25)
    lane_beyond_obstacle: int = Field(ge=0, le=10)
    underground_echo: int = Field(ge=0, le=10)
    losses: EffectLosses


# --- checks the shapes cannot say (the validator locates them, the loader refuses them) --------


class _HasRolls(Protocol):
    @property
    def rolls(self) -> list[int]: ...


def roll_problems(rows: Sequence[_HasRolls], pointer: str) -> list[tuple[str, str]]:
    """(JSON pointer, message) for each roll listed twice and for the rolls no row lists: with
    either, the table would silently answer for some rolls with the wrong row or none."""
    out: list[tuple[str, str]] = []
    seen: set[int] = set()
    for i, row in enumerate(rows):
        for j, roll in enumerate(row.rolls):
            if roll in seen:
                out.append((f"{pointer}/{i}/rolls/{j}", f"roll {roll} appears twice"))
            seen.add(roll)
    missing = [roll for roll in D10 if roll not in seen]
    if missing:
        out.append((pointer, f"no row for roll(s) {', '.join(map(str, missing))}"))
    return out


def band_problems(bounds: Sequence[int], pointer: str) -> list[tuple[str, str]]:
    """(JSON pointer, message) for range bands a weapon card cannot use: band i is
    Weapon.firepower[i], whose first box is the 1 EP assault box; bounds ascend."""
    if not 1 <= len(bounds) <= FIREPOWER_BOXES:
        return [(pointer, f"expected 1 to {FIREPOWER_BOXES} bands, got {len(bounds)}")]
    out = []
    if bounds[0] != 1:
        out.append((f"{pointer}/0", f"the first band is the 1 EP assault box, got {bounds[0]}"))
    for i, (a, b) in enumerate(pairwise(bounds), start=1):
        if b <= a:
            out.append((f"{pointer}/{i}", f"band bounds must increase, got {list(bounds)}"))
    return out


CRITICAL_TABLES = ("soft", "armoured", "mbt", "heavy_vs_armour", "sniper_long", "assault")
BAND_MODES = ("day", "night_unequipped", "night_equipped")


def d10_problems(data: CombatTablesFile) -> list[tuple[str, str]]:
    """Every d10 table of the file covering each roll 0-9 exactly once: (JSON pointer,
    message) for each gap or overlap."""
    out: list[tuple[str, str]] = []
    for name in CRITICAL_TABLES:
        out += roll_problems(getattr(data.critical_hits, name), f"/critical_hits/{name}")
    for q in Quality:
        out += roll_problems(getattr(data.quality, q.value), f"/quality/{q.value}")
    out += roll_problems(data.withdrawal.losses, "/withdrawal/losses")
    return out


def bands_problems(data: CombatTablesFile) -> list[tuple[str, str]]:
    """The range bands of each light (day, night with and without equipment) usable."""
    out: list[tuple[str, str]] = []
    for name in BAND_MODES:
        out += band_problems(getattr(data.range_bands, name), f"/range_bands/{name}")
    return out


def combat_problems(data: CombatTablesFile) -> list[tuple[str, str]]:
    """Every problem of a schema-valid combat tables file that its shape cannot say."""
    return d10_problems(data) + bands_problems(data)
