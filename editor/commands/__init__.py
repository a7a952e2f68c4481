"""Undo commands: one QUndoCommand subclass per kind of edit (Tiled's model).

Every command stores the old and the new values of what it touches, addressed by JSON
pointer, so `undo()` restores the model exactly and undo/redo round-trips give the same
file. Drags push a command on every mouse move; commands of one drag merge (`mergeWith`)
into a single undo entry.
"""

from .add_remove import AddObjects, RemoveObjects
from .change_values import ChangeValues
from .edit_arc import EditArc
from .edit_points import EditPoints
from .move_objects import MoveObjects
from .paint_terrain import PaintTerrain
from .set_property import SetProperty
from .split_room import SplitRoom

__all__ = [
    "AddObjects",
    "ChangeValues",
    "EditArc",
    "EditPoints",
    "MoveObjects",
    "PaintTerrain",
    "RemoveObjects",
    "SetProperty",
    "SplitRoom",
]
