"""Square-grid board format (`ub-board/1`) for Urban Battle: bi-fold segments of squares
placed side by side, terrain per square.

A format of its own rather than `grid.kind: square` in `uo-map/1`: the map format is built
around hexes (CCRR labels, hexsides, buildings with rooms, roofs and underground links) and
none of that applies to a square board, whose whole content is one terrain letter a square.
The geometry is in millimetres of the printed board like a hex sheet's grid, so the editor
calibrates a scan and snaps to square corners the same way.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Final, Literal

from pydantic import Field

from .common import Ident, Point, Strict

BOARD_FORMAT: Final = "ub-board/1"


class SquareTerrain(StrEnum):
    """What a square holds, with the letter a segment's rows use for it."""

    open = "."
    building = "B"  # blocks movement, line of sight and low trajectories
    low = "o"  # low obstacle (white border): blocks movement, not fire
    water = "~"  # water with the white dot: two speed points a step started on it
    deep = "x"  # water marked with a white 'x': amphibious vehicles only
    bridge = "="  # a bridge over water: open ground
    passage_ns = "|"  # narrow passage, double-headed arrow north-south
    passage_ew = "-"  # narrow passage, double-headed arrow east-west


#: the letters of a row, for the schema's pattern
TERRAIN_LETTERS: Final = "".join(t.value for t in SquareTerrain)


def column_name(col: int) -> str:
    """0 -> 'A', 25 -> 'Z', 26 -> 'AA'."""
    return chr(65 + col) if col < 26 else chr(64 + col // 26) + chr(65 + col % 26)


def square_name(sq: tuple[int, int]) -> str:
    return f"{column_name(sq[0])}{sq[1] + 1}"


def parse_square(name: str) -> tuple[int, int]:
    """'C7' -> (2, 6); ValueError for anything else."""
    letters = "".join(c for c in name if c.isalpha())
    digits = name[len(letters) :]
    if not letters or not digits.isdigit() or not letters.isupper() or len(letters) > 2:
        raise ValueError(f"not a square: {name!r}")
    col = ord(letters[-1]) - 65 if len(letters) == 1 else (ord(letters[0]) - 64) * 26 + ord(letters[1]) - 65
    return col, int(digits) - 1


class SquareGrid(Strict):
    """Where the squares are on the printed board (millimetres, x right, y down)."""

    kind: Literal["square"] = Field("square", description="Grid kind: squares.")
    size: float = Field(25.0, gt=0, le=200, description="Side of a square in millimetres.")
    origin: Point = Field(
        (0.0, 0.0), description="Top-left corner of the first square [x, y] in millimetres."
    )


class Segment(Strict):
    """One bi-fold board segment: its terrain rows, top to bottom, one letter a square."""

    id: Ident = Field(description="Segment id (e.g. 'S1').")
    title: str = Field("", description="Name printed on the segment.")
    scan: str | None = Field(
        None, min_length=1, description="Scan image of the printed segment (shown only)."
    )
    scan_transform: tuple[float, float, float, float, float, float] | None = Field(
        None,
        description="Affine map from the scan's pixels (u, v) to millimetres of the segment, its"
        " first square's top-left corner at (0, 0): x = a*u + b*v + c, y = d*u + e*v + f, given as"
        " [a, b, c, d, e, f] (set by calibrating the scan; none: the scan is stretched over the"
        " segment, aspect kept). Relative to the segment, so the scan moves with it.",
    )
    rows: list[Annotated[str, Field(pattern=r"^[.Bo~x=|\-]{1,64}$")]] = Field(
        min_length=1,
        max_length=64,
        description="Terrain rows, top to bottom; one letter a square: "
        "'.' open, 'B' building, 'o' low obstacle, '~' water (white dot), 'x' water marked x "
        "(amphibious only), '=' bridge, '|' narrow passage north-south, '-' narrow passage east-west.",
    )


class SquareBoard(Strict):
    """A board: segments of equal height placed left to right (the rulebook's clipped bi-folds).
    Squares are named by column letter(s) and row number over the whole board: A1 top left."""

    format: Literal["ub-board/1"] = Field(
        BOARD_FORMAT, alias="schema", description="File format and version."
    )
    id: Ident = Field(description="Board id.")
    title: str = Field(min_length=1, description="Title.")
    grid: SquareGrid = Field(default_factory=lambda: SquareGrid(), description="Square grid geometry.")
    segments: list[Segment] = Field(min_length=1, max_length=8, description="Segments, left to right.")
