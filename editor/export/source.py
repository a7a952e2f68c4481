"""What an export draws: the sheets of a scenario as placed in its assembly (or one sheet),
the scenario and its card libraries, and where each location id sits in assembly mm.

Built from files (`uo render`) or from the editor's open documents (File > Export, with
their unsaved edits). Underground inserts are not part of the surface map and are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.battlefield.compile import Placement
from engine.geometry.hexgrid import HexGrid
from engine.io.files import load_document
from engine.io.problems import LoadError, Problem
from engine.model import CardLibrary, MapSheet, Scenario
from engine.model.common import Point
from engine.model.sheet import SheetKind

Pt = tuple[float, float]


@dataclass
class PlacedSheet:
    sheet: MapSheet
    placement: Placement
    base_dir: Path | None = None


@dataclass
class ExportSource:
    path: Path | None
    sheets: list[PlacedSheet]
    scenario: Scenario | None = None
    libraries: list[CardLibrary] = field(default_factory=list)

    @property
    def title(self) -> str:
        if self.scenario is not None:
            return self.scenario.title
        sheet = self.sheets[0].sheet if self.sheets else None
        return (sheet.title or f"Sheet {sheet.id}") if sheet else "Map"

    def bounds(self) -> tuple[float, float, float, float]:
        """(left, top, width, height) of the assembly in mm."""
        xs: list[float] = []
        ys: list[float] = []
        for placed in self.sheets:
            w, h = placed.sheet.size
            for corner in ((0.0, 0.0), (w, h)):
                x, y = placed.placement.apply(placed.sheet, corner)
                xs.append(x)
                ys.append(y)
        if not xs:
            return 0.0, 0.0, 0.0, 0.0
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def building_outlines(self, ids: list[str]) -> list[list[Pt]]:
        """Outlines, in assembly mm, of the buildings with these ids."""
        out = []
        for placed in self.sheets:
            for building in placed.sheet.buildings:
                if building.id in ids:
                    out.append([placed.placement.apply(placed.sheet, p) for p in building.outline])
        return out

    def point_of(self, location: str) -> Pt | None:
        """Where a location id is drawn in assembly mm: a hex's centre, a room's or zone's
        centroid, a roof at its building's centroid; None for an id no sheet holds."""
        for placed in self.sheets:
            sheet = placed.sheet
            if location.startswith(sheet.id) and location[len(sheet.id) :].isdigit():
                grid = HexGrid(sheet.grid)
                label = location[len(sheet.id) :]
                if grid.contains(label):
                    return placed.placement.apply(sheet, grid.centre(label))
                continue
            for building in sheet.buildings:
                if location == f"{building.id}.R":
                    return placed.placement.apply(sheet, centroid(building.outline))
                for room in building.rooms:
                    if room.id == location:
                        return placed.placement.apply(sheet, centroid(room.outline))
                    for zone in room.zones:
                        if zone.id == location:
                            return placed.placement.apply(sheet, centroid(zone.outline))
        return None


def centroid(outline: list[Point]) -> Pt:
    """Area centroid of a simple polygon (its vertex mean when degenerate)."""
    area = cx = cy = 0.0
    n = len(outline)
    for i in range(n):
        x0, y0 = outline[i]
        x1, y1 = outline[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in outline) / n, sum(p[1] for p in outline) / n)
    return cx / (3 * area), cy / (3 * area)


def _load(path: Path) -> object:
    loaded = load_document(path)
    if loaded.model is None:
        raise LoadError(loaded.problems)
    return loaded.model


def load_source(path: Path | str) -> ExportSource:
    """A sheet or scenario file and what it uses. Raises LoadError (located problems) for
    a file that cannot be read, is of another format, or uses a sheet that cannot."""
    path = Path(path)
    model = _load(path)
    if isinstance(model, MapSheet):
        return ExportSource(path, [PlacedSheet(model, Placement(), path.parent)])
    if not isinstance(model, Scenario):
        kind = "a card library" if isinstance(model, CardLibrary) else "not a sheet or scenario"
        raise LoadError([Problem(str(path), 1, 1, "P006", f"a sheet or a scenario is needed, {kind}")])
    base = path.parent
    sheets = []
    for placement in model.map.sheets:
        sheet = _load(base / placement.file)
        if not isinstance(sheet, MapSheet) or sheet.kind == SheetKind.underground:
            raise LoadError([Problem(str(base / placement.file), 1, 1, "P006", "not a surface map sheet")])
        # a sheet's scan is named relative to the sheet's own file
        where = (base / placement.file).parent
        sheets.append(PlacedSheet(sheet, Placement(placement.position, placement.rotation), where))
    libraries = []
    for rel in model.cards:
        library = _load(base / rel)
        if isinstance(library, CardLibrary):
            libraries.append(library)
    return ExportSource(path, sheets, model, libraries)


def source_of(
    document_model: object,
    path: Path | None,
    sheets: list[tuple[MapSheet | None, Path | None]],
    libraries: list[CardLibrary],
) -> ExportSource | None:
    """What the editor has open, unsaved edits included: a sheet, or a scenario with its
    surface sheets (in the order of its map) and card libraries; None when there is no
    map to draw (a card library, or a scenario whose sheets cannot be read)."""
    base = path.parent if path is not None else None
    if isinstance(document_model, MapSheet):
        # the sheet's scan is named relative to the sheet's own file
        return ExportSource(path, [PlacedSheet(document_model, Placement(), base)])
    if not isinstance(document_model, Scenario):
        return None
    placed = []
    for placement, (sheet, sheet_path) in zip(document_model.map.sheets, sheets, strict=False):
        if sheet is None:
            return None
        where = sheet_path.parent if sheet_path is not None else base
        placed.append(PlacedSheet(sheet, Placement(placement.position, placement.rotation), where))
    if not placed:
        return None
    return ExportSource(path, placed, document_model, libraries)
