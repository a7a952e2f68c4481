"""Support (8.2.2): recovering OSL next to a Plt Support or Logistics block, the support
points of each impulse force, and the Logistics block's reserve.

- Each impulse force starts with its support points (`ImpulseForce.support_points`, 2 unless
  the scenario says otherwise); its Plt Support block spends them. The side's Logistics
  block (`SideSetup.logistics`) spends its reserve.
- A support action gives 1 OSL back to a block in a location adjacent to the supporter, for
  1 point of the supporter's pool. A Plt Support block may support itself.
- It is an action of both blocks, one after the other: the active block's activation ends
  with it and the other block's activation starts with its action done (as mounting,
  8.2.4.3), so both count against the command limit.
- A Plt Support block without points takes up to 2 from the adjacent Logistics block's
  reserve: the Logistics block "may be activated out of its impulse" for this, if not
  activated yet; that action is its whole activation (an Activated marker), and it does not
  count against the impulse's limit.
- The points of an eliminated Plt Support or Logistics block are lost: a pool whose blocks
  are all gone is empty.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from ...battlefield import StepKind
from ...model.cards import BlockType
from ...model.scenario import Side
from .actions import Support
from .game import Game
from .situation import Situation
from .transport import next_in_impulse, start_activation

#: how many points a Plt Support block takes from the Logistics reserve at most (8.2.2)
RESUPPLY = 2


def logistics_key(side: Side) -> str:
    return f"logistics:{side.value}"


def logistics_block(sit: Situation, side: Side) -> str | None:
    setup = getattr(sit.game.scenario.sides, side.value)
    return setup.logistics.block if setup.logistics else None


def pool_of(sit: Situation, block: str) -> str | None:
    """The pool of points a block spends when it supports (8.2.2): its impulse force's for a
    Plt Support block, the reserve for the Logistics block; None for any other block."""
    info = sit.game.blocks[block]
    if block == logistics_block(sit, info.side):
        return logistics_key(info.side)
    if info.type == BlockType.platoon_support and info.force:
        return info.force
    return None


def initial(sit: Situation, pool: str) -> int:
    """The points a pool starts with (the scenario's): looked up once per game and pool."""
    by_pool = _INITIAL.setdefault(sit.game, {})
    found = by_pool.get(pool)
    if found is None:
        found = by_pool[pool] = _initial(sit, pool)
    return found


def _initial(sit: Situation, pool: str) -> int:
    g = sit.game
    for side in Side:
        if pool == logistics_key(side):
            setup = getattr(g.scenario.sides, side.value)
            return setup.logistics.reserve if setup.logistics else 0
    for side in Side:
        for force in getattr(g.scenario.sides, side.value).impulse_forces:
            if force.id == pool:
                return force.support_points
    return 0


def points(sit: Situation, pool: str) -> int:
    """Points left in a pool now (the state's, else the scenario's)."""
    found = sit.state.support.get(pool)
    return initial(sit, pool) if found is None else found


def _holders(sit: Situation, pool: str) -> list[str]:
    """The blocks holding a pool (what a block is never changes: listed once per game)."""
    by_pool = _HOLDERS.setdefault(sit.game, {})
    found = by_pool.get(pool)
    if found is None:
        found = by_pool[pool] = [b for b in sit.game.blocks if pool_of(sit, b) == pool]
    return found


#: per game, `initial` and `_holders` by pool
_INITIAL: WeakKeyDictionary[Game, dict[str, int]] = WeakKeyDictionary()
_HOLDERS: WeakKeyDictionary[Game, dict[str, list[str]]] = WeakKeyDictionary()


def available(sit: Situation, pool: str) -> int:
    """Points that can still be spent: none once every block holding the pool is eliminated
    ("the attached Support markers are permanently lost")."""
    if all(sit.state.blocks[b].eliminated for b in _holders(sit, pool)):
        return 0
    return points(sit, pool)


_EFFECT = StepKind.effect


def _adjacent(sit: Situation, a: str, b: str) -> bool:
    """Locations next to each other: a step of movement between them (not an effect-only
    link through a facade)."""
    bf = sit.game.battlefield
    la, lb = bf.location(a), bf.location(b)
    return any(st.dst == lb.index and st.kind != StepKind.effect for st in bf.out[la.index])


def _may_supply(sit: Situation, plt: str, logistics: str) -> bool:
    """A Plt Support block out of points next to the Logistics block with a reserve, which
    has not been activated this turn (8.2.2)."""
    pool = pool_of(sit, plt)
    if pool is None or pool == pool_of(sit, logistics) or available(sit, pool) > 0:
        return False
    if sit.game.blocks[plt].type != BlockType.platoon_support:
        return False
    lg = sit.state.blocks[logistics]
    if lg.activated or lg.completed or not lg.on_map:
        return False
    return points(sit, logistics_key(sit.side_of(logistics))) > 0


def plan(sit: Situation, active: str, other: str) -> tuple[str, str, str] | None:
    """What `Support(other)` by the active block does, or None if it is not allowed:
    ("supply", plt support, logistics), or ("heal", supporter, supported)."""
    s = sit.state
    a, b = s.blocks[active], s.blocks[other]
    if not (a.on_map and b.on_map) or sit.side_of(active) != sit.side_of(other):
        return None
    if sit.game.blocks[other].dummy:
        return None
    if other == active:  # "A Platoon Support block can perform a support action for itself"
        pool = pool_of(sit, active)
        ok = sit.game.blocks[active].type == BlockType.platoon_support and pool is not None
        return ("heal", active, active) if ok and a.losses > 0 and available(sit, pool or "") > 0 else None
    if not _adjacent(sit, a.location or "", b.location or ""):
        return None
    if other == logistics_block(sit, sit.side_of(other)) and _may_supply(sit, active, other):
        return ("supply", active, other)  # out of points: the reserve first (8.2.2)
    if not next_in_impulse(sit, other):
        return None
    mine, theirs = pool_of(sit, active), pool_of(sit, other)
    if mine is not None and available(sit, mine) > 0 and b.losses > 0:
        return ("heal", active, other)
    if theirs is not None and available(sit, theirs) > 0 and a.losses > 0:
        return ("heal", other, active)
    return None


def choices(sit: Situation, block: str) -> list[Support]:
    """Support actions open to the active block that may still act."""
    out = []
    info = sit.game.blocks
    side = info[block].side
    bf = sit.game.battlefield
    # (`plan` refuses the enemy's blocks, dummies and blocks not adjacent to the supporter
    # first: those are not asked about)
    here = bf.location(sit.state.blocks[block].location or "")
    near = {st.dst for st in bf.out[here.index] if st.kind != _EFFECT}
    real = _real_blocks(sit, side)
    for bid, b in sit.state.blocks.items():
        if bid not in real or b.location is None or b.eliminated:
            continue
        if bid != block and bf.location(b.location).index not in near:
            continue
        if plan(sit, block, bid) is not None:
            out.append(Support(bid))
    return out


def _real_blocks(sit: Situation, side: Side) -> frozenset[str]:
    """`side`'s blocks that are no dummies: what a block is never changes, so they are
    listed once per game and side."""
    by_side = _REAL.setdefault(sit.game, {})
    found = by_side.get(side)
    if found is None:
        found = by_side[side] = frozenset(
            bid for bid, info in sit.game.blocks.items() if info.side == side and not info.dummy
        )
    return found


#: per game, `_real_blocks` by side
_REAL: WeakKeyDictionary[Game, dict[Side, frozenset[str]]] = WeakKeyDictionary()


def apply(sit: Situation, action: Support) -> None:
    s = sit.state
    act = s.activation
    assert act is not None
    active = act.block
    what = plan(sit, active, action.block)
    assert what is not None
    kind, first, second = what
    act.acted_at = act.spent
    if kind == "supply":
        reserve = logistics_key(sit.side_of(second))
        pool = pool_of(sit, first) or ""
        moved = min(RESUPPLY, points(sit, reserve))
        s.support[reserve] = points(sit, reserve) - moved
        s.support[pool] = points(sit, pool) + moved
        sit.end_activation()
        sit.mark_activated(second)  # out of its impulse: this action is its activation
        return
    pool = pool_of(sit, first) or ""
    s.support[pool] = points(sit, pool) - 1
    s.blocks[second].losses -= 1  # 1 OSL recovered
    if action.block == active:
        return  # supporting itself: its activation goes on (it may still move 3 MP)
    sit.end_activation()
    start_activation(sit, action.block, acted=True)


def check(sit: Situation) -> list[str]:
    """Invariant: support points never negative (issue 16)."""
    return [f"support pool {k} below zero: {v}" for k, v in sit.state.support.items() if v < 0]
