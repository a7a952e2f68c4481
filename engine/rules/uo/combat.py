"""The deterministic parts of a fight (4.3.5-4.3.6, 7.2.2, 8.2.7, 8.2.8, 9.2) as functions over
values: base firepower, capability, the modifiers, who may assault into a building, critical
hits, and who wins an exchange of fire for given dice. The play state resolves fights with
them (fight.py) and the bots estimate fights with the same functions, from what they know.

Every number comes from the combat tables (`CombatTables`), passed in: the game holds the
tables it plays with (the shipped ones or a scenario's house rules).
"""

from __future__ import annotations

import dataclasses
import weakref
from dataclasses import dataclass

from ...battlefield import Battlefield, LocKind
from ...model.cards import VEHICLE_TYPES, BlockType, Protection, TargetCapability, Weapon
from ...model.scenario import Quality
from .tables import CombatKind, CombatTables, Critical

#: platoon leaders and commanders: no command modifier for themselves (7.2.2), and the
#: blocks a sniper's long shot may destroy (the card's CDS / CDU)
LEADERS = frozenset({BlockType.platoon_leader, BlockType.commander})
#: who a sniper may engage with its long-range weapon (8.2.7.4): leaders, observers, other
#: snipers, and vehicles (armoured or not, MBTs included)
SNIPER_TARGETS = frozenset(
    {BlockType.platoon_leader, BlockType.commander, BlockType.jfo, BlockType.sniper} | VEHICLE_TYPES
)
#: a sniper's critical "destruction" at long range strikes these (the card's CDS / CDU)
SNIPER_DESTROYS = LEADERS


# --- firepower ------------------------------------------------------------------------------


def weapon_firepower(
    tables: CombatTables, w: Weapon, ep: int, assault: bool, night: bool, equipped: bool
) -> int | None:
    """The weapon's base firepower at `ep` (4.3.6): the 1 EP box in an assault, else the
    range band, in steps of 3 or 4 EP at night (9.2); None if it cannot fire that far."""
    if assault:
        index: int | None = 0
    else:
        if ep < max(2, w.min_range):  # no fire at point-blank (8.2.7): that is an assault
            return None
        # the raw card: weapons with a minimum range keep their daylight bands at night
        index = tables.band(ep, night=night and not w.min_range, equipped=equipped)
    if index is None or index >= len(w.firepower):
        return None
    return w.firepower[index]


def fires_from(w: Weapon, *, inside_building: bool) -> bool:
    """Whether `w` may fire from where its block stands: a back-blast weapon never fires from
    inside a building (4.3.5)."""
    return not (inside_building and w.no_fire_from_building)


def can_hit(capability: TargetCapability, protection: Protection) -> bool:
    """Capability check (8.2.7.4): a weapon's targets against a target's protection."""
    if protection == Protection.soft:
        return True
    if protection == Protection.armoured:
        return capability in (TargetCapability.armoured, TargetCapability.all)
    return capability == TargetCapability.all


def capable(shooter: BlockType, w: Weapon, target: BlockType, protection: Protection) -> bool:
    """Capability check (8.2.7.4) against a known target: the weapon must be effective
    against the target's protection; a sniper engages only leaders, observers, snipers and
    vehicles, MBTs included although it has no anti-tank capability (then it cannot bring
    them below their operational level)."""
    if shooter == BlockType.sniper:
        return target in SNIPER_TARGETS
    return can_hit(w.targets, protection)


# --- modifiers (the aid card's table) ---------------------------------------------------------


def commanded(block: BlockType, in_force: bool, leader_ep: int | None, tables: CombatTables) -> bool:
    """7.2.2: a block within command range of its platoon leader (on the map and alive, at
    `leader_ep` EP; None: beyond range or gone). Leaders themselves have no such bonus."""
    return block not in LEADERS and in_force and leader_ep is not None and leader_ep <= tables.command_range


def infrastructure(bf: Battlefield, here: str, there: str, fortified: bool) -> bool:
    """The card's infrastructure modifier: firing from a roof, the sewers, a fortified
    location, or out of a building through its aperture at something outside it."""
    loc, opp = bf.location(here), bf.location(there)
    behind_aperture = loc.interior and opp.building != loc.building
    return loc.kind in (LocKind.roof, LocKind.underground) or fortified or behind_aperture


def modifiers(
    tables: CombatTables,
    *,
    commanded: bool,
    infrastructure: bool,
    opportunity: bool,
    losses: int,
    levels: int,
) -> int:
    """The aid card's firepower modifiers: command chain (7.2.2), infrastructure,
    opportunity fire (8.3.1), and the penalty of a block at its last OSL level."""
    m = tables.modifiers
    total = 0
    if commanded:
        total += m.command
    if infrastructure:
        total += m.infrastructure
    if opportunity:
        total += m.opportunity
    if losses > 0 and losses == levels - 1:
        total += m.poor_osl
    return total


def may_storm(
    tables: CombatTables,
    *,
    into_building: bool,
    elite: bool,
    is_leader: bool,
    leader_ep: int | None,
) -> bool:
    """8.2.8.1: an assault from outside into a building needs the platoon leader within 6 EP
    (`leader_ep`: EP to the leader on the map, None if beyond or gone), except for elite
    blocks; the leader itself is within range of itself."""
    if not into_building or elite or is_leader:
        return True
    return leader_ep is not None and leader_ep <= tables.command_range


def elite(quality: Quality) -> bool:
    """Elite blocks storm buildings without their leader near (8.2.8.1)."""
    return quality == Quality.elite


# --- critical hits and the exchange (8.2.7.5, 8.2.7.6) ------------------------------------------


def sniper_long(tables: CombatTables, shooter: BlockType, target: BlockType | None, ep: int) -> bool:
    """A sniper's long shot (beyond the card's range) at a leader: its own critical table."""
    return shooter == BlockType.sniper and ep > tables.sniper_long_ep and target in SNIPER_DESTROYS


def critical_hit(
    tables: CombatTables,
    roll: int,
    *,
    target: Protection,
    weapon_bonus: bool,
    assault: bool,
    sniper_long: bool,
    sniper_at_mbt: bool = False,
) -> Critical:
    """The critical hit of a chance roll (8.2.7.5). A sniper cannot bring an MBT below its
    operational level (8.2.7.4), so its "destruction" of one only wins the fight."""
    crit = tables.critical(
        roll, target=target, weapon_bonus=weapon_bonus, assault=assault, sniper_long=sniper_long
    )
    if crit.destroys and sniper_at_mbt:
        return dataclasses.replace(crit, destroys=False)
    return crit


@dataclass(frozen=True)
class Exchange:
    """What the dice decided (8.2.7.5-8.2.7.6): either block destroyed outright by a critical
    hit, else who won (None: equality, each loses)."""

    attacker_destroys: bool = False  # the attacker's critical destroys the defender
    defender_destroys: bool = False
    attacker_wins: bool | None = None

    @property
    def destruction(self) -> bool:
        return self.attacker_destroys or self.defender_destroys


def exchange(
    tables: CombatTables,
    fp_attacker: int,
    fp_defender: int,
    roll_attacker: int,
    roll_defender: int,
    crit_attacker: Critical,
    crit_defender: Critical,
) -> Exchange:
    """The outcome of a simultaneous exchange: `fp_*` the firepower after modifiers, the
    rolls 0-9 (the higher, no tie, gets the chance bonus), the critical hits those rolls
    gave. A destruction is applied at once; a critical "opponent loses" decides unless both
    have one; else the higher firepower wins (8.2.7.5)."""
    if crit_attacker.destroys or crit_defender.destroys:
        return Exchange(crit_attacker.destroys, crit_defender.destroys)
    if crit_attacker.wins and crit_defender.wins:
        return Exchange()
    if crit_attacker.wins or crit_defender.wins:
        return Exchange(attacker_wins=crit_attacker.wins)
    fa = fp_attacker + crit_attacker.fp + (tables.chance_bonus if roll_attacker > roll_defender else 0)
    fd = fp_defender + crit_defender.fp + (tables.chance_bonus if roll_defender > roll_attacker else 0)
    return Exchange(attacker_wins=None if fa == fd else fa > fd)


def losses(
    tables: CombatTables, kind: CombatKind, result: Exchange, crit_attacker: Critical, crit_defender: Critical
) -> tuple[int, int]:
    """OSL the combat results table takes from (defender, attacker) for an exchange that
    destroyed nothing: the loser's loss plus its opponent's critical extra loss, or each the
    equality loss (before quality, 4.3.8)."""
    if result.attacker_wins is None:
        each = tables.combat_loss(kind, True)
        return each, each
    beaten = tables.combat_loss(kind, False)
    if result.attacker_wins:
        return beaten + crit_attacker.extra_loss, 0
    return 0, beaten + crit_defender.extra_loss


#: OSL a destroyed block counts as losing in an expectation
DESTROYED = 3


@dataclass(frozen=True)
class Strike:
    """What one side's dice hit in an exchange: the target's protection, whether the weapon
    has the critical bonus (a red symbol), and whether it is a sniper's long shot at a
    leader."""

    target: Protection = Protection.soft
    weapon_bonus: bool = False
    sniper_long: bool = False


def expected_losses(
    tables: CombatTables, diff: int, assault: bool, ours: Strike = Strike(), theirs: Strike = Strike()
) -> tuple[float, float]:
    """Expected OSL lost by (them, us) over all 100 pairs of dice in a fight where our
    firepower after modifiers is `diff` above theirs (a destruction counts `DESTROYED`);
    quality is left out. The same `exchange` the play state resolves fights with."""
    kind: CombatKind = "assault" if assault else "fire"
    their_loss = our_loss = 0.0
    crits_a = [
        critical_hit(
            tables,
            r,
            target=ours.target,
            weapon_bonus=ours.weapon_bonus,
            assault=assault,
            sniper_long=ours.sniper_long,
        )
        for r in range(10)
    ]
    crits_b = [
        critical_hit(
            tables,
            r,
            target=theirs.target,
            weapon_bonus=theirs.weapon_bonus,
            assault=assault,
            sniper_long=theirs.sniper_long,
        )
        for r in range(10)
    ]
    for a in range(10):
        for b in range(10):
            result = exchange(tables, diff, 0, a, b, crits_a[a], crits_b[b])
            if result.destruction:
                their_loss += DESTROYED if result.attacker_destroys else 0
                our_loss += DESTROYED if result.defender_destroys else 0
                continue
            t, u = losses(tables, kind, result, crits_a[a], crits_b[b])
            their_loss += t
            our_loss += u
    return their_loss / 100, our_loss / 100


#: `expected_losses` per combat tables (by id, dropped with them) and what it was asked: a
#: pure function of them, which the bots' fight estimates ask in every game on the same
#: tables (a hundred exchanges each)
_EXPECTED: dict[int, dict[tuple[int, bool, Strike, Strike], tuple[float, float]]] = {}
#: answers kept per tables at most (emptied when full)
_MAX_EXPECTED = 4096


def expected_losses_kept(
    tables: CombatTables, diff: int, assault: bool, ours: Strike, theirs: Strike
) -> tuple[float, float]:
    """`expected_losses`, worked out once per tables and arguments."""
    key = id(tables)
    kept = _EXPECTED.get(key)
    if kept is None:
        kept = _EXPECTED[key] = {}
        weakref.finalize(tables, _EXPECTED.pop, key, None)
    asked = (diff, assault, ours, theirs)
    got = kept.get(asked)
    if got is None:
        if len(kept) >= _MAX_EXPECTED:
            kept.clear()
        got = kept[asked] = expected_losses(tables, diff, assault, ours, theirs)
    return got
