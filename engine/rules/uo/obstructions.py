"""What blocks lines of sight now: the counters placed during play (and set up by the
scenario) that are LOS obstacles on top of the static battlefield (5.1.7.1).

One home for the question, shared by the play (`Situation.sees`), the observation and the
bots' views: Smoke counters (5.2.4.3, 8.2.7.8), Wreck counters (5.2.4.5) and Vehicles
counters of No Man's Land (5.2.3.4). A barricade never blocks LOS (5.2.3.5) and neither does
a toxic cloud (5.2.4.4), so neither is here.

Counters are whole-hex obstacles at the terrain chart's counter levels (`bf.chart.counters`);
`Dynamic` carries them to `engine.battlefield.los`, which already knows how to judge them.
Also here: the drift of a counter group downwind (5.2.4.3-5.2.4.6), which smoke, toxic clouds
and wrecks share, and the other way a counter changes LOS and moves: the breaches opened by
Breach markers (5.2.4.1), which let LOS into their rooms and blocks through.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from ...battlefield import Battlefield, Dynamic, LocKind
from ...battlefield.locations import Location, Pt
from ...geometry.polygons import TOL, bearing, contains_point, dist
from ...model.scenario import Compass, CounterKind
from ...model.sheet import ApertureKind
from .game import Game
from .state import State

#: bearings (degrees clockwise from map north) of the eight compass points (5.2.4.6)
COMPASS_BEARING: dict[Compass, float] = {
    Compass.N: 0.0,
    Compass.NE: 45.0,
    Compass.E: 90.0,
    Compass.SE: 135.0,
    Compass.S: 180.0,
    Compass.SW: 225.0,
    Compass.W: 270.0,
    Compass.NW: 315.0,
}


@dataclass(frozen=True)
class Obstructions:
    """Hex locations holding a counter that blocks LOS, by kind (each kind has its own
    obstacle level on the terrain chart)."""

    smoke: frozenset[str] = frozenset()
    wrecks: frozenset[str] = frozenset()
    vehicles: frozenset[str] = frozenset()
    #: not an obstacle but an opening: breach symbols opened (5.2.4.1), LOS into their rooms
    breaches: frozenset[str] = frozenset()

    def __bool__(self) -> bool:
        """Whether any counter blocks (an opened breach blocks nothing)."""
        return bool(self.smoke or self.wrecks or self.vehicles)

    @property
    def locations(self) -> frozenset[str]:
        """Every location holding an LOS-blocking counter, whatever its kind."""
        return self.smoke | self.wrecks | self.vehicles

    def dynamic(self) -> Dynamic:
        """The battlefield's view of them, for `los.los` / `los.sees`."""
        return Dynamic(
            smoke=self.smoke, wrecks=self.wrecks, vehicles=self.vehicles, opened_breaches=self.breaches
        )


#: a game's Vehicles and Wreck counters of No Man's Land, read once per game (the scenario
#: never changes): kind -> locations
_COUNTERS: WeakKeyDictionary[Game, dict[CounterKind, frozenset[str]]] = WeakKeyDictionary()
#: what never changes of a game's obstructions: the scenario's counters and breaches
_STATIC: WeakKeyDictionary[Game, Obstructions] = WeakKeyDictionary()

NONE = Obstructions()

#: how far a wreck's counter reaches downwind, its own hex included (5.2.4.5: "up to 3
#: hexes in the direction of the wind"), and a smoke fire's (5.2.4.3: "placed in 3 hexes")
WRECK_HEXES = 3
SMOKE_HEXES = 3


def scenario_counters(game: Game, kind: CounterKind) -> frozenset[str]:
    """Locations of the scenario's No Man's Land counters of `kind` (4.2, 5.2.3). Vehicles
    (5.2.3.4) and Wreck counters block LOS face up or down."""
    table = _COUNTERS.get(game)
    if table is None:
        table = {}
        for c in game.scenario.no_mans_land:
            table[c.kind] = table.get(c.kind, frozenset()) | {c.at}
        _COUNTERS[game] = table
    return table.get(kind, frozenset())


def static_part(game: Game) -> Obstructions:
    """The obstructions the scenario sets up, the same all game: its Vehicles and Wreck
    counters and the breaches its Breach markers open."""
    found = _STATIC.get(game)
    if found is None:
        found = _STATIC[game] = Obstructions(
            wrecks=scenario_counters(game, CounterKind.wreck),
            vehicles=scenario_counters(game, CounterKind.vehicles),
            breaches=fixed_breaches(game),
        )
    return found


def blocking(game: Game, state: State) -> Obstructions:
    """The LOS obstacles placed on the map now (5.1.7.1): smoke, wrecks and Vehicles
    counters, with the breaches opened (which let LOS into rooms). A value: equal
    situations give equal answers (callers key caches by it)."""
    static = static_part(game)
    if not (state.smoke or state.wrecks or state.breaches):
        return static
    return Obstructions(
        smoke=frozenset(state.smoke),
        wrecks=wreck_hexes(game, state) | static.wrecks,
        vehicles=static.vehicles,
        breaches=static.breaches | state.breaches,
    )


def wreck_hexes(game: Game, state: State) -> frozenset[str]:
    """The hexes the wrecks of play cover: "placed from the location of the block up to 3
    hexes in the direction of the wind" (5.2.4.5), a wreck in a room staying there."""
    if not state.wrecks:
        return frozenset()
    # (every observation asks, wrecks come seldom: worked out once per game and set of wrecks)
    by_wrecks = _WRECK_HEXES.get(game)
    if by_wrecks is None:
        by_wrecks = _WRECK_HEXES[game] = {}
    wrecks = frozenset(state.wrecks)
    found = by_wrecks.get(wrecks)
    if found is None:
        bf, wind = game.battlefield, game.scenario.wind
        out: set[str] = set()
        for w in wrecks:
            out |= plume(bf, w, wind, WRECK_HEXES) if bf.location(w).kind == LocKind.hex else {w}
        if len(by_wrecks) >= 256:
            by_wrecks.clear()
        found = by_wrecks[wrecks] = frozenset(out)
    return found


#: `wreck_hexes` per game and set of wrecks
_WRECK_HEXES: WeakKeyDictionary[Game, dict[frozenset[str], frozenset[str]]] = WeakKeyDictionary()


def blocking_locations(game: Game, state: State) -> frozenset[str]:
    """`blocking(...)` as one set of locations (whatever the counter)."""
    return blocking(game, state).locations


# -- drifting downwind (5.2.4.3-5.2.4.6) ------------------------------------------------------

#: key of the per-layer hex directions kept on each battlefield (`Battlefield.derived`)
_DIRECTIONS = "uo.obstructions.hex_directions"


def hex_directions(bf: Battlefield, layer: str) -> tuple[float, ...]:
    """The six bearings from a hex centre to its neighbours' on `layer` (0, 60, ... for
    flat-topped hexes; 30, 90, ... for pointy-topped ones), read off the compiled hexes."""
    return bf.derived(_DIRECTIONS, lambda: _directions(bf)).get(layer, tuple(60.0 * k for k in range(6)))


def _directions(bf: Battlefield) -> dict[str, tuple[float, ...]]:
    out: dict[str, tuple[float, ...]] = {}
    for layer in bf.hex_size:
        hexes = [loc for loc in bf.locations if loc.kind == LocKind.hex and loc.layer == layer]
        phase = 0.0
        if len(hexes) > 1:
            first = hexes[0]
            nearest = min(hexes[1:], key=lambda loc: dist(loc.centre, first.centre))
            phase = bearing(first.centre, nearest.centre) % 60.0
        out[layer] = tuple(phase + 60.0 * k for k in range(6))
    return out


def drift_points(bf: Battlefield, start: str, wind: Compass, length: int = 3) -> list[Pt]:
    """The centres of `length` hexes from `start`'s centre going downwind (5.2.4.3: "placed
    in 3 hexes, starting from the targeted hex and in the direction of the wind"; 5.2.4.4
    and 5.2.4.5 the same), in the layer's millimetres: hexes under a building are not
    locations but the drift crosses them all the same. Each step goes to the neighbouring
    hex whose direction is nearest the wind's; a wind between two hex directions (east on a
    grid of flat-topped hexes) ties them, and the one nearer the wind's line through the
    start wins, so the drift zigzags along the wind."""
    here = bf.location(start)
    size = bf.hex_size.get(here.layer, 10.0)
    spacing = size * math.sqrt(3.0)  # between neighbouring centres
    want = COMPASS_BEARING[wind]
    wx, wy = math.sin(math.radians(want)), -math.cos(math.radians(want))  # y grows down the sheet
    nearest = min(abs((d - want + 180.0) % 360.0 - 180.0) for d in hex_directions(bf, here.layer))
    ways = [
        d for d in hex_directions(bf, here.layer) if abs((d - want + 180.0) % 360.0 - 180.0) <= nearest + 1e-6
    ]
    x0, y0 = here.centre
    points = [here.centre]
    while len(points) < length:
        px, py = points[-1]
        options = []
        for d in ways:
            nx = px + spacing * math.sin(math.radians(d))
            ny = py - spacing * math.cos(math.radians(d))
            aside = abs((nx - x0) * wy - (ny - y0) * wx)
            options.append((round(aside, 6), d, (nx, ny)))
        points.append(min(options)[2])
    return points


def covered(bf: Battlefield, layer: str, points: Iterable[Pt]) -> list[str]:
    """Locations of `layer` in the hexes centred on `points`: the hex whose centre is one,
    and every room or zone with part of it in one of those hexes (5.2.4.3: "if the 3 hex
    smoke area covers a building, the rooms in this 3 hex area are crossed by the smoke").
    Points off the map cover nothing."""
    pts = list(points)
    size = bf.hex_size.get(layer, 10.0)
    out = []
    for loc, (x0, y0, x1, y1) in bf.derived(_BOXES, lambda: _boxes(bf)).get(layer, ()):
        if loc.kind == LocKind.hex:
            if any(dist(loc.centre, p) < size * 0.5 for p in pts):
                out.append(loc.id)
        # (a point outside the outline's box is not in the outline: the polygon test only
        # for those inside it, the rooms of a whole map otherwise)
        elif any(
            dist(loc.centre, p) < size * 0.9
            or (x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and contains_point(loc.outline, p))
            for p in pts
        ):
            out.append(loc.id)
    return sorted(out)


#: key of the per-battlefield list of each layer's hexes, rooms and zones with their
#: outlines' bounding boxes (widened by the drawing tolerance contains_point allows)
_BOXES = "uo.obstructions.boxes"


def _boxes(bf: Battlefield) -> dict[str, list[tuple[Location, tuple[float, float, float, float]]]]:
    out: dict[str, list[tuple[Location, tuple[float, float, float, float]]]] = {}
    for loc in bf.locations:
        if loc.kind != LocKind.hex and not loc.interior:
            continue
        xs = [x for x, _ in loc.outline] or [loc.centre[0]]
        ys = [y for _, y in loc.outline] or [loc.centre[1]]
        box = (min(xs) - 2 * TOL, min(ys) - 2 * TOL, max(xs) + 2 * TOL, max(ys) + 2 * TOL)
        out.setdefault(loc.layer, []).append((loc, box))
    return out


#: key of the per-battlefield memo of drifts (start, wind, length) -> locations
_DRIFTS = "uo.obstructions.drifts"


def drift(bf: Battlefield, start: str, wind: Compass, length: int = 3) -> list[str]:
    """The locations a counter group placed at `start` covers after drifting `length` hexes
    downwind (`drift_points`, `covered`); `start` always among them. Kept on the
    battlefield: a wreck's plume is asked for at every LOS question."""
    memo: dict[tuple[str, Compass, int], tuple[str, ...]] = bf.derived(_DRIFTS, dict)
    key = (start, wind, length)
    found = memo.get(key)
    if found is None:
        here = bf.location(start)
        found = memo[key] = tuple(
            sorted(set(covered(bf, here.layer, drift_points(bf, start, wind, length))) | {start})
        )
    return list(found)


def plume(bf: Battlefield, start: str, wind: Compass, length: int = 3) -> frozenset[str]:
    """The hexes of a drift (the LOS obstacles it makes: counters block hexes, 5.1.7.1)."""
    return frozenset(loc for loc in drift(bf, start, wind, length) if bf.location(loc).kind == LocKind.hex)


#: key of the hex-neighbour index kept on each battlefield (`Battlefield.derived`)
_NEIGHBOURS = "uo.obstructions.hex_neighbours"


def hex_neighbours(bf: Battlefield, location: str) -> tuple[str, ...]:
    """Hex locations adjacent to hex `location` on its layer, whatever walls stand between
    ("adjacent hexagons", 8.2.4.3): their centres one hex spacing apart."""
    return bf.derived(_NEIGHBOURS, lambda: _neighbour_index(bf)).get(location, ())


def _neighbour_index(bf: Battlefield) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for layer, size in bf.hex_size.items():
        reach = size * math.sqrt(3.0) * 1.05  # neighbouring centres are sqrt(3) sizes apart
        hexes = [loc for loc in bf.locations if loc.kind == LocKind.hex and loc.layer == layer]
        # buckets one reach wide: each hex looks only in the nine around its own
        buckets: dict[tuple[int, int], list[str]] = {}
        for loc in hexes:
            buckets.setdefault((int(loc.centre[0] // reach), int(loc.centre[1] // reach)), []).append(loc.id)
        for loc in hexes:
            bx, by = int(loc.centre[0] // reach), int(loc.centre[1] // reach)
            out[loc.id] = tuple(
                sorted(
                    other
                    for dx in (-1, 0, 1)
                    for dy in (-1, 0, 1)
                    for other in buckets.get((bx + dx, by + dy), ())
                    if other != loc.id and dist(bf.location(other).centre, loc.centre) <= reach
                )
            )
    return out


# -- breaches opened (5.2.4.1): openings, the other way LOS and moves change ---------------

#: key of the per-battlefield index of the locations each breach joins
_SIDES = "uo.obstructions.breach_sides"
_FIXED: WeakKeyDictionary[Game, frozenset[str]] = WeakKeyDictionary()


def breach_sides(bf: Battlefield, aperture: str) -> tuple[str, ...]:
    """The locations a breach symbol joins once opened: its room or zone and the hexes next
    to it in its fire arc (facade), or the hexes on both sides (outer wall)."""
    return bf.derived(_SIDES, lambda: _sides(bf)).get(aperture, ())


def _sides(bf: Battlefield) -> dict[str, tuple[str, ...]]:
    found: dict[str, set[str]] = {}
    for step in bf.steps:
        if step.breach and step.aperture is not None:
            found.setdefault(step.aperture, set()).update(
                (bf.locations[step.src].id, bf.locations[step.dst].id)
            )
    return {ap: tuple(sorted(locs)) for ap, locs in found.items()}


def fixed_breaches(game: Game) -> frozenset[str]:
    """Breaches the scenario opens at set-up: the breach symbols joining a location where
    either side's scenario places a Breach marker ("set in the hex or room/zone into which
    it is open", 5.2.4.1)."""
    found = _FIXED.get(game)
    if found is None:
        bf = game.battlefield
        marked = {
            loc
            for setup in (game.scenario.sides.green, game.scenario.sides.red)
            for loc in setup.environment.breach_markers.locations
        }
        found = _FIXED[game] = frozenset(
            ap.id
            for ap in bf.apertures.values()
            if ap.kind == ApertureKind.breach and marked.intersection(breach_sides(bf, ap.id))
        )
    return found


def opened_breaches(game: Game, state: State) -> frozenset[str]:
    """Breach symbols open now: the scenario's and those opened in play (8.2.9)."""
    base = static_part(game).breaches
    return base | state.breaches if state.breaches else base


def breach_rooms(game: Game, opened: frozenset[str]) -> frozenset[str | None]:
    """The rooms and zones behind these opened breaches: a LOS with an end in one may pass
    an opened breach (the static LOS table holds every breach closed)."""
    bf = game.battlefield
    return frozenset(bf.apertures[ap].interior for ap in opened if ap in bf.apertures)
