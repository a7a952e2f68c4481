"""Compiled battlefield: locations, steps with MP/EP costs, line of sight, distances."""

from .compile import Battlefield, CompileError, Placement, compile_file, compile_sheets
from .locations import Dynamic, Location, LocKind, Step, StepKind

__all__ = [
    "Battlefield",
    "CompileError",
    "Dynamic",
    "LocKind",
    "Location",
    "Placement",
    "Step",
    "StepKind",
    "compile_file",
    "compile_sheets",
]
