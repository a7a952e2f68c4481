"""The heuristic bot against the clock: whether its side would win as things stand, and, near
the end when it would not, what taking a location of a stake it still misses is worth beyond
the expected exchange of OSL.

A draw is worth nothing to the side that must take ground: on the last turns a stake is all or
nothing (every location of a building, 1.3, 2.3), so an assault that may take its last rooms
is worth its chance of taking them, and what the assaulting block risks weighs little beside
it. Control is as the side has seen it (view.control); the victory conditions on destroying
blocks are left out (the side does not always know which hidden block fell).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from .view import View

#: what an OSL of a block the enemy does not score for is worth on the last turn, of its
#: usual worth, in a fight for such a location
LOSS_WEIGHT = 0.25

#: per decision (a View lives for one): whether the side wins as things stand, what it misses
_WINNING: WeakKeyDictionary[View, bool] = WeakKeyDictionary()
_MISSING: WeakKeyDictionary[View, frozenset[str]] = WeakKeyDictionary()


def winning(view: View) -> bool:
    """Whether the game would end in this side's victory now, as far as it sees control
    (victory conditions on destroying blocks left out)."""
    got = _WINNING.get(view)
    if got is not None:
        return got
    points = {side: 0 for side in (view.side, view.enemy_side)}
    for stake in view.know.stakes:
        them = view.enemy_side if stake.side == view.side else view.side
        held = all(
            view.control.get(loc) == stake.side
            and (loc not in view.enemy_at if stake.side == view.side else loc not in view.own_at)
            for loc in stake.locations
        )
        if held and not any(view.control.get(roof) == them for roof in stake.roofs):
            points[stake.side] += stake.points
    got = False
    for level in view.brief.levels:
        if points[level.side] >= level.min_points:
            got = level.side == view.side
            break
    _WINNING[view] = got
    return got


def missing(view: View) -> frozenset[str]:
    """The locations of the side's own control stakes it does not hold as far as it sees
    (an enemy there, or the enemy the last through), and the roofs of its buildings the
    enemy holds (victory.py: a roof held by the enemy denies the building)."""
    got = _MISSING.get(view)
    if got is not None:
        return got
    out: set[str] = set()
    for stake in view.know.stakes:
        if stake.side != view.side:
            continue
        for loc in stake.locations:
            if loc in view.enemy_at or view.control.get(loc) != view.side:
                out.add(loc)
        out.update(roof for roof in stake.roofs if view.control.get(roof) == view.enemy_side)
    got = frozenset(out)
    _MISSING[view] = got
    return got


def push(view: View, location: str) -> float:
    """What taking `location` is worth beyond its holding value: the profile's last_push on the
    last turn, its early_push on the one before, for a location of a stake the side misses while it would
    not win as things stand; 0 otherwise."""
    left = view.brief.turns - view.turn
    if left > 1 or location not in missing(view) or winning(view):
        return 0.0
    profile = view.know.profile
    return profile.last_push if left <= 0 else profile.early_push


def same_stake(view: View, here: str, there: str) -> bool:
    """Whether `here` and `there` are locations of one control stake of the side: a stake is
    all or nothing, so while `there` stays the enemy's, holding `here` scores nothing for it."""
    return any(
        stake.side == view.side and here in stake.locations and there in stake.locations
        for stake in view.know.stakes_at.get(here, ())
    )
