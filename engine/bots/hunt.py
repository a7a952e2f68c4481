"""The heuristic bot's hunt for an enemy vehicle standing in a location of one of its side's
stakes: once the profile's `hunt_from` share of the game is played, each such location gets
its `hunters` nearest blocks with a weapon
that hurts the vehicle (8.2.7.4), which want activating and head there to fire or assault.

Why: a stake is all or nothing (every location of a building, 1.3, 2.3), and a vehicle in a
hangar's zone is its holder until destroyed or withdrawn (8.3.2). Left to the goals' nearest
block, the blocks able to hurt armour went for other goals or waited their turn behind the
blocks with more to do, and one vehicle held a whole building to the end.

A hidden enemy block where a vehicle can stand inside a stake (a hangar's zone) may be one:
it is hunted with a weapon that hurts armour. A revealed vehicle is hunted by what hurts its
protection. Control is as the side has seen it (endgame.missing).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..battlefield.movement import Mover
from ..model.cards import Protection, Weapon
from ..rules.uo.combat import can_hit
from .endgame import missing
from .knowledge import UNREACHABLE, Knowledge
from .view import STAY, Enemy, View, mover


def hunt_from(view: View) -> int:
    """The first turn of the hunt: the profile's share of the game played (before it the
    side's heavy weapons are still on their way)."""
    profile = view.know.profile
    return profile.first_turn(profile.hunt_from, view.brief.turns)


_QUARRY: WeakKeyDictionary[View, dict[str, Protection]] = WeakKeyDictionary()
_HUNTERS: WeakKeyDictionary[View, dict[str, str]] = WeakKeyDictionary()
#: per side's knowledge: who may hunt, and the last pairs with what they were made from
_ABLE: WeakKeyDictionary[Knowledge, dict[str, tuple[Mover, frozenset[Protection]]]] = WeakKeyDictionary()
_LAST: WeakKeyDictionary[Knowledge, tuple[object, dict[str, str]]] = WeakKeyDictionary()


def quarry(view: View) -> dict[str, Protection]:
    """Location -> the protection a weapon must hurt there: the interior locations of the
    side's stakes it misses where an enemy vehicle stands, revealed or (hidden, where a
    vehicle can stand) taken for armour."""
    got = _QUARRY.get(view)
    if got is not None:
        return got
    got = _QUARRY[view] = {}
    if view.turn < hunt_from(view):
        return got
    bf = view.know.bf
    for loc in sorted(missing(view)):
        enemy = view.enemy_at.get(loc)
        if enemy is None or not bf.location(loc).interior:
            continue
        protection = _vehicle(view, enemy)
        if protection is not None:
            got[loc] = protection
    return got


def _vehicle(view: View, enemy: Enemy) -> Protection | None:
    if enemy.info is None:
        return Protection.armoured if view.know.holds_vehicle(enemy.location) else None
    if enemy.info.dummy or not enemy.info.vehicle:
        return None
    return enemy.info.profile.protection


def hunters(view: View) -> dict[str, str]:
    """Block -> the quarry it hunts: the nearest pairs first (MP on the map), HUNTERS a
    quarry, one quarry a block. Blocks whose turn is over keep their place on the list (the
    next nearest are not sent after them in the same turn)."""
    got = _HUNTERS.get(view)
    if got is not None:
        return got
    prey = quarry(view)
    if not prey:
        got = _HUNTERS[view] = {}
        return got
    # the same pairs while the quarry and the blocks able to hunt it stand where they stood
    # (most decisions of an impulse): kept with the side's knowledge
    able = _able(view)
    needs = frozenset(prey.values())
    where = tuple(
        (bid, own.location)
        for bid, (_, hurts) in able.items()
        if not hurts.isdisjoint(needs)
        and (own := view.own.get(bid)) is not None
        and own.on_map
        and own.location is not None
        and not own.mounted
    )
    key = (tuple(prey.items()), where, view.know.counters)
    last = _LAST.get(view.know)
    if last is not None and last[0] == key:
        got = _HUNTERS[view] = last[1]
        return got
    bf = view.know.bf
    pairs: list[tuple[int, str, str]] = []
    for bid, location in where:
        here = bf.location(location).index
        how, hurts = able[bid]
        for loc, protection in prey.items():
            if protection in hurts and (d := view.know.field(loc, how)[here]) < UNREACHABLE:
                pairs.append((d, loc, bid))
    got = {}
    count = dict.fromkeys(prey, 0)
    for _, loc, bid in sorted(pairs):
        if bid not in got and count[loc] < view.know.profile.hunters:
            got[bid] = loc
            count[loc] += 1
    _HUNTERS[view] = got
    _LAST[view.know] = (key, got)
    return got


def _able(view: View) -> dict[str, tuple[Mover, frozenset[Protection]]]:
    """The side's blocks that may hunt (no dummy, none that keeps its post), each with how
    it moves and the protections its weapons hurt; once per game."""
    got = _ABLE.get(view.know)
    if got is None:
        got = _ABLE[view.know] = {}
        for bid, info in view.brief.own.items():
            if info.dummy or info.type in STAY:
                continue
            hurts = frozenset(
                p for p in Protection if any(can_hit(w.targets, p) for w in info.profile.weapons)
            )
            got[bid] = (mover(info), hurts)
    return got


def prey(view: View, bid: str) -> tuple[str, Protection] | None:
    """The quarry block `bid` hunts, with the protection a weapon must hurt there."""
    loc = hunters(view).get(bid)
    return None if loc is None else (loc, quarry(view)[loc])


def push(hunted: tuple[str, Protection] | None, target: str, weapon: Weapon, value: float) -> float:
    """`value` (the profile's hunt_push: the stake's last holder gone, the building may be
    taken) for a hunter's fire or assault at its quarry (`hunted`, from prey) with a
    weapon that hurts it (the coax does not hurt an APC, 8.2.7.4), 0 otherwise."""
    if hunted is None or hunted[0] != target or not can_hit(weapon.targets, hunted[1]):
        return 0.0
    return value
