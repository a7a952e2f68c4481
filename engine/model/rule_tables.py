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

    elite: list[AdjustRow] = Field(description="d10 rows for an elite block (card: 6-9 loses one less OSL).")
    veteran: list[AdjustRow] = Field(description="d10 rows for a veteran block (losses applied unchanged).")
    recruit: list[AdjustRow] = Field(
        description="d10 rows for a recruit block (card: 0-3 loses one more OSL)."
    )


class CriticalTables(Strict):
    soft: list[CriticalRow] = Field(
        description="d10 rows for a fire at a foot or unarmoured target (8.2.7.5)."
    )
    armoured: list[CriticalRow] = Field(description="d10 rows for a fire at an armoured target (8.2.7.5).")
    mbt: list[CriticalRow] = Field(description="d10 rows for a fire at an MBT target (8.2.7.5).")
    heavy_vs_armour: list[CriticalRow] = Field(
        description="d10 rows for a red-symbol weapon (missile, heavy shell) at an armoured or MBT target."
    )
    sniper_long: list[CriticalRow] = Field(
        description="d10 rows for a sniper beyond distances.sniper_long EP at a platoon leader or commander."
    )
    assault: list[CriticalRow] = Field(description="d10 rows for an assault, whatever the target (8.2.8).")


class CombatResult(Strict):
    loser: int = Field(ge=0, description="OSL lost by the loser.")
    equality: int = Field(ge=0, description="OSL lost by each side on an equality.")
    loser_withdraws: bool = Field(
        description="The loser also withdraws, or is destroyed if it cannot (8.2.8, 8.2.8.1)."
    )


class CombatResults(Strict):
    fire: CombatResult = Field(description="Result of a fire or an opportunity fire (8.2.7.6).")
    assault: CombatResult = Field(description="Result of an assault (8.2.8).")


class WithdrawalMP(Strict):
    foot: int = Field(ge=0, description="MP a foot block may move when withdrawing (8.3.2).")
    vehicle: int = Field(ge=0, description="MP a vehicle block may move when withdrawing (8.3.2).")


class Withdrawal(Strict):
    mp: WithdrawalMP = Field(description="How far a withdrawing block may move, by unit class.")
    losses: list[LossRow] = Field(
        description="d10 rows of the OSL a withdrawing block loses (8.3.2; unchanged by unit quality)."
    )


class Bands(Strict):
    """Upper bound in EP of each range band; band i is a weapon's firepower box i, the first
    the 1 EP assault box."""

    day: list[int] = Field(description="Band bounds in EP by day (4.3.6).")
    night_unequipped: list[int] = Field(
        description="Band bounds in EP at night for a block without night vision (9.2)."
    )
    night_equipped: list[int] = Field(
        description="Band bounds in EP at night for a block with night vision (9.2)."
    )


class ScoutRange(Strict):
    normal: int = Field(ge=0, description="Scouting range in EP of an ordinary block (8.2.5.1).")
    long: int = Field(
        ge=0, description="Scouting range in EP of a scout, recon, sniper or JFO block (8.2.5.2)."
    )


class Scouting(Strict):
    day: ScoutRange = Field(description="Scouting ranges by day (8.2.5).")
    night_unequipped: ScoutRange = Field(description="Scouting ranges at night without night vision (9.3).")
    night_equipped: ScoutRange = Field(description="Scouting ranges at night with night vision (9.3).")


class ModifierTable(Strict):
    command: int = Field(
        description="FP for a block within command range of its platoon leader, not a leader itself (7.2.2)."
    )
    infrastructure: int = Field(
        description="FP behind a breach or aperture, fortified (5.2.4.2), dominant, on a roof or in sewers."
    )
    opportunity: int = Field(description="FP of an opportunity fire (8.3.1.1).")
    poor_osl: int = Field(description="FP of a block at its last OSL level (card: operational strength).")
    roof_assault: int = Field(
        description="FP of the block on the roof access symbol in an assault through it (8.2.8.2)."
    )


class Distances(Strict):
    command_range: int = Field(ge=0, description="Platoon leader's command range in EP (7.2.2).")
    contact: int = Field(
        ge=0, description="An enemy block within this many EP and in LOS is in contact (8.1.12)."
    )
    cover_fire: int = Field(
        ge=0, description="Most EP between a covering block and the targeted block (8.2.7.3)."
    )
    sniper_long: int = Field(
        ge=0, description="Range in EP beyond which a sniper uses the sniper_long critical hits."
    )


class CombatTablesFile(Strict):
    """The aid card's combat tables: critical hits, combat results, losses by quality,
    withdrawal, range bands, scouting, modifiers and distances."""

    format: Literal["uo-combat/1"] = Field(alias="schema", description="File format and version.")
    chance_bonus: int = Field(description="FP for the side with the highest chance roll, no tie (8.2.7.5).")
    critical_hits: CriticalTables = Field(description="Critical hits by table, on the chance die (8.2.7.5).")
    combat_results: CombatResults = Field(
        description="OSL lost by the loser or on an equality (8.2.7.6, 8.2.8)."
    )
    quality: QualityTables = Field(description="Losses by unit quality, one d10 per OSL lost (4.3.8).")
    withdrawal: Withdrawal = Field(description="Withdrawal movement and losses (8.3.2).")
    inadequate_loss: int = Field(
        ge=0,
        description="OSL lost (no die) by a block that cannot fire back and does not withdraw (8.2.7.4).",
    )
    range_bands: Bands = Field(description="Range bands of the firepower boxes, by day and at night.")
    scouting: Scouting = Field(description="Scouting ranges, by day and at night.")
    modifiers: ModifierTable = Field(description="Firepower modifiers (card: total firepower strength).")
    distances: Distances = Field(description="Distances in EP the rules measure.")


# --- weapons effect (uo-weapons-effect/1) -----------------------------------------------------


class ByClass(Strict):
    soft: int = Field(0, ge=0, le=3, description="OSL lost by a foot or unarmoured block (0: unaffected).")
    armoured: int = Field(0, ge=0, le=3, description="OSL lost by an armoured block (0: unaffected).")
    mbt: int = Field(0, ge=0, le=3, description="OSL lost by an MBT block (0: unaffected).")

    def of(self, protection: str) -> int:
        return int(getattr(self, str(protection)))


class LightEffect(Strict):
    lane: ByClass = Field(description="In the fire lane (8.2.1.2).")
    underground_echo: ByClass = Field(
        description="Underground, within underground_echo EP of the firer (8.2.1.4)."
    )


class HeavyEffect(Strict):
    around_firer: ByClass = Field(description="Around the firer, within its weapon's blast radius (8.2.1.2).")
    lane: ByClass = Field(description="In the fire lane (8.2.1.2).")
    around_target: ByClass = Field(description="Around the target, within its weapon's radius (8.2.1.2).")


class EffectLosses(Strict):
    light: LightEffect = Field(description="Losses caused by a light weapon.")
    heavy: HeavyEffect = Field(description="Losses caused by a heavy weapon.")


class WeaponsEffectTable(Strict):
    """OSL lost by the shooter's own blocks in its weapon's area of effect (8.2.1, 8.2.7.7)."""

    schema_: Literal["uo-weapons-effect/1"] = Field(alias="schema", description="File format and version.")
    lane_beyond_range: int = Field(
        ge=0, le=25, description="EP the fire lane runs beyond the weapon's maximum range (8.2.1.2)."
    )
    lane_beyond_obstacle: int = Field(
        ge=0,
        le=10,
        description="EP the fire lane runs beyond a wall, building or woods stopping the LOS (8.2.1.4).",
    )
    underground_echo: int = Field(
        ge=0, le=10, description="Radius in EP around an underground firer its light weapons hit (8.2.1.4)."
    )
    losses: EffectLosses = Field(description="OSL lost by weapon type, zone and target class.")


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
