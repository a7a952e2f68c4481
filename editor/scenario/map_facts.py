"""The assembled map of the open scenario, for the Victory page: which locations and
buildings exist, and their outlines in the frame of the sheet the canvas shows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.battlefield import Battlefield
from engine.battlefield.compile import CompileError, Placement, compile_sheets
from engine.model.scenario import Scenario

from .victory_page import MapFacts

if TYPE_CHECKING:
    from ..session import Session

Pt = tuple[float, float]


class ScenarioMap:
    """Compiles the session's sheets once per state of their documents."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self.battlefield: Battlefield | None = None

    def update(self, session: Session) -> Battlefield | None:
        model = session.document.model
        if not isinstance(model, Scenario):
            return None
        entries = session.sheets
        key = (
            tuple((id(e.document), e.document.undo_stack.index() if e.document else -1) for e in entries),
            tuple((p.position, p.rotation) for p in model.map.sheets),
        )
        if key == self._key:
            return self.battlefield
        self._key = key
        surface = entries[: session.first_insert]
        inserts = entries[session.first_insert :]
        if any(e.sheet is None for e in entries):
            self.battlefield = None  # a sheet that cannot be read: Validation says which
            return None
        try:
            self.battlefield = compile_sheets(
                [
                    (e.sheet, Placement(tuple(p.position), p.rotation))  # type: ignore[misc]
                    for e, p in zip(surface, model.map.sheets, strict=False)
                ],
                [e.sheet for e in inserts if e.sheet is not None],
            )
        except (CompileError, ValueError, KeyError):
            self.battlefield = None
        return self.battlefield

    def facts(self) -> MapFacts:
        bf = self.battlefield
        if bf is None:
            return MapFacts()
        first = next((loc.id for loc in bf.locations if loc.kind == "hex"), None)

        def is_location(ref: str) -> bool:
            return ref in bf.by_id

        return MapFacts(is_location, set(bf.buildings), first)


def to_sheet(p: Pt, placement: Placement, size: Pt) -> Pt:
    """A point of the assembly in the frame of a sheet placed by `placement` (inverse of
    Placement.apply)."""
    x, y = p[0] - placement.position[0], p[1] - placement.position[1]
    if placement.rotation == 180:
        x, y = size[0] - x, size[1] - y
    return (x, y)
