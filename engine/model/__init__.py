"""pydantic models: the single source of the file formats (schemas/ is generated from them)."""

from .cards import CardLibrary
from .common import CARDS_FORMAT, MAP_FORMAT, SCENARIO_FORMAT
from .scenario import Scenario
from .sheet import MapSheet

#: File format tag (the `schema` key) -> model class.
FORMATS: dict[str, type[MapSheet] | type[CardLibrary] | type[Scenario]] = {
    MAP_FORMAT: MapSheet,
    CARDS_FORMAT: CardLibrary,
    SCENARIO_FORMAT: Scenario,
}

Document = MapSheet | CardLibrary | Scenario

__all__ = ["FORMATS", "CardLibrary", "Document", "MapSheet", "Scenario"]
