"""The heuristic bot against the last holders of its stakes: an enemy block standing in a
location of a stake the side still misses is worth far more than its OSL from the middle of
the game on, so that the side fires at it with its best weapons while turns remain, and
assaults it once it is weak, rather than walking past it until the last turn.

A stake is all or nothing (1.3, 2.3): while an enemy holds one of its rooms the others score
nothing. Clearing one of k rooms the enemy holds brings 1/k of the stake's points nearer;
the bonus grows with the turns gone, as the chance of clearing the rest later shrinks. In 80
games of harbour-crossing Green lost 13 to Red's APC in a hangar room, fired at 0-2 times a
game, mostly on the last turn: a tank next door valued its shot at 1.4 OSL, under the 1.5 a
moving block wants, and walked on. Only what the side sees counts (view.enemy_at,
view.control), as everywhere in the bot.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from .endgame import missing, winning
from .view import View

#: OSL a victory point is worth (estimates.GOAL_WEIGHT: not imported, estimates imports us)
POINT_WORTH = 4.0
#: the turn from which a holder is worth its share of the stake, a fraction of it before
#: (full from HOLDER_FULL turns before the last): Green reaches the rooms on turns 4-5
HOLDER_FROM = 3
HOLDER_FULL = 1

_BONUS: WeakKeyDictionary[View, dict[str, float]] = WeakKeyDictionary()


def urgency(view: View) -> float:
    """0 before HOLDER_FROM, rising to 1 at HOLDER_FULL turns before the last."""
    full = view.brief.turns - HOLDER_FULL
    if view.turn < HOLDER_FROM:
        return 0.0
    if view.turn >= full:
        return 1.0
    return (view.turn - HOLDER_FROM + 1) / (full - HOLDER_FROM + 1)


def holder_bonus(view: View, location: str) -> float:
    """What clearing the enemy block at `location` is worth beyond its OSL and the
    location's holding value: for each of the side's stakes it misses there, the stake's
    points over the number of its locations the enemy stands in (the chance clearing this
    one completes it), times `urgency`; 0 when no enemy stands there, when the side would
    win as things stand, or early in the game."""
    kept = _BONUS.get(view)
    if kept is None:
        kept = _BONUS[view] = {}
    got = kept.get(location)
    if got is not None:
        return got
    got = 0.0
    if location in view.enemy_at and location in missing(view):
        scale = urgency(view)
        if scale > 0 and not winning(view):
            gaps = missing(view)
            for stake in view.know.stakes_at.get(location, ()):
                if stake.side != view.side:
                    continue
                held = sum(1 for loc in stake.locations | stake.roofs if loc in gaps and loc in view.enemy_at)
                got += stake.points * POINT_WORTH * scale / max(held, 1)
    kept[location] = got
    return got
