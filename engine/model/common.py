"""Shared building blocks of every file format: strict base model, ids, geometry types."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import BaseModel, ConfigDict, Field

#: Schema version tags written as the first key of every file, so files can be migrated.
MAP_FORMAT: Final = "uo-map/1"
CARDS_FORMAT: Final = "uo-cards/1"
SCENARIO_FORMAT: Final = "uo-scenario/1"


class Strict(BaseModel):
    """Base of every model: unknown keys are errors, fields are populated by their names."""

    model_config = ConfigDict(
        extra="forbid",
        populate_by_name=True,
        validate_default=True,
        # JSON has no infinities or NaN; a file holding them could not be saved back.
        allow_inf_nan=False,
        # a model's validator is built when first used, not at import: a process uses few
        # of the formats (the editor opening a sheet never builds the scenario's, cards' or
        # rule tables' ~70 models), and building them all was a tenth of its start-up
        defer_build=True,
    )


# --- identifiers -------------------------------------------------------------------------
# Ids are human readable and editable; the patterns keep them printable and unambiguous
# inside the composite location ids (`A0512`, `32.2`, `32.R`, `U0304`).

Ident = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z0-9][A-Za-z0-9_\-.]*$",
        max_length=64,
        description="Identifier: letters, digits, '_', '-', '.'; starts with a letter or digit.",
    ),
]
SheetId = Annotated[
    str,
    Field(
        pattern=r"^[A-Z][A-Z]?$",
        description="Sheet or insert letter(s), the prefix of its hex ids (e.g. 'A', 'U').",
    ),
]
BuildingId = Annotated[
    str,
    Field(
        pattern=r"^[0-9A-Za-z][0-9A-Za-z_\-]*$",
        max_length=16,
        description="Printed building number (e.g. '32'); no dots.",
    ),
]
InteriorId = Annotated[
    str,
    Field(
        pattern=r"^[0-9A-Za-z][0-9A-Za-z_\-]*\.[0-9]+$",
        max_length=24,
        description="Room or zone id: '<building>.<n>' (e.g. '32.2').",
    ),
]
HexLabel = Annotated[
    str,
    Field(pattern=r"^[0-9]{4}$", description="Printed hex number CCRR within its sheet (e.g. '0512')."),
]
LocationRef = Annotated[
    str,
    Field(
        pattern=r"^([A-Z][A-Z]?[0-9]{4}|[0-9A-Za-z][0-9A-Za-z_\-]*\.([0-9]+|R))$",
        description="Location id: hex '<sheet><CCRR>', interior '<building>.<n>' or roof '<building>.R'.",
    ),
]
Letter = Annotated[
    str, Field(pattern=r"^[A-Z]$", description="Underground letter linking a manhole to an underground zone.")
]

# --- geometry (millimetres of the printed sheet; x right, y down) -------------------------
Point = Annotated[
    tuple[float, float], Field(description="A point [x, y] in millimetres of the sheet (y grows downwards).")
]
Polygon = Annotated[
    list[Point],
    Field(
        min_length=3, description="A closed polygon as a list of at least 3 points; the last joins the first."
    ),
]
Polyline = Annotated[list[Point], Field(min_length=2, description="An open polyline of at least 2 points.")]
Bearing = Annotated[
    float,
    Field(ge=0, lt=360, description="Direction in degrees clockwise from map north (up the sheet)."),
]
D10Roll = Annotated[int, Field(ge=0, le=9, description="A ten-sided die result, 0 to 9.")]
