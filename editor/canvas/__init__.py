"""The map canvas: a QGraphicsScene drawn from a MapSheet, one item class per model type."""

from .sheet_scene import SheetScene
from .sheet_view import SheetView

__all__ = ["SheetScene", "SheetView"]
