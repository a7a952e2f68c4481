"""Changing an aperture's fire arc (dragging its edge handles merges per drag)."""

from __future__ import annotations

from .change_values import ChangeValues


class EditArc(ChangeValues):
    MERGE_ID = 1003
