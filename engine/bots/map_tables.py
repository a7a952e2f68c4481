"""Tables of the map the bots read at every decision, built once per battlefield and shared
by every bot and every game on it (`Battlefield.derived`): EP distances from each location,
and the steps a mover may take with their MP.

They hold terrain facts only (the compiled battlefield, the scenario's face-up No Man's Land
counters): nothing a side may not know.
"""

from __future__ import annotations

from collections import OrderedDict

from ..battlefield import Battlefield, Dynamic, Step
from ..battlefield.movement import Mover, Unit, ep_from, step_cost

#: a step graph: per location index, the (destination index, MP) of each step, in the
#: battlefield's step order (the searches' ties break the same way as over `bf.out`)
Graph = list[list[tuple[int, int]]]
#: step graphs kept per battlefield (a mover and the scenario's face-up counters each)
MAX_GRAPHS = 16
#: graphs re-priced for blocks to climb over kept per mover
MAX_HELPED = 64


class EpTable:
    """EP distances (up to the rules' EP horizon) from each location, a row per location
    id: the rules' own `ep_from`, fetched once and then read by a dictionary lookup (the
    bots ask millions of ranges a series). Rows are filled on first use; `fill` makes them
    all."""

    def __init__(self, bf: Battlefield):
        self.bf = bf
        #: location id (aliases too, as asked) -> {location id: EP}; a row not there yet is
        #: fetched by looking it up (`rows[location]`)
        self.rows: dict[str, dict[str, int]] = _Rows(bf)

    def row(self, location: str) -> dict[str, int]:
        return self.rows[location]

    def ep(self, a: str, b: str) -> int | None:
        return self.row(a).get(b)

    def fill(self) -> None:
        for loc in self.bf.locations:
            self.row(loc.id)


class _Rows(dict[str, dict[str, int]]):
    """EP rows by location id, each fetched from the rules' `ep_from` when first looked up."""

    def __init__(self, bf: Battlefield):
        super().__init__()
        self.bf = bf

    def __missing__(self, location: str) -> dict[str, int]:
        got = self[location] = ep_from(self.bf, location)
        return got


def ep_table(bf: Battlefield) -> EpTable:
    """The battlefield's shared EP table."""
    return bf.derived(("bots", "ep table"), lambda: EpTable(bf))


#: the longest weapon range (EP): what a block can fire at from where it stands
FIRE_REACH = 25
#: sight rows kept per battlefield (the oldest go first)
MAX_SIGHT_ROWS = 4096


class SightTable:
    """What each location sees within FIRE_REACH EP on the static map (no wrecks), with
    the EP: a row per location, built from the EP table and the LOS table on first use.
    The bots weigh the enemy's guns on a location with it."""

    def __init__(self, bf: Battlefield, eps: EpTable):
        self.bf = bf
        self.eps = eps
        self.rows: dict[str, dict[str, int]] = {}
        self._indexes: dict[str, tuple[int, ...]] = {}

    def row(self, location: str) -> dict[str, int]:
        got = self.rows.get(location)
        if got is None:
            clear = self.bf.los_table.clear
            near = self.eps.row(location).items()
            got = {b: ep for b, ep in near if ep <= FIRE_REACH and clear(location, b)}
            if len(self.rows) >= MAX_SIGHT_ROWS:
                del self.rows[next(iter(self.rows))]
            self.rows[location] = got
        return got

    def indexes(self, location: str) -> tuple[int, ...]:
        """The indices of the locations of `location`'s row."""
        got = self._indexes.get(location)
        if got is None:
            by_id = self.bf.by_id
            if len(self._indexes) >= MAX_SIGHT_ROWS:
                del self._indexes[next(iter(self._indexes))]
            got = self._indexes[location] = tuple(by_id[b].index for b in self.row(location))
        return got


def sight_table(bf: Battlefield) -> SightTable:
    """The battlefield's shared sight table."""
    return bf.derived(("bots", "sight table"), lambda: SightTable(bf, ep_table(bf)))


def incoming(bf: Battlefield) -> list[list[Step]]:
    """The steps into each location (by index), in the battlefield's step order."""

    def build() -> list[list[Step]]:
        into: list[list[Step]] = [[] for _ in bf.locations]
        for step in bf.steps:
            into[step.dst].append(step)
        return into

    return bf.derived(("bots", "incoming steps"), build)


def affected(
    bf: Battlefield, barricades: frozenset[str], impassable: frozenset[str], breaches: frozenset[str]
) -> set[int]:
    """The locations (indices) a step into which `movement.step_cost` prices differently with
    these counters and opened breaches than on the empty map: the closed ones, the hexes
    next to a barricade (5.2.3.5), the sides of an opened breach (5.1.3.2)."""
    by_id = bf.by_id
    out = {by_id[loc].index for loc in barricades | impassable if loc in by_id}
    for loc in barricades:
        if loc in by_id:
            out.update(s.dst for s in bf.out[by_id[loc].index])
    if breaches:
        ends = breach_ends(bf)
        for aperture in breaches:
            out.update(ends.get(aperture, ()))
    return out


def breach_ends(bf: Battlefield) -> dict[str, frozenset[int]]:
    """Per aperture, the locations (indices) its breach steps lead into."""

    def build() -> dict[str, frozenset[int]]:
        ends: dict[str, set[int]] = {}
        for s in bf.steps:
            if s.breach and s.aperture is not None:
                ends.setdefault(s.aperture, set()).add(s.dst)
        return {aperture: frozenset(found) for aperture, found in ends.items()}

    return bf.derived(("bots", "breach ends"), build)


class MoveGraph:
    """The steps `mover` may take and their MP (`movement.step_cost`) on the empty map with
    the scenario's face-up barricades and IED/UXO counters. A step over a friendly vehicle
    or ladder block (8.1.6, 8.1.7) costs what it does only with a block there: `helped`
    re-prices the rows such blocks touch."""

    def __init__(
        self,
        bf: Battlefield,
        mover: Mover,
        barricades: frozenset[str],
        impassable: frozenset[str],
        breaches: frozenset[str] = frozenset(),
        plain: MoveGraph | None = None,
    ):
        """`plain`: the mover's graph with other counters (none, or the last asked for),
        re-priced only where the counters that differ change a step."""
        self.bf = bf
        self.mover = mover
        self.barricades = barricades
        self.impassable = impassable
        self.breaches = breaches
        dyn = Dynamic(barricades=barricades, impassable=impassable, opened_breaches=breaches)
        self._helped: OrderedDict[frozenset[str], Graph] = OrderedDict()
        self.base: Graph
        #: location index -> the rows holding a step a block standing there re-prices
        self.touches: dict[int, set[int]]
        if plain is not None:
            # a step is priced by what stands at its end (`affected`)
            self.touches = plain.touches
            self.base = list(plain.base)
            into = incoming(bf)
            differ = affected(
                bf, barricades ^ plain.barricades, impassable ^ plain.impassable, breaches ^ plain.breaches
            )
            rows = {s.src for d in differ for s in into[d]}
            for i in rows:
                self.base[i] = [
                    (s.dst, c) for s in bf.out[i] if (c := step_cost(bf, s, mover, dyn)) is not None
                ]
            return
        self.base = []
        self.touches = {}
        for i, steps in enumerate(bf.out):
            row = []
            for step in steps:
                if step.over_block is not None and mover.unit == Unit.foot:
                    self.touches.setdefault(step.src, set()).add(i)
                    self.touches.setdefault(step.dst, set()).add(i)
                cost = step_cost(bf, step, mover, dyn)
                if cost is not None:
                    row.append((step.dst, cost))
            self.base.append(row)

    def helped(self, helpers: frozenset[str]) -> Graph:
        """The graph with our climbing helpers standing at `helpers` (location ids)."""
        by_id, touches = self.bf.by_id, self.touches
        # only the helpers next to a step over a block change a cost
        key = frozenset(loc for loc in helpers if by_id[loc].index in touches)
        if not key:
            return self.base
        got = self._helped.get(key)
        if got is not None:
            self._helped.move_to_end(key)
            return got
        rows: set[int] = set()
        for loc in key:
            rows |= touches[by_id[loc].index]
        dyn = Dynamic(
            helpers=key, barricades=self.barricades, impassable=self.impassable, opened_breaches=self.breaches
        )
        bf = self.bf
        got = list(self.base)
        for i in rows:
            got[i] = [(s.dst, c) for s in bf.out[i] if (c := step_cost(bf, s, self.mover, dyn)) is not None]
        self._helped[key] = got
        if len(self._helped) > MAX_HELPED:
            self._helped.popitem(last=False)
        return got


class MoveGraphs:
    """The battlefield's step graphs, by mover, counters and opened breaches (least recently
    used go)."""

    def __init__(self, bf: Battlefield):
        self.bf = bf
        self.graphs: OrderedDict[tuple[Mover, frozenset[str], frozenset[str], frozenset[str]], MoveGraph] = (
            OrderedDict()
        )
        #: each mover's graph without counters, which the others re-price
        self._plain: dict[Mover, MoveGraph] = {}
        #: each mover's last graph made (re-priced for the next counters if still kept)
        self._last: dict[Mover, tuple[frozenset[str], frozenset[str], frozenset[str]]] = {}

    def get(
        self,
        mover: Mover,
        barricades: frozenset[str],
        impassable: frozenset[str],
        breaches: frozenset[str] = frozenset(),
    ) -> MoveGraph:
        key = (mover, barricades, impassable, breaches)
        got = self.graphs.get(key)
        if got is None:
            last = self._last.get(mover)
            plain = self.graphs.get((mover, *last)) if last is not None else None
            if plain is None:
                plain = self._plain.get(mover)
            if plain is None:
                plain = self._plain[mover] = MoveGraph(self.bf, mover, frozenset(), frozenset())
            got = self.graphs[key] = MoveGraph(self.bf, mover, barricades, impassable, breaches, plain)
            self._last[mover] = (barricades, impassable, breaches)
            if len(self.graphs) > MAX_GRAPHS:
                self.graphs.popitem(last=False)
        else:
            self.graphs.move_to_end(key)
        return got


def move_graphs(bf: Battlefield) -> MoveGraphs:
    return bf.derived(("bots", "move graphs"), lambda: MoveGraphs(bf))
