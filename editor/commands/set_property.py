"""Field edits from the Inspector (ids, kinds, flags, numbers), and renames that carry
their references along (a building's rooms and zones, apertures naming an interior)."""

from __future__ import annotations

from .change_values import ChangeValues


class SetProperty(ChangeValues):
    """Not mergeable: each committed field edit is its own undo entry."""
