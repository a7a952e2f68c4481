"""The square board as the rules see it (rulebook: General Rules, Terrain Specifics):
segments placed left to right into one grid of squares named A1 (top left) onwards."""

from __future__ import annotations

from dataclasses import dataclass

from ...model.square_board import SquareBoard, SquareTerrain, column_name, parse_square, square_name

#: the eight directions, clockwise from north (a facing is an index into it)
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
)
COMPASS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")

Square = tuple[int, int]  # (column, row), 0-based

__all__ = [
    "COMPASS",
    "DIRECTIONS",
    "Board",
    "Square",
    "between",
    "column_name",
    "distance",
    "line",
    "parse_square",
    "square_name",
]


@dataclass(frozen=True)
class Board:
    """Terrain of every square; `rows[y][x]`."""

    width: int
    height: int
    rows: tuple[tuple[SquareTerrain, ...], ...]

    @classmethod
    def of(cls, board: SquareBoard) -> Board:
        """Segments side by side; ValueError names the segment and row that does not fit."""
        height = len(board.segments[0].rows)
        rows: list[list[SquareTerrain]] = [[] for _ in range(height)]
        for s, segment in enumerate(board.segments):
            if len(segment.rows) != height:
                raise ValueError(
                    f"segments[{s}] ({segment.id}) has {len(segment.rows)} rows, the first segment {height}:"
                    " segments placed side by side have the same height"
                )
            width = len(segment.rows[0])
            for y, row in enumerate(segment.rows):
                if len(row) != width:
                    raise ValueError(
                        f"segments[{s}] ({segment.id}) row {y + 1}: {len(row)} squares, first row {width}"
                    )
                rows[y] += [SquareTerrain(c) for c in row]
        return cls(len(rows[0]), height, tuple(tuple(r) for r in rows))

    def on(self, sq: Square) -> bool:
        return 0 <= sq[0] < self.width and 0 <= sq[1] < self.height

    def terrain(self, sq: Square) -> SquareTerrain:
        return self.rows[sq[1]][sq[0]]

    def blocks_sight(self, sq: Square) -> bool:
        """Buildings block line of sight and visual contact; low obstacles do not."""
        return self.terrain(sq) is SquareTerrain.building

    def passage_axis(self, sq: Square) -> frozenset[int] | None:
        """The two directions along a narrow passage's arrow, or None off a passage."""
        t = self.terrain(sq)
        if t is SquareTerrain.passage_ns:
            return frozenset((0, 4))
        if t is SquareTerrain.passage_ew:
            return frozenset((2, 6))
        return None

    def enterable(self, sq: Square, amphibious: bool) -> bool:
        """Whether a vehicle may stand on `sq` (ignoring other vehicles)."""
        if not self.on(sq):
            return False
        t = self.terrain(sq)
        if t in (SquareTerrain.building, SquareTerrain.low):
            return False
        return t is not SquareTerrain.deep or amphibious


def line(a: Square, b: Square) -> int | None:
    """The direction index from `a` to `b` when `b` lies straight or diagonally from `a`."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if (dx, dy) == (0, 0) or not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        return None
    step = (dx and dx // abs(dx), dy and dy // abs(dy))
    return DIRECTIONS.index(step)


def between(a: Square, b: Square) -> list[Square]:
    """The squares strictly between two squares on a line (straight or diagonal)."""
    d = line(a, b)
    if d is None:
        return []
    sx, sy = DIRECTIONS[d]
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    return [(a[0] + sx * i, a[1] + sy * i) for i in range(1, n)]


def distance(a: Square, b: Square) -> int:
    """Squares counted to the target along a line (Distance, Basic mode)."""
    return max(abs(b[0] - a[0]), abs(b[1] - a[1]))
