"""Editing wired into the main window: the Edit and Tools menus, the tool bars, snapping,
the Inspector and the undo history. Kept out of main_window.py so the window stays about
files and views; the window creates one `Editing` and that is all it knows of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMenu, QSizePolicy, QUndoView

from engine.model.sheet import WallKind

from .commands import AddObjects
from .document import Document
from .panels.inspector import Inspector
from .tools.aperture_tool import ApertureTool
from .tools.base import ToolContext
from .tools.clipboard import Clipboard, pasted
from .tools.manager import ToolManager
from .tools.outline_tools import BuildingTool, RoomTool, ZoneTool
from .tools.point_tools import ManholeTool, RoofAccessTool
from .tools.probe_tools import LosProbeTool, ReachTool
from .tools.select_tool import SelectTool, delete_selection
from .tools.terrain_brush import TerrainBrush
from .tools.vertex_tool import VertexTool
from .tools.wall_tools import WallTool

if TYPE_CHECKING:
    from .main_window import MainWindow


class Editing(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.undo_group = QUndoGroup(self)
        self._document: Document | None = None
        self.clipboard = Clipboard()

        self.ctx = ToolContext(window.scene, window.view, self.current_document)
        self.tools = ToolManager(self.ctx, window)
        self.select_tool = SelectTool(self.ctx)
        for tool in [
            self.select_tool,
            VertexTool(self.ctx),
            TerrainBrush(self.ctx),
            BuildingTool(self.ctx),
            RoomTool(self.ctx),
            ZoneTool(self.ctx),
            WallTool(self.ctx, WallKind.facade),
            WallTool(self.ctx, WallKind.outer_wall),
            WallTool(self.ctx, WallKind.partition),
            WallTool(self.ctx, WallKind.zone_limit),
            ApertureTool(self.ctx),
            RoofAccessTool(self.ctx),
            ManholeTool(self.ctx),
            LosProbeTool(self.ctx),
            ReachTool(self.ctx),
        ]:
            self.tools.register(tool)
        window.addToolBar(self.tools.toolbar)
        window.addToolBar(self.tools.options_bar)

        self.inspector = Inspector()
        self.inspector.bind(self.current_document, window.scene.selected_pointers)
        self.inspector_dock = self._dock("Inspector", self.inspector)
        self.undo_view = QUndoView(self.undo_group)
        self.undo_view.setEmptyLabel("<opened>")
        self.undo_view.setObjectName("undo_view")
        self.history_dock = self._dock("History", self.undo_view)
        window.tabifyDockWidget(self.inspector_dock, self.history_dock)
        self.inspector_dock.raise_()

        self.hint_label = QLabel()
        # a long hint must never widen the window: it is cut instead
        self.hint_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.snap_label = QLabel()
        window.statusBar().addWidget(self.hint_label, 1)
        window.statusBar().addPermanentWidget(self.snap_label)
        self._make_menus()
        self._connect()
        self._show_snapping(self.ctx.snapping)
        if self.tools.current is not None:
            self.tools.current.update_status()

    def _dock(self, title: str, widget: object) -> QDockWidget:
        dock = QDockWidget(title, self.window)
        dock.setObjectName(title.lower() + "_dock")
        dock.setWidget(widget)  # type: ignore[arg-type]
        self.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
        return dock

    def _menu(self, title: str, before: str) -> QMenu:
        bar = self.window.menuBar()
        menu = QMenu(title, self.window)
        anchor = next((a for a in bar.actions() if a.text() == before), None)
        if anchor is not None:
            bar.insertMenu(anchor, menu)
        else:
            bar.addMenu(menu)
        return menu

    def _action(self, menu: QMenu, text: str, slot: object, *keys: QKeySequence | str) -> QAction:
        action = QAction(text, self.window)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _make_menus(self) -> None:
        edit = self._menu("&Edit", "&View")
        self.action_undo = self.undo_group.createUndoAction(self.window, "&Undo")
        self.action_undo.setShortcuts(QKeySequence.StandardKey.Undo)
        self.action_redo = self.undo_group.createRedoAction(self.window, "&Redo")
        self.action_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        edit.addAction(self.action_undo)
        edit.addAction(self.action_redo)
        edit.addSeparator()
        self.action_copy = self._action(edit, "&Copy", self.copy, QKeySequence.StandardKey.Copy)
        self.action_paste = self._action(edit, "&Paste", self.paste, QKeySequence.StandardKey.Paste)
        self.action_delete = self._action(edit, "&Delete", self.delete, QKeySequence.StandardKey.Delete)
        self.action_select_all = self._action(
            edit, "Select &all", self.select_all, QKeySequence.StandardKey.SelectAll
        )
        edit.addSeparator()
        self.action_snap = self._action(edit, "&Snap", self.ctx.set_snapping, "S")
        self.action_snap.setCheckable(True)
        self.action_snap.setChecked(self.ctx.snapping)
        self.action_snap.setToolTip("Snap to hex corners, vertices and edges (S)")
        self.tools.toolbar.addSeparator()
        self.tools.toolbar.addAction(self.action_snap)

        tools = self._menu("&Tools", "&View")
        for action in self.tools.actions.values():
            tools.addAction(action)

        view = next((a.menu() for a in self.window.menuBar().actions() if a.text() == "&View"), None)
        if isinstance(view, QMenu):
            view.addSeparator()
            view.addAction(self.inspector_dock.toggleViewAction())
            view.addAction(self.history_dock.toggleViewAction())
            view.addAction(self.tools.toolbar.toggleViewAction())
            view.addAction(self.tools.options_bar.toggleViewAction())

    def _connect(self) -> None:
        scene = self.window.scene
        scene.rebuilt.connect(self._on_rebuilt)
        scene.selectionChanged.connect(self.inspector.refresh)
        self.ctx.status_changed.connect(self.hint_label.setText)
        self.ctx.snapping_changed.connect(self._show_snapping)
        self.window.validation.validated.connect(self.inspector.set_problems)

    # -- the edited document -------------------------------------------------------------
    def current_document(self) -> Document | None:
        """The document of the sheet on the canvas (a scenario's sheets are documents of
        their own), else the open document."""
        window = self.window
        session = window.session
        if session is None:
            return None
        if 0 <= window.sheet_index < len(session.sheets):
            return session.sheets[window.sheet_index].document
        return session.document

    def _on_rebuilt(self) -> None:
        document = self.current_document()
        if document is not self._document:
            self._document = document
            self.tools.cancel()
            if document is not None:
                if document.undo_stack not in self.undo_group.stacks():
                    self.undo_group.addStack(document.undo_stack)
                self.undo_group.setActiveStack(document.undo_stack)
            else:
                self.undo_group.setActiveStack(None)
            self.inspector.set_problems(self.window.validation.problems)
        self.inspector.refresh()

    def _show_snapping(self, on: bool) -> None:
        self.action_snap.setChecked(on)
        self.snap_label.setText("Snap: on" if on else "Snap: off")

    # -- Edit menu -----------------------------------------------------------------------
    def copy(self) -> None:
        sheet = self.ctx.sheet
        if sheet is None:
            return
        n = self.clipboard.copy(sheet, self.ctx.selected())
        if n:
            QApplication.clipboard().setText(
                "\n".join(str(getattr(o, "id", "")) for _p, o in self.clipboard.items)
            )
            self.window.statusBar().showMessage(f"Copied {n} object{'s' * (n != 1)}", 3000)

    def paste(self) -> None:
        sheet = self.ctx.sheet
        if sheet is None or not self.clipboard.items:
            return
        items = pasted(sheet, self.clipboard)
        if not items:
            return
        n = len(items)
        self.ctx.push(AddObjects(self.ctx.document, f"Paste {n} object{'s' * (n != 1)}", items))
        self.ctx.select([p for p, _o in items])

    def delete(self) -> None:
        tool = self.tools.current
        if tool is not None and tool.delete():
            return
        delete_selection(self.ctx)

    def select_all(self) -> None:
        self.ctx.select(list(self.window.scene.items_by_pointer))
