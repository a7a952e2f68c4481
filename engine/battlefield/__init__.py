"""Compiled battlefield: locations, steps with MP/EP costs, line of sight, distances."""

from ..model.terrain_chart import TerrainChart
from .battlefield import Battlefield
from .compile import CompileError, Placement, compile_file, compile_sheets
from .locations import Dynamic, Location, LocKind, Step, StepKind
from .terrain import load_terrain_chart

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
