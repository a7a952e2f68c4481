"""The heuristic bot's roof sweepers: one foot block sent, once the profile's `sweep_from`
share of the game is played, and kept on it from turn to turn, onto each roof of its side's
buildings the enemy holds and nobody stands on (victory.py: a roof held by the enemy denies
the whole building).

Why: enemy blocks cross a roof and leave it; the roof stays theirs (2.3) and, reachable only
by a building's stairs (8.1.8), often lies farther than every room from where the side's
infantry fights. Left to the last turns' errands (errands.py: the nearest block at each
decision), the blocks sent in turn each walk a few MP toward it and none arrives; sent from
farther, earlier, a block crosses the fight and falls on the way. A sweeper is chosen among
the blocks within the profile's `sweep_reach` turns' walk of the roof that are not holding a
room an enemy may walk into (an engineer's ladder puts a roof two MP from the streets,
8.1.7), and keeps its errand until the roof is its side's or it falls; a sweeper keeps its MP
for the walk (no field action on the way).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from ..battlefield.movement import Unit
from ..rules.uo.activation import MOVE_ONLY, unit_of
from ..rules.uo.combat import LEADERS
from .endgame import missing
from .estimates import threatened
from .knowledge import Knowledge
from .routes import engineer_goals
from .view import STAY, Memory, View, mover

#: a turn's walk on foot (MP on the map, 7.1.2)
TURN_WALK = MOVE_ONLY[Unit.foot]


def sweep_from(view: View) -> int:
    """The first turn a roof gets a sweeper: the profile's share of the game played (the
    fight for the rooms has settled and a block can be spared; a sweeper sent earlier is
    taken from that fight, one sent later may not reach the roof in time)."""
    profile = view.know.profile
    return profile.first_turn(profile.sweep_from, view.brief.turns)


@dataclass
class _Plan:
    """A game's sweepers (roof -> block), for the memory it was made with."""

    mem: weakref.ReferenceType[Memory]
    turn: int = 0
    sweepers: dict[str, str] = field(default_factory=dict)


_PLANS: WeakKeyDictionary[Knowledge, _Plan] = WeakKeyDictionary()
#: per decision: the sweepers as they stand
_SWEEPERS: WeakKeyDictionary[View, dict[str, str]] = WeakKeyDictionary()
_OVER: WeakKeyDictionary[View, frozenset[str]] = WeakKeyDictionary()


def sweepers(view: View) -> dict[str, str]:
    """Block -> the roof it walks onto: each roof of the side's buildings the enemy holds
    with no enemy block on it, from `sweep_from`'s turn on, keeps the sweeper it was given while that
    block stays on the map; a new one is the nearest foot block free to go within three turns'
    walk of it (`sweep_reach` turns' walk, MP on the map). Worked out again only on a new turn or when a
    roof has none."""
    got = _SWEEPERS.get(view)
    if got is not None:
        return got
    plan = _plan(view)
    roofs = sorted(loc for loc in view.roofs if loc in missing(view) and loc not in view.enemy_at)
    if view.turn < sweep_from(view) or not roofs:
        plan.sweepers = {}
        got = _SWEEPERS[view] = {}
        return got
    kept = {roof: bid for roof, bid in plan.sweepers.items() if roof in roofs and _on_map(view, bid)}
    if plan.turn != view.turn or any(roof not in kept for roof in roofs):
        busy = set(kept.values())
        for roof in roofs:
            if roof not in kept:
                bid = _choose(view, roof, busy)
                if bid is not None:
                    kept[roof] = bid
                    busy.add(bid)
    plan.turn = view.turn
    plan.sweepers = kept
    got = _SWEEPERS[view] = {bid: roof for roof, bid in kept.items()}
    return got


def _plan(view: View) -> _Plan:
    plan = _PLANS.get(view.know)
    if plan is None or plan.mem() is not view.mem:
        plan = _PLANS[view.know] = _Plan(weakref.ref(view.mem))
    return plan


def impulses_over(view: View) -> frozenset[str]:
    """The side's forces that have had their impulse this turn (the observation's
    forces_used): their blocks act no more until the next (7.1.1). The one under way is
    not over."""
    got = _OVER.get(view)
    if got is None:
        impulse = view.obs.impulse
        now = impulse.force if impulse is not None and impulse.side == view.side else None
        got = _OVER[view] = frozenset(f for f in view.obs.forces_used if f != now)
    return got


def _on_map(view: View, bid: str) -> bool:
    own = view.own.get(bid)
    if own is None or own.eliminated or own.mounted:
        return False
    return own.on_map and own.location is not None


def _choose(view: View, roof: str, busy: set[str]) -> str | None:
    """The foot block nearest to `roof`, within the profile's sweep reach and its walk in the turns left,
    of those free to go: not a leader (its platoon's activations and bonus hang on it,
    7.1.1, 7.2.2), not one that stays, not an engineer with a barricade to open, not one
    holding a location of a stake an enemy may walk into this turn."""
    stakes = view.know.stakes_at
    engineers = set(engineer_goals(view).values())
    over = impulses_over(view)
    # nor one that would not arrive in the turns left, this one included (7.1.2)
    reach = min(view.know.profile.sweep_reach * TURN_WALK, (view.brief.turns - view.turn + 1) * TURN_WALK)
    best: tuple[bool, int, str] | None = None
    for own in view.own.values():
        info = own.info
        if own.id in busy or not _on_map(view, own.id) or info.dummy or info.type in STAY:
            continue
        if info.type in LEADERS or unit_of(info.profile) != Unit.foot:
            continue
        here = own.location
        assert here is not None
        if own.id in engineers:
            continue  # it opens a barricade on the way to a goal first (8.2.3.2)
        if here in stakes and threatened(view, here):
            continue  # it holds ground the enemy may take back
        d = _distance(view, own.id, roof)
        if d > reach:
            continue  # the way there crosses the fight, or is longer than the turns left
        rank = (info.force in over, d, own.id)  # one that may still walk this turn first
        if best is None or rank < best:
            best = rank
    return None if best is None else best[2]


def _distance(view: View, bid: str, location: str) -> int:
    """MP on the map from where the block stands to `location`."""
    here = view.own[bid].location
    assert here is not None
    return view.know.field(location, mover(view.brief.own[bid]))[view.know.bf.location(here).index]


def near(view: View, bid: str, roof: str) -> bool:
    """Whether a sweeper may still walk onto its roof this turn: within a turn's walk
    (TURN_WALK) of it, neither its activation nor its force's impulse over (7.1.1)."""
    own = view.own.get(bid)
    if own is None or not _on_map(view, bid) or own.info.force in impulses_over(view):
        return False
    if (own.activated or own.completed) and bid != view.own_active:
        return False
    return _distance(view, bid, roof) <= TURN_WALK
