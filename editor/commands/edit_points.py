"""Vertex edits of an outline or a wall: drag (merged per drag), insert, delete."""

from __future__ import annotations

from .change_values import ChangeValues


class EditPoints(ChangeValues):
    MERGE_ID = 1002
