"""The combat tables of the play-aid card (critical hits, combat results, losses by quality,
withdrawal, range bands, scouting, modifiers) as validated data with a typed lookup API.

Every number lives in a `uo-combat/1` file (the shipped data/combat.yaml, or a scenario's
house rules); this module only knows which table answers which question. There is no module
copy: the game holds the tables it plays with (`RuleTables`, rule_tables.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, Protocol, TypeVar

from ...model.cards import LONG_SCOUTING_TYPES, BlockType, Protection
from ...model.rule_tables import (
    D10,
    AdjustRow,
    CombatResult,
    CombatTablesFile,
    CriticalRow,
    LossRow,
    ScoutRange,
    WithdrawalMP,
    combat_problems,
)
from ...model.scenario import Quality

CombatKind = Literal["fire", "assault"]


# --- public results -------------------------------------------------------------------------


@dataclass(frozen=True)
class Critical:
    """A critical hit (8.2.7.5); the default is "no critical hit"."""

    fp: int = 0  # firepower bonus from the critical hit (added to the +1 chance bonus)
    wins: bool = False  # "opponent loses the fight"
    extra_loss: int = 0  # additional OSL the loser loses (soft-target 9)
    destroys: bool = False  # "Destruction": the opposing block is eliminated outright


@dataclass(frozen=True)
class Modifiers:
    """Firepower modifiers of the card's Modifiers table."""

    command: int  # 7.2.2: within command range of its platoon leader
    infrastructure: int  # behind a breach/aperture, fortified, roof, sewers
    opportunity: int  # 8.3.1: opportunity fire
    poor_osl: int  # a block at its last OSL level
    roof_assault: int  # 8.2.8.2: the block on the roof in an assault through a roof access


# --- building the lookups ---------------------------------------------------------------------


class _HasRolls(Protocol):
    @property
    def rolls(self) -> list[int]: ...


R = TypeVar("R", bound=_HasRolls)


def _by_roll(rows: Sequence[R]) -> tuple[R, ...]:
    slots = {roll: row for row in rows for roll in row.rolls}
    return tuple(slots[roll] for roll in D10)


def _d10(roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or roll not in D10:
        raise ValueError(f"a d10 roll is 0-9, got {roll!r}")
    return roll


def _rolls_text(rolls: Sequence[int]) -> str:
    """`[7, 8]` -> `7-8`, `[9]` -> `9`, `[0, 2]` -> `0, 2`."""
    ordered = sorted(rolls)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}-{ordered[-1]}"
    return ", ".join(str(r) for r in ordered)


def _row_text(row: object) -> str:
    """What a row of a d10 table says, in the card's words."""
    if isinstance(row, CriticalRow):
        if row.destroys:
            return "destruction"
        said = [f"+{row.fp} FP"] if row.fp else []
        said += ["opponent loses the fight"] if row.wins else []
        said += [f"{row.extra_loss} more OSL"] if row.extra_loss else []
        return ", ".join(said) or "no critical hit"
    if isinstance(row, AdjustRow):
        return {1: "one more OSL lost", -1: "one less OSL lost"}.get(row.adjust, "losses unchanged")
    if isinstance(row, LossRow):
        return f"{row.osl} OSL lost"
    raise TypeError(f"not a d10 table row: {row!r}")


def _mode(night: bool, equipped: bool) -> Literal["day", "night_unequipped", "night_equipped"]:
    # Night equipment (9) changes nothing by day.
    if not night:
        return "day"
    return "night_equipped" if equipped else "night_unequipped"


def _band_lookup(bands: tuple[int, ...]) -> tuple[int | None, ...]:
    """For each EP from 0 to the greatest bound, the first band whose bound it is within
    (`CombatTables.band`); None at 0 EP, or beyond every band."""
    return tuple(
        None if ep <= 0 else next((i for i, upper in enumerate(bands) if ep <= upper), None)
        for ep in range(max(bands, default=0) + 1)
    )


# --- the tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CombatTables:
    """One validated copy of a combat tables file (`uo-combat/1`)."""

    chance_bonus: int
    modifiers: Modifiers
    inadequate_loss: int
    command_range: int
    contact: int
    cover_fire: int
    sniper_long_ep: int
    _criticals: Mapping[str, tuple[Critical, ...]]
    _results: Mapping[str, CombatResult]
    _quality: Mapping[Quality, tuple[int, ...]]
    _withdrawal_losses: tuple[int, ...]
    _withdrawal_mp: WithdrawalMP
    _bands: Mapping[str, tuple[int, ...]]
    _scouting: Mapping[str, ScoutRange]
    #: the file's content, as validated: what a game's digest is made of
    source: CombatTablesFile = field(repr=False, compare=False)
    #: `band` of every EP up to the last bound, per mode: looked up, not searched (every
    #: firepower asked, by the rules and the bots' estimates, reads it)
    _band_at: Mapping[str, tuple[int | None, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_band_at", {mode: _band_lookup(b) for mode, b in self._bands.items()})

    def critical(
        self, roll: int, *, target: Protection, weapon_bonus: bool, assault: bool, sniper_long: bool
    ) -> Critical:
        """Critical hit for a chance roll (8.2.7.5), on the table `critical_table` names."""
        table = self.critical_table(
            target=target, weapon_bonus=weapon_bonus, assault=assault, sniper_long=sniper_long
        )
        return self._criticals[table.removeprefix("critical_hits.")][_d10(roll)]

    def critical_table(
        self, *, target: Protection, weapon_bonus: bool, assault: bool, sniper_long: bool
    ) -> str:
        """Which critical hits table a chance roll is read on (8.2.7.5), named as in the file
        (`critical_hits.soft`). First match wins: an assault; a sniper's long shot at a
        platoon leader or commander; a red-symbol weapon (missile, heavy shell) against an
        armoured or MBT target; else the target's class."""
        if assault:
            table = "assault"
        elif sniper_long:
            table = "sniper_long"
        elif weapon_bonus and target is not Protection.soft:
            table = "heavy_vs_armour"
        else:
            table = Protection(target).value
        return f"critical_hits.{table}"

    def row_label(self, table: str, roll: int) -> str:
        """The row of the d10 table `table` (named as in the file: `critical_hits.soft`,
        `quality.recruit`, `withdrawal.losses`) that `roll` reads, with what it says:
        `7-8: +1 FP`. The game log names it beside the roll."""
        rows: object = self.source
        for part in table.split("."):
            rows = getattr(rows, part)
        assert isinstance(rows, list), table
        row = next(r for r in rows if _d10(roll) in r.rolls)
        return f"{_rolls_text(row.rolls)}: {_row_text(row)}"

    def combat_loss(self, kind: CombatKind, equality: bool) -> int:
        """OSL lost by the loser, or by each side on an equality (Combat results table)."""
        result = self._result(kind)
        return result.equality if equality else result.loser

    def assault_loser_withdraws(self) -> bool:
        """Whether the loser of an assault withdraws (or is destroyed if it cannot) (8.2.8.1)."""
        return self._result("assault").loser_withdraws

    def quality_adjustment(self, quality: Quality, roll: int) -> int:
        """Change to an OSL loss by the block's quality (4.3.8): -1 one less, +1 one more."""
        return self._quality[Quality(quality)][_d10(roll)]

    def withdrawal_loss(self, roll: int) -> int:
        """OSL lost by a withdrawing block (8.3.2)."""
        return self._withdrawal_losses[_d10(roll)]

    def withdrawal_mp(self, vehicle: bool) -> int:
        """MP a withdrawing block may move (8.3.2)."""
        return self._withdrawal_mp.vehicle if vehicle else self._withdrawal_mp.foot

    def band(self, ep: int, *, night: bool, equipped: bool) -> int | None:
        """Index into Weapon.firepower for a fire at `ep` EP (4.3.6, 9.2); None: out of range."""
        at = self._band_at[_mode(night, equipped)]
        return at[ep] if 0 <= ep < len(at) else None

    def max_range(self, *, night: bool, equipped: bool) -> int:
        """Longest range of any fire in EP (the last band's bound)."""
        return self._bands[_mode(night, equipped)][-1]

    def scouting_range(self, block_type: BlockType, *, night: bool, equipped: bool) -> int:
        """How far a block scouts in EP (8.2.5.1, 8.2.5.2, 9.3)."""
        scout = self._scouting[_mode(night, equipped)]
        kind = block_type if isinstance(block_type, BlockType) else BlockType(block_type)
        return scout.long if kind in LONG_SCOUTING_TYPES else scout.normal

    def _result(self, kind: str) -> CombatResult:
        try:
            return self._results[kind]
        except KeyError:
            raise ValueError(f"combat kind is 'fire' or 'assault', got {kind!r}") from None


def build_tables(data: CombatTablesFile, file: str) -> CombatTables:
    """The lookup tables of a schema-valid file; ValueError naming the file and the tables
    when `combat_problems` finds any."""
    problems = combat_problems(data)
    if problems:
        raise ValueError("\n".join(f"{file}: table {_table(p)}: {m}" for p, m in problems))
    crits = data.critical_hits
    criticals = {
        name: tuple(
            Critical(fp=row.fp, wins=row.wins, extra_loss=row.extra_loss, destroys=row.destroys)
            for row in _by_roll(getattr(crits, name))
        )
        for name in ("soft", "armoured", "mbt", "heavy_vs_armour", "sniper_long", "assault")
    }
    quality = {q: tuple(row.adjust for row in _by_roll(getattr(data.quality, q.value))) for q in Quality}
    losses = tuple(row.osl for row in _by_roll(data.withdrawal.losses))
    bands = data.range_bands
    scouting = data.scouting
    distances = data.distances
    return CombatTables(
        source=data,
        chance_bonus=data.chance_bonus,
        modifiers=Modifiers(**data.modifiers.model_dump()),
        inadequate_loss=data.inadequate_loss,
        command_range=distances.command_range,
        contact=distances.contact,
        cover_fire=distances.cover_fire,
        sniper_long_ep=distances.sniper_long,
        _criticals=criticals,
        _results={"fire": data.combat_results.fire, "assault": data.combat_results.assault},
        _quality=quality,
        _withdrawal_losses=losses,
        _withdrawal_mp=data.withdrawal.mp,
        _bands={
            "day": tuple(bands.day),
            "night_unequipped": tuple(bands.night_unequipped),
            "night_equipped": tuple(bands.night_equipped),
        },
        _scouting={
            "day": scouting.day,
            "night_unequipped": scouting.night_unequipped,
            "night_equipped": scouting.night_equipped,
        },
    )


def _table(pointer: str) -> str:
    """`/critical_hits/mbt/2/rolls/0` -> `critical_hits.mbt`: the table a problem is in."""
    parts = [p for p in pointer.strip("/").split("/") if not p.isdigit() and p != "rolls"]
    return ".".join(parts)
