"""Movement points and effect points over the compiled battlefield: paths, reachable sets,
EP distances and areas of effect (8.1, 4.3.7, 8.2.1.4)."""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from enum import StrEnum

from .battlefield import Battlefield
from .locations import NO_DYNAMIC, Dynamic, LocKind, Step, StepKind


class Unit(StrEnum):
    foot = "foot"
    vehicle = "vehicle"


@dataclass(frozen=True)
class Mover:
    """Who moves: the unit class, and whether the block carries a ladder (8.1.6, 8.1.7)."""

    unit: Unit = Unit.foot
    ladder: bool = False


FOOT = Mover(Unit.foot)
VEHICLE = Mover(Unit.vehicle)

# Effect-only steps carry EP but are never moved along.
_EFFECT = StepKind.effect

#: 8.1.6, 8.1.7: MP of moving over a friendly vehicle or ladder block, part of the chart's
#: "3 (1+2, on top of vehicle)": the move into the helper's hex.
ONTO_BLOCK = 1


def step_cost(bf: Battlefield, step: Step, mover: Mover, dyn: Dynamic = NO_DYNAMIC) -> int | None:
    """MP for `mover` to take `step` given the dynamic situation, or None if it cannot."""
    if step.kind == _EFFECT:
        return None
    vehicle = mover.unit == Unit.vehicle
    cost = step.vehicle if vehicle else step.foot_ladder if mover.ladder else step.foot
    if step.over_block is not None and dyn.helpers and not vehicle:
        src, dst = bf.locations[step.src].id, bf.locations[step.dst].id
        if src in dyn.helpers or dst in dyn.helpers:
            # 8.1.6, 8.1.7: "1 MP to move over the vehicle or the block with a ladder, then
            # 2 MPs to cross ..., for a total cost of 3": the 1 MP is the ordinary step into
            # (or, coming down, out of) the helper's hex, which the path pays already; the
            # crossing step costs the rest (docs/rules.md, "over a block").
            over = step.over_block - ONTO_BLOCK
            cost = over if cost is None else min(cost, over)
    if cost is None:
        return None
    if step.breach and step.aperture not in dyn.opened_breaches:
        return None  # 5.1.3.2: a breach not opened is a wall
    barricades = dyn.barricades
    if not barricades and not dyn.impassable:
        return cost  # (most calls: the static graphs, a game without such counters)
    # bf.derived's own memo read directly: a method call per step is a third of the cost
    memo: list[_Counters] | None = bf._derived.get(_counters)  # type: ignore[assignment]
    if memo is None:
        memo = bf.derived(_counters, lambda: [_NONE])
    entry = memo[0]  # (one read: another thread may put another entry meanwhile)
    if entry[0] is not dyn:
        entry = memo[0] = _counters(bf, dyn)
    if step.dst in entry[1]:
        return None  # 5.2.3.1, 5.2.3.5
    if step.dst in entry[2] and step.kind in _SLOWED:
        adjacent = bf.chart.barricade_adjacent
        cost = max(cost, adjacent.vehicle if vehicle else adjacent.foot)  # 5.2.3.5
    return cost


#: (the Dynamic, the indexes of the locations its counters close, those a barricade of it
#: slows): what step_cost reads of a situation's counters, kept for the last one asked
#: about (a step graph prices thousands of steps against one)
_Counters = tuple[Dynamic | None, frozenset[int], frozenset[int]]
_NONE: _Counters = (None, frozenset(), frozenset())


def _counters(bf: Battlefield, dyn: Dynamic) -> _Counters:
    by_id = bf.by_id
    # (a location by its own id only, as the rule compares ids: an alias closes nothing)
    closed = frozenset(
        loc.index
        for x in dyn.impassable | dyn.barricades
        if (loc := by_id.get(x)) is not None and loc.id == x
    )
    slowed: set[int] = set()
    if dyn.barricades:
        near = _slowed_by(bf)
        for ident in dyn.barricades:
            slowed.update(near.get(ident, ()))
    return dyn, closed, frozenset(slowed)


#: steps into a hex next to a barricade cost its chart row (5.2.3.5)
_SLOWED = frozenset({StepKind.hex, StepKind.outer_wall, StepKind.aperture})


def _slowed_by(bf: Battlefield) -> dict[str, list[int]]:
    """Per location id, the indexes of the locations a barricade there slows (5.2.3.5 and
    the aid card, "1 EP radius"): the hexes outside buildings it shares an open side with;
    none for a room or zone (barricades in buildings do not slow the street, nor does a
    barricade behind a wall or a facade). Kept with the battlefield."""
    return bf.derived(_slowed_by, lambda: _slowed_by_table(bf))


def _slowed_by_table(bf: Battlefield) -> dict[str, list[int]]:
    locs, hex_step = bf.locations, StepKind.hex
    out: dict[str, list[int]] = {}
    for i, steps in enumerate(bf.out):
        if not locs[i].interior:
            for s in steps:
                if s.kind == hex_step:
                    out.setdefault(locs[s.dst].id, []).append(i)
    return out


#: Dearest single step of the chart (an outer wall crossing on foot) with margin.
_MAX_STEP = 8


class _Graph:
    """Per-mover adjacency (dst, cost) for the static battlefield, built once per mover."""

    def __init__(self, bf: Battlefield, mover: Mover):
        self.adj: list[list[tuple[int, int]]] = []
        for steps in bf.out:
            row = []
            for step in steps:
                cost = step_cost(bf, step, mover)
                if cost is not None:
                    row.append((step.dst, cost))
            self.adj.append(row)


def _graph(bf: Battlefield, mover: Mover) -> _Graph:
    """The mover's static graph, kept with the battlefield (one per Mover value: four)."""
    return bf.derived((_Graph, mover), lambda: _Graph(bf, mover))


def _neighbours(bf: Battlefield, i: int, mover: Mover, dyn: Dynamic) -> list[tuple[int, int]]:
    if dyn == NO_DYNAMIC:
        return _graph(bf, mover).adj[i]
    out = []
    for step in bf.out[i]:
        cost = step_cost(bf, step, mover, dyn)
        if cost is not None:
            out.append((step.dst, cost))
    return out


def reach(
    bf: Battlefield, start: str, mover: Mover = FOOT, mp: int = 6, dyn: Dynamic = NO_DYNAMIC
) -> dict[str, int]:
    """Every location `mover` can reach from `start` spending at most `mp`, with its cost."""
    best = reach_indices(bf, bf.location(start).index, mover, mp, dyn)
    locs = bf.locations
    return {locs[i].id: d for i, d in best.items()}


def reach_indices(
    bf: Battlefield, src: int, mover: Mover, mp: int, dyn: Dynamic = NO_DYNAMIC
) -> dict[int, int]:
    """Dial's algorithm: MP costs are small integers, so one bucket per MP value replaces
    the heap (4-5x faster than heapq on the sample sheet)."""
    static = dyn == NO_DYNAMIC
    adj = _graph(bf, mover).adj if static else None
    best = {src: 0}
    mp = min(mp, _MAX_STEP * len(bf))  # no path costs more: keeps huge budgets cheap
    buckets: list[list[int]] = [[] for _ in range(mp + 1)]
    buckets[0].append(src)
    for d in range(mp + 1):
        for i in buckets[d]:
            if best[i] != d:
                continue
            for j, c in adj[i] if adj is not None else _neighbours(bf, i, mover, dyn):
                nd = d + c
                if nd <= mp and nd < best.get(j, mp + 1):
                    best[j] = nd
                    buckets[nd].append(j)
    return best


def path(
    bf: Battlefield, start: str, goal: str, mover: Mover = FOOT, dyn: Dynamic = NO_DYNAMIC
) -> tuple[int, list[str]] | None:
    """Cheapest path in MP from start to goal, or None if the goal cannot be reached."""
    src, dst = bf.location(start).index, bf.location(goal).index
    best = {src: 0}
    prev: dict[int, int] = {}
    heap = [(0, src)]
    while heap:
        d, i = heapq.heappop(heap)
        if i == dst:
            ids = [dst]
            while ids[-1] != src:
                ids.append(prev[ids[-1]])
            return d, [bf.locations[k].id for k in reversed(ids)]
        if d > best[i]:
            continue
        for j, c in _neighbours(bf, i, mover, dyn):
            nd = d + c
            if nd < best.get(j, 1 << 30):
                best[j] = nd
                prev[j] = i
                heapq.heappush(heap, (nd, j))
    return None


def within_ep(bf: Battlefield, start: str, ep: int) -> dict[str, int]:
    """Locations within `ep` effect points (areas of effect, command radius): walls crossed
    add their EP, so obstacles reduce the reach of an effect (8.2.1.4)."""
    best = _ep_search(bf, bf.location(start).index, ep)
    locs = bf.locations
    return {locs[i].id: d for i, d in best.items()}


def ep_distance(bf: Battlefield, a: str, b: str) -> int | None:
    """EP distance for ranges and command radius, or None when no EP path exists."""
    dst = bf.location(b).index
    return _ep_search(bf, bf.location(a).index, 1 << 30, dst).get(dst)


#: the farthest anything in play reaches: the longest weapon range (25 EP) plus the 5 EP a
#: fire lane's weapons effect runs beyond it (8.2.1.2)
EP_HORIZON = 30


def ep_from(bf: Battlefield, start: str) -> dict[str, int]:
    """Every location within EP_HORIZON of `start` with its EP distance, computed once per
    location and kept with the (immutable, shared) battlefield: games ask the same ranges
    over and over, and a bounded search is much cheaper than an unbounded one. The table
    is keyed by location index, so it never holds more rows than the map has locations."""
    table: dict[int, dict[str, int]] = bf.derived(ep_from, dict)
    # (by_id read directly: asked some 20,000 times a game; an unknown id is still refused
    # by `location`, naming it)
    loc = bf.by_id.get(start)
    i = (loc if loc is not None else bf.location(start)).index
    found = table.get(i)
    if found is None:
        found = table[i] = within_ep(bf, start, EP_HORIZON)
    return found


def ep_within(bf: Battlefield, a: str, b: str, limit: int) -> int | None:
    """The EP distance from `a` to `b` if it is at most `limit` (<= EP_HORIZON), else None."""
    d = ep_from(bf, a).get(b)
    return d if d is not None and d <= limit else None


class _EpGraph:
    """The EP search's graph, built once per battlefield: a state is a location and whether
    the path climbed onto the roofs (2 * index + 1 then), and each state lists the states
    one step leads to with the step's EP, in the battlefield's step order. A path that
    climbs from the ground onto a roof stays on the roofs (`_ep_search`)."""

    def __init__(self, bf: Battlefield):
        roof = [loc.kind == LocKind.roof for loc in bf.locations]
        self.next: list[list[tuple[int, int]]] = []
        for i, steps in enumerate(bf.out):
            ground: list[tuple[int, int]] = []  # from the state that has not climbed
            up: list[tuple[int, int]] = []  # from the one that has: roofs only
            for step in steps:
                j = step.dst
                ground.append((2 * j + (roof[j] and not roof[i]), step.ep))
                if roof[j]:
                    up.append((2 * j + 1, step.ep))
            self.next += [ground, up]


def _ep_search(bf: Battlefield, src: int, limit: int, goal: int | None = None) -> dict[int, int]:
    """Dijkstra over EP. A roof counts its bordering walls for nothing (5.1.7.3), so a path
    that climbs from the ground onto a roof stays on the roofs: effects and ranges never
    hop over a building by its roof (docs/rules.md, "EP through roofs"). A path starting on
    a roof may come down. The locations are listed in the order they are settled: by EP,
    then index, the state on the ground first."""
    after = bf.derived(_EpGraph, lambda: _EpGraph(bf)).next
    best = [limit + 1] * len(after)  # (beyond the limit: not reached)
    best[2 * src] = 0
    found: dict[int, int] = {}
    heap = [(0, 2 * src)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        d, state = pop(heap)
        if d > best[state]:
            continue
        i = state >> 1
        if i not in found:
            found[i] = d
            if i == goal:
                break
        for nxt, ep in after[state]:
            nd = d + ep
            if nd < best[nxt]:
                best[nxt] = nd
                push(heap, (nd, nxt))
    return found
