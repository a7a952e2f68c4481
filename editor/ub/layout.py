"""Where a square board's squares are: segments side by side, squares in millimetres of the
printed board. Plain Python (no Qt), so it is tested on its own and shared by the canvas, the
brush and the calibration.

A segment's width is its first row's (as `uo validate` reads it: U002 reports a row of
another width); a square is named over the whole board (`A1` top left), the names the
missions and `uo query` use.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.model.square_board import SquareBoard, parse_square, square_name

#: a square of the board: (segment index, column in the segment, row)
Spot = tuple[int, int, int]


@dataclass(frozen=True)
class SegmentPlace:
    index: int
    first_col: int  # the board column of the segment's first column
    width: int
    height: int


class Layout:
    """The squares of `board` as it is now (make a new Layout after an edit)."""

    def __init__(self, board: SquareBoard):
        self.size = board.grid.size
        self.origin = board.grid.origin
        places = []
        col = 0
        for i, segment in enumerate(board.segments):
            width = len(segment.rows[0]) if segment.rows else 0
            places.append(SegmentPlace(i, col, width, len(segment.rows)))
            col += width
        self.segments = places
        self.width = col
        self.height = max((p.height for p in places), default=0)

    # -- segments --------------------------------------------------------------------
    def segment_origin(self, index: int) -> tuple[float, float]:
        """The top-left corner of segment `index` in board millimetres."""
        place = self.segments[index]
        return self.origin[0] + place.first_col * self.size, self.origin[1]

    def segment_rect(self, index: int) -> tuple[float, float, float, float]:
        """x, y, width, height of a segment in millimetres."""
        x, y = self.segment_origin(index)
        place = self.segments[index]
        return x, y, place.width * self.size, place.height * self.size

    def board_rect(self) -> tuple[float, float, float, float]:
        return self.origin[0], self.origin[1], self.width * self.size, self.height * self.size

    # -- squares ---------------------------------------------------------------------
    def spot_of(self, col: int, row: int) -> Spot | None:
        """The segment square at board column `col`, row `row` (None off the board)."""
        if row < 0 or col < 0:
            return None
        for place in self.segments:
            if place.first_col <= col < place.first_col + place.width and row < place.height:
                return place.index, col - place.first_col, row
        return None

    def board_col(self, spot: Spot) -> int:
        return self.segments[spot[0]].first_col + spot[1]

    def name(self, spot: Spot) -> str:
        return square_name((self.board_col(spot), spot[2]))

    def spot_named(self, name: str) -> Spot | None:
        try:
            col, row = parse_square(name)
        except ValueError:
            return None
        return self.spot_of(col, row)

    def rect(self, spot: Spot) -> tuple[float, float, float, float]:
        """x, y, side of a square in millimetres."""
        return (
            self.origin[0] + self.board_col(spot) * self.size,
            self.origin[1] + spot[2] * self.size,
            self.size,
        )

    def centre(self, spot: Spot) -> tuple[float, float]:
        x, y, s = self.rect(spot)
        return x + s / 2, y + s / 2

    def spot_at(self, x: float, y: float) -> Spot | None:
        """The square under a point in millimetres."""
        if self.size <= 0:
            return None
        col = int((x - self.origin[0]) // self.size)
        row = int((y - self.origin[1]) // self.size)
        return self.spot_of(col, row)
