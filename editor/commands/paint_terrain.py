"""Painting hex terrain: a whole brush stroke is one undo entry.

The command stores the whole terrain dict before and after, not single keys: inserting a
key and removing it again would change the order of the dict, and with it the saved file.
"""

from __future__ import annotations

from .change_values import ChangeValues


class PaintTerrain(ChangeValues):
    MERGE_ID = 1004
