"""What File > New sheet starts from."""

from __future__ import annotations

import math

from engine.model.sheet import Grid, MapSheet

# An A3 landscape sheet with hexes of 16 mm across flats: close to the printed game's scale
# and small enough that a new designer sees the whole grid at once.
SHEET_SIZE = (420.0, 297.0)
HEX_SIZE = 16.0 / math.sqrt(3.0)  # centre-to-corner, for 16 mm between flat sides


def new_sheet(sheet_id: str = "A") -> MapSheet:
    """An empty flat-topped grid covering the sheet, first hex centred on the top-left corner
    so the printed numbering starts at 0101 like the published maps."""
    width, height = SHEET_SIZE
    step_x = 1.5 * HEX_SIZE
    step_y = math.sqrt(3.0) * HEX_SIZE
    columns = math.floor(width / step_x) + 1
    rows = math.floor(height / step_y) + 1
    grid = Grid(size=round(HEX_SIZE, 4), origin=(0.0, 0.0), columns=columns, rows=rows)
    return MapSheet(id=sheet_id, title="New sheet", size=SHEET_SIZE, grid=grid)
