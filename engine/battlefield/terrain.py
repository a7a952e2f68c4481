"""The terrain chart the battlefield is compiled with: the shipped one, or a house-rule
chart read like every file. (Where a vehicle can stand is the chart's own rule,
TerrainChart.vehicle_entry_mp; which hexes are locations is sheet_hexes.py: the compiler
and the validator call both.)"""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from ..io.files import load_document
from ..io.problems import LoadError, Problem
from ..model.terrain_chart import TERRAIN_FORMAT, TerrainChart


def load_terrain_chart(path: Path | None = None) -> TerrainChart:
    """A terrain chart file (`uo-terrain/1`), loaded like every file (bounded reader,
    schema): LoadError with located problems if it cannot be used. None: the chart
    shipped in engine/battlefield/data/terrain.yaml (read once)."""
    if path is None:
        return _shipped()
    return _read(Path(path))


@cache  # one entry: the package's own file never changes while it runs
def _shipped() -> TerrainChart:
    with resources.as_file(resources.files(__package__).joinpath("data/terrain.yaml")) as path:
        return _read(path)


def _read(path: Path) -> TerrainChart:
    doc = load_document(path)  # LoadError when unusable
    if doc.format != TERRAIN_FORMAT:
        line, col = doc.positions.locate("/schema")
        message = f"a {doc.format} file, not a terrain chart ({TERRAIN_FORMAT})"
        raise LoadError([Problem(doc.name, line, col, "P006", message, "/schema")])
    if doc.model is None:
        raise LoadError(doc.problems)
    assert isinstance(doc.model, TerrainChart)
    return doc.model
