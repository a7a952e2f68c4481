"""What checks read: a loaded file plus, for scenarios, the sheets and cards it references."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from ..battlefield.sheet_hexes import hex_locations
from ..battlefield.terrain import load_terrain_chart
from ..geometry.hexgrid import HexGrid
from ..io.files import Loaded, load_document
from ..io.problems import LoadError, Problem
from ..io.reading import path_exists, safe_resolve
from ..model.cards import CardLibrary, EventCard, SupportCard, UnitCard
from ..model.scenario import Scenario
from ..model.sheet import MapSheet, Room, Terrain
from ..model.terrain_chart import LocKind, TerrainChart


class Workspace:
    """Loads each file once, whoever asks for it (the validator, a scenario's references).

    `overrides` holds the text of files as an editor has them, unsaved edits included, so
    validation sees what the user sees (and what Save would write)."""

    def __init__(self, overrides: dict[Path, str] | None = None) -> None:
        self._cache: dict[Path, Loaded | LoadError] = {}
        self.overrides = {safe_resolve(p): text for p, text in (overrides or {}).items()}

    def exists(self, path: Path) -> bool:
        # anything at the path "exists": the loader then says what it is (a FIFO, a device,
        # a symlink loop, a file in a folder we may not enter) rather than "file not found"
        return safe_resolve(path) in self.overrides or path_exists(path)

    def load(self, path: Path) -> Loaded:
        key = safe_resolve(path)  # a symlink loop is reported by the loader, not raised here
        if key not in self._cache:
            try:
                self._cache[key] = load_document(path, self.overrides.get(key))
            except LoadError as exc:
                self._cache[key] = exc
        got = self._cache[key]
        if isinstance(got, LoadError):
            raise got
        return got


@dataclass
class SheetContext:
    doc: Loaded

    @property
    def sheet(self) -> MapSheet:
        assert isinstance(self.doc.model, MapSheet)
        return self.doc.model

    @cached_property
    def grid(self) -> HexGrid:
        return HexGrid(self.sheet.grid)

    @cached_property
    def on_sheet(self) -> set[str]:
        """CCRR labels of the hexes of the grid that are playable on the sheet, whatever their terrain."""
        w, h = self.sheet.size
        return set(self.grid.playable_labels(w, h))

    @cached_property
    def playable(self) -> set[str]:
        """CCRR labels of the hexes that are locations (the battlefield's own rule, 5.1.1)."""
        return set(hex_locations(self.sheet))

    def terrain(self, label: str) -> Terrain:
        return self.sheet.terrain.get(label, self.sheet.default_terrain)

    @cached_property
    def interiors(self) -> dict[str, str]:
        """Location id of every room (undivided) or zone -> pointer to it."""
        out: dict[str, str] = {}
        for b, building in enumerate(self.sheet.buildings):
            for r, room in enumerate(building.rooms):
                rp = f"/buildings/{b}/rooms/{r}"
                if room.zones:
                    for z, zone in enumerate(room.zones):
                        out.setdefault(zone.id, f"{rp}/zones/{z}")
                else:
                    out.setdefault(room.id, rp)
        return out

    @cached_property
    def interior_building(self) -> dict[str, int]:
        """Id of every room and zone (divided rooms too) -> index of its building."""
        out: dict[str, int] = {}
        for b, building in enumerate(self.sheet.buildings):
            for room in building.rooms:
                out.setdefault(room.id, b)
                for zone in room.zones:
                    out.setdefault(zone.id, b)
        return out

    @cached_property
    def roofs(self) -> dict[str, str]:
        return {f"{b.id}.R": f"/buildings/{i}" for i, b in enumerate(self.sheet.buildings) if b.roof_accesses}

    @cached_property
    def locations(self) -> set[str]:
        """Full location ids defined by this sheet."""
        prefix = self.sheet.id
        return {prefix + lb for lb in self.playable} | set(self.interiors) | set(self.roofs)


@dataclass(frozen=True)
class Place:
    """What the rules ask of a location id: its kind, a hex's terrain, an interior's or a
    roof's building and whether vehicles may enter that building (8.1.4)."""

    kind: LocKind
    terrain: Terrain | None = None
    building: str | None = None
    enterable: bool = False


def _interior_kind(rooms: list[Room], ident: str) -> LocKind:
    """A divided room's zones are zones; an undivided room (and a divided room's own id,
    which is no location) is a room."""
    return LocKind.zone if any(z.id == ident for r in rooms for z in r.zones) else LocKind.room


@dataclass
class CardsContext:
    doc: Loaded

    @property
    def library(self) -> CardLibrary:
        assert isinstance(self.doc.model, CardLibrary)
        return self.doc.model


@dataclass
class ScenarioContext:
    doc: Loaded
    sheets: list[SheetContext] = field(default_factory=list)
    inserts: list[SheetContext] = field(default_factory=list)
    libraries: list[CardsContext] = field(default_factory=list)
    #: references that could not be used (missing or invalid files): checks that need
    #: them stay quiet rather than report every reference as dangling
    incomplete_map: bool = False
    incomplete_cards: bool = False

    @property
    def scenario(self) -> Scenario:
        assert isinstance(self.doc.model, Scenario)
        return self.doc.model

    @cached_property
    def unit_cards(self) -> dict[str, UnitCard]:
        return {c.id: c for lib in self.libraries for c in lib.library.unit_cards}

    @cached_property
    def support_cards(self) -> dict[str, SupportCard]:
        return {c.id: c for lib in self.libraries for c in lib.library.support_cards}

    @cached_property
    def event_cards(self) -> dict[str, EventCard]:
        return {c.id: c for lib in self.libraries for c in lib.library.event_cards}

    @cached_property
    def locations(self) -> set[str]:
        out: set[str] = set()
        for s in self.sheets + self.inserts:
            out |= s.locations
        return out

    @cached_property
    def buildings(self) -> set[str]:
        return {b.id for s in self.sheets for b in s.sheet.buildings}

    @cached_property
    def chart(self) -> TerrainChart:
        """The terrain chart the scenario's locations are judged by: its house rules' when
        it names a usable one (the chart its games play with), else the shipped one."""
        house = self.scenario.house_rules
        if house is not None and house.terrain is not None:
            try:
                return load_terrain_chart(self.doc.path.parent / house.terrain)
            except LoadError:
                pass  # L333 says what is wrong with it
        return load_terrain_chart()

    @cached_property
    def places(self) -> dict[str, Place]:
        """Every location id of the map -> what the rules ask about it (first sheet wins)."""
        out: dict[str, Place] = {}
        for s in self.sheets:
            sheet = s.sheet
            for label in s.playable:
                out.setdefault(sheet.id + label, Place(LocKind.hex, s.terrain(label)))
            for iid, b in s.interior_building.items():
                building = sheet.buildings[b]
                kind = _interior_kind(building.rooms, iid)
                out.setdefault(iid, Place(kind, None, building.id, building.vehicles_may_enter))
            for rid in s.roofs:
                out.setdefault(rid, Place(LocKind.roof, None, rid[: -len(".R")]))
        for s in self.inserts:
            for label in s.playable:
                out.setdefault(s.sheet.id + label, Place(LocKind.underground, s.terrain(label)))
        return out

    @cached_property
    def underground_letters(self) -> set[str]:
        return {z.letter for s in self.inserts for z in s.sheet.underground_zones}


def build_scenario_context(doc: Loaded, ws: Workspace) -> tuple[ScenarioContext, list[Problem]]:
    """Load what a scenario references; problems name the scenario line of a bad reference."""
    scenario = doc.model
    assert isinstance(scenario, Scenario)
    ctx = ScenarioContext(doc)
    problems: list[Problem] = []
    base = doc.path.parent

    def use(pointer: str, rel: str, fmt: str) -> Loaded | None:
        path = base / rel
        if not ws.exists(path):
            problems.append(doc.problem(pointer, "L301", f"file not found: {rel}"))
            return None
        try:
            ref = ws.load(path)
        except LoadError as exc:
            problems.append(doc.problem(pointer, "L302", f"{rel} is unusable: {exc.problems[0].message}"))
            return None
        if ref.format != fmt:
            problems.append(doc.problem(pointer, "L302", f"{rel} is a {ref.format} file, expected {fmt}"))
            return None
        if ref.model is None:
            problems.append(doc.problem(pointer, "L302", f"{rel} has schema errors; fix them first"))
            return None
        return ref

    for i, placement in enumerate(scenario.map.sheets):
        ref = use(f"/map/sheets/{i}/file", placement.file, "uo-map/1")
        if ref is None:
            ctx.incomplete_map = True
        else:
            ctx.sheets.append(SheetContext(ref))
    for i, insert in enumerate(scenario.map.underground):
        ref = use(f"/map/underground/{i}/file", insert.file, "uo-map/1")
        if ref is None:
            ctx.incomplete_map = True
        else:
            ctx.inserts.append(SheetContext(ref))
    for i, rel in enumerate(scenario.cards):
        ref = use(f"/cards/{i}", rel, "uo-cards/1")
        if ref is None:
            ctx.incomplete_cards = True
        else:
            ctx.libraries.append(CardsContext(ref))
    return ctx, problems
