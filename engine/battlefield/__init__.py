"""Compiled battlefield: locations, steps with MP/EP costs, line of sight, distances.

The names below are imported on first use (PEP 562), not with the package: a cached
battlefield read back by `uo query` needs its own classes, not the compiler and the loader
behind it (jsonschema, every file model), which are most of the command's start-up.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.terrain_chart import TerrainChart
    from .battlefield import Battlefield
    from .compile import CompileError, Placement, compile_file, compile_sheets
    from .locations import Dynamic, Location, LocKind, Step, StepKind
    from .terrain import load_terrain_chart

#: public name -> the module that defines it
_HOMES = {
    "TerrainChart": "..model.terrain_chart",
    "Battlefield": ".battlefield",
    "CompileError": ".compile",
    "Placement": ".compile",
    "compile_file": ".compile",
    "compile_sheets": ".compile",
    "Dynamic": ".locations",
    "Location": ".locations",
    "LocKind": ".locations",
    "Step": ".locations",
    "StepKind": ".locations",
    "load_terrain_chart": ".terrain",
}

__all__ = [
    "Battlefield",
    "CompileError",
    "Dynamic",
    "LocKind",
    "Location",
    "Placement",
    "Step",
    "StepKind",
    "TerrainChart",
    "compile_file",
    "compile_sheets",
    "load_terrain_chart",
]


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home, __name__), name)
    globals()[name] = value  # once: later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
