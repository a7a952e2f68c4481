"""Generate the sample sheet `maps/A-harbour.yaml` and its underground insert `maps/U-sewers.yaml`.

Original content (our own design). Every building, room and zone is a union of whole hexes,
so every outline, facade, partition and zone limit follows hex edges exactly; every
aperture sits at the midpoint of one hex edge of its wall, its fire arc centred on the
outward normal of that edge. Regenerate with:

    .venv/bin/python maps/tools/make_harbour.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.geometry.hexgrid import SQRT3, HexGrid, format_label, parse_label  # noqa: E402
from engine.io.files import save_document  # noqa: E402
from engine.model.sheet import (  # noqa: E402
    Aperture,
    ApertureKind,
    Building,
    FireArc,
    Grid,
    Manhole,
    MapSheet,
    RoofAccess,
    Room,
    SewerLink,
    SheetKind,
    Terrain,
    UndergroundZone,
    Wall,
    WallKind,
    Zone,
)

MAPS = ROOT / "maps"
HEADER = "# yaml-language-server: $schema=../schemas/uo-map-1.schema.json"

# --- the grid ---------------------------------------------------------------------------
# 560 x 390 mm sheet (about 260 x 180 m): hexes about 7 m across the flats. 44 flat-topped
# columns with their centres from x = 0 to x = 560 (half hexes on both side edges) and 27
# rows (half hexes at the top; row 27 of the odd columns falls just off the sheet).
WIDTH, HEIGHT = 560.0, 390.0
COLUMNS, ROWS = 44, 27
SIZE = 8.682  # mm: column 44 centres at x = 559.99, just on the right edge
GRID = Grid(size=SIZE, origin=(0.0, 0.0), columns=COLUMNS, rows=ROWS, stagger="even")
HG = HexGrid(GRID)

Hex = tuple[int, int]
Pt = tuple[float, float]

# Arc widths by aperture kind (degrees), centred on the outward normal.
ARC_WIDTH = {ApertureKind.door: 150, ApertureKind.window: 120, ApertureKind.breach: 90}


def rect(c0: int, c1: int, r0: int, r1: int) -> list[Hex]:
    return [(c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def label(h: Hex) -> str:
    return format_label(*h)


def rp(p: Pt) -> Pt:
    return (round(p[0], 3) + 0.0, round(p[1], 3) + 0.0)


def snap(p: Pt) -> Pt:
    """Hex corners lie on a lattice (x in steps of size/2, y in steps of half a hex height):
    snap them to it so that neighbouring hexes share exactly the same corner values."""
    kx, ky = SIZE / 2, SQRT3 * SIZE / 2
    return rp((round(p[0] / kx) * kx, round(p[1] / ky) * ky))


def hex_edges(h: Hex) -> list[tuple[Pt, Pt, Hex, float]]:
    """The six edges of a hex: (start, end, neighbour across, outward normal bearing).
    Corners go clockwise on the sheet (y down), so region boundaries chain consistently."""
    lab = label(h)
    corners = [snap(p) for p in HG.corners(lab)]
    cx, cy = HG.centre(lab)
    out = []
    for i in range(6):
        ang = math.radians(60 * i + 30)  # screen angle of the edge's outward normal
        nx, ny = cx + SQRT3 * SIZE * math.cos(ang), cy + SQRT3 * SIZE * math.sin(ang)
        nb = HG.to_offset(HG.cube_at(nx, ny))
        bearing = (60 * i + 30 + 90) % 360
        out.append((corners[i], corners[(i + 1) % 6], nb, float(bearing)))
    return out


def chains(edges: list[tuple[Pt, Pt]]) -> list[list[Pt]]:
    """Join oriented edges into polylines (closed loops repeat their first point)."""
    nxt: dict[Pt, Pt] = {}
    for a, b in edges:
        assert a not in nxt, f"branching boundary at {a}"
        nxt[a] = b
    ends = set(nxt.values())
    out = []
    starts = [a for a in nxt if a not in ends]
    for s in starts:  # open chains
        line = [s]
        while line[-1] in nxt:
            p = nxt.pop(line[-1])
            line.append(p)
        out.append(line)
    while nxt:  # closed loops
        s = next(iter(nxt))
        line = [s]
        while line[-1] in nxt:
            line.append(nxt.pop(line[-1]))
        out.append(line)
    return out


def outline(hexes: list[Hex]) -> list[Pt]:
    """Boundary polygon of a simply connected union of hexes."""
    hs = set(hexes)
    loops = chains([(a, b) for h in hexes for a, b, nb, _ in hex_edges(h) if nb not in hs])
    assert len(loops) == 1, f"region is not simply connected: {hexes}"
    loop = loops[0]
    assert loop[0] == loop[-1]
    return loop[:-1]


def arc(bearing: float, width: float) -> FireArc:
    return FireArc(start=(bearing - width / 2) % 360, end=(bearing + width / 2) % 360)


# --- buildings ---------------------------------------------------------------------------
# Each building: id, name, hexes; rooms as (room id, hexes, zones [(zone id, hexes)]);
# apertures as (location id, kind, outward bearing or None); roof accesses as
# (id, hex, bearing). Divided rooms carry ids .91, .92 (they are not locations themselves).
D, W, B = ApertureKind.door, ApertureKind.window, ApertureKind.breach

BUILDINGS: list[dict] = [
    dict(
        id="30",
        name="Chandler's house",
        hexes=rect(3, 4, 3, 5),
        rooms=[
            ("30.1", rect(3, 4, 3, 3), []),
            ("30.2", rect(3, 4, 4, 4), []),
            ("30.3", rect(3, 4, 5, 5), []),
        ],
        apertures=[("30.1", D, 0), ("30.2", W, 240), ("30.3", W, 120)],
        roof=[("R30", (4, 4), 180.0)],
    ),
    dict(
        id="31",
        name="Customs warehouse",
        hexes=rect(6, 8, 3, 5),
        rooms=[
            ("31.1", rect(6, 7, 3, 3), []),
            ("31.2", rect(8, 8, 3, 4), []),
            ("31.91", rect(6, 7, 4, 5), [("31.3", rect(6, 6, 4, 5)), ("31.4", rect(7, 7, 4, 5))]),
            ("31.5", rect(8, 8, 5, 5), []),
        ],
        apertures=[("31.1", D, 0), ("31.2", W, 60), ("31.3", B, 240), ("31.4", W, 180), ("31.5", D, 180)],
        roof=[],
    ),
    dict(
        id="32",
        name="Ropewalk offices",
        hexes=rect(10, 12, 3, 5),
        rooms=[
            ("32.1", rect(10, 10, 3, 5), []),
            ("32.91", rect(11, 12, 3, 4), [("32.2", rect(12, 12, 3, 4)), ("32.3", rect(11, 11, 3, 4))]),
            ("32.4", rect(11, 12, 5, 5), []),
        ],
        apertures=[("32.1", D, 240), ("32.2", W, 0), ("32.3", B, 0), ("32.4", D, 180)],
        # zone 32.2 -> roof -> building 35 (the example of rule 8.1.6 / 8.1.9)
        roof=[("R32", (12, 3), None)],
    ),
    dict(
        id="35",
        name="Ropewalk stores",
        hexes=rect(13, 15, 3, 5),
        rooms=[
            ("35.1", rect(13, 14, 3, 3), []),
            ("35.2", rect(15, 15, 3, 4), []),
            ("35.91", rect(13, 14, 4, 5), [("35.3", rect(13, 13, 4, 5)), ("35.4", rect(14, 14, 4, 5))]),
            ("35.5", rect(15, 15, 5, 5), []),
        ],
        apertures=[("35.1", D, 0), ("35.2", W, 60), ("35.3", W, 180), ("35.4", B, 180), ("35.5", D, 120)],
        roof=[("R35", (13, 3), None)],
    ),
    dict(
        id="34",
        name="Canal bakery",
        hexes=rect(17, 19, 3, 6),
        rooms=[
            ("34.1", rect(17, 17, 3, 4), []),
            ("34.91", rect(18, 19, 3, 4), [("34.2", rect(18, 18, 3, 4)), ("34.3", rect(19, 19, 3, 4))]),
            ("34.4", rect(17, 17, 5, 6), []),
            ("34.5", rect(18, 19, 5, 6), []),
        ],
        apertures=[("34.1", D, 0), ("34.2", W, 0), ("34.3", W, 60), ("34.4", D, 240), ("34.5", B, 180)],
        roof=[("R34", (18, 5), 90.0)],
    ),
    dict(
        id="36",
        name="Town hall",
        hexes=rect(11, 14, 10, 13),
        rooms=[
            ("36.91", rect(11, 12, 10, 11), [("36.1", rect(11, 11, 10, 11)), ("36.2", rect(12, 12, 10, 11))]),
            ("36.3", rect(13, 14, 10, 10), []),
            ("36.4", rect(13, 14, 11, 11), []),
            ("36.92", rect(11, 14, 12, 13), [("36.5", rect(11, 12, 12, 13)), ("36.6", rect(13, 14, 12, 13))]),
        ],
        apertures=[
            ("36.1", W, 240),
            ("36.2", D, 0),
            ("36.3", W, 0),
            ("36.4", B, 120),
            ("36.5", D, 180),
            ("36.6", W, 180),
        ],
        roof=[("R36", (13, 10), 0.0)],
    ),
    dict(
        id="37",
        name="Hotel Mistral",
        hexes=rect(17, 19, 10, 13),
        rooms=[
            ("37.1", rect(17, 17, 10, 11), []),
            ("37.2", rect(18, 19, 10, 11), []),
            ("37.3", rect(17, 19, 12, 12), []),
            ("37.4", rect(17, 19, 13, 13), []),
        ],
        apertures=[("37.1", W, 240), ("37.2", D, 0), ("37.3", W, 60), ("37.4", D, 180)],
        roof=[("R37", (18, 13), 180.0)],
    ),
    dict(
        id="38",
        name="Net loft",
        hexes=rect(4, 7, 17, 19),
        rooms=[
            ("38.91", rect(4, 7, 17, 18), [("38.1", rect(4, 5, 17, 18)), ("38.2", rect(6, 7, 17, 18))]),
            ("38.3", rect(4, 5, 19, 19), []),
            ("38.4", rect(6, 7, 19, 19), []),
        ],
        apertures=[("38.1", D, 0), ("38.2", W, 60), ("38.3", W, 240), ("38.4", D, 180)],
        roof=[],
    ),
    dict(
        id="39",
        name="Seaplane hangar",
        hexes=rect(10, 15, 17, 20),
        vehicles=True,
        rooms=[
            ("39.1", rect(10, 12, 17, 17), []),
            ("39.2", rect(13, 15, 17, 17), []),
            (
                "39.91",
                rect(10, 15, 18, 20),
                [
                    ("39.3", rect(10, 11, 18, 20)),
                    ("39.4", rect(12, 13, 18, 20)),
                    ("39.5", rect(14, 15, 18, 20)),
                ],
            ),
        ],
        apertures=[("39.1", D, 0), ("39.2", W, 0), ("39.3", D, 180), ("39.4", D, 180), ("39.5", B, 120)],
        roof=[("R39", (11, 17), 0.0)],
    ),
    dict(
        id="40",
        name="Harbour master",
        hexes=rect(17, 19, 17, 19),
        rooms=[
            ("40.1", rect(17, 17, 17, 19), []),
            ("40.2", rect(18, 19, 17, 18), []),
            ("40.3", rect(18, 19, 19, 19), []),
        ],
        apertures=[("40.1", D, 240), ("40.2", W, 60), ("40.3", D, 180)],
        roof=[("R40", (18, 18), 90.0)],
    ),
    dict(
        id="41",
        name="Sail maker",
        hexes=rect(24, 26, 3, 5),
        rooms=[
            ("41.1", rect(24, 24, 3, 5), []),
            ("41.2", rect(25, 26, 3, 4), []),
            ("41.3", rect(25, 26, 5, 5), []),
        ],
        apertures=[("41.1", D, 300), ("41.2", W, 0), ("41.3", D, 180)],
        roof=[],
    ),
    dict(
        id="42",
        name="Pharmacy",
        hexes=rect(28, 29, 3, 6),
        rooms=[("42.1", rect(28, 29, 3, 4), []), ("42.2", rect(28, 29, 5, 6), [])],
        apertures=[("42.1", D, 0), ("42.2", W, 120)],
        roof=[("R42", (28, 5), 180.0)],
    ),
    dict(
        id="43",
        name="Villa Oleandri",
        hexes=rect(33, 35, 4, 6),
        rooms=[
            ("43.1", rect(33, 33, 4, 6), []),
            ("43.91", rect(34, 35, 4, 5), [("43.2", rect(34, 34, 4, 5)), ("43.3", rect(35, 35, 4, 5))]),
            ("43.4", rect(34, 35, 6, 6), []),
        ],
        apertures=[("43.1", D, 240), ("43.2", W, 0), ("43.3", W, 60), ("43.4", D, 180)],
        roof=[("R43", (34, 6), 270.0)],
    ),
    dict(
        id="44",
        name="Seamen's mission",
        hexes=rect(38, 41, 3, 5),
        rooms=[
            ("44.1", rect(38, 39, 3, 3), []),
            ("44.2", rect(40, 41, 3, 3), []),
            ("44.3", rect(38, 38, 4, 5), []),
            ("44.91", rect(39, 41, 4, 5), [("44.4", rect(39, 40, 4, 5)), ("44.5", rect(41, 41, 4, 5))]),
        ],
        apertures=[("44.1", D, 0), ("44.2", W, 0), ("44.3", W, 240), ("44.4", D, 180), ("44.5", B, 120)],
        roof=[],
    ),
    dict(
        id="45",
        name="Cold store",
        hexes=rect(25, 28, 10, 12),
        rooms=[
            ("45.1", rect(25, 26, 10, 10), []),
            ("45.2", rect(27, 28, 10, 10), []),
            ("45.3", rect(25, 25, 11, 12), []),
            ("45.4", rect(26, 27, 11, 12), []),
            ("45.5", rect(28, 28, 11, 12), []),
        ],
        apertures=[("45.1", D, 0), ("45.2", W, 0), ("45.3", W, 240), ("45.4", D, 180), ("45.5", B, 120)],
        roof=[("R45", (26, 11), 180.0)],
    ),
    dict(
        id="46",
        name="Nautical school",
        hexes=rect(39, 42, 10, 13),
        rooms=[
            ("46.1", rect(39, 40, 10, 10), []),
            ("46.2", rect(41, 42, 10, 10), []),
            ("46.91", rect(39, 42, 11, 12), [("46.3", rect(39, 40, 11, 12)), ("46.4", rect(41, 42, 11, 12))]),
            ("46.5", rect(39, 40, 13, 13), []),
            ("46.6", rect(41, 42, 13, 13), []),
        ],
        apertures=[
            ("46.1", D, 0),
            ("46.2", W, 0),
            ("46.3", W, 240),
            ("46.4", B, 120),
            ("46.5", D, 180),
            ("46.6", W, 180),
        ],
        roof=[("R46", (40, 12), 270.0)],
    ),
    dict(
        id="47",
        name="Fish market",
        hexes=rect(25, 28, 17, 19),
        rooms=[
            ("47.91", rect(25, 28, 17, 18), [("47.1", rect(25, 26, 17, 18)), ("47.2", rect(27, 28, 17, 18))]),
            ("47.3", rect(25, 26, 19, 19), []),
            ("47.4", rect(27, 28, 19, 19), []),
        ],
        apertures=[("47.1", D, 0), ("47.2", W, 60), ("47.3", D, 180), ("47.4", W, 180)],
        roof=[("R47", (26, 18), 0.0)],
    ),
    dict(
        id="48",
        name="Ship chandlery",
        hexes=rect(39, 42, 17, 19),
        rooms=[
            ("48.1", rect(39, 40, 17, 18), []),
            ("48.2", rect(41, 42, 17, 18), []),
            ("48.3", rect(39, 40, 19, 19), []),
            ("48.4", rect(41, 42, 19, 19), []),
        ],
        apertures=[("48.1", W, 300), ("48.2", D, 0), ("48.3", D, 180), ("48.4", B, 120)],
        roof=[],
    ),
]

# --- free-standing outer walls (garden, courtyard and yard walls) ----------------------
# Each: id, the yard hexes it encloses (the wall runs along the yard boundary where it
# does not touch a building), apertures as (kind, outward bearing, index among the
# candidate edges with that bearing).
OUTER_WALLS: list[dict] = [
    dict(id="OW1", name="customs yard", yard=rect(6, 8, 6, 7), apertures=[(D, 180, 0), (B, 60, 0)]),
    dict(id="OW2", name="villa garden", yard=rect(31, 36, 3, 7), apertures=[(D, 240, 1), (B, 180, 1)]),
    dict(id="OW3", name="container yard", yard=rect(32, 35, 17, 20), apertures=[(D, 180, 1), (B, 300, 0)]),
]

# --- terrain -------------------------------------------------------------------------------
TERRAIN: dict[Hex, Terrain] = {}


def paint(hexes: list[Hex], t: Terrain) -> None:
    for h in hexes:
        TERRAIN[h] = t


# the harbour basin (rows 23+), with a stone pier
paint(rect(1, 44, 23, 27), Terrain.water)
paint(rect(10, 11, 23, 25), Terrain.narrows)  # the pier
paint([(36, 22), (37, 22)], Terrain.vehicle_impassable)  # landing steps on the quay
# the canal: an open sewer from the north edge to the harbour, two bridges
paint([(22, r) for r in range(1, 23) if r not in (8, 15)], Terrain.open_sewer)
# alleys
paint(rect(5, 5, 3, 7), Terrain.narrows)
paint(rect(10, 15, 6, 6), Terrain.narrows)
paint(rect(20, 20, 3, 7), Terrain.narrows)
paint(rect(27, 27, 3, 7), Terrain.narrows)
paint(rect(43, 43, 17, 20), Terrain.narrows)
# West park: woods, a hillock, a pond, stairs
paint([(3, 10), (4, 10), (3, 11), (4, 11), (5, 11), (3, 12), (4, 12)], Terrain.woods)
paint([(6, 12), (7, 12), (6, 13), (7, 13)], Terrain.hillock)
paint([(4, 13), (4, 14)], Terrain.water)
paint([(6, 10), (7, 10)], Terrain.vehicle_impassable)
# East park
paint([(32, 10), (33, 10), (32, 11), (33, 11), (34, 11)], Terrain.woods)
paint([(34, 13), (35, 12), (35, 13), (36, 13)], Terrain.hillock)
paint([(31, 13), (31, 14)], Terrain.vehicle_impassable)
# villa garden trees, container stacks
paint([(31, 4), (32, 4), (31, 5)], Terrain.woods)
paint([(33, 18), (34, 18)], Terrain.vehicle_impassable)
paint([(33, 19), (34, 19)], Terrain.narrows)

MANHOLES = [
    Manhole(id="MH-A", hex="0911", letter="A"),
    Manhole(id="MH-B", hex="3012", letter="B"),
    Manhole(id="MH-X", hex="1619", dummy=True),
]


# --- building the sheet ----------------------------------------------------------------
def locations_of(spec: dict) -> dict[str, list[Hex]]:
    out = {}
    for rid, hexes, zones in spec["rooms"]:
        if zones:
            for zid, zh in zones:
                out[zid] = zh
        else:
            out[rid] = hexes
    return out


def boundary_between(a: set[Hex], b: set[Hex]) -> list[list[Pt]]:
    return chains([(p, q) for h in sorted(a) for p, q, nb, _ in hex_edges(h) if nb in b])


def build_sheet() -> MapSheet:
    building_hex: dict[Hex, str] = {}
    for spec in BUILDINGS:
        for h in spec["hexes"]:
            assert h not in building_hex, f"{h} in two buildings"
            building_hex[h] = spec["id"]

    buildings: list[Building] = []
    walls: list[Wall] = []
    for spec in BUILDINGS:
        bid = spec["id"]
        bhexes = set(spec["hexes"])
        # rooms tile the building; zones tile their room
        room_union = [h for _, hs, _ in spec["rooms"] for h in hs]
        assert sorted(room_union) == sorted(bhexes), f"rooms of {bid} do not tile it"
        rooms = []
        for rid, hexes, zones in spec["rooms"]:
            if zones:
                zu = [h for _, zh in zones for h in zh]
                assert sorted(zu) == sorted(hexes), f"zones of {rid} do not tile it"
            rooms.append(
                Room(
                    id=rid,
                    outline=outline(hexes),
                    zones=[Zone(id=zid, outline=outline(zh)) for zid, zh in zones],
                )
            )
        locs = locations_of(spec)
        loc_of_hex = {h: lid for lid, hs in locs.items() for h in hs}

        # facade: the outline, closed; apertures at edge midpoints
        poly = outline(spec["hexes"])
        facade = Wall(id=f"F{bid}", kind=WallKind.facade, points=[*poly, poly[0]])
        seen_locs = set()
        for lid, kind, bearing in spec["apertures"]:
            assert lid in locs, lid
            assert lid not in seen_locs, f"two apertures in {lid}"
            seen_locs.add(lid)
            cands = [
                (p, q, bb)
                for h in locs[lid]
                for p, q, nb, bb in hex_edges(h)
                if nb not in bhexes and nb not in building_hex and (bearing is None or bb == bearing)
            ]
            assert cands, f"no facade edge for {lid} facing {bearing}"
            p, q, bb = cands[len(cands) // 2]
            mid = rp(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
            facade.apertures.append(
                Aperture(
                    id=f"{kind.value[0].upper()}{lid}",
                    kind=kind,
                    at=mid,
                    interior=lid,
                    arc=arc(bb, ARC_WIDTH[kind]),
                )
            )
        walls.append(facade)

        # partitions between rooms, zone limits between zones of a room
        rlist = spec["rooms"]
        n = 0
        for i in range(len(rlist)):
            for j in range(i + 1, len(rlist)):
                for line in boundary_between(set(rlist[i][1]), set(rlist[j][1])):
                    n += 1
                    walls.append(Wall(id=f"P{bid}-{n}", kind=WallKind.partition, points=line))
        n = 0
        for _, _, zones in rlist:
            for i in range(len(zones)):
                for j in range(i + 1, len(zones)):
                    for line in boundary_between(set(zones[i][1]), set(zones[j][1])):
                        n += 1
                        walls.append(Wall(id=f"Z{bid}-{n}", kind=WallKind.zone_limit, points=line))

        # roof accesses
        accesses = []
        for aid, h, bearing in spec["roof"]:
            assert h in loc_of_hex, f"roof access {aid} not in a location of {bid}"
            accesses.append(RoofAccess(id=aid, at=rp(HG.centre(label(h))), direction=bearing or 0.0))
        buildings.append(
            Building(
                id=bid,
                name=spec["name"],
                outline=poly,
                vehicles_may_enter=spec.get("vehicles", False),
                rooms=rooms,
                roof_accesses=accesses,
            )
        )

    # roof-to-roof: the arrows of 32 (zone 32.2) and 35 (room 35.1) point at each other
    by_id = {b.id: b for b in buildings}
    a32, a35 = by_id["32"].roof_accesses[0], by_id["35"].roof_accesses[0]
    dx, dy = a35.at[0] - a32.at[0], a35.at[1] - a32.at[1]
    toward = round(math.degrees(math.atan2(dx, -dy)) % 360, 1)
    a32.direction = toward
    a35.direction = round((toward + 180) % 360, 1)

    # outer walls: along each yard's boundary where it does not touch a building
    for spec in OUTER_WALLS:
        yard = set(spec["yard"]) - set(building_hex)
        edges = [
            (p, q, bb)
            for h in sorted(yard)
            for p, q, nb, bb in hex_edges(h)
            if nb not in yard and nb not in building_hex
        ]
        lines = chains([(p, q) for p, q, _ in edges])
        for k, line in enumerate(lines, 1):
            wid = spec["id"] if len(lines) == 1 else f"{spec['id']}-{k}"
            walls.append(Wall(id=wid, kind=WallKind.outer_wall, points=line))
        bearing_of = {(p, q): bb for p, q, bb in edges}
        for kind, bearing, index in spec["apertures"]:
            cands = [(p, q) for p, q, bb in edges if bb == bearing]
            p, q = cands[index]
            mid = rp(((p[0] + q[0]) / 2, (p[1] + q[1]) / 2))
            wall = next(
                w
                for w in walls
                if w.kind == WallKind.outer_wall
                and w.id.startswith(spec["id"])
                and any(w.points[i] == p and w.points[i + 1] == q for i in range(len(w.points) - 1))
            )
            wall.apertures.append(
                Aperture(
                    id=f"{wall.id}-{'gate' if kind == D else kind.value}",
                    kind=kind,
                    at=mid,
                    arc=arc(bearing_of[(p, q)], ARC_WIDTH[kind]),
                )
            )

    # terrain: nothing under buildings, streets are clear by default
    for h in TERRAIN:
        assert h not in building_hex, f"terrain painted under a building at {label(h)}"
    for m in MANHOLES:
        assert parse_label(m.hex) not in building_hex and parse_label(m.hex) not in TERRAIN, m
    terrain = {
        label(h): t
        for h, t in sorted(TERRAIN.items(), key=lambda kv: (kv[0][0], kv[0][1]))
        if HG.is_on_sheet(label(h), WIDTH, HEIGHT)
    }

    return MapSheet(
        id="A",
        kind=SheetKind.surface,
        title="Porto Sale: the harbour",
        description=(
            "Original sample sheet for UO Studio (generated by maps/tools/make_harbour.py; edit the"
            " generator, not this file). A small harbour town cut by a canal (open sewer) running into"
            " the basin; two bridges; parks with woods and hillocks; walled yards; a seaplane hangar"
            " (building 39) that vehicles may enter. Buildings 32 and 35 are contiguous and their roof"
            " access arrows point at each other (zone 32.2 -> roof -> building 35). Manholes A and B"
            " lead to insert U; the third is a dummy."
        ),
        size=(WIDTH, HEIGHT),
        grid=GRID,
        default_terrain=Terrain.clear,
        terrain=terrain,
        buildings=buildings,
        walls=walls,
        manholes=MANHOLES,
    )


# --- the underground insert ----------------------------------------------------------------
U_COLUMNS, U_ROWS = 12, 7
U_GRID = Grid(
    size=SIZE, origin=(SIZE, round(SQRT3 / 2 * SIZE, 4)), columns=U_COLUMNS, rows=U_ROWS, stagger="even"
)
U_SIZE = (round(SIZE * (2 + (U_COLUMNS - 1) * 1.5), 1), round(SQRT3 * SIZE * (U_ROWS + 0.5), 1))


def build_insert() -> MapSheet:
    terrain: dict[Hex, Terrain] = {}
    for c in range(1, U_COLUMNS + 1):  # the main collector, east-west
        terrain[(c, 4)] = Terrain.sewer
    for h in [(3, 1), (3, 2), (3, 3), (10, 1), (10, 2), (10, 3), (6, 5), (6, 6), (7, 6), (8, 6)]:
        terrain[h] = Terrain.passage
    return MapSheet(
        id="U",
        kind=SheetKind.underground,
        title="Porto Sale: the collector sewer",
        description=(
            "Underground insert for sheet A (generated by maps/tools/make_harbour.py). Zone A is reached"
            " from manhole A (A0911), zone B from manhole B (A3012); the collector joins the canal"
            " (open sewer) at A2212 and A2213."
        ),
        size=U_SIZE,
        grid=U_GRID,
        default_terrain=Terrain.solid,
        terrain={label(h): t for h, t in sorted(terrain.items())},
        underground_zones=[
            UndergroundZone(letter="A", hexes=["0301", "0302"]),
            UndergroundZone(letter="B", hexes=["1001", "1002"]),
        ],
        sewer_links=[SewerLink(hex="0604", surface="A2212"), SewerLink(hex="0704", surface="A2213")],
    )


def main() -> None:
    sheet = build_sheet()
    save_document(sheet, MAPS / "A-harbour.yaml", header=HEADER)
    insert = build_insert()
    save_document(insert, MAPS / "U-sewers.yaml", header=HEADER)
    print("wrote", MAPS / "A-harbour.yaml", "and", MAPS / "U-sewers.yaml")


if __name__ == "__main__":
    main()
