"""The heuristic bot's estimates: what blocks and locations are worth, the firepower each side
brings with its modifiers, the expected exchange of a fire or an assault, the weapons effect
on its own blocks, and how exposed a location is. A hidden enemy block is the average of
what it may be: the enemy's published order of battle less the blocks standing revealed.

The rules themselves (firepower, modifiers, critical hits, the combat results, the weapons
effect) are the rules engine's functions over values (engine/rules/uo/combat.py,
effects.py), called with what the bot knows.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model.cards import BlockProfile, Protection, Weapon
from ..model.scenario import Side
from ..rules.uo import combat, effects
from ..rules.uo.briefing import PublishedBlock
from ..rules.uo.combat import LEADERS, can_hit, fires_from, weapon_firepower
from ..rules.uo.game import BlockInfo
from ..rules.uo.tables import CombatTables
from . import endgame
from .knowledge import FpSums
from .view import MAX_FRIENDLY_HITS, MAX_HIDDEN_FP, Enemy, Gun, Own, View

#: a fire at the holder of a goal may clear it: the chance its holder withdraws whatever
#: the odds, and how much an expected elimination adds
EVICT_PRIOR = 0.25
EVICT_KILL = 0.5
#: OSL levels a block nobody has identified is assumed to have left
HIDDEN_LEVELS = 3
#: EP within which an enemy block could walk into a goal this turn
THREAT_EP = 6
#: the chance a face-down No Man's Land counter is taken to be population: its share is
#: the scenario's secret, and a shot through one may cost a victory level (priced with caution)
HIDDEN_POPULATION = 0.5


def best_fp(
    profile: BlockProfile,
    ep: int,
    protection: Protection | None,
    assault: bool = False,
    night: bool = False,
    in_building: bool = False,
    *,
    tables: CombatTables,
) -> int:
    """The best firepower `profile` brings at `ep` against a target of `protection` (None:
    unknown, any weapon), 0 if none."""
    best = 0
    for w in profile.weapons:
        if not fires_from(w, inside_building=in_building):
            continue
        if protection is not None and not can_hit(w.targets, protection):
            continue
        fp = weapon_firepower(tables, w, ep, assault, night, profile.night_equipment)
        if fp:
            best = max(best, fp)
    return best


def weapon_range(w: Weapon) -> int:
    """The far end of a weapon's last firing band, by day (EP)."""
    return effects.max_range(w)


# -- values ------------------------------------------------------------------------------------
def wanted(view: View, info: BlockInfo | PublishedBlock, mine: bool) -> bool:
    """Whether the scenario scores destroying the block: ours, for the enemy; theirs, for us."""
    if mine:
        assert isinstance(info, BlockInfo)
        return (
            info.id in view.brief.wanted_own
            or info.type in view.know.objectives[view.enemy_side].target_types
        )
    assert isinstance(info, PublishedBlock)
    return info.wanted or info.type in view.know.objectives[view.side].target_types


def worth(view: View, info: BlockInfo | PublishedBlock | None, losses: int, mine: bool) -> float:
    """What one OSL of a block is worth to `view.side`."""
    if info is None:
        return 1.0
    value = 1.5 if info.type in LEADERS else 1.0
    if wanted(view, info, mine):
        value += 1.5
    if info.levels - losses <= 1:
        value += 0.5  # an elimination: a block gone, +1 OSL to the winner (8.2.7.6)
    return value


def precious(view: View, info: BlockInfo) -> float:
    """How much more than usual a block should keep out of harm: one the enemy
    scores for destroying (armour, a commander) doubly so."""
    return view.know.profile.precious if wanted(view, info, True) else 1.0


def holding(view: View, location: str | None) -> float:
    """What holding `location` is worth: its share of the victory points at stake there
    (a goal no other location of ours secures weighs the full points), a little for
    ground anywhere else."""
    if location is None:
        return 0.0
    got = view.goal_worth.get(location)
    if got is not None:
        return got
    total = 0.0
    enemy = view.enemy_side
    for stake in view.know.stakes_at.get(location, ()):
        if location in stake.roofs:
            # a roof counts only against its building's holder (victory.py)
            if stake.side == view.side and view.control.get(location) == enemy:
                total += stake.points
            elif stake.side != view.side:
                total += stake.points * 0.5
            continue
        held = sum(1 for loc in stake.locations if view.control.get(loc) == view.side)
        if stake.side == view.side:
            missing = len(stake.locations) - held
            if view.control.get(location) == view.side:
                total += stake.points if missing == 0 else stake.points / (missing + 1)
            else:
                total += stake.points / max(1, missing)
        else:
            # the enemy needs every location: one other of ours already denies it
            others = held - (1 if view.control.get(location) == view.side else 0)
            if others == 0:
                total += stake.points * 0.5
    got = view.goal_worth[location] = max(total * view.know.profile.goal_weight * (2.0 - view.caution), 0.2)
    return got


# -- firepower ---------------------------------------------------------------------------------
def infrastructure(view: View, side: Side, here: str, there: str) -> bool:
    """The infrastructure modifier (a roof, the sewers, a fortified location, firing out of
    a building) for a block of `side` at `here` firing at `there`."""
    return combat.infrastructure(view.know.bf, here, there, here in view.know.fortified_by[side])


def my_mods(view: View, bid: str, here: str, there: str, opportunity: bool) -> float:
    """Our firepower modifiers: the rules' own (combat.modifiers), from what we know."""
    info = view.brief.own[bid]
    leader_ep = None
    if info.force:
        leader = view.brief.forces[info.force].leader
        own = view.own.get(leader) if leader else None
        if own is not None and own.on_map and own.location:
            leader_ep = view.ep(here, own.location)
    return float(
        combat.modifiers(
            view.know.tables,
            commanded=combat.commanded(info.type, bool(info.force), leader_ep, view.know.tables),
            infrastructure=infrastructure(view, info.side, here, there),
            opportunity=opportunity,
            losses=view.own[bid].losses if bid in view.own else 0,
            levels=info.levels,
        )
    )


def their_mods(view: View, enemy: Enemy, there: str, here: str, opportunity: bool) -> float:
    """The enemy's modifiers as far as we know them: its leader may be near (half the
    command bonus: nobody knows)."""
    info = enemy.info
    total = float(
        combat.modifiers(
            view.know.tables,
            commanded=False,
            infrastructure=infrastructure(view, view.enemy_side, there, here),
            opportunity=opportunity,
            losses=enemy.losses if info is not None else 0,
            levels=info.levels if info is not None else 0,
        )
    )
    if info is None or (info.type not in LEADERS and info.force):
        total += view.know.tables.modifiers.command * 0.5
    return total


def enemy_fp(view: View, enemy: Enemy, ep: int, target: Protection, assault: bool) -> float:
    if enemy.info is not None:
        return best_fp(
            enemy.info.profile,
            ep,
            target,
            assault,
            view.night,
            view.interior(enemy.location),
            tables=view.know.tables,
        )
    return unknown_fp(view, enemy.location, ep, target, assault)


def unknown_fp(view: View, location: str, ep: int, target: Protection, assault: bool) -> float:
    """What a block nobody has identified brings, on average: any of the enemy's blocks
    not seen elsewhere (its order of battle is public, 4.3.2.2 hides which is which),
    dummies included. A vehicle stands only where a vehicle can, so the enemy's hidden
    vehicles are shared among the hidden blocks in such places: with as many vehicles
    as blocks there, each of those is a vehicle."""
    vehicle_ok = view.know.holds_vehicle(location)
    inside = view.interior(location)
    key = (ep, target, assault, vehicle_ok, inside)
    got = view.unknown_fp.get(key)
    if got is None:
        on_foot, vehicles, count = _hidden_fp(view, ep, target, assault, inside)
        if not vehicle_ok or not count:
            got = on_foot
        else:
            share = vehicle_share(view, count)
            got = share * vehicles / count + (1 - share) * on_foot
        view.unknown_fp[key] = got
    return got


def _hidden_fp(
    view: View, ep: int, target: Protection, assault: bool, inside: bool
) -> tuple[float, int, int]:
    """(the average firepower of the enemy's unidentified blocks on foot, the sum of its
    unidentified vehicles' and their number): it depends only on which blocks stand
    identified and the night, so it is kept by them (`Memory.hidden_fp`), not only while
    the enemy stays put."""
    kept = view.mem.hidden_fp
    by = (view.identified, view.night)
    found = kept.get(by)
    if found is None:
        if len(kept) >= MAX_HIDDEN_FP:
            kept.clear()
        found = kept[by] = {}
    key = (ep, target, assault, inside)
    got = found.get(key)
    if got is None:
        # the whole order of battle's sums less the identified blocks' (whole numbers: the
        # same as summing the others)
        foot, on_feet, vehicles, count, each = _fp_sums(view, ep, target, assault, inside)
        for identity in view.identified:
            fp, vehicle = each[identity]
            if vehicle:
                vehicles -= fp
                count -= 1
            else:
                foot -= fp
                on_feet -= 1
        on_foot = foot / on_feet if on_feet else 0.0
        got = found[key] = (on_foot, vehicles, count)
    return got


def _fp_sums(view: View, ep: int, target: Protection, assault: bool, inside: bool) -> FpSums:
    """`enemy_fps` summed: (on foot, how many, vehicles, how many, by identity its
    firepower and whether it is a vehicle), kept for the game like them."""
    key = (ep, target, assault, view.night, inside)
    got = view.know.enemy_fp_sums.get(key)
    if got is None:
        foot = on_feet = vehicles = count = 0
        each: dict[int, tuple[int, bool]] = {}
        for entry, fp in zip(view.brief.enemy, enemy_fps(view, ep, target, assault, inside), strict=True):
            each[entry.identity] = (fp, entry.vehicle)
            if entry.vehicle:
                vehicles += fp
                count += 1
            else:
                foot += fp
                on_feet += 1
        got = view.know.enemy_fp_sums[key] = (foot, on_feet, vehicles, count, each)
    return got


def enemy_fps(view: View, ep: int, target: Protection, assault: bool, inside: bool) -> list[int]:
    """`best_fp` of each block of the enemy's published order of battle, in its order (kept
    for the game: what a block may bring does not change)."""
    key = (ep, target, assault, view.night, inside)
    got = view.know.enemy_fps.get(key)
    if got is None:
        tables = view.know.tables
        got = view.know.enemy_fps[key] = [
            best_fp(entry.profile, ep, target, assault, view.night, inside, tables=tables)
            for entry in view.brief.enemy
        ]
    return got


def vehicle_share(view: View, vehicles: int) -> float:
    """The chance a hidden enemy block where a vehicle can stand is one: the enemy's
    unidentified vehicles over its hidden blocks in such places (at least one)."""
    if view.vehicle_places is None:
        view.vehicle_places = sum(
            1 for e in view.enemies if e.info is None and view.know.holds_vehicle(e.location)
        )
    return min(1.0, vehicles / max(view.vehicle_places, 1))


# -- fights ------------------------------------------------------------------------------------
def fight_value(
    view: View,
    bid: str,
    here: str,
    weapon: Weapon,
    enemy: Enemy,
    assault: bool,
    opportunity: bool = False,
    friendly: bool = True,
    bonus: float = 0.0,
) -> float:
    """Expected worth of our block `bid` firing (or assaulting) at `enemy` with `weapon`
    from `here`; `friendly`: less what its weapons effect costs our own blocks; `bonus`:
    firepower added (a supporting block's, 10.2)."""
    info = view.brief.own[bid]
    tables = view.know.tables
    there = enemy.location
    if assault:
        ep: int | None = 1
    else:
        ep = view.ep(here, there)
        if ep is None or not view.sees(here, there):
            return -5.0  # a blocked fire ends the activation for nothing (8.2.7.2)
    assert ep is not None
    fp = weapon_firepower(tables, weapon, ep, assault, view.night, info.profile.night_equipment)
    if not fp:
        return -5.0
    mine = view.own[bid].losses
    v_us = worth(view, info, mine, True)
    v_them = worth(view, enemy.info, enemy.losses, False)
    their_prot = enemy.info.profile.protection if enemy.info is not None else Protection.soft
    if enemy.info is not None and not can_hit(weapon.targets, their_prot):
        return -min(view.know.withdrawal_loss * v_us + 0.3, 2 * v_us)  # inadequate: withdraw (8.2.7.4)
    ours = fp + my_mods(view, bid, here, there, opportunity) + bonus
    theirs = enemy_fp(view, enemy, ep, info.profile.protection, assault)
    cost = friendly_fire(view, bid, weapon, there, assault, here) if friendly else 0.0
    if theirs <= 0:
        # it cannot reply: it withdraws or loses 2 OSL (8.2.7.4)
        return view.know.withdrawal_loss * v_them + (0.5 if there in view.goal_set else 0.2) - cost
    theirs += their_mods(view, enemy, there, here, False)
    long_shot = combat.sniper_long(tables, info.type, enemy.info.type if enemy.info else None, ep)
    t, u = view.know.exchange(
        ours - theirs,
        assault,
        (their_prot, weapon.critical_bonus, long_shot),
        (info.profile.protection, False, False),
    )
    # near the end, a location of a stake still missed is worth its chance, and the block's
    # losses matter little beside it unless the enemy scores for them (endgame.py)
    push = endgame.push(view, there)
    if push >= view.know.profile.last_push and not wanted(view, info, True):
        v_us *= endgame.LOSS_WEIGHT
    value = t * v_them - u * v_us - cost
    if there in view.goal_set:
        # its holder weakened, and perhaps gone: eliminated, or withdrawn under fire
        # (8.3.2), which any defender may choose; the location is then for the taking
        left = enemy.info.levels - enemy.losses if enemy.info is not None else HIDDEN_LEVELS
        evict = 0.0 if assault else EVICT_PRIOR + EVICT_KILL * min(1.0, t / max(left, 1))
        value += (0.2 * t + evict) * holding(view, there) + evict * push * 0.5
    if assault:
        # the loser withdraws: a goal taken, or lost; losing `here` costs nothing more when it
        # scores only with `there` (one all-or-nothing stake)
        p_win = t / max(t + u, 1e-9)
        lost = 0.0 if endgame.same_stake(view, here, there) else holding(view, here) * 0.5
        value += p_win * (holding(view, there) + push) - (1 - p_win) * lost
    return value


def reply_value(
    view: View,
    shooter: Own,
    target: Own,
    weapon_id: str,
    firer: Enemy | None,
    firer_weapon: str | None,
    fight: str,
) -> float:
    """Expected worth of replying with `shooter`'s weapon to `firer`, losses on `target`."""
    assault = fight == "assault"
    tables = view.know.tables
    info = shooter.info
    w = next((w for w in info.profile.weapons if w.id == weapon_id), None)
    if w is None or shooter.location is None or target.location is None:
        return -0.5
    there = firer.location if firer is not None else None
    ep: int | None = 1 if assault else (view.ep(shooter.location, there) if there else 3)
    if ep is None:
        ep = 3
    fp = weapon_firepower(tables, w, ep, assault, view.night, info.profile.night_equipment) or 0
    ours = fp + (my_mods(view, shooter.id, shooter.location, there, False) if there else 0)
    v_us = worth(view, target.info, target.losses, True)
    v_them = worth(view, firer.info if firer else None, firer.losses if firer else 0, False)
    target_prot = target.info.profile.protection
    firer_prot = firer.info.profile.protection if firer and firer.info else Protection.soft
    theirs: float
    firer_bonus = False
    firer_ep = 1 if assault else (view.ep(there, target.location) if there else 3) or 3
    if firer is not None and firer.info is not None and firer_weapon:
        fw = next((x for x in firer.info.profile.weapons if x.id == firer_weapon), None)
        equipped = firer.info.profile.night_equipment
        theirs = (weapon_firepower(tables, fw, firer_ep, assault, view.night, equipped) or 0) if fw else 5
        firer_bonus = bool(fw and fw.critical_bonus)
    elif firer is not None:
        theirs = enemy_fp(view, firer, firer_ep, target_prot, assault)
    else:
        theirs = 5
    if firer is not None and there is not None:
        theirs += their_mods(view, firer, there, target.location, fight == "opportunity")
    t, u = view.know.exchange(
        ours - theirs,
        assault,
        (firer_prot, w.critical_bonus, False),
        (target_prot, firer_bonus, False),
    )
    value = t * v_them - u * v_us
    if there is not None:
        value -= friendly_fire(view, shooter.id, w, there, assault)
    if assault:
        p_lose = u / max(t + u, 1e-9)
        value -= p_lose * holding(view, target.location)
    return value


def friendly_fire(
    view: View, bid: str, weapon: Weapon, target: str, assault: bool, origin: str | None = None
) -> float:
    """What the weapons effect of our shot costs our own blocks (8.2.1, 8.2.7.7): the
    rules' own reckoning (effects.hits) over our blocks, the only ones it reaches."""
    info = view.brief.own[bid]
    here = origin or view.own[bid].location or ""
    friends = {
        own.id: (own.location, own.info.profile.protection)
        for own in view.own.values()
        if own.id != bid and not own.info.dummy and own.on_map and own.location
    }
    # the same shot among the same friends hits the same: kept for the game (the wrecks
    # being the same, as they are what the LOS of the lane adds to the static map's)
    key = (bid, weapon.id, here, target, assault, view.wrecks, tuple(friends.items()))
    kept = view.mem.friendly_hits
    found = kept.get(key)
    if found is None:
        found = _hits(view, weapon, here, target, friends, assault, info.vehicle)
        if len(kept) >= MAX_FRIENDLY_HITS:
            kept.clear()
        kept[key] = found
    cost = sum(
        hit.osl * worth(view, view.own[hit.block].info, view.own[hit.block].losses, True) for hit in found
    )
    if found:  # a block it marks Activated loses its errand's walk this turn (errands.held_up)
        cost += view.walks_lost(hit.block for hit in found if hit.osl > 0)
    return cost + collateral(view, weapon, here, target, assault, info.vehicle)


def population(view: View) -> dict[str, float]:
    """The No Man's Land counters that may be population, by location, with the chance
    they are: 1 face up, HIDDEN_POPULATION face down (5.2.3: counters set up face down)."""
    got = view.population
    if got is None:
        got = view.population = {}
        for c in view.obs.counters:
            if c.owner is None and (c.kind == "population" or c.kind is None):
                got[c.location] = 1.0 if c.kind == "population" else HIDDEN_POPULATION
    return got


def collateral(view: View, weapon: Weapon, here: str, target: str, assault: bool, vehicle: bool) -> float:
    """What the victory points lost for the population a shot's weapons effect would
    eliminate (8.2.1.3, 5.2.3.3) are worth, in OSL: the rules' own `effects.hits` over
    the counters that may be population."""
    per = view.brief.collateral.get(view.side, 0)
    people = population(view) if per else {}
    if not people:
        return 0.0
    soft = {loc: (loc, Protection.soft) for loc in people}
    found = _hits(view, weapon, here, target, soft, assault, vehicle)
    weight = view.know.profile.goal_weight
    return sum(-per * weight * people[hit.block] for hit in found)


def _hits(
    view: View,
    weapon: Weapon,
    here: str,
    target: str,
    blocks: dict[str, tuple[str, Protection]],
    assault: bool,
    vehicle: bool,
) -> list[effects.Hit]:
    """The rules' weapons effect (effects.hits) of a shot from `here` at `target` on
    `blocks` (id -> (location, protection)), with the LOS as this side judges it."""
    return effects.hits(
        view.know.bf,
        view.brief.tables.weapons_effect,
        weapon,
        here,
        target,
        blocks,
        sees=view.sees,
        assault=assault,
        vehicle=vehicle,
    )


# -- exposure ----------------------------------------------------------------------------------
def exposure(view: View, location: str, protection: Protection) -> float:
    """Firepower of the known enemy blocks that see `location`, at their range: the
    three strongest (a block entering draws one opportunity fire at a time)."""
    known = view.mem.exposure.setdefault(protection, {})
    got = known.get(location)
    if got is None:
        got = known[location] = _strongest(view, location, protection, False)
    return got


def _strongest(view: View, location: str, protection: Protection, reacting: bool) -> float:
    """The firepower of the three strongest enemy blocks (`guns`) that see `location`, at
    their range (the static map's LOS: wrecks only ever block more, an estimate)."""
    return _strongest_of(view, guns(view, protection, reacting), location, protection)


def _strongest_of(view: View, guns_: list[Gun], location: str, protection: Protection) -> float:
    """`_strongest` with the guns given."""
    threats = []
    for sight, kept, enemy in guns_:
        ep = sight(location)  # within 25 EP, in sight
        if ep is not None:
            threat = kept.get(ep)
            if threat is None:
                threat = kept[ep] = enemy_fp(view, enemy, max(ep, 2), protection, False)
            threats.append(threat)
    if len(threats) > 1:
        threats.sort(reverse=True)
    return sum(threats[:3])


def guns(view: View, protection: Protection, reacting: bool) -> list[Gun]:
    """The enemy blocks (only those that may still react, if `reacting`), each with what it
    sees within fire range and the firepower it brings on a block of `protection` by EP (2
    at least: no assault), kept while it stays put."""
    key = (protection, reacting)
    got = view.guns.get(key)
    if got is None:
        threat = view.mem.threat
        got = view.guns[key] = [
            (sight.get, threat.setdefault((enemy.key, protection), {}), enemy)
            for enemy, sight in view.enemy_sights()
            if not (reacting and enemy.reacted)
        ]
    return got


def risk(view: View, location: str, protection: Protection) -> float:
    """How likely entering `location` draws an opportunity fire, and how hard (8.3.1):
    the enemy blocks seeing it that may still react this turn, by firepower."""
    return risk_of(view, protection)(location)


def risk_of(view: View, protection: Protection) -> Callable[[str], float]:
    """`risk` for blocks of `protection` as a function of the location, what it reads
    looked up once (a move search asks it for a few hundred places): the same values, kept
    in the same place."""
    known = view.mem.risk.setdefault(protection, {})
    reacting: list[Gun] | None = None

    def of(location: str) -> float:
        nonlocal reacting
        got = known.get(location)
        if got is None:
            if reacting is None:
                reacting = guns(view, protection, True)
            got = known[location] = min(_strongest_of(view, reacting, location, protection), 15.0) / 5.0
        return got

    return of


def risk_row(view: View, protection: Protection) -> list[float | None]:
    """`risk` by location index for blocks of `protection`, filled as the searches ask
    (kept while the enemy stays put, like `risk`)."""
    got = view.mem.risk_rows.get(protection)
    if got is None:
        got = view.mem.risk_rows[protection] = [None] * len(view.know.bf)
    return got


def threatened(view: View, location: str) -> bool:
    """Whether an enemy block stands close enough to walk into `location` this turn."""
    return any((ep := row.get(location)) is not None and ep <= THREAT_EP for _, row in view.enemy_rows())


def can_take(view: View, info: BlockInfo, location: str) -> bool:
    """Whether a block has a weapon that hurts the enemy known to stand there (4.3.5):
    rifles do not take a location from an APC."""
    enemy = view.enemy_at.get(location)
    if enemy is None or enemy.info is None:
        return True
    protection = enemy.info.profile.protection
    return any(can_hit(w.targets, protection) for w in info.profile.weapons)
