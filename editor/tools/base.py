"""What every tool gets and implements (Tiled's AbstractTool).

Tools receive plain `ToolEvent`s in sheet millimetres (the manager converts Qt's events),
change the model only by pushing commands, and draw their previews and handles as
overlay items that the scene keeps across its rebuilds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPointF, Qt, Signal
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QWidget

from engine.model.sheet import MapSheet

from ..commands import AddObjects
from .geometry import Pt
from .snapping import Snap, Snapper

if TYPE_CHECKING:
    from ..canvas import SheetScene, SheetView
    from ..document import Document

#: Snapping reaches this many screen pixels, whatever the zoom.
SNAP_PIXELS = 8.0
#: A press becomes a drag once the mouse has moved this many pixels.
DRAG_PIXELS = 3.0


@dataclass(frozen=True)
class ToolEvent:
    pos: Pt
    #: position in viewport pixels (for handles, which have a fixed size on screen)
    screen: QPointF
    button: Qt.MouseButton = Qt.MouseButton.NoButton
    buttons: Qt.MouseButton = Qt.MouseButton.NoButton
    modifiers: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier

    @property
    def shift(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ShiftModifier)

    @property
    def ctrl(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.ControlModifier)

    @property
    def alt(self) -> bool:
        return bool(self.modifiers & Qt.KeyboardModifier.AltModifier)


class ToolContext(QObject):
    """The editor as a tool sees it: the shown sheet's document, the canvas, snapping."""

    status_changed = Signal(str)
    snapping_changed = Signal(bool)

    def __init__(self, scene: SheetScene, view: SheetView, document_getter: object):
        super().__init__()
        self.scene = scene
        self.view = view
        self._document_getter = document_getter
        self._snapper: Snapper | None = None
        self.snapping = True
        scene.rebuilt.connect(self._forget_snapper)

    @property
    def document(self) -> Document | None:
        return self._document_getter()  # type: ignore[operator]

    @property
    def sheet(self) -> MapSheet | None:
        doc = self.document
        model = doc.model if doc is not None else None
        return model if isinstance(model, MapSheet) and model is self.scene.sheet else None

    def _forget_snapper(self) -> None:
        self._snapper = None

    def set_snapping(self, on: bool) -> None:
        if on != self.snapping:
            self.snapping = on
            self.snapping_changed.emit(on)

    def mm(self, pixels: float) -> float:
        """Screen pixels as sheet millimetres at the current zoom."""
        return pixels / max(self.view.current_scale(), 1e-9)

    def snapper(self) -> Snapper | None:
        if self.sheet is None:
            return None
        if self._snapper is None:
            self._snapper = Snapper(self.sheet)
        return self._snapper

    def snap(
        self, p: Pt, exclude: tuple[str, ...] = (), extra: tuple[Pt, ...] = (), edges: bool = True
    ) -> Snap:
        snapper = self.snapper()
        if snapper is None:
            return Snap(p)
        snapper.enabled = self.snapping
        return snapper.snap(p, self.mm(SNAP_PIXELS), exclude, extra, edges)

    def push(self, command: QUndoCommand) -> None:
        doc = self.document
        if doc is not None:
            doc.undo_stack.push(command)

    def add(self, text: str, pointer: str, obj: object) -> None:
        """Add one model object at `pointer` as one undo entry, and select it."""
        self.push(AddObjects(self.document, text, [(pointer, obj)]))
        self.select([pointer])

    def selected(self) -> list[str]:
        return self.scene.selected_pointers()

    def select(self, pointers: list[str]) -> None:
        self.scene.select_pointers(pointers)

    def show_status(self, text: str) -> None:
        self.status_changed.emit(text)


class Tool(QObject):
    """A canvas tool. Subclasses set `name`, `key` (its single-key shortcut) and `tip`."""

    name = "Tool"
    key = ""
    tip = ""

    def __init__(self, ctx: ToolContext):
        super().__init__()
        self.ctx = ctx
        self.active = False
        self._options: QWidget | None = None

    # -- life cycle ----------------------------------------------------------------------
    def activate(self) -> None:
        self.active = True
        self.ctx.show_status(self.status_text())

    def deactivate(self) -> None:
        self.active = False
        self.cancel()

    def cancel(self) -> None:
        """Drop what is half done (a polygon being drawn, a drag)."""

    def model_changed(self) -> None:
        """The model changed (a command, an undo): refresh handles drawn from it."""

    # -- events --------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> None:
        pass

    def mouse_move(self, event: ToolEvent) -> None:
        pass

    def mouse_release(self, event: ToolEvent) -> None:
        pass

    def mouse_double_click(self, event: ToolEvent) -> None:
        pass

    def key_press(self, key: int, modifiers: Qt.KeyboardModifier) -> bool:
        """True if the tool used the key."""
        return False

    def delete(self) -> bool:
        """Edit > Delete: True if the tool deleted something of its own (a vertex)."""
        return False

    # -- presentation --------------------------------------------------------------------
    def status_text(self) -> str:
        return self.tip

    def update_status(self) -> None:
        self.ctx.show_status(self.status_text())

    def options_widget(self) -> QWidget | None:
        """Widgets for the Tool Options bar (made once, on first use)."""
        if self._options is None:
            self._options = self.make_options()
        return self._options

    def make_options(self) -> QWidget | None:
        return None
