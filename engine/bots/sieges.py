"""The heuristic bot's sieges near the end: the nearest blocks sent next to each enemy-held
location of its side's stakes it misses (endgame.missing), while the side would not win as
things stand, so that they assault it from there turn after turn.

A fortified veteran in a town hall room held out to the end in about one lost game in six:
the blocks near it each headed for their nearest goal, the rooms the enemy had walked through
(errands.py) went first, and the blocks that came for it on the last turn arrived next to it
with their MP spent, too late to assault (7.1.2). A holder is not cleared by one assault.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..rules.uo.combat import LEADERS
from .endgame import missing, winning
from .errands import errands
from .estimates import can_take
from .knowledge import UNREACHABLE
from .view import STAY, View, mover

#: from this many turns before the last, blocks close in on each enemy-held location missed
SIEGE_TURNS = 2
#: how many blocks close in on one holder
SIEGE_BLOCKS = 2
#: how much a block with a siege wants activating
SIEGE_INTENT = 1.0

_SIEGES: WeakKeyDictionary[View, dict[str, str]] = WeakKeyDictionary()


def sieges(view: View) -> dict[str, str]:
    """Block -> the enemy-held location it closes in on: in the last SIEGE_TURNS turns, while
    the side would not win as things stand, each location of its stakes it misses where an
    enemy block stands gets the SIEGE_BLOCKS nearest blocks (MP on the map) able to take it
    (4.3.5), leaders aside (they are worth more than their carbines bring to an assault) and
    blocks on an errand to an empty location (errands.py) aside."""
    got = _SIEGES.get(view)
    if got is not None:
        return got
    got = _SIEGES[view] = {}
    if view.brief.turns - view.turn > SIEGE_TURNS or winning(view):
        return got
    held = sorted(loc for loc in missing(view) if loc in view.enemy_at)
    if not held:
        return got
    busy = errands(view)
    bf = view.know.bf
    pairs: list[tuple[int, str, str]] = []
    for own in view.own.values():
        info = own.info
        if not own.on_map or own.location is None or info.dummy or info.type in STAY or info.type in LEADERS:
            continue
        if own.id in busy or ((own.activated or own.completed) and own.id != view.own_active):
            continue
        here = bf.location(own.location).index
        how = mover(info)
        for loc in held:
            if not can_take(view, info, loc):
                continue
            d = view.know.field(loc, how)[here]
            if d < UNREACHABLE:
                pairs.append((d, loc, own.id))
    count: dict[str, int] = {}
    for _, loc, bid in sorted(pairs):
        if bid not in got and count.get(loc, 0) < SIEGE_BLOCKS:
            got[bid] = loc
            count[loc] = count.get(loc, 0) + 1
    return got
