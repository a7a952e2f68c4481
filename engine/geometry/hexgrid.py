"""Hex grid maths (Red Blob Games conventions): cube/axial inside, printed CCRR labels only
at the boundary.

Printed numbering: a hex is labelled CCRR with its printed column and row. `Grid.stagger`
says which printed columns (flat) or rows (pointy) are shifted half a hex down (right);
with printed numbers used as offset coordinates that is Red Blob's odd-q / even-q
(flat) or odd-r / even-r (pointy) layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model.kinds import Orientation, Stagger

if TYPE_CHECKING:  # the grid's model is read, never built, here: no pydantic on import
    from ..model.sheet import Grid

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True, slots=True)
class Cube:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Cube) -> Cube:
        return Cube(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Cube) -> Cube:
        return Cube(self.q - other.q, self.r - other.r)


#: Fixed direction order (Red Blob): index 0..5.
DIRECTIONS = (Cube(1, 0), Cube(1, -1), Cube(0, -1), Cube(-1, 0), Cube(-1, 1), Cube(0, 1))


def cube_distance(a: Cube, b: Cube) -> int:
    d = a - b
    return (abs(d.q) + abs(d.r) + abs(d.s)) // 2


def cube_neighbor(c: Cube, direction: int) -> Cube:
    return c + DIRECTIONS[direction]


def cube_round(fq: float, fr: float) -> Cube:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Cube(int(q), int(r))


def cube_linedraw(a: Cube, b: Cube) -> list[Cube]:
    """Hexes on the line from a to b, with Red Blob's epsilon nudge so that lines along
    hex edges fall consistently on one side."""
    n = cube_distance(a, b)
    if n == 0:
        return [a]
    eps = 1e-6
    aq, ar = a.q + eps, a.r + eps
    bq, br = b.q + eps, b.r + eps
    out = []
    for i in range(n + 1):
        t = i / n
        out.append(cube_round(aq + (bq - aq) * t, ar + (br - ar) * t))
    return out


def format_label(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def parse_label(label: str) -> tuple[int, int]:
    """'0512' -> (5, 12). Raises ValueError for anything else."""
    if len(label) != 4 or not label.isdigit():
        raise ValueError(f"not a CCRR hex number: {label!r}")
    return int(label[:2]), int(label[2:])


@dataclass(frozen=True, slots=True)
class GridShape:
    """The numbers of a sheet's grid (model.sheet.Grid) as plain data: a compiled battlefield
    keeps the grids of its underground layers, and one read back from disk (store.py) must
    not need pydantic to use them."""

    orientation: Orientation
    size: float
    origin: tuple[float, float]
    columns: int
    rows: int
    first_column: int
    first_row: int
    stagger: Stagger
    half_hexes_playable: bool

    @classmethod
    def of(cls, grid: Grid | GridShape) -> GridShape:
        if isinstance(grid, GridShape):
            return grid
        return cls(
            grid.orientation,
            grid.size,
            (grid.origin[0], grid.origin[1]),
            grid.columns,
            grid.rows,
            grid.first_column,
            grid.first_row,
            grid.stagger,
            grid.half_hexes_playable,
        )


class HexGrid:
    """A sheet's grid: printed labels <-> cube coordinates <-> millimetres."""

    def __init__(self, grid: Grid | GridShape):
        self.grid = GridShape.of(grid)
        self.flat = grid.orientation == Orientation.flat
        self.parity = 1 if grid.stagger == Stagger.odd else 0
        self.size = grid.size

    # -- offset (printed) <-> cube -------------------------------------------------------
    def _shifted(self, n: int) -> bool:
        return (n & 1) == self.parity

    def to_cube(self, col: int, row: int) -> Cube:
        if self.flat:
            # odd-q / even-q with printed numbers: shifted columns sit half a hex lower
            r = row - (col - (col & 1)) // 2 if self.parity == 1 else row - (col + (col & 1)) // 2
            return Cube(col, r)
        q = col - (row - (row & 1)) // 2 if self.parity == 1 else col - (row + (row & 1)) // 2
        return Cube(q, row)

    def to_offset(self, c: Cube) -> tuple[int, int]:
        if self.flat:
            col = c.q
            row = c.r + (col - (col & 1)) // 2 if self.parity == 1 else c.r + (col + (col & 1)) // 2
            return col, row
        row = c.r
        col = c.q + (row - (row & 1)) // 2 if self.parity == 1 else c.q + (row + (row & 1)) // 2
        return col, row

    def label_of(self, c: Cube) -> str:
        return format_label(*self.to_offset(c))

    def cube_of(self, label: str) -> Cube:
        return self.to_cube(*parse_label(label))

    # -- the printed range ---------------------------------------------------------------
    def offsets(self) -> Iterator[tuple[int, int]]:
        g = self.grid
        for col in range(g.first_column, g.first_column + g.columns):
            for row in range(g.first_row, g.first_row + g.rows):
                yield col, row

    def labels(self) -> Iterator[str]:
        for col, row in self.offsets():
            yield format_label(col, row)

    def contains(self, label: str) -> bool:
        try:
            col, row = parse_label(label)
        except ValueError:
            return False
        g = self.grid
        return (
            g.first_column <= col < g.first_column + g.columns and g.first_row <= row < g.first_row + g.rows
        )

    # -- millimetres ---------------------------------------------------------------------
    def centre_of(self, col: int, row: int) -> tuple[float, float]:
        g = self.grid
        ox, oy = g.origin
        s = self.size
        if self.flat:
            x = ox + (col - g.first_column) * 1.5 * s
            y = oy + (row - g.first_row) * SQRT3 * s
            y += (self._shifted(col) - self._shifted(g.first_column)) * SQRT3 / 2 * s
        else:
            y = oy + (row - g.first_row) * 1.5 * s
            x = ox + (col - g.first_column) * SQRT3 * s
            x += (self._shifted(row) - self._shifted(g.first_row)) * SQRT3 / 2 * s
        return x, y

    def centre(self, label: str) -> tuple[float, float]:
        return self.centre_of(*parse_label(label))

    def corners(self, label: str) -> list[tuple[float, float]]:
        cx, cy = self.centre(label)
        start = 0.0 if self.flat else 30.0
        return [
            (
                cx + self.size * math.cos(math.radians(start + 60 * i)),
                cy + self.size * math.sin(math.radians(start + 60 * i)),
            )
            for i in range(6)
        ]

    def cube_at(self, x: float, y: float) -> Cube:
        """The hex containing a point (pixel-to-hex with cube rounding)."""
        g = self.grid
        # centre of an anchor hex and its cube coordinate; work relative to it
        ax, ay = self.centre_of(g.first_column, g.first_row)
        anchor = self.to_cube(g.first_column, g.first_row)
        dx, dy = (x - ax) / self.size, (y - ay) / self.size
        if self.flat:
            fq = 2.0 / 3.0 * dx
            fr = -1.0 / 3.0 * dx + SQRT3 / 3.0 * dy
        else:
            fq = SQRT3 / 3.0 * dx - 1.0 / 3.0 * dy
            fr = 2.0 / 3.0 * dy
        return cube_round(fq, fr) + anchor

    def label_at(self, x: float, y: float) -> str | None:
        col, row = self.to_offset(self.cube_at(x, y))
        if col < 0 or row < 0 or col > 99 or row > 99:
            return None
        label = format_label(col, row)
        return label if self.contains(label) else None

    def is_half_hex(self, label: str, width: float, height: float) -> bool:
        """A hex cut by the sheet edge (its outline leaves the sheet)."""
        tol = 1e-6
        return any(
            x < -tol or y < -tol or x > width + tol or y > height + tol for x, y in self.corners(label)
        )

    def is_on_sheet(self, label: str, width: float, height: float) -> bool:
        x, y = self.centre(label)
        return 0 <= x <= width and 0 <= y <= height

    def playable_labels(self, width: float, height: float) -> list[str]:
        """Labels that are locations: centre on the sheet, and whole unless half-hexes play."""
        out = []
        for label in self.labels():
            if not self.is_on_sheet(label, width, height):
                continue
            if not self.grid.half_hexes_playable and self.is_half_hex(label, width, height):
                continue
            out.append(label)
        return out
