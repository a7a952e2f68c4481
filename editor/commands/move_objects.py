"""Moving objects with the Select tool: one merged entry per drag."""

from __future__ import annotations

from .change_values import ChangeValues


class MoveObjects(ChangeValues):
    """Each moved object is replaced whole (geometry and all); the tool computes the moved
    objects, so apertures can stay on their wall and manholes on hexes."""

    MERGE_ID = 1001
