"""The parts of the main window that only make sense with a map on the canvas: the drawing
tools and their options, the Tools and Sheet menus, the Inspector, Layers and Legend docks,
the view's zoom actions. A card library or the start page hides them; a sheet or a scenario
shows them again as the user last had them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QToolBar

if TYPE_CHECKING:
    from .main_window import MainWindow

MAP_MENUS = ("&Tools", "&Sheet")


class MapUi:
    def __init__(self, window: MainWindow):
        self.window = window
        self.shown = True
        #: whether each dock or tool bar was shown when the map parts were last hidden
        self._was_visible: dict[QDockWidget | QToolBar, bool] = {}

    def panels(self) -> list[QDockWidget | QToolBar]:
        w = self.window
        return [
            w.editing.tools.toolbar,
            w.editing.tools.options_bar,
            w.editing.inspector_dock,
            w.digitising.dock,
            w.legend_dock,
        ]

    def menus(self) -> list[QMenu]:
        out = []
        for action in self.window.menuBar().actions():
            menu = action.menu()
            if action.text() in MAP_MENUS and isinstance(menu, QMenu):
                out.append(menu)
        return out

    def actions(self) -> list[QAction]:
        w = self.window
        return [
            w.action_fit,
            w.action_zoom_in,
            w.action_zoom_out,
            w.editing.action_snap,
            *w.editing.tools.actions.values(),
        ]

    def set_shown(self, on: bool) -> None:
        if on == self.shown:
            return
        panels = self.panels()
        if not on:
            # as the user has them (would they show with the window), before hiding
            self._was_visible = {p: p.isVisibleTo(self.window) for p in panels}
            for panel in panels:
                panel.hide()
        else:
            for panel in panels:
                panel.setVisible(self._was_visible.get(panel, True))
        for panel in panels:
            # nothing to show or hide from the View menu either
            panel.toggleViewAction().setVisible(on)
        for menu in self.menus():
            menu.menuAction().setVisible(on)
        for action in self.actions():
            action.setEnabled(on)
        # the tool's hint and the snapping state speak of the canvas
        self.window.editing.hint_label.setVisible(on)
        self.window.editing.snap_label.setVisible(on)
        self.shown = on
