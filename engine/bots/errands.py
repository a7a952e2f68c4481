"""The heuristic bot's errands near the end: a block sent into each empty location of its
side's stakes it does not hold (endgame.missing), while the side would not win as things
stand. Left to the nearest goal of each, every block goes to the rooms the others go to,
and a roof the enemy crossed early denies the whole building at the end.

How a block on an errand goes about it: only a block that can walk there in the turns left
is sent; having taken a room it walks on to the next one missed with the MP left
(`next_errand`); a roof's sweeper only walks (`walks_on`); under opportunity fire a healthy
one takes the fire and walks on rather than withdraw (`walk_lost`), and one that withdraws
goes toward its errand (`withdraw_toward`); our own shots that would mark it Activated cost
its walk (`held_up`). On the last turn a side winning as far as it has seen walks through
the locations it holds by memory alone before it passes (`unseen`).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from weakref import WeakKeyDictionary

from ..rules.uo.activation import MOVE_ONLY, unit_of
from .endgame import missing, winning
from .routes import path, search
from .sweep import impulses_over, near, sweepers
from .view import STAY, SearchState, View, mover

#: the most OSL a fire takes at once (a critical hit, 8.3.2's table too)
WORST_HIT = 2

_ERRANDS: WeakKeyDictionary[View, dict[str, str]] = WeakKeyDictionary()


def errands(view: View) -> dict[str, str]:
    """Block -> the empty location it walks into: in the game's last turns (the profile's
    errand_share of them), while the side would not win as things stand, each empty location
    of its stakes it does not hold (a room the enemy walked through, a roof it stood on) gets
    a block, the nearest pairs
    first (MP on the map), one location a block; on the last turn, while it would win as far
    as it has seen, each location of its stakes it may have lost unseen (`unseen`); and,
    from earlier, each roof's sweeper (sweep.py) its roof."""
    got = _ERRANDS.get(view)
    if got is not None:
        return got
    got = _ERRANDS[view] = dict(sweepers(view))  # a roof's sweeper keeps its errand
    profile = view.know.profile
    if view.brief.turns - view.turn > profile.last_turns(profile.errand_share, view.brief.turns):
        return got
    if winning(view):
        if view.turn < view.brief.turns:
            return got
        empty = unseen(view)  # the last turn: the rooms the enemy may have crossed unseen
    else:
        # a roof is left to its sweeper while it may still walk onto it this turn
        # (sweep.near); else the nearest goes too
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
    # a block farther than its walk in the turns left (this one included, 7.1.2) is not
    # sent: it would not arrive, and its errand took an activation from its force's few
    turns_left = view.brief.turns - view.turn + 1
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
        reach = turns_left * MOVE_ONLY[unit_of(own.info.profile)]
        for loc in empty:
            d = view.know.field(loc, how)[here]
            if d <= reach:
                pairs.append((d, loc, own.id))
    sent: set[str] = set()
    for _, loc, bid in sorted(pairs):
        if loc not in sent and bid not in got:
            got[bid] = loc
            sent.add(loc)
    return got


def unseen(view: View) -> list[str]:
    """On the last turn, while the side would win as far as it has seen: the locations of
    its stakes it holds by its memory alone, with nobody in them and none of its blocks
    through them this turn. The enemy may have crossed them out of sight (vehicles drive
    through a hangar's zones, at night too): a side winning as far as it knows that passes
    the last turn away may lose the building (2.3: the last side through holds it). A
    player walks through them again when it costs nothing."""
    if view.mem.visited[0] != view.turn:
        view.mem.visited = (view.turn, set())
    visited = view.mem.visited[1]
    visited.update(view.own_at)
    out: set[str] = set()
    for stake in view.know.stakes:
        if stake.side != view.side:
            continue
        for loc in (*stake.locations, *stake.roofs):
            if loc in visited or loc in view.enemy_at or view.control.get(loc) == view.enemy_side:
                continue
            if loc in stake.locations and view.control.get(loc) != view.side:
                continue  # (a room not ours by memory is missing(), not unseen)
            out.add(loc)
    return sorted(out)


def intent(view: View, bid: str) -> float:
    """How much a block on an errand wants activating."""
    # a roof's sweeper more than an engineer with a barricade to open
    # (decisions.ENGINEER_INTENT): its force's activations are few (7.1.1)
    profile = view.know.profile
    return profile.sweep_intent if bid in sweepers(view) else profile.errand_intent


def attach(view: View) -> View:
    """The view with its estimates pricing the errands' walks (`held_up`)."""
    view.walks_lost = partial(held_up, view)
    return view


def held_up(view: View, hit: Iterable[str]) -> float:
    """What our own shot's weapons effect costs in errands lost: a block it marks Activated
    (8.2.1.3) walks no more this turn, so each block on an errand it hits that may still walk
    this turn costs that walk (its intent): a shot next door that marks a sweeper before its
    impulse leaves the roof to the enemy."""
    got = errands(view)
    if not got:
        return 0.0
    over = impulses_over(view)
    cost = 0.0
    for bid in hit:
        own = view.own.get(bid)
        if bid not in got or own is None or own.activated or own.completed or own.info.force in over:
            continue
        cost += intent(view, bid)
    return cost


def walk_lost(view: View, bid: str, remaining: int) -> float:
    """What a withdrawal under opportunity fire costs a block on an errand beyond the move
    cut short: the rest of its walk (8.3.2: it ends its activation), where taking the fire
    lets it resume its move (8.3.1.2). Only while it would outlive the worst the fire can do
    (a critical hit, 2 OSL): a block the fire may eliminate walks no farther either way.
    A sweeper that withdraws each time it is fired at never reaches its roof."""
    if remaining <= WORST_HIT or bid not in errands(view):
        return 0.0
    return view.know.profile.walk_lost * intent(view, bid)  # the walk it ends


def withdraw_toward(view: View, bid: str, places: list[str]) -> str | None:
    """Where a block on an errand withdraws (8.3.2: 2 MP in the direction of its choice):
    the place nearest to its errand's location (MP on the map), when one is nearer than
    where it stands; None for a block with no errand (the usual choice)."""
    goal = errands(view).get(bid)
    here = view.own[bid].location if bid in view.own else None
    if goal is None or here is None or not places:
        return None
    field = view.know.field(goal, mover(view.brief.own[bid]))
    ids = view.know.bf.location
    best = min(places, key=lambda loc: (field[ids(loc).index], loc))
    return best if field[ids(best).index] < field[ids(here).index] else None


def walks_on(view: View, bid: str) -> bool:
    """Whether the activated block only walks (no fire, assault, strike or field action): a
    roof's sweeper. A sweeper taken from a fight that assaults fortified rooms on the way (an
    action leaves 3 MP, 7.1.2) or fires at holders it passes falls or stops short; the roof
    is worth the whole building."""
    return bid in sweepers(view)


def next_errand(view: View, bid: str, here: str) -> list[str]:
    """The way toward the activated block's errand when its walk has ended with MP left and
    that errand is not the one it was planned for (errand_plan): the block took a room on
    its way and walks on to the next one missed: a block that takes the room next door and
    stops leaves a back room the enemy crossed a few MP on to it (2.3: the last side through
    holds it). Empty when there is none or it was planned already."""
    goal = errands(view).get(bid)
    if goal is None or goal == here:
        return []
    if view.mem.errand_planned == (bid, goal):
        return []
    return errand_plan(view, bid, here, goal)


def errand_plan(view: View, bid: str, here: str, goal: str) -> list[str]:
    """The way toward `goal` within this activation's MP: the place nearest to it (MP on the
    map) the move search reaches, the cheaper way first; empty when no step gets closer."""
    view.mem.errand_planned = (bid, goal)
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
