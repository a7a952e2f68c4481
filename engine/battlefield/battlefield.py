"""The compiled battlefield: an immutable map of locations, steps, walls and apertures.

compile.py builds it; los.py, los_table.py and movement.py answer questions about it. Every
index derived from it is owned by it and dies with it: the cached properties below, the
LOS table, and the `derived` memo where the modules above keep what they build from it
(per-mover step graphs, per-location EP tables). Nothing else may attach anything to it
(setting an attribute raises), and no module keeps a cache of its own keyed by battlefield,
so an editor recompiling on every edit holds only the battlefields it still uses.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..model.kinds import ApertureKind, LocKind, Terrain, WallKind
from .locations import SURFACE, Location, Pt, Step, WallPiece
from .spatial import BoxIndex, SegmentIndex, box_of

if TYPE_CHECKING:  # a battlefield read back from disk (store.py) needs neither of them
    from ..geometry.hexgrid import HexGrid
    from ..model.terrain_chart import TerrainChart

T = TypeVar("T")

#: Keys a battlefield's `derived` memo may hold. Users key it by a module constant and by
#: a mover (a handful of values); more than this means something unbounded is used as a key.
MAX_DERIVED = 64


@dataclass(frozen=True)
class ApertureInfo:
    id: str
    kind: ApertureKind
    at: Pt
    arc: tuple[float, float]
    wall_kind: WallKind
    interior: str | None
    sheet: str


@dataclass(frozen=True)
class ObstacleLevels:
    """What line of sight reads of the terrain chart (5.1.7.2), as plain data: the obstacle
    level of each wall kind and hex terrain (None: no obstacle) and of the counters. A
    battlefield read back from disk answers LOS queries with these, without reviving its
    pydantic chart (most of `uo query`'s start-up)."""

    walls: dict[WallKind, int | None]
    facade: int
    hexes: dict[Terrain, int | None]
    smoke: int
    wreck: int
    vehicles: int

    @classmethod
    def of(cls, chart: TerrainChart) -> ObstacleLevels:
        return cls(
            walls={kind: chart.wall_obstacle(kind) for kind in WallKind},
            facade=chart.walls.facade.obstacle,
            hexes={terrain: cost.obstacle for terrain, cost in chart.hexes.items()},
            smoke=chart.counters.smoke,
            wreck=chart.counters.wreck,
            vehicles=chart.counters.vehicles,
        )


class ClearTable(Protocol):
    """The all-pairs LOS table of the static map (los_table.LosTable)."""

    rows: list[int]

    def clear(self, a: str, b: str) -> bool: ...

    def built_row(self, a: str) -> int | None: ...

    def bit_of(self, a: str) -> int: ...


class Battlefield:
    """Immutable compiled map: locations, steps, walls and apertures in one frame per layer."""

    def __init__(
        self,
        locations: list[Location],
        steps: list[Step],
        walls: list[WallPiece],
        apertures: dict[str, ApertureInfo],
        buildings: dict[str, tuple[Pt, ...]],
        roof_dots: dict[str, Pt],
        hex_size: dict[str, float],
        aliases: dict[str, str],
        digest: str,
        chart: TerrainChart,
        grids: dict[str, tuple[str, HexGrid]] | None = None,
        building_level: dict[str, int] | None = None,
        los_table: Callable[[Battlefield], ClearTable] | None = None,
    ):
        # the terrain chart it was compiled with (see `chart`), and its LOS levels as plain data
        self._chart: TerrainChart | None = chart
        self._chart_pickle: bytes | None = None
        self.levels = ObstacleLevels.of(chart)
        self.locations = locations
        self.by_id = {loc.id: loc for loc in locations}
        self.by_id.update({alias: self.by_id[target] for alias, target in aliases.items()})
        self.steps = steps
        self.out: list[list[Step]] = [[] for _ in locations]
        for step in steps:
            self.out[step.src].append(step)
        self.walls = walls
        self.apertures = apertures
        self.buildings = buildings
        self.roof_dots = roof_dots
        self.hex_size = hex_size  # per layer
        self.digest = digest
        #: underground layers: (insert id, grid), to tell rock from passages along a line
        self.grids = grids or {}
        self.building_level = building_level or {}
        # the table is built by los_table.py, which reads this module: compile.py hands
        # its constructor in rather than this module importing it back
        self._make_los_table = los_table
        self._derived: dict[Hashable, object] = {}
        self._sealed = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"a compiled Battlefield is immutable: cannot set '{name}'")
        object.__setattr__(self, name, value)

    def __len__(self) -> int:
        return len(self.locations)

    @property
    def chart(self) -> TerrainChart:
        """The terrain chart it was compiled with: dynamic costs and the rules read it. A
        battlefield read back from disk revives it on first use (the pydantic models load
        then, not before)."""
        if self._chart is None:
            assert self._chart_pickle is not None
            object.__setattr__(self, "_chart", pickle.loads(self._chart_pickle))
        assert self._chart is not None
        return self._chart

    # -- pickling (store.py keeps battlefields on disk) -------------------------------------
    def __getstate__(self) -> dict[str, Any]:
        """Everything but the LOS table (its own, larger store entry, read only by who asks
        for it) and the `derived` memo (rebuilt on use); the chart as its own pickle, read
        back only when someone asks for it."""
        state = dict(self.__dict__)
        state.pop("los_table", None)
        state["_derived"] = {}
        if self._chart is not None:
            state["_chart_pickle"] = pickle.dumps(self._chart, protocol=pickle.HIGHEST_PROTOCOL)
            state["_chart"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # -- derived indexes, built on first use ----------------------------------------------
    @cached_property
    def wall_index(self) -> dict[str, SegmentIndex]:
        """Wall pieces of each layer, indexed for "which walls does this segment meet"."""
        return {layer: SegmentIndex([w for w in self.walls if w.layer == layer]) for layer in self.hex_size}

    @cached_property
    def piece_buildings(self) -> dict[WallPiece, frozenset[str]]:
        """Building each wall piece belongs to (a roof ignores its own building, 5.1.7.3)."""
        from .footprint import SLACK, piece_of  # (with sheet_hexes: the compiler's, not a reader's)
        from .sheet_hexes import Footprint

        footprints = BoxIndex(
            [(box_of(outline, SLACK), (bid, Footprint(outline))) for bid, outline in self.buildings.items()]
        )
        return {
            piece: frozenset(
                bid for bid, fp in footprints.overlapping(box_of((piece.a, piece.b))) if piece_of(fp, piece)
            )
            for piece in self.walls
            if piece.layer == SURFACE  # buildings stand on the surface only
        }

    @cached_property
    def terrain_obstacles(self) -> list[Location]:
        """Surface hexes whose terrain blocks LOS over the whole hex (woods, hillocks: 5.1.7.1)."""
        hexes = self.levels.hexes
        return [
            loc
            for loc in self.locations
            if loc.kind == LocKind.hex and loc.terrain is not None and hexes[loc.terrain] is not None
        ]

    @cached_property
    def los_table(self) -> ClearTable:
        """All-pairs LOS of the static map, built on first use (a few seconds on a large
        map) and shared by everyone holding this battlefield."""
        if self._make_los_table is None:
            raise LookupError("this battlefield was built without an LOS table")
        return self._make_los_table(self)

    def derived(self, key: Hashable, build: Callable[[], T]) -> T:
        """What another module derives from this immutable map (a mover's step graph, the
        EP tables), built by `build` on first use and kept here so that it lives and dies
        with the battlefield. `key` names what is kept, e.g. ("graph", mover)."""
        try:
            # (no typing.cast: a call, and every EP row and step cost asks here)
            return self._derived[key]  # type: ignore[return-value]
        except KeyError:
            pass
        if len(self._derived) >= MAX_DERIVED:
            raise RuntimeError(f"more than {MAX_DERIVED} derived indexes on one battlefield (key {key!r})")
        value = self._derived[key] = build()
        return value

    # -- lookups --------------------------------------------------------------------------
    def location(self, ident: str) -> Location:
        try:
            return self.by_id[ident]
        except KeyError:
            raise KeyError(f"no location '{ident}'") from None

    def neighbours(self, ident: str) -> list[str]:
        return sorted({self.locations[s.dst].id for s in self.out[self.location(ident).index]})
