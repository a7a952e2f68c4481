"""Line of sight between centre dots, rules-exact (5.1.7), explaining itself like VASL's
LOSResult: clear or blocked, the blocking obstacle, where, and the rule section.

The answer is reciprocal by construction: the pair is put in a canonical order before any
rule is applied (5.1.7: "The lines of sight are reciprocal").
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass

from ..geometry.polygons import (
    bearing,
    dist,
    in_arc,
    segment_distance,
    segment_intersection,
    strictly_inside,
)
from ..model.kinds import ApertureKind
from .battlefield import ApertureInfo, Battlefield
from .footprint import SLACK
from .locations import NO_DYNAMIC, SURFACE, Dynamic, Location, LocKind, Pt

SQRT3 = math.sqrt(3.0)

#: a building and the edges of its outline (indices) a line of sight passes through: the
#: facade segment holding the aperture it ends at
Facade = tuple[str, frozenset[int]]


@dataclass(frozen=True)
class LosResult:
    clear: bool
    reason: str
    rule: str
    blocker: str | None = None  # what blocks: "wall W3 (facade)", "hex A0512 (woods)", ...
    point: Pt | None = None  # where the line meets it
    via: str | None = None  # the aperture a clear LOS into a building passes through

    def to_json(self) -> dict[str, object]:
        out = asdict(self)
        if self.point is not None:
            out["point"] = [round(self.point[0], 2), round(self.point[1], 2)]
        return out


@dataclass(frozen=True)
class Obstacle:
    level: int
    what: str
    t: float  # where the line first meets it, 0 at pa
    entry: Pt  # first and last points of the line on it (the same for a wall segment)
    exit: Pt
    centre: Pt | None = None  # an obstacle hex's centre: its blind hex is a neighbour


def los(bf: Battlefield, a: str, b: str, dyn: Dynamic = NO_DYNAMIC) -> LosResult:
    la, lb = bf.location(a), bf.location(b)
    if la.id > lb.id:  # canonical order: the same reasoning whichever end asks
        la, lb = lb, la
    return _los(bf, la, lb, dyn)


def sees(bf: Battlefield, a: str, b: str, dyn: Dynamic = NO_DYNAMIC) -> bool:
    """Whether a and b see each other: a table lookup when no counter or opened breach is
    in play, the exact rule otherwise."""
    if not (dyn.smoke or dyn.wrecks or dyn.vehicles or dyn.opened_breaches):
        return bf.los_table.clear(a, b)
    return los(bf, a, b, dyn).clear


def _los(bf: Battlefield, a: Location, b: Location, dyn: Dynamic) -> LosResult:
    if a.index == b.index:
        return LosResult(True, "same location", "5.1.7")
    if a.layer != b.layer:
        return LosResult(
            False, "the underground and the surface never see each other", "5.1.5", blocker="ground"
        )
    if a.interior and b.interior:
        if a.room == b.room and a.building == b.building:
            return LosResult(True, f"{a.id} and {b.id} are zones of the same room", "5.1.2")
        return LosResult(False, "no line of sight from one room to another", "8.2.5.3", blocker="walls")
    if a.interior or b.interior:
        inside, outside = (a, b) if a.interior else (b, a)
        return _into_building(bf, inside, outside, dyn)
    return _between(bf, a, b, a.centre, b.centre, dyn, ignore=frozenset())


def _into_building(bf: Battlefield, inside: Location, outside: Location, dyn: Dynamic) -> LosResult:
    """5.1.7 and 8.2.5.3: into or out of a building only through an aperture of that room
    or zone whose fire arc holds the outside location."""
    if outside.kind == LocKind.roof and outside.building == inside.building:
        return LosResult(
            False,
            f"a roof does not see into its own building ({inside.id})",
            "5.1.7.3",
            blocker=f"building {inside.building}",
        )
    apertures = [ap for ap in bf.apertures.values() if ap.interior == inside.id]
    usable = [ap for ap in apertures if _open(ap, dyn)]
    in_arc_aps = [ap for ap in usable if in_arc(bearing(ap.at, outside.centre), *ap.arc)]
    if not in_arc_aps:
        if not apertures:
            why = f"{inside.id} has no aperture"
        elif not usable:
            why = f"the breach of {inside.id} is not opened"
        else:
            why = f"{outside.id} is not in the fire arc of {', '.join(ap.id for ap in usable)}"
        return LosResult(False, why, "5.1.7", blocker=f"building {inside.building}")
    first: LosResult | None = None
    for ap in sorted(in_arc_aps, key=lambda ap: dist(ap.at, outside.centre)):
        # the line from outside to the aperture: only the facade segment holding the
        # aperture lets it through (5.1.3.1); the rest of the building's outline still
        # obstructs (8.2.5.3: "in the aperture fire arc and the LOS is clear")
        building = inside.building or ""
        result = _between(
            bf,
            outside,
            inside,
            outside.centre,
            ap.at,
            dyn,
            ignore=frozenset(),
            end_at_wall=True,
            facade=(building, facade_edges(bf.buildings.get(building, ()), ap.at)),
        )
        if result.clear:
            return LosResult(True, f"through {ap.kind} {ap.id} of {inside.id}", "5.1.7", via=ap.id)
        first = first or result
    assert first is not None
    return first


def facade_edges(outline: tuple[Pt, ...], at: Pt) -> frozenset[int]:
    """Indices of the outline's edges holding an aperture at `at` (edge i runs from vertex i
    to vertex i + 1): the facade segment a line of sight into the building passes through.
    Two at a corner; the tolerance is the one that makes a wall a building's (footprint)."""
    n = len(outline)
    return frozenset(i for i in range(n) if segment_distance(at, outline[i], outline[(i + 1) % n]) <= SLACK)


def _open(ap: ApertureInfo, dyn: Dynamic) -> bool:
    return ap.kind != ApertureKind.breach or ap.id in dyn.opened_breaches


def _between(
    bf: Battlefield,
    a: Location,
    b: Location,
    pa: Pt,
    pb: Pt,
    dyn: Dynamic,
    ignore: frozenset[str],
    end_at_wall: bool = False,
    facade: Facade | None = None,
) -> LosResult:
    """Obstacles on the segment pa-pb between locations a and b, judged by level (5.1.7.2,
    5.1.7.3). `ignore`: buildings whose walls do not count (a roof's own building);
    `facade`: a building and the edges of its outline the line passes through (an
    aperture's)."""
    low, high = sorted((a.stand, b.stand))
    size = bf.hex_size.get(a.layer, 1.0)
    for roof in (a, b):
        if roof.kind == LocKind.roof and roof.building:
            ignore = ignore | {roof.building}
    if a.layer != SURFACE:
        rock = _rock(bf, a, pa, pb)
        if rock is not None:
            return LosResult(False, "solid rock between the two underground locations", "5.1.7", "rock", rock)
    step = SQRT3 * size
    for ob in obstacles(bf, a, b, pa, pb, dyn, ignore, end_at_wall, facade):
        blocked = _blocking(ob, a, b, low, high, step)
        if blocked is not None:
            return blocked
    return LosResult(True, "no obstacle", "5.1.7")


def _blocking(ob: Obstacle, a: Location, b: Location, low: int, high: int, step: float) -> LosResult | None:
    """Whether one obstacle blocks the line between a and b (ends standing at levels `low`
    and `high`) by its level (5.1.7.2, 5.1.7.3), and why; None if the line passes it. Each
    obstacle is judged on its own: the line is blocked if any one blocks it."""
    level = ob.level
    if high < level:
        return LosResult(
            False,
            f"visual obstruction: {ob.what} (level {level}) is higher than both ends",
            "5.1.7.2",
            ob.what,
            ob.entry,
        )
    if high == level and low < level:
        return LosResult(
            False,
            f"plateau effect: {ob.what} (level {level}) is level with the higher end",
            "5.1.7.2",
            ob.what,
            ob.entry,
        )
    if low < level < high:
        lower = a if a.stand == low else b
        if blind(lower.centre, ob, step):
            return LosResult(
                False,
                f"blind hex: {lower.id} lies right behind {ob.what} (level {level})",
                "5.1.7.3",
                ob.what,
                ob.entry,
            )
    return None


def clear_past_counters(bf: Battlefield, a: str, b: str, dyn: Dynamic) -> bool:
    """`los(bf, a, b, dyn).clear` for a pair whose static line of sight is clear (the LOS
    table's answer: no counter, every breach closed). Between two locations outside
    buildings on the surface the static obstacles let the line through already and each
    obstacle blocks or not on its own (`_blocking`), so only the hexes of dyn's counters
    (5.1.7.1) are left to judge; the line holds no aperture, so opened breaches change
    nothing. Any other pair (an end inside a building: each aperture's line judged whole)
    gets the whole rule."""
    la, lb = bf.location(a), bf.location(b)
    if la.id > lb.id:  # canonical order, as `los`
        la, lb = lb, la
    if la.interior or lb.interior or la.layer != SURFACE or lb.layer != SURFACE or la.index == lb.index:
        return _los(bf, la, lb, dyn).clear
    low, high = sorted((la.stand, lb.stand))
    step = SQRT3 * bf.hex_size.get(la.layer, 1.0)
    found: list[Obstacle] = []
    _hex_hits(bf, la, lb, la.centre, lb.centre, _counter_hexes(bf, dyn), found)
    return all(_blocking(ob, la, lb, low, high, step) is None for ob in found)


def blind(p: Pt, ob: Obstacle, step: float) -> bool:
    """5.1.7.3: the location right behind an obstacle, on a lower level, is blind: a
    neighbour of an obstacle hex, or within one hex of where the line meets a wall or
    building."""
    if ob.centre is not None:
        return dist(p, ob.centre) <= step * 1.05
    return min(dist(p, ob.entry), dist(p, ob.exit)) <= step


def obstacles(
    bf: Battlefield,
    a: Location,
    b: Location,
    pa: Pt,
    pb: Pt,
    dyn: Dynamic,
    ignore: frozenset[str],
    end_at_wall: bool = False,
    facade: Facade | None = None,
) -> list[Obstacle]:
    """Obstacles the segment pa-pb meets, nearest pa first. A building blocks along its
    outline (its facades and partitions lie on or inside it), free-standing walls along
    their lines, obstacle hexes over their whole surface and sides (5.1.7.1). `facade`:
    the outline edges of one building that do not count (those holding the aperture the
    line ends at)."""
    levels = bf.levels  # (plain data: a battlefield read from disk answers without pydantic)
    found: list[Obstacle] = []
    index = bf.wall_index.get(a.layer)
    if index is not None:
        for t, piece in index.meeting(pa, pb):
            level = levels.walls[piece.kind]
            if level is None or bf.piece_buildings.get(piece):
                continue  # inner walls count through their building's outline
            if end_at_wall and t >= 1.0 - 1e-6:
                continue  # the wall the line ends on (an aperture's)
            point = (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)
            found.append(Obstacle(level, f"{piece.kind.replace('_', ' ')} {piece.wall}", t, point, point))
    if a.layer == SURFACE:
        # the segment's box against each outline's (kept with the battlefield): _hits' own
        # first test, without working out the outline's box at every question
        x0, x1 = (pa[0], pb[0]) if pa[0] <= pb[0] else (pb[0], pa[0])
        y0, y1 = (pa[1], pb[1]) if pa[1] <= pb[1] else (pb[1], pa[1])
        building_boxes = bf.derived(_BOXES, lambda: _outline_boxes(bf))[0]
        for bid, outline in bf.buildings.items():
            bx0, bx1, by0, by1 = building_boxes[bid]
            if x1 < bx0 or x0 > bx1 or y1 < by0 or y0 > by1 or bid in ignore:
                continue
            skip = facade[1] if facade is not None and facade[0] == bid else frozenset()
            hits = _hits(pa, pb, outline, skip=skip)
            if hits is not None:
                (t, entry), (_, exit_) = hits
                level = bf.building_level.get(bid, levels.facade)
                found.append(Obstacle(level, f"building {bid}", t, entry, exit_))
        _hex_hits(bf, a, b, pa, pb, _hex_obstacles(bf, dyn), found)
    found.sort(key=lambda ob: ob.t)
    return found


def _hex_hits(
    bf: Battlefield,
    a: Location,
    b: Location,
    pa: Pt,
    pb: Pt,
    hexes: list[tuple[Location, int, str]],
    found: list[Obstacle],
) -> None:
    """Append to `found` the obstacle hexes (`_hex_obstacles`) the segment pa-pb meets, in
    their order, ends a and b excepted."""
    x0, x1 = (pa[0], pb[0]) if pa[0] <= pb[0] else (pb[0], pa[0])
    y0, y1 = (pa[1], pb[1]) if pa[1] <= pb[1] else (pb[1], pa[1])
    hex_boxes = bf.derived(_BOXES, lambda: _outline_boxes(bf))[1]
    for loc, level, what in hexes:
        if loc.index in (a.index, b.index):
            continue  # a block is not hidden by the hex it stands in
        box = hex_boxes.get(loc.index)
        if box is None:
            box = hex_boxes[loc.index] = _box(loc.outline)
        if x1 < box[0] or x0 > box[1] or y1 < box[2] or y0 > box[3]:
            continue
        hits = _hits(pa, pb, loc.outline, inside_counts=True)
        if hits is not None:
            (t, entry), (_, exit_) = hits
            found.append(Obstacle(level, f"{what} in {loc.id}", t, entry, exit_, loc.centre))


#: how far outside an outline's box a segment may end and still be tested (`_hits`: a line
#: along a side touches it)
_SLACK = 1e-6
#: key of the per-battlefield boxes (min x, max x, min y, max y, widened by _SLACK as _hits
#: widens them) of the buildings' outlines (by building id) and of the obstacle hexes' (by
#: location index, filled as asked)
_BOXES = "los.outline_boxes"

Box = tuple[float, float, float, float]


def _box(outline: tuple[Pt, ...]) -> Box:
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    return min(xs) - _SLACK, max(xs) + _SLACK, min(ys) - _SLACK, max(ys) + _SLACK


def _outline_boxes(bf: Battlefield) -> tuple[dict[str, Box], dict[int, Box]]:
    return {bid: _box(outline) for bid, outline in bf.buildings.items()}, {}


def _hex_obstacles(bf: Battlefield, dyn: Dynamic) -> list[tuple[Location, int, str]]:
    """Hexes that block whole (5.1.7.1): woods, hillocks, and Smoke, Wreck, Vehicles counters."""
    levels = bf.levels
    out: list[tuple[Location, int, str]] = []
    for loc in bf.terrain_obstacles:
        assert loc.terrain is not None
        level = levels.hexes[loc.terrain]
        assert level is not None
        out.append((loc, level, loc.terrain.value))
    out.extend(_counter_hexes(bf, dyn))
    return out


def _counter_hexes(bf: Battlefield, dyn: Dynamic) -> list[tuple[Location, int, str]]:
    """The hexes of dyn's Smoke, Wreck and Vehicles counters, which block whole (5.1.7.1)."""
    levels = bf.levels
    out: list[tuple[Location, int, str]] = []
    for ids, level, what in (
        (dyn.smoke, levels.smoke, "smoke"),
        (dyn.wrecks, levels.wreck, "wreck"),
        (dyn.vehicles, levels.vehicles, "vehicles counter"),
    ):
        for ident in sorted(ids):
            counter = bf.by_id.get(ident)
            if counter is not None and counter.kind == LocKind.hex:
                out.append((counter, level, what))
    return out


def _hits(
    pa: Pt,
    pb: Pt,
    outline: tuple[Pt, ...],
    inside_counts: bool = False,
    skip: frozenset[int] = frozenset(),
) -> tuple[tuple[float, Pt], tuple[float, Pt]] | None:
    """First and last points where segment pa-pb meets a polygon's outline (touching
    counts: obstacles cover their sides, 5.1.7.1), or None. Edges in `skip` (by index) do
    not count."""
    xs = [p[0] for p in outline]
    ys = [p[1] for p in outline]
    slack = _SLACK  # a line along a side touches it: keep it for the exact test below
    if max(pa[0], pb[0]) < min(xs) - slack or min(pa[0], pb[0]) > max(xs) + slack:
        return None
    if max(pa[1], pb[1]) < min(ys) - slack or min(pa[1], pb[1]) > max(ys) + slack:
        return None
    ts = []
    n = len(outline)
    for i in range(n):
        if i in skip:
            continue
        hit = segment_intersection(pa, pb, outline[i], outline[(i + 1) % n])
        if hit is not None:
            ts.append(hit[0])
    if not ts:
        if inside_counts and strictly_inside(outline, pa):
            return (0.0, pa), (0.0, pa)
        return None
    lo, hi = min(ts), max(ts)

    def at(t: float) -> Pt:
        return (pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)

    return (lo, at(lo)), (hi, at(hi))


def _rock(bf: Battlefield, a: Location, pa: Pt, pb: Pt) -> Pt | None:
    """First point of the line inside a hex of the insert that is not a location."""
    insert_id, grid = bf.grids[a.layer]
    size = bf.hex_size[a.layer]
    n = max(2, int(dist(pa, pb) / (0.25 * size)) + 1)
    for k in range(n + 1):
        p = (pa[0] + (pb[0] - pa[0]) * k / n, pa[1] + (pb[1] - pa[1]) * k / n)
        label = grid.label_at(*p)
        if label is None or (insert_id + label) not in bf.by_id:
            return p
    return None
