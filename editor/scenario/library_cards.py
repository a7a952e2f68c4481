"""The cards a scenario can name: read from the card libraries it lists (relative to its
folder), each library read once per change of its file, for the pages' pickers."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model.cards import CardLibrary, EventCard, SupportCard, UnitCard
from engine.model.scenario import Scenario

_CACHE: dict[Path, tuple[int, CardLibrary | None]] = {}


@dataclass
class Cards:
    units: dict[str, UnitCard] = field(default_factory=dict)
    supports: dict[str, SupportCard] = field(default_factory=dict)
    events: dict[str, EventCard] = field(default_factory=dict)


def _library(path: Path) -> CardLibrary | None:
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    cached = _CACHE.get(path)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    try:
        model = load_document(path).model
    except LoadError:
        model = None
    library = model if isinstance(model, CardLibrary) else None
    _CACHE[path] = (stamp, library)
    return library


def scenario_cards(
    scenario: Scenario, base_dir: Path | None, open_libraries: dict[Path, CardLibrary] | None = None
) -> Cards:
    """Every card of the scenario's libraries (a library that cannot be read gives none:
    the Validation dock says why). `open_libraries`: libraries open in the editor, by
    resolved path, whose unsaved cards count rather than the file's."""
    out = Cards()
    if base_dir is None:
        return out
    for ref in scenario.cards:
        path = (base_dir / ref).resolve()
        library = (open_libraries or {}).get(path) or _library(path)
        if library is None:
            continue
        out.units.update((c.id, c) for c in library.unit_cards)
        out.supports.update((c.id, c) for c in library.support_cards)
        out.events.update((c.id, c) for c in library.event_cards)
    return out
