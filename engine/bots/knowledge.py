"""What a bot derives from its briefing once for a game: the stakes by location, the odds of
a fire combat, MP distance fields over the map, EP ranges.

Distance fields depend on the map alone; they are kept in a bounded store the battlefield
owns (`Battlefield.derived`), so a series of games on one map pays for them once and they
go with the battlefield. Everything else lives as long as the bot that built it.
"""

from __future__ import annotations

import math
from collections import OrderedDict

from ..battlefield import Battlefield, Dynamic, Location, LocKind
from ..battlefield.movement import FOOT, VEHICLE, Mover, Unit, step_cost
from ..model.bot_profile import DEFAULT_PROFILE, BotProfile
from ..model.cards import Protection
from ..rules.uo.briefing import Briefing, Stake
from ..rules.uo.combat import Strike, expected_losses_kept
from ..rules.uo.tables import CombatTables
from .map_tables import Graph as MoveGraph
from .map_tables import affected, ep_table, incoming, move_graphs, sight_table

UNREACHABLE = 1 << 20
#: distance fields kept per battlefield (each is one int per location)
MAX_FIELDS = 2048
#: of those, the ones a game's bot keeps at hand
MAX_GAME_FIELDS = 256
#: fight exchanges a game's bot keeps as asked
MAX_EXCHANGES = 4096
#: what a side's dice hit in a fight (`Knowledge.exchange`): the target's protection, the
#: weapon's critical bonus, a sniper's long shot at a leader
Hit = tuple[Protection, bool, bool]

Graph = list[list[tuple[int, int]]]
#: an order of battle's firepower summed: (on foot, how many, vehicles, how many, by
#: identity each block's and whether it is a vehicle)
FpSums = tuple[int, int, int, int, dict[int, tuple[int, bool]]]
#: what changes the ways on the map, as a side knows it: (barricades, impassable, opened
#: breaches): the counters closing locations to movement and the breaches opening walls
Counters = tuple[frozenset[str], frozenset[str], frozenset[str]]
NO_COUNTERS: Counters = (frozenset(), frozenset(), frozenset())
FieldKey = tuple[Mover, frozenset[str], Counters, str | tuple[str, ...]]
#: reverse step graphs kept per battlefield (a mover, closed layers and counters each)
MAX_GRAPHS = 32


class Distances:
    """MP fields over one battlefield with the counters that close locations (barricades,
    IED/UXO: a barricade on a bridgehead sends the way round by the other bridge): reverse
    step graphs per mover, closed layers and counters, and a bounded store of fields to
    targets (least recently used go)."""

    def __init__(self, bf: Battlefield):
        self.bf = bf
        self.graphs: OrderedDict[tuple[Mover, frozenset[str], Counters], Graph] = OrderedDict()
        self.fields: OrderedDict[FieldKey, list[int]] = OrderedDict()
        #: the counters of the last field to each target, by (mover, closed layers, target)
        self._last: OrderedDict[tuple[Mover, frozenset[str], str | tuple[str, ...]], Counters] = OrderedDict()
        #: per graph, the rows (locations) priced otherwise than without counters may be
        self.replaced: dict[tuple[Mover, frozenset[str], Counters], frozenset[int]] = {}
        #: the counters of the last graph made, by (mover, closed layers)
        self._last_graph: dict[tuple[Mover, frozenset[str]], Counters] = {}
        #: the locations (indices) a step out of each leads to
        self._next: list[list[int]] = [sorted({s.dst for s in steps}) for steps in bf.out]

    def graph(self, mover: Mover, closed: frozenset[str], counters: Counters = NO_COUNTERS) -> Graph:
        key = (mover, closed, counters)
        graph = self.graphs.get(key)
        if graph is None:
            bf = self.bf
            locs = bf.locations
            dyn = Dynamic(barricades=counters[0], impassable=counters[1], opened_breaches=counters[2])

            def into(d: int) -> list[tuple[int, int]]:
                return [
                    (step.src, cost)
                    for step in steps[d]
                    if locs[step.src].layer not in closed
                    and locs[step.dst].layer not in closed
                    and (cost := step_cost(bf, step, mover, dyn)) is not None
                ]

            steps = incoming(bf)
            if counters == NO_COUNTERS:
                graph = [into(d) for d in range(len(locs))]
                self.replaced[key] = frozenset()
            else:
                # the graph of the last counters (or none), re-priced only where the
                # counters that differ change a step: a row's steps are priced by what
                # stands at their end (`affected`)
                last = self._last_graph.get((mover, closed))
                if last is None or (mover, closed, last) not in self.graphs:
                    last = NO_COUNTERS
                graph = list(self.graph(mover, closed, last))
                for d in affected(bf, *(a ^ b for a, b in zip(last, counters, strict=True))):
                    graph[d] = into(d)
                self.replaced[key] = frozenset(affected(bf, *counters))
            self._last_graph[(mover, closed)] = counters
            self.graphs[key] = graph
            if len(self.graphs) > MAX_GRAPHS:
                gone, _ = self.graphs.popitem(last=False)
                del self.replaced[gone]
        else:
            self.graphs.move_to_end(key)
        return graph

    def _repair(
        self, old: list[int], before: Graph, after: Graph, rows: frozenset[int], sources: list[int]
    ) -> list[int]:
        """The field of `after` from the field `old` of `before` (same targets), the two
        graphs differing in a few of `rows` (the counters' locations and those around): the
        distances resting on a changed step are searched again, and those a cheaper step
        shortens, the rest kept. The same distances as a search from scratch."""
        n = len(old)
        changed = [d for d in sorted(rows) if before[d] is not after[d] and before[d] != after[d]]
        got = list(old)
        following = self._next
        # candidates: the locations whose distance rested on a changed step, or on one found
        # stale; judged by their old distance, so that every way into one is judged first.
        # A candidate still reached as far by a step of the new graph from a location kept
        # keeps its distance; the others are stale (searched again), and so become what
        # rested on them (marks: 1 stale, 2 a target, 3 a candidate)
        mark = bytearray(n)
        for src in sources:
            mark[src] = 2
        pending: dict[int, list[int]] = {}
        for d in changed:
            fd = old[d]
            if fd >= UNREACHABLE:
                continue
            for j, c in before[d]:
                if not mark[j] and old[j] == fd + c:
                    mark[j] = 3
                    pending.setdefault(old[j], []).append(j)
        stale: list[int] = []
        while pending:
            dist = min(pending)
            for j in pending.pop(dist):
                if _still_reached(j, dist, old, after, following[j], mark):
                    mark[j] = 0
                    continue
                mark[j] = 1
                stale.append(j)
                for k, c in before[j]:
                    if not mark[k] and old[k] == dist + c:
                        mark[k] = 3
                        pending.setdefault(old[k], []).append(k)
        for x in stale:
            got[x] = UNREACHABLE
        seeds: list[int] = []
        for x in stale:  # the best way on through a location kept
            best = UNREACHABLE
            for p in following[x]:
                fp = got[p]
                if mark[p] == 1 or fp >= UNREACHABLE:
                    continue
                for j, c in after[p]:
                    if j == x and fp + c < best:
                        best = fp + c
            if best < UNREACHABLE:
                got[x] = best
                seeds.append(x)
        for d in changed:  # steps the counters made cheaper, or opened
            fd = got[d]
            if mark[d] == 1 or fd >= UNREACHABLE:
                continue
            for j, c in after[d]:
                if fd + c < got[j]:
                    got[j] = fd + c
                    seeds.append(j)
        _settle(after, got, seeds)
        return got

    def field(
        self,
        target: str | tuple[str, ...],
        mover: Mover,
        closed: frozenset[str],
        counters: Counters = NO_COUNTERS,
    ) -> list[int]:
        key = (mover, closed, counters, target)
        got = self.fields.get(key)
        if got is not None:
            self.fields.move_to_end(key)
            return got
        bf = self.bf
        graph = self.graph(mover, closed, counters)
        sources = [bf.location(ident).index for ident in ((target,) if isinstance(target, str) else target)]
        # the same field under other counters (the side's last), when there is one, is
        # repaired where the counters change the steps rather than searched again
        last = (mover, closed, target)
        before = self._last.get(last)
        old = self.fields.get((mover, closed, before, target)) if before is not None else None
        old_graph = self.graphs.get((mover, closed, before)) if before is not None else None
        if old is not None and old_graph is not None and before is not None:
            rows = self.replaced[(mover, closed, before)] | self.replaced[(mover, closed, counters)]
            got = self._repair(old, old_graph, graph, rows, sources)
        else:
            got = [UNREACHABLE] * len(bf)
            for src in sources:
                got[src] = 0
            _settle(graph, got, sources)
        self._last[last] = counters
        self._last.move_to_end(last)
        if len(self._last) > MAX_FIELDS:
            self._last.popitem(last=False)
        self.fields[key] = got
        if len(self.fields) > MAX_FIELDS:
            self.fields.popitem(last=False)
        return got


def _still_reached(j: int, dist: int, old: list[int], graph: Graph, ways: list[int], mark: bytearray) -> bool:
    """Whether `graph` has a step from `j` to a location of `ways` judged kept (nearer
    than `dist`) that reaches it at `dist`."""
    for p in ways:
        fp = old[p]
        if fp >= dist or mark[p] == 1 or mark[p] == 3:
            continue
        for x, c in graph[p]:
            if x == j and fp + c == dist:
                return True
    return False


def _settle(graph: Graph, got: list[int], seeds: list[int]) -> None:
    """Dijkstra over `graph` from `seeds` at their distances in `got`, in place, with a
    bucket per distance (Dial's): steps cost a few whole MP, so the distances are small
    integers and a list per distance is cheaper than a heap. `got` holds upper bounds
    elsewhere (UNREACHABLE where nothing is known); the distances are the same."""
    if not seeds:
        return
    size = max(got[s] for s in seeds) + 1
    buckets: list[list[int]] = [[] for _ in range(size)]
    for s in seeds:
        buckets[got[s]].append(s)
    d = min(got[s] for s in seeds)
    while d < size:
        for i in buckets[d]:
            if got[i] != d:
                continue  # reached shorter since
            for j, c in graph[i]:
                nd = d + c
                if nd < got[j]:
                    got[j] = nd
                    if nd >= size:
                        buckets.extend([] for _ in range(nd + 1 - size))
                        size = nd + 1
                    buckets[nd].append(j)
        d += 1


def distances(bf: Battlefield) -> Distances:
    """The battlefield's store of bot distance fields."""
    return bf.derived(("bots", "distances"), lambda: Distances(bf))


class Knowledge:
    """A side's static knowledge for one game, from its briefing."""

    def __init__(self, brief: Briefing, profile: BotProfile = DEFAULT_PROFILE):
        #: the bot's parameters (engine/model/bot_profile.py)
        self.profile = profile
        self.brief = brief
        self.side = brief.side
        self.bf: Battlefield = brief.battlefield
        self.distances = distances(self.bf)
        self.ep_table = ep_table(self.bf)
        self.sight_table = sight_table(self.bf)
        self._moves = move_graphs(self.bf)
        #: the graphs of the last situation asked about, by mover (a decision asks again)
        self._moves_dyn: Dynamic | None = None
        self._moves_by: dict[Mover, MoveGraph] = {}
        #: location ids by index, and whether each is on the surface
        self.ids = [loc.id for loc in self.bf.locations]
        #: whether a location (by id, aliases too) is a room or zone inside a building
        self.interior = {ident: loc.interior for ident, loc in self.bf.by_id.items()}
        self.surface = [loc.layer == "surface" for loc in self.bf.locations]
        #: the move search's states (routes.search) by their number, 2 * index + out of
        #: sight: (index, out of sight), made once rather than at every search
        self.search_states: list[tuple[int, bool]] = [(n >> 1, bool(n & 1)) for n in range(2 * len(self.bf))]
        #: locations of the underground inserts the side has no map of (8.1.10)
        self.dark = frozenset(loc.index for loc in self.bf.locations if loc.layer in brief.closed_layers)
        self._near: dict[str, tuple[str, ...]] = {}
        #: per location index: how far from its dot a line of sight may end, its outline's
        #: farthest point (`wrecks_near`)
        self._slack: dict[int, float] = {}
        self._radii: dict[int, float] = {}
        #: the fields this game asks for, at hand (the battlefield's store is shared)
        #: (by the mover's unit and ladder: its own hash is a Python call, and goals ask
        #: some 10,000 fields a game)
        self._fields: dict[tuple[str | tuple[str, ...], Unit, bool], list[int]] = {}
        #: the counters closing locations as the side last saw them (`View` sets them at
        #: each decision): the fields route round them
        self._counters: Counters = NO_COUNTERS
        #: the combat tables the game plays with
        self.tables: CombatTables = brief.tables.combat
        #: OSL a withdrawal is expected to cost (8.3.2: the card's withdrawal table)
        self.withdrawal_loss = sum(self.tables.withdrawal_loss(r) for r in range(10)) / 10
        self._exchanges: dict[tuple[int, bool, Strike, Strike], tuple[float, float]] = {}
        #: `exchange`'s answers as asked (a fractional difference interpolated)
        self._exchanged: dict[tuple[float, bool, Hit, Hit], tuple[float, float]] = {}
        self.objectives = brief.objectives
        self.stakes = brief.stakes
        #: whether the side must destroy enemy blocks to win: it scores for destroying and
        #: what it scores for holding cannot reach its lowest victory level alone (or it
        #: scores for holding nothing); then the enemy blocks that may score are goals
        #: (View._hunt_goals)
        self.hunts = _must_destroy(brief)
        #: location -> the stakes it is part of
        self.stakes_at: dict[str, list[Stake]] = {}
        for stake in self.stakes:
            for loc in stake.locations | stake.roofs:
                self.stakes_at.setdefault(loc, []).append(stake)
        self.fortified_by = brief.fortified
        self._vehicle_places: dict[str, bool] = {}
        #: the best firepower of each of the enemy's published blocks (estimates.enemy_fps)
        self.enemy_fps: dict[tuple[int, Protection, bool, bool, bool], list[int]] = {}
        #: the same summed (estimates._fp_sums)
        self.enemy_fp_sums: dict[tuple[int, Protection, bool, bool, bool], FpSums] = {}

    def exchange(
        self,
        diff: float,
        assault: bool = False,
        ours: Hit = (Protection.soft, False, False),
        theirs: Hit = (Protection.soft, False, False),
    ) -> tuple[float, float]:
        """Expected OSL lost by (them, us) in a fight (8.2.7.5-8.2.7.6) where our modified
        firepower is `diff` above theirs (the rules' `combat.expected_losses`). `ours` is what
        our dice hit: the target's protection, our weapon's critical bonus, a sniper's long
        shot at a leader; `theirs` the same for their reply. Quality is left out. A
        fractional `diff` (an expected modifier) is interpolated."""
        key = (diff, assault, ours, theirs)
        got = self._exchanged.get(key)
        if got is not None:
            return got
        low = int(diff // 1)
        t0, u0 = self._exchange(low, assault, Strike(*ours), Strike(*theirs))
        frac = diff - low
        if frac == 0:
            got = (t0, u0)
        else:
            t1, u1 = self._exchange(low + 1, assault, Strike(*ours), Strike(*theirs))
            got = (t0 + (t1 - t0) * frac, u0 + (u1 - u0) * frac)
        if len(self._exchanged) >= MAX_EXCHANGES:
            self._exchanged.clear()
        self._exchanged[key] = got
        return got

    def _exchange(self, diff: int, assault: bool, ours: Strike, theirs: Strike) -> tuple[float, float]:
        key = (diff, assault, ours, theirs)
        got = self._exchanges.get(key)
        if got is None:
            got = self._exchanges[key] = expected_losses_kept(self.tables, diff, assault, ours, theirs)
        return got

    def holds_vehicle(self, location: str) -> bool:
        """Whether a vehicle block can stand in `location` (a street, a hangar's zone; no
        room): a hidden block there may be one. Some step into it is open to vehicles."""
        got = self._vehicle_places.get(location)
        if got is None:
            graph = self.distances.graph(VEHICLE, frozenset())
            got = self._vehicle_places[location] = bool(graph[self.bf.location(location).index])
        return got

    def wrecks_near(self, a: str, b: str, wrecks: frozenset[str]) -> frozenset[str]:
        """The wreck hexes of `wrecks` the lines of sight between `a` and `b` may meet: a
        wreck blocks only a line crossing its hex (5.1.7.1; the blind hex behind it is
        judged from that obstacle), and every line the rule draws between the two runs
        within `_sight_slack` of the segment between their centre dots (into a building:
        from the outside one to an aperture of the room). Those farther change no answer."""
        bf = self.bf
        la, lb = bf.location(a), bf.location(b)
        (ax, ay), (bx, by) = la.centre, lb.centre
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy or 1e-9
        slack = max(self._sight_slack(la), self._sight_slack(lb))
        near = []
        for w in wrecks:
            wreck = bf.by_id.get(w)
            if wreck is None:
                continue
            wx, wy = wreck.centre
            t = max(0.0, min(1.0, ((wx - ax) * dx + (wy - ay) * dy) / length2))
            px, py = ax + t * dx - wx, ay + t * dy - wy
            reach = slack + self._radius(wreck)
            if px * px + py * py <= reach * reach:
                near.append(w)
        return frozenset(near)

    def _sight_slack(self, loc: Location) -> float:
        """How far from its centre dot a line of sight to `loc` may end: its apertures' for
        a room or zone (the lines into it end there), none elsewhere."""
        got = self._slack.get(loc.index)
        if got is None:
            got = 0.0
            if loc.interior:
                cx, cy = loc.centre
                for ap in self.bf.apertures.values():
                    if ap.interior == loc.id:
                        got = max(got, math.hypot(ap.at[0] - cx, ap.at[1] - cy))
            got = self._slack[loc.index] = got
        return got

    def _radius(self, loc: Location) -> float:
        """The farthest point of `loc`'s outline from its centre dot, with a margin for
        rounding: a line farther from the dot misses it."""
        got = self._radii.get(loc.index)
        if got is None:
            cx, cy = loc.centre
            far = max((math.hypot(x - cx, y - cy) for x, y in loc.outline), default=0.0)
            got = self._radii[loc.index] = far * 1.01 + 1e-3
        return got

    # -- distances ---------------------------------------------------------------------------
    @property
    def closed_layers(self) -> frozenset[str]:
        """Underground inserts the side has no map of (8.1.10): it plans no route through them."""
        return self.brief.closed_layers

    @property
    def counters(self) -> Counters:
        """(barricades, impassable) the fields route round."""
        return self._counters

    @counters.setter
    def counters(self, counters: Counters) -> None:
        if counters != self._counters:
            self._counters = counters
            self._fields.clear()

    def field(self, target: str | tuple[str, ...], mover: Mover = FOOT) -> list[int]:
        """MP from every location (by index) to `target` (the nearest of several) on the
        map without blocks, through what the side knows of it: its inserts, and the
        counters closing locations (`counters`)."""
        key = (target, mover.unit, mover.ladder)
        got = self._fields.get(key)
        if got is None:
            if len(self._fields) >= MAX_GAME_FIELDS:
                self._fields.clear()
            got = self._fields[key] = self.distances.field(target, mover, self.closed_layers, self._counters)
        return got

    def ep_from(self, location: str) -> dict[str, int]:
        """EP distances from `location` up to the longest weapon range and more (the
        rules' own, in the battlefield's shared table)."""
        return self.ep_table.row(location)

    def ep(self, a: str, b: str) -> int | None:
        return self.ep_table.row(a).get(b)

    def moves(self, mover: Mover, dyn: Dynamic) -> MoveGraph:
        """The steps `mover` may take and their MP with the counters and our climbing
        helpers of `dyn` (`routes.dynamic`), as `step_cost` prices them."""
        last = self._moves_dyn
        if dyn is not last:
            # every view makes its own Dynamic: the graphs hold while what they are priced
            # by is the same (most views of an impulse: the same frozensets, compared by
            # identity first)
            if last is None or (dyn.helpers, dyn.barricades, dyn.impassable, dyn.opened_breaches) != (
                last.helpers,
                last.barricades,
                last.impassable,
                last.opened_breaches,
            ):
                self._moves_by = {}
            self._moves_dyn = dyn
        got = self._moves_by.get(mover)
        if got is None:
            got = self._moves_by[mover] = self._moves.get(
                mover, dyn.barricades, dyn.impassable, dyn.opened_breaches
            ).helped(dyn.helpers)
        return got

    def hexes_near(self, goal: str) -> tuple[str, ...]:
        """The hexes within 2 EP of `goal`, in id order: where to stand next to a goal a
        mover cannot enter."""
        got = self._near.get(goal)
        if got is None:
            by_id = self.bf.by_id
            near = (loc for loc, d in self.ep_from(goal).items() if d <= 2 and by_id[loc].kind == LocKind.hex)
            got = self._near[goal] = tuple(sorted(near))
        return got


def _must_destroy(brief: Briefing) -> bool:
    """Whether `brief.side` wins only by destroying: it has a `destroy` condition worth
    points, and holding everything it scores for holding would not reach its lowest
    victory level (1.3); with no level of its own, whether it scores for holding nothing."""
    side = brief.side
    destroys = any(b.wanted for b in brief.enemy) or brief.objectives[side].target_types
    if not destroys:
        return False
    held = sum(stake.points for stake in brief.stakes if stake.side == side and stake.points > 0)
    mins = [level.min_points for level in brief.levels if level.side == side]
    if not mins:
        return not brief.objectives[side].hold
    return held < min(mins) or not brief.objectives[side].hold
