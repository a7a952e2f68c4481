"""The terrain chart the battlefield is compiled with: the shipped one, or a house-rule
chart read like every file. (Where a vehicle can stand is the chart's own rule,
TerrainChart.vehicle_entry_mp; which hexes are locations is sheet_hexes.py: the compiler
and the validator call both.)"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
from pydantic import ValidationError

from ..io.files import display_path, read_data
from ..io.problems import LoadError, Problem, Severity, pointer_join
from ..model.terrain_chart import TERRAIN_FORMAT, TerrainChart

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
