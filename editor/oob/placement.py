"""Where a block may be set up, asked of the compiled battlefield of the scenario's map:
the location must exist, and a vehicle must be where vehicles may stand (5.1.4, 8.1.4:
not in a room of a building closed to vehicles, not on a roof, not underground, not on a
hex impassable to vehicles) - the rule lint L318 checks, asked before the edit."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battlefield import Battlefield
from engine.battlefield.compile import CompileError, Placement, compile_sheets, compile_stored
from engine.model.cards import VEHICLE_TYPES, BlockType
from engine.model.scenario import Scenario
from engine.model.terrain_chart import LocKind

if TYPE_CHECKING:
    from ..session import Session

Pt = tuple[float, float]


class ScenarioField:
    """The session's battlefield, compiled again only when a sheet or the assembly changed."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self.battlefield: Battlefield | None = None
        self.enterable: set[str] = set()

    def update(self, session: Session | None) -> Battlefield | None:
        if session is None or not isinstance(session.document.model, Scenario):
            self._key, self.battlefield = None, None
            return None
        model = session.document.model
        entries = session.sheets
        key = (
            tuple((id(e.document), e.document.undo_stack.index() if e.document else -1) for e in entries),
            tuple((tuple(p.position), p.rotation) for p in model.map.sheets),
        )
        if key == self._key:
            return self.battlefield
        self._key = key
        self.battlefield = None
        if any(e.sheet is None for e in entries):
            return None  # a sheet that cannot be read: the Validation dock says which
        surface = entries[: session.first_insert]
        inserts = entries[session.first_insert :]
        placed = [
            (e.sheet, Placement((p.position[0], p.position[1]), p.rotation))
            for e, p in zip(surface, model.map.sheets, strict=False)
            if e.sheet is not None
        ]
        self.enterable = {b.id for s, _p in placed for b in s.buildings if b.vehicles_may_enter}
        # sheets as read from their files (no edit yet: opening the scenario) are what `uo
        # play` and the play mode compile too: through the disk cache, which has them after
        # the first time (0.05 s instead of 0.16 s of the sample's opening); an edited sheet
        # is compiled in memory, as the probes do, not written to disk at every edit
        unedited = all(e.document is None or e.document.undo_stack.index() == 0 for e in entries)
        build = compile_stored if unedited else compile_sheets
        try:
            self.battlefield = build(placed, [e.sheet for e in inserts if e.sheet is not None])
        except (CompileError, ValueError, KeyError):
            self.battlefield = None
        return self.battlefield

    def refusal(self, block_type: BlockType, location: str) -> str:
        """Why a block of this type may not be set up there ('' when it may)."""
        bf = self.battlefield
        if bf is None:
            return "the map does not compile: see the Validation dock"
        loc = bf.by_id.get(location)
        if loc is None:
            return f"'{location}' is not a location of the map"
        if block_type not in VEHICLE_TYPES:
            return ""
        enterable = loc.building is not None and loc.building in self.enterable
        if bf.chart.vehicle_may_stand(loc.kind, loc.terrain, enterable):
            return ""
        if loc.kind == LocKind.roof:
            return "vehicles cannot be on a roof"
        if loc.kind in (LocKind.room, LocKind.zone):
            return f"building '{loc.building}' is not open to vehicles (8.1.4)"
        if loc.kind == LocKind.underground:
            return "vehicles cannot go underground (5.1.4)"
        return "the hex is impassable to vehicles (5.1.4)"


def to_sheet(p: Pt, placement: Placement, size: Pt) -> Pt:
    """A point of the assembly in the frame of a sheet placed by `placement`."""
    x, y = p[0] - placement.position[0], p[1] - placement.position[1]
    if placement.rotation == 180:
        x, y = size[0] - x, size[1] - y
    return (x, y)
