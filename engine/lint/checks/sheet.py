"""Checks of map sheets and underground inserts (L1xx)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path

from ...geometry.polygons import (
    TOL,
    Outline,
    boundary_distance,
    boundary_pieces,
    contains_point,
    polygons_overlap,
    polyline_distance,
    self_crossing,
    signed_area,
)
from ...io.images import ScanProblem, check_scan
from ...io.problems import Severity
from ...io.reading import safe_resolve
from ...model.sheet import SURFACE_TERRAIN, UNDERGROUND_TERRAIN, SheetKind, Terrain, WallKind
from ..context import SheetContext
from ..registry import Finding, check

FMT = "uo-map/1"

#: How far (mm) an aperture may sit from the polyline of its wall.
APERTURE_ON_WALL = 0.5
#: How far (mm) an aperture may sit from the outline of the building its interior is in
#: (facades are drawn on the wall's centre line, outlines on its outer edge).
APERTURE_NEAR_BUILDING = 3.0

Pt = tuple[float, float]
BBox = tuple[float, float, float, float]


def _bbox(poly: Sequence[Pt]) -> BBox:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs), max(ys)


def _bboxes_meet(a: BBox, b: BBox) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _fmt_pt(p: Pt) -> str:
    return f"[{p[0]:g}, {p[1]:g}]"


def _overlapping_pairs(polys: Sequence[Sequence[Pt]]) -> Iterator[tuple[int, int]]:
    """Pairs (i < j) of polygons whose interiors overlap; bounding boxes sort out most pairs."""
    boxes = [_bbox(p) for p in polys]
    order = sorted(range(len(polys)), key=lambda i: boxes[i][0])
    for n, i in enumerate(order):
        for j in order[n + 1 :]:
            if boxes[j][0] >= boxes[i][2]:
                break
            if _bboxes_meet(boxes[i], boxes[j]) and polygons_overlap(polys[i], polys[j]):
                yield min(i, j), max(i, j)


def _ids(ctx: SheetContext) -> Iterator[tuple[str, str]]:
    """Every (id, pointer) that must be unique in a sheet: buildings, rooms, zones, walls,
    apertures, roof accesses, manholes."""
    s = ctx.sheet
    for b, building in enumerate(s.buildings):
        yield building.id, f"/buildings/{b}/id"
        for r, room in enumerate(building.rooms):
            yield room.id, f"/buildings/{b}/rooms/{r}/id"
            for z, zone in enumerate(room.zones):
                yield zone.id, f"/buildings/{b}/rooms/{r}/zones/{z}/id"
        for a, acc in enumerate(building.roof_accesses):
            yield acc.id, f"/buildings/{b}/roof_accesses/{a}/id"
    for w, wall in enumerate(s.walls):
        yield wall.id, f"/walls/{w}/id"
        for a, ap in enumerate(wall.apertures):
            yield ap.id, f"/walls/{w}/apertures/{a}/id"
    for m, manhole in enumerate(s.manholes):
        yield manhole.id, f"/manholes/{m}/id"


@check("L101", "duplicate-id", FMT)
def duplicate_ids(ctx: SheetContext) -> Iterator[Finding]:
    """An id is used twice in a sheet (buildings, rooms, zones, walls, apertures, manholes)."""
    first: dict[str, str] = {}
    for ident, pointer in _ids(ctx):
        if ident in first:
            yield Finding(pointer, f"duplicate id '{ident}' (first used at {first[ident]})")
        else:
            first[ident] = pointer


def _outlines(ctx: SheetContext) -> Iterator[tuple[str, str, Sequence[Pt]]]:
    """(what, pointer, outline) of every building, room and zone."""
    for b, building in enumerate(ctx.sheet.buildings):
        yield f"building '{building.id}'", f"/buildings/{b}/outline", building.outline
        for r, room in enumerate(building.rooms):
            yield f"room '{room.id}'", f"/buildings/{b}/rooms/{r}/outline", room.outline
            for z, zone in enumerate(room.zones):
                yield f"zone '{zone.id}'", f"/buildings/{b}/rooms/{r}/zones/{z}/outline", zone.outline


@check("L102", "self-crossing-outline", FMT)
def self_crossing_outline(ctx: SheetContext) -> Iterator[Finding]:
    """A building, room or zone outline crosses itself (it must be a simple polygon)."""
    for what, pointer, outline in _outlines(ctx):
        if self_crossing(outline):
            yield Finding(pointer, f"the outline of {what} crosses itself; redraw it as a simple polygon")


def _outside(inner: Sequence[Pt], outer: Sequence[Pt], pointer: str) -> str | None:
    """Pointer to the first vertex of `inner` outside `outer`, the outline itself if only
    edges cross, None if `inner` lies within `outer`. O((n + m) log m) with `outer` indexed."""
    shape = Outline(outer)
    covered = shape.covers(inner)
    if not covered.all():
        # the first vertex not covered (numpy's argmin; numpy itself is imported by the
        # geometry that needs it, not by the editor's first frame through this module)
        return f"{pointer}/{int(covered.argmin())}"
    if not shape.covers(boundary_pieces(inner, outer, shape)).all():
        return pointer
    return None


@check("L103", "room-outside-building", FMT)
def room_outside_building(ctx: SheetContext) -> Iterator[Finding]:
    """A room is not inside the outline of its building."""
    for b, building in enumerate(ctx.sheet.buildings):
        for r, room in enumerate(building.rooms):
            where = _outside(room.outline, building.outline, f"/buildings/{b}/rooms/{r}/outline")
            if where is not None:
                yield Finding(
                    where, f"room '{room.id}' is not inside the outline of building '{building.id}'"
                )


@check("L104", "zone-outside-room", FMT)
def zone_outside_room(ctx: SheetContext) -> Iterator[Finding]:
    """A zone is not inside the outline of its room."""
    for b, building in enumerate(ctx.sheet.buildings):
        for r, room in enumerate(building.rooms):
            for z, zone in enumerate(room.zones):
                where = _outside(zone.outline, room.outline, f"/buildings/{b}/rooms/{r}/zones/{z}/outline")
                if where is not None:
                    yield Finding(where, f"zone '{zone.id}' is not inside the outline of room '{room.id}'")


@check("L105", "rooms-overlap", FMT)
def rooms_overlap(ctx: SheetContext) -> Iterator[Finding]:
    """Two rooms of a building overlap (rooms may share walls, not floor)."""
    for b, building in enumerate(ctx.sheet.buildings):
        rooms = building.rooms
        for i, j in _overlapping_pairs([r.outline for r in rooms]):
            yield Finding(
                f"/buildings/{b}/rooms/{j}/outline",
                f"room '{rooms[j].id}' overlaps room '{rooms[i].id}' of building '{building.id}'",
            )


@check("L106", "zones-overlap", FMT)
def zones_overlap(ctx: SheetContext) -> Iterator[Finding]:
    """Two zones of a room overlap (zones may share limits, not floor)."""
    for b, building in enumerate(ctx.sheet.buildings):
        for r, room in enumerate(building.rooms):
            zones = room.zones
            for i, j in _overlapping_pairs([z.outline for z in zones]):
                yield Finding(
                    f"/buildings/{b}/rooms/{r}/zones/{j}/outline",
                    f"zone '{zones[j].id}' overlaps zone '{zones[i].id}' of room '{room.id}'",
                )


@check("L107", "buildings-overlap", FMT)
def buildings_overlap(ctx: SheetContext) -> Iterator[Finding]:
    """Two buildings overlap (buildings may touch, not overlap)."""
    buildings = ctx.sheet.buildings
    for i, j in _overlapping_pairs([bd.outline for bd in buildings]):
        yield Finding(
            f"/buildings/{j}/outline", f"building '{buildings[j].id}' overlaps building '{buildings[i].id}'"
        )


@check("L108", "interior-id-prefix", FMT)
def interior_id_prefix(ctx: SheetContext) -> Iterator[Finding]:
    """A room or zone id does not start with its building id ('32.2' in building '32')."""
    for b, building in enumerate(ctx.sheet.buildings):
        for r, room in enumerate(building.rooms):
            items = [(room.id, f"/buildings/{b}/rooms/{r}/id", "room")]
            items += [
                (z.id, f"/buildings/{b}/rooms/{r}/zones/{k}/id", "zone") for k, z in enumerate(room.zones)
            ]
            for ident, pointer, what in items:
                if ident.rsplit(".", 1)[0] != building.id:
                    yield Finding(
                        pointer,
                        f"{what} id '{ident}' must be '{building.id}.<n>': it is in building '{building.id}'",
                    )


@check("L109", "zone-with-several-apertures", FMT)
def zone_with_several_apertures(ctx: SheetContext) -> Iterator[Finding]:
    """A zone or undivided room has more than one aperture (5.1.2: one aperture per zone)."""
    first: dict[str, str] = {}
    for w, wall in enumerate(ctx.sheet.walls):
        for a, ap in enumerate(wall.apertures):
            if ap.interior is None:
                continue
            if ap.interior in first:
                yield Finding(
                    f"/walls/{w}/apertures/{a}/interior",
                    f"'{ap.interior}' already has aperture {first[ap.interior]};"
                    " a zone or undivided room may have only one aperture (5.1.2)",
                )
            else:
                first[ap.interior] = f"'{ap.id}'"


@check("L110", "aperture-on-inner-wall", FMT)
def aperture_on_inner_wall(ctx: SheetContext) -> Iterator[Finding]:
    """An aperture is on a partition or zone limit (apertures pierce facades and outer walls only)."""
    for w, wall in enumerate(ctx.sheet.walls):
        if wall.kind in (WallKind.partition, WallKind.zone_limit):
            for a, ap in enumerate(wall.apertures):
                yield Finding(
                    f"/walls/{w}/apertures/{a}",
                    f"aperture '{ap.id}' is on {wall.kind.replace('_', ' ')} '{wall.id}';"
                    " apertures go on facades and outer walls only (5.1.3.2)",
                )


@check("L111", "aperture-off-wall", FMT)
def aperture_off_wall(ctx: SheetContext) -> Iterator[Finding]:
    """An aperture's position is not on its wall's polyline."""
    for w, wall in enumerate(ctx.sheet.walls):
        for a, ap in enumerate(wall.apertures):
            d = polyline_distance(ap.at, wall.points)
            if d > APERTURE_ON_WALL:
                yield Finding(
                    f"/walls/{w}/apertures/{a}/at",
                    f"aperture '{ap.id}' at {_fmt_pt(ap.at)} is {d:.2f} mm from wall '{wall.id}';"
                    f" it must lie on the wall (within {APERTURE_ON_WALL} mm)",
                )


@check("L112", "facade-aperture-without-interior", FMT)
def facade_aperture_without_interior(ctx: SheetContext) -> Iterator[Finding]:
    """An aperture in a facade does not name the room or zone behind it (`interior`)."""
    for w, wall in enumerate(ctx.sheet.walls):
        if wall.kind != WallKind.facade:
            continue
        for a, ap in enumerate(wall.apertures):
            if ap.interior is None:
                yield Finding(
                    f"/walls/{w}/apertures/{a}",
                    f"aperture '{ap.id}' in facade '{wall.id}' needs `interior`: the room or zone behind it",
                )


@check("L113", "unknown-aperture-interior", FMT)
def unknown_aperture_interior(ctx: SheetContext) -> Iterator[Finding]:
    """An aperture's `interior` is not an undivided room or a zone of the sheet."""
    rooms_with_zones = {r.id for b in ctx.sheet.buildings for r in b.rooms if r.zones}
    for w, wall in enumerate(ctx.sheet.walls):
        for a, ap in enumerate(wall.apertures):
            if ap.interior is None or ap.interior in ctx.interiors:
                continue
            pointer = f"/walls/{w}/apertures/{a}/interior"
            if ap.interior in rooms_with_zones:
                yield Finding(
                    pointer,
                    f"aperture '{ap.id}' opens into room '{ap.interior}', which is divided: name its zone",
                )
            else:
                yield Finding(pointer, f"aperture '{ap.id}': no room or zone '{ap.interior}' on this sheet")


@check("L114", "aperture-interior-elsewhere", FMT)
def aperture_interior_elsewhere(ctx: SheetContext) -> Iterator[Finding]:
    """An aperture's `interior` is in a building whose outline is not where the aperture is."""
    buildings = ctx.sheet.buildings
    for w, wall in enumerate(ctx.sheet.walls):
        for a, ap in enumerate(wall.apertures):
            if ap.interior is None or ap.interior not in ctx.interior_building:
                continue
            building = buildings[ctx.interior_building[ap.interior]]
            outline = building.outline
            if contains_point(outline, ap.at) or boundary_distance(ap.at, outline) <= APERTURE_NEAR_BUILDING:
                continue
            here = [bd.id for bd in buildings if contains_point(bd.outline, ap.at)]
            hint = f" (it is on building '{here[0]}')" if here else ""
            yield Finding(
                f"/walls/{w}/apertures/{a}/interior",
                f"aperture '{ap.id}' opens into '{ap.interior}' of building '{building.id}',"
                f" but it is not on that building's outline{hint}",
            )


@check("L115", "terrain-off-grid", FMT)
def terrain_off_grid(ctx: SheetContext) -> Iterator[Finding]:
    """A `terrain` entry names a hex that is not on the grid or not playable on the sheet."""
    for label in ctx.sheet.terrain:
        pointer = f"/terrain/{label}"
        if not ctx.grid.contains(label):
            yield Finding(pointer, f"hex {label} is not on the grid of sheet '{ctx.sheet.id}'", key=True)
        elif label not in ctx.on_sheet:
            yield Finding(
                pointer, f"hex {label} is off the sheet or a half-hex that is not playable", key=True
            )


@check("L116", "terrain-wrong-layer", FMT)
def terrain_wrong_layer(ctx: SheetContext) -> Iterator[Finding]:
    """Surface terrain on an underground insert, or underground terrain on a surface sheet."""
    underground = ctx.sheet.kind == SheetKind.underground
    allowed = UNDERGROUND_TERRAIN if underground else SURFACE_TERRAIN
    kind = "an underground insert" if underground else "a surface sheet"
    names = ", ".join(sorted(allowed))

    def bad(t: Terrain) -> bool:
        return t not in allowed

    if bad(ctx.sheet.default_terrain):
        yield Finding("/default_terrain", f"'{ctx.sheet.default_terrain}' is not terrain of {kind} ({names})")
    for label, t in ctx.sheet.terrain.items():
        if bad(t):
            yield Finding(f"/terrain/{label}", f"hex {label}: '{t}' is not terrain of {kind} ({names})")


@check("L117", "manhole-off-grid", FMT)
def manhole_off_grid(ctx: SheetContext) -> Iterator[Finding]:
    """A manhole's hex is not a playable hex of the sheet."""
    for m, manhole in enumerate(ctx.sheet.manholes):
        if manhole.hex not in ctx.on_sheet:
            yield Finding(
                f"/manholes/{m}/hex",
                f"manhole '{manhole.id}': hex {manhole.hex} is not a playable hex of sheet '{ctx.sheet.id}'",
            )


@check("L118", "manhole-without-letter", FMT)
def manhole_without_letter(ctx: SheetContext) -> Iterator[Finding]:
    """A manhole that is not a dummy has no letter (it must lead to an underground zone)."""
    for m, manhole in enumerate(ctx.sheet.manholes):
        if not manhole.dummy and manhole.letter is None:
            yield Finding(
                f"/manholes/{m}",
                f"manhole '{manhole.id}' needs the `letter` of its underground zone (or `dummy: true`)",
            )


@check("L119", "wrong-layer-feature", FMT)
def wrong_layer_feature(ctx: SheetContext) -> Iterator[Finding]:
    """Underground zones or sewer links on a surface sheet, or manholes on an underground insert."""
    s = ctx.sheet
    if s.kind == SheetKind.surface:
        for z, zone in enumerate(s.underground_zones):
            yield Finding(
                f"/underground_zones/{z}",
                f"underground zone '{zone.letter}' on surface sheet '{s.id}':"
                " zones belong on underground inserts",
            )
        for k, link in enumerate(s.sewer_links):
            yield Finding(
                f"/sewer_links/{k}",
                f"sewer link of hex {link.hex} on surface sheet '{s.id}':"
                " sewer links belong on underground inserts",
            )
    else:
        for m, manhole in enumerate(s.manholes):
            yield Finding(
                f"/manholes/{m}",
                f"manhole '{manhole.id}' on underground insert '{s.id}': manholes belong on surface sheets",
            )


@check("L120", "bad-underground-zone-hex", FMT)
def bad_underground_zone_hex(ctx: SheetContext) -> Iterator[Finding]:
    """An underground zone lists a hex that is off the grid, solid, or already in another zone."""
    if ctx.sheet.kind != SheetKind.underground:
        return
    owner: dict[str, str] = {}
    for z, zone in enumerate(ctx.sheet.underground_zones):
        for k, label in enumerate(zone.hexes):
            pointer = f"/underground_zones/{z}/hexes/{k}"
            if label not in ctx.on_sheet:
                yield Finding(
                    pointer, f"zone '{zone.letter}': hex {label} is not a playable hex of the insert"
                )
            elif ctx.terrain(label) == Terrain.solid:
                yield Finding(pointer, f"zone '{zone.letter}': hex {label} is solid, not a sewer or passage")
            elif label in owner and owner[label] != zone.letter:
                yield Finding(pointer, f"hex {label} is in zone '{zone.letter}' and in zone '{owner[label]}'")
            owner.setdefault(label, zone.letter)


@check("L121", "bad-sewer-link-hex", FMT)
def bad_sewer_link_hex(ctx: SheetContext) -> Iterator[Finding]:
    """A sewer link's `hex` is not a sewer hex of the insert."""
    if ctx.sheet.kind != SheetKind.underground:
        return
    for k, link in enumerate(ctx.sheet.sewer_links):
        pointer = f"/sewer_links/{k}/hex"
        if link.hex not in ctx.on_sheet:
            yield Finding(pointer, f"sewer link: hex {link.hex} is not a playable hex of the insert")
        elif ctx.terrain(link.hex) != Terrain.sewer:
            yield Finding(
                pointer,
                f"sewer link: hex {link.hex} is '{ctx.terrain(link.hex)}'; only sewer hexes link up (5.1.6)",
            )


@check("L122", "roof-access-outside", FMT)
def roof_access_outside(ctx: SheetContext) -> Iterator[Finding]:
    """A roof access symbol is not inside a room or zone of its building."""
    for b, building in enumerate(ctx.sheet.buildings):
        for a, acc in enumerate(building.roof_accesses):
            if not any(contains_point(room.outline, acc.at) for room in building.rooms):
                yield Finding(
                    f"/buildings/{b}/roof_accesses/{a}/at",
                    f"roof access '{acc.id}' at {_fmt_pt(acc.at)} is not in a room"
                    f" of building '{building.id}'",
                )


@check("L123", "duplicate-underground-letter", FMT)
def duplicate_underground_letter(ctx: SheetContext) -> Iterator[Finding]:
    """Two underground zones of an insert have the same letter."""
    seen: set[str] = set()
    for z, zone in enumerate(ctx.sheet.underground_zones):
        if zone.letter in seen:
            yield Finding(
                f"/underground_zones/{z}/letter",
                f"underground zone letter '{zone.letter}' is used twice;"
                " merge the zones or pick another letter",
            )
        seen.add(zone.letter)


@check("L124", "zero-area-outline", FMT)
def zero_area_outline(ctx: SheetContext) -> Iterator[Finding]:
    """A building, room or zone outline encloses no area (all its vertices on one line)."""
    for what, pointer, outline in _outlines(ctx):
        # a figure-of-eight's halves cancel out: that one is L102's
        if abs(signed_area(outline)) < TOL * TOL and not self_crossing(outline):
            yield Finding(pointer, f"the outline of {what} encloses no area; its vertices lie on one line")


def _scan(ctx: SheetContext) -> tuple[str, Path, ScanProblem | None] | None:
    """(the path as written, the path, why it cannot be shown) of the sheet's scan; cached on
    the context so that the four scan checks read the file once."""
    background = ctx.sheet.background
    if background is None:
        return None
    cached: tuple[str, Path, ScanProblem | None] | None = getattr(ctx, "_scan_checked", None)
    if cached is None:
        path = Path(background.image)
        if not path.is_absolute():
            path = ctx.doc.path.parent / path
        problem = None
        try:
            check_scan(path)
        except ScanProblem as exc:
            problem = exc
        cached = (background.image, path, problem)
        ctx._scan_checked = cached  # type: ignore[attr-defined]
    return cached


def _scan_findings(ctx: SheetContext, kind: str) -> Iterator[Finding]:
    scan = _scan(ctx)
    if scan is not None and scan[2] is not None and scan[2].kind == kind:
        yield Finding("/background/image", f"scan '{scan[0]}': {scan[2]}")


@check("L125", "scan-unreadable", FMT)
def scan_unreadable(ctx: SheetContext) -> Iterator[Finding]:
    """The sheet's scan is missing, a folder, a device or FIFO, or cannot be read."""
    yield from _scan_findings(ctx, "unreadable")


@check("L126", "scan-not-image", FMT)
def scan_not_image(ctx: SheetContext) -> Iterator[Finding]:
    """The sheet's scan is not a PNG, JPEG, TIFF, BMP, GIF or WebP image, or is damaged or cut short."""
    yield from _scan_findings(ctx, "not-image")


@check("L127", "scan-too-large", FMT)
def scan_too_large(ctx: SheetContext) -> Iterator[Finding]:
    """The sheet's scan has more pixels or bytes than the editor can decode."""
    yield from _scan_findings(ctx, "too-large")


@check("L128", "scan-outside-folder", FMT)
def scan_outside_folder(ctx: SheetContext) -> Iterator[Finding]:
    """The scan's path is absolute or leads out of the sheet's folder (a warning).

    Such a scan does not travel with the sheet, and a shared sheet should not point at
    other files of the computer it is opened on."""
    scan = _scan(ctx)
    if scan is None:
        return
    written, path, _ = scan
    if Path(written).is_absolute():
        yield Finding(
            "/background/image",
            f"scan '{written}' is an absolute path: it will not be found on another computer;"
            " put the scan beside the sheet and name it relative to it",
            severity=Severity.warning,
        )
        return
    folder = safe_resolve(ctx.doc.path.parent)
    if not safe_resolve(path).is_relative_to(folder):
        yield Finding(
            "/background/image",
            f"scan '{written}' is outside the sheet's folder ({folder.name}/):"
            " keep scans in the sheet's folder or below it",
            severity=Severity.warning,
        )
