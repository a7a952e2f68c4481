"""Urban Battle files in the main window: a square board (ub-board/1) drawn and edited on a
canvas of its own, a mission (ub-mission/1) shown on its board with its set-up, File > New
board, the Board menu (segments, their scans and calibration) and the Terrain tool bar.

The window creates one `UbUi` and routes to it the documents of these formats; the hex
canvas, its tools and docks are hidden meanwhile (editor/map_ui.py) and come back as they
were for a hex file. Every edit is a command on the document's undo stack (editor/ub/
commands.py), so the Edit menu's Undo and Redo (Ctrl+Z, Ctrl+Y) and the History dock serve
the board as they serve a sheet. The mouse on the canvas is editor/ub/mouse.py's, the
Board menu's segment and scan edits editor/ub/segments.py's.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QComboBox, QDialog, QDockWidget, QLabel, QMenu, QToolBar

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model.square_board import Segment, SquareBoard, SquareGrid, SquareTerrain
from engine.model.ub_mission import Mission
from engine.model.ub_units import UnitChart

from ..document import Document
from .items import terrain_icon
from .layout import Spot
from .mouse import BRUSHES, MouseMixin
from .outline import is_ub
from .scene import UbScene
from .segments import SegmentMixin
from .setup import SetupMixin
from .view import UbView

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from ..session import Session
    from .calibration_dialog import SquareCalibrationDialog
    from .piece_dialog import PieceDialog

NEW_BOARD_SIZE = (12, 10)
_POINTER_SEGMENT = re.compile(r"^/segments/(\d+)(?:/rows(?:/(\d+))?)?")
_POINTER_PIECE = re.compile(r"^/forces/(green|red)/units/(\d+)")
_POINTER_GOAL = re.compile(r"^/goal/squares/(\d+)")


def new_board() -> SquareBoard:
    """File > New board: one open segment, squares of 25 mm (the rulebook's boards)."""
    width, height = NEW_BOARD_SIZE
    return SquareBoard(
        id="new-board",
        title="New board",
        grid=SquareGrid(kind="square", size=25.0, origin=(10.0, 10.0)),
        segments=[Segment(id="S1", title="Segment S1", rows=["." * width] * height)],
    )


class UbUi(MouseMixin, SetupMixin, SegmentMixin, QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.document: Document | None = None
        #: a mission's board as read from its file (shown, not edited: open the board to edit it)
        self.mission_board: SquareBoard | None = None
        self.board_error = ""
        self.active = False
        self.scene = UbScene(window)
        self.view = UbView(self.scene)
        window.central.addWidget(self.view)
        self.terrain = SquareTerrain.building
        self._strokes = itertools.count(1)
        self._stroke = 0
        self._last: QPointF | None = None
        #: the mission's piece being dragged: (side, index)
        self._moving: tuple[str, int] | None = None
        #: the first corner of a Shift-drag's rectangle
        self._rect_from: Spot | None = None
        self.calibration_dialog: SquareCalibrationDialog | None = None
        self.piece_dialog: PieceDialog | None = None
        #: an open mission's board file, read again when it changes
        self.board_watch = QFileSystemWatcher(self)
        self.board_watch.fileChanged.connect(self._on_board_changed)
        self.settings_dialog: QDialog | None = None
        self._make_actions()
        self.view.pressed.connect(self._on_pressed)
        self.view.dragged.connect(self._on_dragged)
        self.view.released.connect(self._on_released)
        self.view.cursor_moved.connect(self._show_cursor)
        self.view.cursor_left.connect(lambda: window.location_label.setText(""))
        # what the mouse does here, for as long as a board or mission is shown
        self.hint = QLabel()
        self.hint.setObjectName("ub_hint")
        window.statusBar().addWidget(self.hint, 1)
        self.set_active(False)

    # -- actions ---------------------------------------------------------------------
    def _make_actions(self) -> None:
        w = self.window
        self.action_new_board = QAction("New &board (square)", w)
        self.action_new_board.setShortcut(QKeySequence("Ctrl+Alt+N"))
        self.action_new_board.triggered.connect(self.new_board)
        file_menu = _menu(w, "&File")
        if file_menu is not None:
            file_menu.insertAction(w.action_new_scenario, self.action_new_board)

        self.toolbar = QToolBar("Terrain")
        self.toolbar.setObjectName("ub_terrain_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.brush_group = QActionGroup(self)
        self.brush_actions: dict[SquareTerrain, QAction] = {}
        for terrain, key, name in BRUSHES:
            action = QAction(terrain_icon(terrain.value), name.split(" (")[0], w)
            action.setToolTip(f"{name}: letter '{terrain.value}' ({key}); click or drag on squares")
            action.setShortcut(QKeySequence(key))
            action.setCheckable(True)
            action.triggered.connect(lambda _c=False, t=terrain: self.set_terrain(t))
            self.brush_group.addAction(action)
            self.toolbar.addAction(action)
            self.brush_actions[terrain] = action
        self.brush_actions[self.terrain].setChecked(True)
        self.toolbar.addSeparator()
        self.toolbar.addWidget(QLabel(" Segment: "))
        self.segment_box = QComboBox()
        self.segment_box.setObjectName("ub_segment_box")
        self.segment_box.setMinimumContentsLength(14)
        self.toolbar.addWidget(self.segment_box)
        # the Board menu's segment actions act on the segment chosen here
        self.segment_box.currentIndexChanged.connect(lambda _i: self._refresh_actions())
        w.addToolBar(self.toolbar)

        self.menu = QMenu("&Board", w)
        self.menu.setObjectName("board_menu")
        bar = w.menuBar()
        anchor = next((a for a in bar.actions() if a.text() == "&View"), None)
        if anchor is not None:
            bar.insertMenu(anchor, self.menu)
        else:
            bar.addMenu(self.menu)
        self.action_board_settings = self._action("Board s&ettings…", self.board_settings_dialog)
        self.menu.addSeparator()
        self.action_add_segment = self._action("&Add segment", self.add_segment)
        self.action_remove_segment = self._action("&Remove segment", self.remove_segment)
        self.action_segment_left = self._action("Move segment &left", lambda: self.move_segment(-1))
        self.action_segment_right = self._action("Move segment ri&ght", lambda: self.move_segment(1))
        self.action_segment_settings = self._action("Segment se&ttings…", self.segment_settings_dialog)
        self.menu.addSeparator()
        self.action_add_piece = self._action("Add &piece…", self.add_piece_dialog)
        self.action_remove_piece = self._action("Remove pi&ece", self.remove_selected_piece)
        self.menu.addSeparator()
        self.action_import_scan = self._action("&Import scan for segment…", self.import_dialog)
        self.action_calibrate = self._action("&Calibrate segment scan…", self.calibrate_dialog)
        self.action_remove_scan = self._action("Remove segment &scan", self.remove_scan)
        self.menu.addSeparator()
        self.action_fit = self._action("&Fit board", self.view.fit_sheet, "F")
        # F1 as for a hex sheet, with this board's symbols (the hex legend is put away)
        self.legend_dock = QDockWidget("Board legend", w)
        self.legend_dock.setObjectName("ub_legend_dock")
        w.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.legend_dock)
        self.legend_dock.hide()
        self.legend_dock.visibilityChanged.connect(self._fill_legend)
        self.action_legend = self.legend_dock.toggleViewAction()
        self.action_legend.setText("&Legend")
        self.action_legend.setShortcut(QKeySequence("F1"))
        self.menu.addAction(self.action_legend)
        # the View menu's zoom keys are the hex canvas'; these serve the board's
        self.action_zoom_in = self._action("Zoom &in", self.view.zoom_in, "Ctrl+=")
        self.action_zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.action_zoom_out = self._action("Zoom &out", self.view.zoom_out, "Ctrl+-")
        self.edit_actions = [
            self.action_board_settings,
            self.action_segment_settings,
            self.action_add_segment,
            self.action_remove_segment,
            self.action_segment_left,
            self.action_segment_right,
            self.action_import_scan,
            self.action_calibrate,
            self.action_remove_scan,
            *self.brush_actions.values(),
        ]

    def _fill_legend(self, visible: bool) -> None:
        # built when first shown (it draws its symbols): the editor starts without it
        if visible and self.legend_dock.widget() is None:
            from .legend import BoardLegend

            self.legend_dock.setWidget(BoardLegend())

    def _action(self, text: str, slot: object, key: str = "") -> QAction:
        action = QAction(text, self.window)
        if key:
            action.setShortcut(QKeySequence(key))
        action.triggered.connect(slot)  # type: ignore[arg-type]
        self.menu.addAction(action)
        return action

    def set_active(self, on: bool) -> None:
        """Show the board's menu and tool bar (and enable their keys) only for these files."""
        self.active = on
        self.menu.menuAction().setVisible(on)
        editable = on and self.board() is not None and self.mission_board is None
        # the brushes only where there is a board to paint (not a mission's, nor unit charts)
        self.toolbar.setVisible(editable)
        self.toolbar.toggleViewAction().setVisible(editable)
        for action in (self.action_fit, self.action_zoom_in, self.action_zoom_out, self.action_legend):
            action.setEnabled(on)
        # a mission's pieces, on its board
        setup = on and self.mission_board is not None
        for action in (self.action_add_piece, self.action_remove_piece):
            action.setEnabled(setup)
            action.setVisible(on and isinstance(self.document.model if self.document else None, Mission))
        self.action_legend.setVisible(on)
        if not on:
            self.legend_dock.hide()
        for action in self.edit_actions:
            action.setEnabled(editable)
        self.segment_box.setEnabled(on and self.board() is not None)
        # text only: the status bar hides and shows its widgets around temporary messages,
        # and a widget shown during one would be drawn under it
        self.hint.setText(self._hint() if on else "")
        if editable:
            self._refresh_actions()

    def _hint(self) -> str:
        model = self.document.model if self.document is not None else None
        if isinstance(model, SquareBoard):
            return (
                "Pick a terrain (1-8), click or drag to paint squares, Shift-drag a rectangle;"
                " right click turns a passage"
            )
        if isinstance(model, Mission):
            if self.mission_board is None:
                return "The mission's board cannot be read: the Validation dock says why"
            return "Drag a piece to another square; right click turns it 45° clockwise; Board > Add piece"
        return ""

    # -- the open file ---------------------------------------------------------------
    def handles(self, model: object) -> bool:
        return is_ub(model)

    def set_session(self, session: Session | None) -> bool:
        """Show the session's file when it is an Urban Battle one (True), else step aside."""
        if self.document is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # the old document is gone
                self.document.changed.disconnect(self.redraw)
        self.session = session
        document = session.document if session is not None else None
        if document is None or not is_ub(document.model):
            self.document = None
            self.mission_board = None
            if self.board_watch.files():
                self.board_watch.removePaths(self.board_watch.files())
            self.scene.set_board(None, None)
            self.set_active(False)
            return False
        self.document = document
        self.scene.selected = []
        document.changed.connect(self.redraw)
        self.mission_board, self.board_error = None, ""
        if self.board_watch.files():
            self.board_watch.removePaths(self.board_watch.files())
        if isinstance(document.model, Mission):
            self.mission_board, self.board_error = self._read_board(document)
            board_path = self._board_path()
            if board_path is not None and board_path.exists():
                # the board may be edited meanwhile (in another window): shown as saved
                self.board_watch.addPath(str(board_path))
        self.redraw()
        self.set_active(True)
        self.view.fit_sheet()
        if self.board_error:
            self.window.statusBar().showMessage(f"Board not shown: {self.board_error}", 10000)
        return True

    def _on_board_changed(self, path: str) -> None:
        doc = self.document
        if doc is None or not isinstance(doc.model, Mission):
            return
        self.mission_board, self.board_error = self._read_board(doc)
        if path not in self.board_watch.files() and Path(path).exists():
            self.board_watch.addPath(path)  # a save that replaced the file ends the watch
        self.redraw()
        self.window.statusBar().showMessage(
            f"Board not shown: {self.board_error}"
            if self.board_error
            else f"Board {Path(path).name} read again",
            6000,
        )
        self.window.validation.schedule()

    def _read_board(self, document: Document) -> tuple[SquareBoard | None, str]:
        mission = document.model
        assert isinstance(mission, Mission)
        folder = document.path.parent if document.path is not None else Path.cwd()
        path = folder / mission.board
        try:
            loaded = load_document(path)
        except LoadError as exc:
            first = exc.problems[0] if exc.problems else None
            return None, first.format() if first else f"{path}: unusable"
        if not isinstance(loaded.model, SquareBoard):
            what = "has schema errors" if loaded.model is None else "is not a ub-board/1 board"
            return None, f"{path} {what} (the Validation dock says where)"
        return loaded.model, ""

    def board(self) -> SquareBoard | None:
        """The board on the canvas: the open board, or the open mission's."""
        model = self.document.model if self.document is not None else None
        if isinstance(model, SquareBoard):
            return model
        return self.mission_board if isinstance(model, Mission) else None

    def board_dir(self) -> Path | None:
        doc = self.document
        if doc is None or doc.path is None:
            return None
        model = doc.model
        if isinstance(model, Mission):
            return (doc.path.parent / model.board).parent
        return doc.path.parent

    def redraw(self) -> None:
        doc = self.document
        mission = doc.model if doc is not None and isinstance(doc.model, Mission) else None
        self.scene.set_board(self.board(), self.board_dir(), mission)
        if doc is not None and isinstance(doc.model, UnitChart):
            self.scene.show_chart(doc.model)
        errors = self.scene.scan_errors
        label = self.window.scan_warning
        label.setText(f"Scan not loaded: {'; '.join(errors)}" if errors else "")
        label.setVisible(bool(errors))
        self._fill_segments()
        self._refresh_actions()

    def _fill_segments(self) -> None:
        board = self.board()
        current = self.segment_box.currentIndex()
        self.segment_box.blockSignals(True)
        self.segment_box.clear()
        if board is not None:
            for segment in board.segments:
                self.segment_box.addItem(f"{segment.id} — {segment.title}" if segment.title else segment.id)
            self.segment_box.setCurrentIndex(min(max(current, 0), len(board.segments) - 1))
        self.segment_box.blockSignals(False)

    def current_segment(self) -> int:
        return self.segment_box.currentIndex()

    def _refresh_actions(self) -> None:
        board = self.board()
        editable = self.active and board is not None and self.mission_board is None
        index = self.current_segment()
        segment = board.segments[index] if board is not None and 0 <= index < len(board.segments) else None
        count = len(board.segments) if board is not None else 0
        self.action_remove_segment.setEnabled(editable and count > 1)
        self.action_segment_left.setEnabled(editable and index > 0)
        self.action_segment_right.setEnabled(editable and 0 <= index < count - 1)
        self.action_calibrate.setEnabled(editable and segment is not None and segment.scan is not None)
        self.action_remove_scan.setEnabled(editable and segment is not None and segment.scan is not None)

    # -- status, selection, revealing ------------------------------------------------
    def _show_cursor(self, pos: QPointF) -> None:
        name = self.scene.square_name_at(pos.x(), pos.y())
        self.window.location_label.setText(name or "")
        self.window.position_label.setText(f"x {pos.x():.1f} mm, y {pos.y():.1f} mm")

    def _say_square(self, spot: Spot) -> None:
        layout = self.scene.layout
        doc = self.document
        if layout is None or doc is None:
            return
        name = layout.name(spot)
        text = name
        if isinstance(doc.model, Mission):
            for side in ("green", "red"):
                for unit in getattr(doc.model.forces, side).units:
                    if unit.square == name:
                        text += f": {side} {unit.id} ({unit.type}) facing {unit.facing.value}"
        self.window.statusBar().showMessage(text, 5000)

    def select(self, spots: list[Spot]) -> None:
        self.scene.select(spots)

    def reveal(self, source: Path | None, pointer: str) -> bool:
        """Select the squares a problem or an outline row points at (a piece's square, a goal
        square, a segment's row or the whole segment) and bring them into view."""
        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None:
            return False
        board_path = self._board_path()
        spots: list[Spot] = []
        if source is None or doc.path is None or source == doc.path.resolve() or source == board_path:
            spots = self._spots_at(pointer, board_path is not None and source == board_path)
        if not spots:
            if pointer:
                self.window.statusBar().showMessage(f"{pointer} is not a square of the board", 4000)
            return False
        self.select(spots)
        rect = self.scene.selection_rect()
        if rect is not None:
            self.view.fit_rect(rect, margin=0.8, max_scale=12.0)
        if len(spots) == 1:
            self._say_square(spots[0])
        return True

    def _board_path(self) -> Path | None:
        doc = self.document
        if doc is None or doc.path is None:
            return None
        if isinstance(doc.model, Mission):
            return (doc.path.parent / doc.model.board).resolve()
        return doc.path.resolve()

    def _spots_at(self, pointer: str, in_board: bool) -> list[Spot]:
        layout, doc = self.scene.layout, self.document
        assert layout is not None and doc is not None
        model = doc.model
        if in_board or isinstance(model, SquareBoard):
            m = _POINTER_SEGMENT.match(pointer)
            if m is None:
                return []
            s = int(m.group(1))
            if not 0 <= s < len(layout.segments):
                return []
            place = layout.segments[s]
            rows = [int(m.group(2))] if m.group(2) is not None else list(range(place.height))
            return [(s, c, r) for r in rows if r < place.height for c in range(place.width)]
        if isinstance(model, Mission):
            m = _POINTER_PIECE.match(pointer)
            if m is not None:
                units = getattr(model.forces, m.group(1)).units
                i = int(m.group(2))
                spot = layout.spot_named(units[i].square) if i < len(units) else None
                return [spot] if spot is not None else []
            m = _POINTER_GOAL.match(pointer)
            if m is not None:
                j = int(m.group(1))
                spot = layout.spot_named(model.goal.squares[j]) if j < len(model.goal.squares) else None
                return [spot] if spot is not None else []
            if pointer == "/goal":
                return [s for s in (layout.spot_named(n) for n in model.goal.squares) if s is not None]
        return []

    # -- File > New board ------------------------------------------------------------
    def new_board(self) -> bool:
        from ..session import Session

        window = self.window
        if not window.maybe_save():
            return False
        window.set_session(Session.around(Document(new_board(), parent=window)))
        return True


def _menu(window: MainWindow, title: str) -> QMenu | None:
    for action in window.menuBar().actions():
        if action.text() == title and action.menu() is not None:
            return action.menu()  # type: ignore[return-value]
    return None
