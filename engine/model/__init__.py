"""pydantic models: the single source of the file formats (schemas/ is generated from them).

The package imports nothing itself: `FORMATS`, `Document` and the document models come from
engine/model/formats.py on first use (PEP 562), so a module that needs one small model (a
cached battlefield's terrain chart) does not build every model class (most of `uo query`'s
start-up).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .formats import (
        FORMATS,
        CardLibrary,
        CombatTablesFile,
        Document,
        GameLog,
        MapSheet,
        Scenario,
        TerrainChart,
        WeaponsEffectTable,
    )

__all__ = [
    "FORMATS",
    "CardLibrary",
    "CombatTablesFile",
    "Document",
    "GameLog",
    "MapSheet",
    "Scenario",
    "TerrainChart",
    "WeaponsEffectTable",
]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(".formats", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
