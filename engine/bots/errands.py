"""The heuristic bot's errands near the end: a block sent into each empty location of its
side's stakes it does not hold (endgame.missing), while the side would not win as things
stand. Left to the nearest goal of each, every block went to the rooms the others went to,
and a hangar roof the enemy had crossed on turn 1 denied the whole building at the end.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from .endgame import missing, winning
from .knowledge import UNREACHABLE
from .routes import path, search
from .sweep import impulses_over, near, sweepers
from .view import STAY, SearchState, View, mover

#: from this many turns before the last, a block is sent into each empty location missed
ERRAND_TURNS = 2
#: how much a block with an errand wants activating; a roof's sweeper more than an engineer
#: with a barricade to open (decisions.ENGINEER_INTENT): its force's activations are few (7.1.1)
ERRAND_INTENT = 1.0
SWEEP_INTENT = 1.25

_ERRANDS: WeakKeyDictionary[View, dict[str, str]] = WeakKeyDictionary()


def errands(view: View) -> dict[str, str]:
    """Block -> the empty location it walks into: in the last ERRAND_TURNS turns, while the
    side would not win as things stand, each empty location of its stakes it does not hold
    (a room the enemy walked through, a roof it stood on) gets a block, the nearest pairs
    first (MP on the map), one location a block; and, from earlier, each roof's sweeper
    (sweep.py) its roof."""
    got = _ERRANDS.get(view)
    if got is not None:
        return got
    got = _ERRANDS[view] = dict(sweepers(view))  # a roof's sweeper keeps its errand
    if view.brief.turns - view.turn > ERRAND_TURNS or winning(view):
        return got
    # a roof is left to its sweeper while it may still walk onto it this turn (sweep.near);
    # else the nearest goes too
    swept = {loc for bid, loc in got.items() if near(view, bid, loc)}
    empty = sorted(
        loc
        for loc in missing(view)
        if loc not in view.enemy_at and loc not in view.own_at and loc not in swept
    )
    if not empty:
        return got
    bf = view.know.bf
    over = impulses_over(view)
    pairs: list[tuple[int, str, str]] = []
    for own in view.own.values():
        if not own.on_map or own.location is None or own.info.dummy or own.info.type in STAY:
            continue
        if own.id in got:
            continue  # a sweeper: it keeps its roof (the nearest goes there too if it is far)
        if (own.activated or own.completed) and own.id != view.own_active:
            continue  # its turn is over: it walks next turn, if still the nearest
        if own.info.force in over:
            continue  # so is its force's impulse (7.1.1)
        here = bf.location(own.location).index
        how = mover(own.info)
        for loc in empty:
            d = view.know.field(loc, how)[here]
            if d < UNREACHABLE:
                pairs.append((d, loc, own.id))
    sent: set[str] = set()
    for _, loc, bid in sorted(pairs):
        if loc not in sent and bid not in got:
            got[bid] = loc
            sent.add(loc)
    return got


def intent(view: View, bid: str) -> float:
    """How much a block on an errand wants activating."""
    return SWEEP_INTENT if bid in sweepers(view) else ERRAND_INTENT


def errand_plan(view: View, bid: str, here: str, goal: str) -> list[str]:
    """The way toward `goal` within this activation's MP: the place nearest to it (MP on the
    map) the move search reaches, the cheaper way first; empty when no step gets closer."""
    start, best_prio, _, prev = search(view, bid, here)
    field = view.know.field(goal, mover(view.brief.own[bid]))
    ids = view.know.ids
    best: tuple[tuple[int, float, str], SearchState] | None = None
    for key, prio in best_prio.items():
        loc = ids[key[0]]
        if key[0] != start[0] and view.own_at.get(loc, bid) != bid:
            continue  # a friend stands there: no ending a move on it
        rank = (field[key[0]], prio, loc)
        if best is None or rank < best[0]:
            best = (rank, key)
    if best is None or best[1][0] == start[0]:
        return []
    return path(view, start, best[1], prev)
