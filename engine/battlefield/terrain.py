"""The terrain chart the battlefield is compiled with, and the rules read from a sheet and
the chart that more than the compiler needs: which hexes are locations, where a vehicle can
stand. The validator (engine/lint) calls these same functions, so each rule has one home.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError

from ..geometry.hexgrid import HexGrid
from ..io.files import display_path, read_data
from ..io.problems import LoadError, Problem, Severity, pointer_join
from ..model.sheet import MapSheet, Terrain
from ..model.terrain_chart import TERRAIN_FORMAT, TerrainChart
from .footprint import Footprint
from .locations import LocKind, Pt

# --- the chart -----------------------------------------------------------------------------

#: schema keyword -> problem code, as for every other file format (docs/validation.md)
_CODES = {
    "required": "S101",
    "additionalProperties": "S102",
    "type": "S103",
    "enum": "S104",
    "const": "S104",
    "minimum": "S106",
    "maximum": "S106",
}


def load_terrain_chart(path: Path | None = None) -> TerrainChart:
    """A terrain chart file (`uo-terrain/1`), read through the bounded reader like every
    file: LoadError with located problems if it cannot be used. None: the chart shipped
    in engine/battlefield/data/terrain.yaml (read once)."""
    if path is None:
        return _shipped()
    return _read(Path(path))


@cache  # one entry: the package's own file never changes while it runs
def _shipped() -> TerrainChart:
    with resources.as_file(resources.files(__package__).joinpath("data/terrain.yaml")) as path:
        return _read(path)


@cache  # one entry: the chart model's schema
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(TerrainChart.model_json_schema(by_alias=True))


def _read(path: Path) -> TerrainChart:
    data, positions, problems = read_data(path)
    if any(p.severity == Severity.error for p in problems):
        raise LoadError(problems)
    name = display_path(path)
    fmt = TERRAIN_FORMAT
    if not isinstance(data, dict) or data.get("schema") != fmt:
        line, col = positions.locate("/schema") if isinstance(data, dict) and "schema" in data else (1, 1)
        raise LoadError(
            [Problem(name, line, col, "P006", f"not a terrain chart: the first key must be `schema: {fmt}`")]
        )

    def located(pointer: str, code: str, message: str) -> Problem:
        line, col = positions.locate(pointer)
        return Problem(name, line, col, code, message, pointer)

    found = [
        located(_pointer(error.absolute_path), _CODES.get(str(error.validator), "S100"), error.message)
        for error in _validator().iter_errors(data)
    ]
    if found:
        raise LoadError(sorted(set(found)))
    try:
        return TerrainChart.model_validate(data)
    except ValidationError as exc:  # checks the schema cannot express
        raise LoadError([located(_pointer(err["loc"]), "S100", err["msg"]) for err in exc.errors()]) from None


def _pointer(parts: Sequence[Any]) -> str:
    pointer = ""
    for part in parts:
        pointer = pointer_join(pointer, part)
    return pointer


# --- which hexes are locations (5.1.1) --------------------------------------------------------


def hex_is_location(terrain: Terrain, centre: Pt, buildings: Sequence[Footprint]) -> bool:
    """A playable hex is a location unless it is solid rock (an insert's) or its centre dot
    lies inside a building (5.1.1: the grid covers the ground outside buildings; the
    building's rooms are its locations)."""
    return terrain != Terrain.solid and not any(b.holds(centre) for b in buildings)


def hex_locations(sheet: MapSheet) -> list[str]:
    """CCRR labels of the sheet's hexes that are locations, in grid order."""
    grid = HexGrid(sheet.grid)
    w, h = sheet.size
    buildings = [Footprint(b.outline) for b in sheet.buildings]
    return [
        label
        for label in grid.playable_labels(w, h)
        if hex_is_location(sheet.terrain.get(label, sheet.default_terrain), grid.centre(label), buildings)
    ]


# --- where a vehicle can stand (5.1.4, 8.1.4) --------------------------------------------------


def vehicle_entry_mp(
    chart: TerrainChart, kind: LocKind, terrain: Terrain | None = None, enterable: bool = False
) -> int | None:
    """MP for a vehicle to enter a location of this kind, by the chart (None: vehicles
    cannot be there). Inside a building open to vehicles (`vehicles_may_enter`, 8.1.4) a
    vehicle pays what a foot block pays; roofs never take vehicles."""
    if kind in (LocKind.hex, LocKind.underground):
        return chart.hexes[terrain or Terrain.clear].vehicle
    if kind in (LocKind.room, LocKind.zone):
        cost = chart.zone if kind == LocKind.zone else chart.room
        return cost.foot if enterable else cost.vehicle
    return None


def vehicle_may_stand(
    chart: TerrainChart, kind: LocKind, terrain: Terrain | None = None, enterable: bool = False
) -> bool:
    """Whether a vehicle may be (set up, move) in a location of this kind."""
    return vehicle_entry_mp(chart, kind, terrain, enterable) is not None
