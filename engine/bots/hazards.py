"""The heuristic bot's view of the wrecks' blasts: in each initial phase every wreck explodes on
a d10 under EXPLODES_UNDER (3.1.1, 5.2.4.5: it stays on the map), 1 OSL to every block within
EXPLOSION_RADIUS EP (8.2.1.1), and a block suffering a weapons effect is Activated (8.2.1.3):
it does nothing that turn. An APC parked at a bridge between two wrecks, a rifle squad aboard,
was Activated that way at the start of three turns running (seed 1081): the squad meant for
the town hall set foot there on the last turn. A block ending its move within reach of a
wreck pays for it in its place's score (routes.place_score).
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ..rules.uo.no_mans_land import EXPLODES_UNDER, EXPLOSION_RADIUS
from .knowledge import Knowledge
from .view import View

#: the chance a wreck explodes in an initial phase
WRECK_CHANCE = EXPLODES_UNDER / 10
#: MP a turn lost to a blast is worth to a block on its way (an activation's move on foot)
TURN_MP = 6.0

#: per knowledge: a set of wrecks -> how many of them reach each location within the blast
_REACH: WeakKeyDictionary[Knowledge, dict[frozenset[str], dict[str, int]]] = WeakKeyDictionary()


def wrecks_near(view: View, location: str) -> int:
    """How many wrecks stand within EXPLOSION_RADIUS EP of `location` (kept per set of
    wrecks: they change only when a vehicle is destroyed)."""
    if not view.wrecks:
        return 0
    kept = _REACH.setdefault(view.know, {})
    reach = kept.get(view.wrecks)
    if reach is None:
        if len(kept) >= 8:
            kept.clear()
        reach = kept[view.wrecks] = {}
        for wreck in view.wrecks:
            for loc, ep in view.know.ep_from(wreck).items():
                if ep <= EXPLOSION_RADIUS:
                    reach[loc] = reach.get(loc, 0) + 1
    return reach.get(location, 0)


def blast_cost(view: View, location: str) -> float:
    """MP that ending a move at `location` costs for the wrecks' blasts of the next initial
    phase: the chance of losing the next turn (Activated), by wreck in reach; nothing on the
    last turn, with no next turn to lose."""
    if view.turn >= view.brief.turns:
        return 0.0
    near = wrecks_near(view, location)
    return near * WRECK_CHANCE * TURN_MP if near else 0.0
