"""Generated towns for the battlefield benchmarks: a sheet of about 1,000 hexes, 150 rooms
and 1,500 wall segments, with buildings NOT aligned to the hex grid (as on a scanned map),
and assemblies of 1 to 16 such sheets (`assembly`; the battlefield bench uses two)."""

from __future__ import annotations

import math
import random

from engine.battlefield import Placement
from engine.model.sheet import (
    Aperture,
    ApertureKind,
    Building,
    FireArc,
    Grid,
    MapSheet,
    RoofAccess,
    Room,
    Terrain,
    Wall,
    WallKind,
)

Pt = tuple[float, float]
SIZE = 8.5
COLUMNS, ROWS = 46, 30


def _split(a: Pt, b: Pt, n: int) -> list[Pt]:
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]


def _bearing(dx: float, dy: float) -> float:
    return math.degrees(math.atan2(dx, -dy)) % 360.0


def make_sheet(sheet_id: str, seed: int, columns: int = COLUMNS, rows: int = ROWS) -> MapSheet:
    """A generated town sheet of `columns` x `rows` hexes (default 46 x 30, about 1,000 hexes
    and 25 buildings); smaller sheets keep the same density of buildings and walls, so
    generated scenarios compile and load in a second or two."""
    rng = random.Random(seed)
    width = (columns - 1) * 1.5 * SIZE + 2 * SIZE
    height = rows * math.sqrt(3) * SIZE + SIZE
    buildings: list[Building] = []
    walls: list[Wall] = []
    number = 0
    # a lattice of blocks with streets between them: 5 x 5 on a full sheet, a block about
    # every 9 columns and 6 rows on a smaller one
    across = max(1, round(5 * columns / COLUMNS))
    down = max(1, round(5 * rows / ROWS))
    cell_w, cell_h = (width - 20) / across, (height - 20) / down
    for bx in range(across):
        for by in range(down):
            number += 1
            bid = f"{sheet_id}{number}"
            w = rng.uniform(0.45, 0.62) * cell_w
            h = rng.uniform(0.45, 0.62) * cell_h
            x0 = 10 + bx * cell_w + rng.uniform(0.15, 0.3) * cell_w
            y0 = 10 + by * cell_h + rng.uniform(0.15, 0.3) * cell_h
            corners = [(x0, y0), (x0 + w, y0), (x0 + w, y0 + h), (x0, y0 + h)]
            rooms: list[Room] = []
            # 3 x 2 rooms, every room on the outside
            xs = [x0, x0 + w / 3, x0 + 2 * w / 3, x0 + w]
            ys = [y0, y0 + h / 2, y0 + h]
            n = 0
            apertures_by_edge: dict[int, list[Aperture]] = {0: [], 1: [], 2: [], 3: []}
            for j in range(2):
                for i in range(3):
                    n += 1
                    rid = f"{bid}.{n}"
                    rooms.append(
                        Room(
                            id=rid,
                            outline=[
                                (xs[i], ys[j]),
                                (xs[i + 1], ys[j]),
                                (xs[i + 1], ys[j + 1]),
                                (xs[i], ys[j + 1]),
                            ],
                        )
                    )
                    edge = 0 if j == 0 else 2  # north row doors on the north facade, south row on the south
                    mid_x = (xs[i] + xs[i + 1]) / 2
                    at = (mid_x, y0) if edge == 0 else (mid_x, y0 + h)
                    normal = 0.0 if edge == 0 else 180.0
                    kind = ApertureKind.door if (i + j) % 2 == 0 else ApertureKind.window
                    apertures_by_edge[edge].append(
                        Aperture(
                            id=f"{rid}-ap",
                            kind=kind,
                            at=at,
                            interior=rid,
                            arc=FireArc(start=(normal - 75) % 360, end=(normal + 75) % 360),
                        )
                    )
            for e in range(4):
                a, b = corners[e], corners[(e + 1) % 4]
                walls.append(
                    Wall(
                        id=f"{bid}-F{e}",
                        kind=WallKind.facade,
                        points=_split(a, b, 8),
                        apertures=apertures_by_edge.get(e, []),
                    )
                )
            for k in (1, 2):
                walls.append(
                    Wall(
                        id=f"{bid}-P{k}",
                        kind=WallKind.partition,
                        points=_split((xs[k], y0), (xs[k], y0 + h), 4),
                    )
                )
            walls.append(
                Wall(id=f"{bid}-P3", kind=WallKind.partition, points=_split((x0, ys[1]), (x0 + w, ys[1]), 4))
            )
            buildings.append(
                Building(
                    id=bid,
                    outline=corners,
                    rooms=rooms,
                    roof_accesses=[
                        RoofAccess(
                            id=f"{bid}-R", at=((xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2), direction=90.0
                        )
                    ],
                )
            )
    # garden walls: wiggly outer walls in the streets
    for k in range(max(1, round(25 * columns * rows / (COLUMNS * ROWS)))):
        x = rng.uniform(20, width - 40)
        y = rng.uniform(20, height - 40)
        pts = []
        for s in range(16):
            pts.append((x + s * 2.0, y + rng.uniform(-0.8, 0.8)))
        # named after the sheet, apart from its buildings' ids (sheet G's buildings are G1...)
        walls.append(Wall(id=f"{sheet_id}-G{k}", kind=WallKind.outer_wall, points=pts))
    terrain: dict[str, Terrain] = {}
    for col in range(1, columns + 1):
        for row in range(1, rows + 1):
            r = rng.random()
            label = f"{col:02d}{row:02d}"
            if r < 0.03:
                terrain[label] = Terrain.woods
            elif r < 0.05:
                terrain[label] = Terrain.hillock
            elif r < 0.06:
                terrain[label] = Terrain.water
    return MapSheet(
        id=sheet_id,
        title=f"Generated sheet {sheet_id}",
        size=(width, height),
        grid=Grid(size=SIZE, origin=(SIZE, SIZE), columns=columns, rows=rows),
        terrain=terrain,
        buildings=buildings,
        walls=walls,
    )


#: columns x rows of sheets for the assemblies of the scaling bench
LAYOUTS = {1: (1, 1), 2: (2, 1), 4: (2, 2), 8: (4, 2), 16: (4, 4)}


def assembly(n: int) -> list[tuple[MapSheet, Placement]]:
    """n generated sheets (1, 2, 4, 8 or 16: LAYOUTS) side by side, sheet ids A, B, ...
    in rows, so that the hex grids continue across every seam (an even number of
    columns keeps the stagger; whole rows keep the rows)."""
    across, _ = LAYOUTS[n]
    dx, dy = COLUMNS * 1.5 * SIZE, ROWS * math.sqrt(3) * SIZE
    out = []
    for k in range(n):
        sheet = make_sheet(chr(ord("A") + k), k + 1)
        out.append((sheet, Placement(position=((k % across) * dx, (k // across) * dy))))
    return out


def two_sheets() -> list[tuple[MapSheet, Placement]]:
    """Sheet B to the right of A (the battlefield bench's map)."""
    return assembly(2)
