"""The combat tables of the play-aid card (critical hits, combat results, losses by quality,
withdrawal, range bands, scouting, modifiers) as validated data with a typed lookup API.

Every number lives in data/combat.yaml; this module only knows which table answers which
question. The shipped file is loaded once, at import, so a broken file fails at start-up and
not in the middle of a game; `load_tables` reads another copy (house rules, tests).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Final, Literal, Protocol, TypeVar

from pydantic import Field, ValidationError

from ...io.problems import LoadError
from ...io.yaml_reader import read_yaml
from ...model.cards import LONG_SCOUTING_TYPES, BlockType, Protection
from ...model.common import Strict
from ...model.scenario import Quality

DATA_FILE = "engine/rules/uo/data/combat.yaml"  # how errors name the shipped file

# The sides of the die; a table is complete when each appears in exactly one row.
_D10 = range(10)
# Weapon.firepower (engine/model/cards.py) holds at most this many boxes, one per band.
_FIREPOWER_BOXES = 6

Roll = Annotated[int, Field(ge=min(_D10), le=max(_D10))]
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


# --- file format ------------------------------------------------------------------------------


class _Row(Strict):
    rolls: list[Roll] = Field(min_length=1, description="d10 results this row applies to.")


class _CriticalRow(_Row):
    fp: int = Field(0, ge=0)
    wins: bool = False
    extra_loss: int = Field(0, ge=0)
    destroys: bool = False


class _AdjustRow(_Row):
    adjust: int = Field(ge=-1, le=1, description="+1: one more OSL lost; -1: one less.")


class _LossRow(_Row):
    osl: int = Field(ge=0, description="OSL lost.")


class _CriticalTables(Strict):
    soft: list[_CriticalRow]
    armoured: list[_CriticalRow]
    mbt: list[_CriticalRow]
    heavy_vs_armour: list[_CriticalRow]
    sniper_long: list[_CriticalRow]
    assault: list[_CriticalRow]


class _Result(Strict):
    loser: int = Field(ge=0)
    equality: int = Field(ge=0)
    loser_withdraws: bool


class _CombatResults(Strict):
    fire: _Result
    assault: _Result


class _WithdrawalMP(Strict):
    foot: int = Field(ge=0)
    vehicle: int = Field(ge=0)


class _Withdrawal(Strict):
    mp: _WithdrawalMP
    losses: list[_LossRow]


class _Bands(Strict):
    day: list[int]
    night_unequipped: list[int]
    night_equipped: list[int]


class _ScoutRange(Strict):
    normal: int = Field(ge=0)
    long: int = Field(ge=0)


class _Scouting(Strict):
    day: _ScoutRange
    night_unequipped: _ScoutRange
    night_equipped: _ScoutRange


class _Modifiers(Strict):
    command: int
    infrastructure: int
    opportunity: int
    poor_osl: int
    roof_assault: int


class _Distances(Strict):
    command_range: int = Field(ge=0)
    contact: int = Field(ge=0)
    cover_fire: int = Field(ge=0)
    sniper_long: int = Field(ge=0)


class _CombatFile(Strict):
    format: Literal["uo-combat/1"] = Field(alias="schema")
    chance_bonus: int
    critical_hits: _CriticalTables
    combat_results: _CombatResults
    quality: dict[Quality, list[_AdjustRow]]
    withdrawal: _Withdrawal
    inadequate_loss: int = Field(ge=0)
    range_bands: _Bands
    scouting: _Scouting
    modifiers: _Modifiers
    distances: _Distances


# --- validation beyond the shapes -------------------------------------------------------------


class _HasRolls(Protocol):
    @property
    def rolls(self) -> list[int]: ...


R = TypeVar("R", bound=_HasRolls)


def _by_roll(file: str, table: str, rows: Sequence[R]) -> tuple[R, ...]:
    """The row of each roll 0-9, refusing a roll missing or listed twice: with either, the
    table would silently answer for some rolls with the wrong row or none."""
    slots: dict[int, R] = {}
    for row in rows:
        for roll in row.rolls:
            if roll in slots:
                raise ValueError(f"{file}: table {table}: roll {roll} appears twice")
            slots[roll] = row
    missing = [roll for roll in _D10 if roll not in slots]
    if missing:
        raise ValueError(f"{file}: table {table}: no row for roll(s) {', '.join(map(str, missing))}")
    return tuple(slots[roll] for roll in _D10)


def _check_bands(file: str, name: str, bounds: list[int]) -> tuple[int, ...]:
    # Band i of a weapon is Weapon.firepower[i], whose first box is the 1 EP assault box.
    table = f"range_bands.{name}"
    if not 1 <= len(bounds) <= _FIREPOWER_BOXES:
        raise ValueError(f"{file}: table {table}: expected 1 to {_FIREPOWER_BOXES} bands, got {len(bounds)}")
    if bounds[0] != 1:
        raise ValueError(f"{file}: table {table}: the first band is the 1 EP assault box, got {bounds[0]}")
    if any(b <= a for a, b in pairwise(bounds)):
        raise ValueError(f"{file}: table {table}: band bounds must increase, got {bounds}")
    return tuple(bounds)


def _d10(roll: int) -> int:
    if isinstance(roll, bool) or not isinstance(roll, int) or roll not in _D10:
        raise ValueError(f"a d10 roll is 0-9, got {roll!r}")
    return roll


def _mode(night: bool, equipped: bool) -> Literal["day", "night_unequipped", "night_equipped"]:
    # Night equipment (9) changes nothing by day.
    if not night:
        return "day"
    return "night_equipped" if equipped else "night_unequipped"


# --- the tables -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CombatTables:
    """One validated copy of combat.yaml; the module functions use the shipped one (TABLES)."""

    chance_bonus: int
    modifiers: Modifiers
    inadequate_loss: int
    command_range: int
    contact: int
    cover_fire: int
    sniper_long_ep: int
    _criticals: Mapping[str, tuple[Critical, ...]]
    _results: Mapping[str, _Result]
    _quality: Mapping[Quality, tuple[int, ...]]
    _withdrawal_losses: tuple[int, ...]
    _withdrawal_mp: _WithdrawalMP
    _bands: Mapping[str, tuple[int, ...]]
    _scouting: Mapping[str, _ScoutRange]

    def critical(
        self, roll: int, *, target: Protection, weapon_bonus: bool, assault: bool, sniper_long: bool
    ) -> Critical:
        """Critical hit for a chance roll (8.2.7.5). Which table applies, first match wins: an
        assault; a sniper's long shot at a platoon leader or commander; a red-symbol weapon
        (missile, heavy shell) against an armoured or MBT target; else the target's class."""
        if assault:
            table = "assault"
        elif sniper_long:
            table = "sniper_long"
        elif weapon_bonus and target is not Protection.soft:
            table = "heavy_vs_armour"
        else:
            table = Protection(target).value
        return self._criticals[table][_d10(roll)]

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
        if ep <= 0:
            return None
        for index, upper in enumerate(self._bands[_mode(night, equipped)]):
            if ep <= upper:
                return index
        return None

    def max_range(self, *, night: bool, equipped: bool) -> int:
        """Longest range of any fire in EP (the last band's bound)."""
        return self._bands[_mode(night, equipped)][-1]

    def scouting_range(self, block_type: BlockType, *, night: bool, equipped: bool) -> int:
        """How far a block scouts in EP (8.2.5.1, 8.2.5.2, 9.3)."""
        scout = self._scouting[_mode(night, equipped)]
        return scout.long if BlockType(block_type) in LONG_SCOUTING_TYPES else scout.normal

    def _result(self, kind: str) -> _Result:
        try:
            return self._results[kind]
        except KeyError:
            raise ValueError(f"combat kind is 'fire' or 'assault', got {kind!r}") from None


def _build(data: _CombatFile, file: str) -> CombatTables:
    crits = data.critical_hits
    criticals = {
        name: tuple(
            Critical(fp=row.fp, wins=row.wins, extra_loss=row.extra_loss, destroys=row.destroys)
            for row in _by_roll(file, f"critical_hits.{name}", rows)
        )
        for name, rows in (
            ("soft", crits.soft),
            ("armoured", crits.armoured),
            ("mbt", crits.mbt),
            ("heavy_vs_armour", crits.heavy_vs_armour),
            ("sniper_long", crits.sniper_long),
            ("assault", crits.assault),
        )
    }
    missing = [q.value for q in Quality if q not in data.quality]
    if missing:
        raise ValueError(f"{file}: table quality: no table for {', '.join(missing)}")
    quality = {
        q: tuple(row.adjust for row in _by_roll(file, f"quality.{q.value}", rows))
        for q, rows in data.quality.items()
    }
    losses = tuple(row.osl for row in _by_roll(file, "withdrawal.losses", data.withdrawal.losses))
    bands = data.range_bands
    scouting = data.scouting
    distances = data.distances
    return CombatTables(
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
            "day": _check_bands(file, "day", bands.day),
            "night_unequipped": _check_bands(file, "night_unequipped", bands.night_unequipped),
            "night_equipped": _check_bands(file, "night_equipped", bands.night_equipped),
        },
        _scouting={
            "day": scouting.day,
            "night_unequipped": scouting.night_unequipped,
            "night_equipped": scouting.night_equipped,
        },
    )


def load_tables(path: str | os.PathLike[str] | None = None) -> CombatTables:
    """Read and validate combat tables: the shipped data/combat.yaml, or the file at `path`.
    Raises ValueError, naming the file and the table, when the file is unusable."""
    if path is None:
        file = DATA_FILE
        text = resources.files("engine.rules.uo").joinpath("data/combat.yaml").read_text(encoding="utf-8")
    else:
        file = os.fspath(path)
        text = Path(path).read_text(encoding="utf-8")
    try:
        data, _, problems = read_yaml(text, file)
    except LoadError as exc:
        raise ValueError(str(exc)) from None
    if problems:  # e.g. a duplicate key: which of the two values was meant is a guess
        raise ValueError("\n".join(p.format() for p in problems))
    try:
        parsed = _CombatFile.model_validate(data)
    except ValidationError as exc:
        raise ValueError(f"{file}: {exc}") from None
    return _build(parsed, file)


# --- the shipped tables -----------------------------------------------------------------------

TABLES: Final = load_tables()

CHANCE_BONUS: Final = TABLES.chance_bonus  # the highest d10 (no tie) gets this FP (8.2.7.5)
MODIFIERS: Final = TABLES.modifiers
COMMAND_RANGE_EP: Final = TABLES.command_range  # 7.2.2
CONTACT_EP: Final = TABLES.contact  # 8.1.12
COVER_FIRE_EP: Final = TABLES.cover_fire  # 8.2.7.3
SNIPER_LONG_EP: Final = TABLES.sniper_long_ep  # sniper criticals beyond this range
INADEQUATE_LOSS: Final = TABLES.inadequate_loss  # 8.2.7.4: OSL lost, no die, unless it withdraws


def critical(
    roll: int, *, target: Protection, weapon_bonus: bool, assault: bool, sniper_long: bool
) -> Critical:
    """Critical hit for a chance roll 0-9 (8.2.7.5); see CombatTables.critical."""
    return TABLES.critical(
        roll, target=target, weapon_bonus=weapon_bonus, assault=assault, sniper_long=sniper_long
    )


def combat_loss(kind: CombatKind, equality: bool) -> int:
    """OSL lost by the loser of a fire or an assault, or by each side on an equality."""
    return TABLES.combat_loss(kind, equality)


def assault_loser_withdraws() -> bool:
    """True: the assault loser withdraws (or is destroyed if it cannot)."""
    return TABLES.assault_loser_withdraws()


def quality_adjustment(quality: Quality, roll: int) -> int:
    """Losses by quality (4.3.8): -1 one less OSL lost, +1 one more, 0 unchanged."""
    return TABLES.quality_adjustment(quality, roll)


def withdrawal_loss(roll: int) -> int:
    """OSL lost by a withdrawing block for a roll 0-9 (8.3.2)."""
    return TABLES.withdrawal_loss(roll)


def withdrawal_mp(vehicle: bool) -> int:
    """MP of a withdrawal (8.3.2)."""
    return TABLES.withdrawal_mp(vehicle)


def band(ep: int, *, night: bool, equipped: bool) -> int | None:
    """Index into Weapon.firepower at `ep` EP (4.3.6, 9.2); None: no fire at that range."""
    return TABLES.band(ep, night=night, equipped=equipped)


def max_range(*, night: bool, equipped: bool) -> int:
    """Longest fire range in EP (4.3.6, 9.2)."""
    return TABLES.max_range(night=night, equipped=equipped)


def scouting_range(block_type: BlockType, *, night: bool, equipped: bool) -> int:
    """Scouting range in EP (8.2.5.1, 8.2.5.2, 9.3)."""
    return TABLES.scouting_range(block_type, night=night, equipped=equipped)
