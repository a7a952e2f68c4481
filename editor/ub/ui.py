"""Urban Battle files in the main window: a square board (ub-board/1) drawn and edited on a
canvas of its own, a mission (ub-mission/1) shown on its board with its set-up, File > New
board, the Board menu (segments, their scans and calibration) and the Terrain tool bar.

The window creates one `UbUi` and routes to it the documents of these formats; the hex
canvas, its tools and docks are hidden meanwhile (editor/map_ui.py) and come back as they
were for a hex file. Every edit is a command on the document's undo stack (editor/ub/
commands.py), so the Edit menu's Undo and Redo (Ctrl+Z, Ctrl+Y) and the History dock serve
the board as they serve a sheet.
"""

from __future__ import annotations

import contextlib
import itertools
import re
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileSystemWatcher, QObject, QPointF, Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence, QPainter, QPen, QPixmap
from PySide6.QtWidgets import QComboBox, QDialog, QFileDialog, QLabel, QMenu, QMessageBox, QToolBar

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.model.square_board import Segment, SquareBoard, SquareGrid, SquareTerrain
from engine.model.ub_mission import Mission
from engine.model.ub_units import UnitChart

from ..canvas.background_item import load_scan
from ..digitise.actions import SCAN_FILTER, scan_reference
from ..document import Document
from .calibration import fitted_transform
from .calibration_dialog import SquareCalibrationDialog
from .commands import (
    PaintSquares,
    SetBoardFields,
    add_segment,
    board_of,
    calibrate_segment_scan,
    move_piece,
    remove_segment,
    set_segment,
    turn_piece,
)
from .layout import Spot
from .outline import is_ub
from .scene import UbScene, paint_square
from .settings_dialog import BoardSettingsDialog, SegmentSettingsDialog
from .view import UbView

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from ..session import Session

#: the brushes of the Terrain tool bar, in its order, with their key and name
BRUSHES: list[tuple[SquareTerrain, str, str]] = [
    (SquareTerrain.open, "1", "Open ground"),
    (SquareTerrain.building, "2", "Building"),
    (SquareTerrain.low, "3", "Low obstacle (white border)"),
    (SquareTerrain.water, "4", "Water (white dot)"),
    (SquareTerrain.deep, "5", "Water marked x (amphibious only)"),
    (SquareTerrain.bridge, "6", "Bridge"),
    (SquareTerrain.passage_ns, "7", "Narrow passage north-south"),
    (SquareTerrain.passage_ew, "8", "Narrow passage east-west"),
]
TURNED = {
    SquareTerrain.passage_ns.value: SquareTerrain.passage_ew.value,
    SquareTerrain.passage_ew.value: SquareTerrain.passage_ns.value,
}
NEW_BOARD_SIZE = (12, 10)
_POINTER_SEGMENT = re.compile(r"^/segments/(\d+)(?:/rows(?:/(\d+))?)?")
_POINTER_PIECE = re.compile(r"^/forces/(green|red)/units/(\d+)")
_POINTER_GOAL = re.compile(r"^/goal/squares/(\d+)")


def terrain_icon(letter: str, size: int = 32) -> QIcon:
    """A brush's icon: its square as the canvas draws it."""
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_square(painter, 1, 1, size - 2, letter)
    painter.setPen(QPen(QColor("#59544a"), 1))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRect(1, 1, size - 2, size - 2)
    painter.end()
    return QIcon(pixmap)


def new_board() -> SquareBoard:
    """File > New board: one open segment, squares of 25 mm (the rulebook's boards)."""
    width, height = NEW_BOARD_SIZE
    return SquareBoard(
        id="new-board",
        title="New board",
        grid=SquareGrid(kind="square", size=25.0, origin=(10.0, 10.0)),
        segments=[Segment(id="S1", title="Segment S1", rows=["." * width] * height)],
    )


class UbUi(QObject):
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
        self.calibration_dialog: SquareCalibrationDialog | None = None
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
        self.action_segment_settings = self._action("Segment se&ttings…", self.segment_settings_dialog)
        self.menu.addSeparator()
        self.action_import_scan = self._action("&Import scan for segment…", self.import_dialog)
        self.action_calibrate = self._action("&Calibrate segment scan…", self.calibrate_dialog)
        self.action_remove_scan = self._action("Remove segment &scan", self.remove_scan)
        self.menu.addSeparator()
        self.action_fit = self._action("&Fit board", self.view.fit_sheet, "F")
        # the View menu's zoom keys are the hex canvas'; these serve the board's
        self.action_zoom_in = self._action("Zoom &in", self.view.zoom_in, "Ctrl+=")
        self.action_zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.action_zoom_out = self._action("Zoom &out", self.view.zoom_out, "Ctrl+-")
        self.edit_actions = [
            self.action_board_settings,
            self.action_segment_settings,
            self.action_add_segment,
            self.action_remove_segment,
            self.action_import_scan,
            self.action_calibrate,
            self.action_remove_scan,
            *self.brush_actions.values(),
        ]

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
        for action in (self.action_fit, self.action_zoom_in, self.action_zoom_out):
            action.setEnabled(on)
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
            return "Pick a terrain (1-8), click or drag on squares to paint it; right click turns a passage"
        if isinstance(model, Mission):
            if self.mission_board is None:
                return "The mission's board cannot be read: the Validation dock says why"
            return "Drag a piece to another square; right click turns it 45° clockwise"
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
        self.action_remove_segment.setEnabled(editable and board is not None and len(board.segments) > 1)
        self.action_calibrate.setEnabled(editable and segment is not None and segment.scan is not None)
        self.action_remove_scan.setEnabled(editable and segment is not None and segment.scan is not None)

    # -- the brush -------------------------------------------------------------------
    def set_terrain(self, terrain: SquareTerrain) -> None:
        self.terrain = terrain
        self.brush_actions[terrain].setChecked(True)
        self.window.statusBar().showMessage(f"Brush: {dict((t, n) for t, _k, n in BRUSHES)[terrain]}", 3000)

    def _editable_doc(self) -> Document | None:
        doc = self.document
        return doc if doc is not None and isinstance(doc.model, SquareBoard) else None

    def _on_pressed(self, pos: QPointF, button: object) -> None:
        spot = self.scene.spot_at(pos.x(), pos.y())
        if spot is not None:
            self.segment_box.setCurrentIndex(spot[0])
            self._refresh_actions()
        doc = self._editable_doc()
        piece = self._piece_at(spot) if spot is not None else None
        if button == Qt.MouseButton.RightButton:
            if doc is not None and spot is not None:
                self.turn_passage(spot)
            elif piece is not None:
                self.turn_piece(*piece)
            return
        if doc is None:
            if spot is not None:
                self.select([spot])
                self._say_square(spot)
            # a mission's piece is dragged to its new square (dropped on release)
            self._moving = piece
            self._last = pos
            return
        self._stroke = next(self._strokes)
        self._last = pos
        if spot is not None:
            self.paint([spot])

    def _on_dragged(self, pos: QPointF) -> None:
        if self._moving is not None:
            self._last = pos
            return
        if self._stroke == 0 or self._editable_doc() is None or self.scene.layout is None:
            return
        # every square the pointer crossed since the last event: a fast drag skips none
        last = self._last or pos
        step = self.scene.layout.size / 4
        n = max(1, int(max(abs(pos.x() - last.x()), abs(pos.y() - last.y())) / step))
        spots: list[Spot] = []
        for k in range(1, n + 1):
            t = k / n
            spot = self.scene.spot_at(
                last.x() + (pos.x() - last.x()) * t, last.y() + (pos.y() - last.y()) * t
            )
            if spot is not None and spot not in spots:
                spots.append(spot)
        self._last = pos
        if spots:
            self.paint(spots)

    def _on_released(self) -> None:
        moving, last = self._moving, self._last
        self._stroke = 0
        self._last = None
        self._moving = None
        if moving is not None and last is not None:
            target = self.scene.spot_at(last.x(), last.y())
            if target is not None:
                self.move_piece(*moving, target)

    # -- a mission's set-up ----------------------------------------------------------
    def _piece_at(self, spot: Spot) -> tuple[str, int] | None:
        """The mission's piece set up on a square: (side, index)."""
        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None or not isinstance(doc.model, Mission):
            return None
        name = layout.name(spot)
        for side in ("green", "red"):
            for i, unit in enumerate(getattr(doc.model.forces, side).units):
                if unit.square == name:
                    return side, i
        return None

    def move_piece(self, side: str, index: int, target: Spot) -> bool:
        """Drop a mission's piece on another square (not on another piece)."""
        doc, layout = self.document, self.scene.layout
        if doc is None or layout is None or not isinstance(doc.model, Mission):
            return False
        unit = getattr(doc.model.forces, side).units[index]
        name = layout.name(target)
        if name == unit.square:
            return False
        other = self._piece_at(target)
        if other is not None:
            taken = getattr(doc.model.forces, other[0]).units[other[1]].id
            self.window.statusBar().showMessage(f"{name} already holds {taken}", 4000)
            return False
        doc.undo_stack.push(move_piece(doc, side, index, name))
        self.select([target])
        return True

    def turn_piece(self, side: str, index: int, steps: int = 1) -> None:
        """Right click on a piece: it turns 45° clockwise."""
        doc = self.document
        if doc is not None and isinstance(doc.model, Mission):
            doc.undo_stack.push(turn_piece(doc, side, index, steps))

    def paint(self, spots: list[Spot], letter: str | None = None) -> bool:
        """Paint squares with the brush's terrain (or `letter`), merged into the stroke's
        one undo step. False when nothing changed."""
        doc = self._editable_doc()
        if doc is None:
            return False
        value = letter or self.terrain.value
        command = PaintSquares(doc, {s: value for s in spots}, self._stroke or next(self._strokes))
        if command.empty:
            return False
        doc.undo_stack.push(command)
        return True

    def turn_passage(self, spot: Spot) -> bool:
        """Right click: a narrow passage turns to the other direction (its arrow)."""
        doc = self._editable_doc()
        if doc is None:
            return False
        board = board_of(doc)
        s, col, row = spot
        line = board.segments[s].rows[row]
        letter = line[col] if col < len(line) else ""
        if letter not in TURNED:
            self.window.statusBar().showMessage(
                "Right click turns a narrow passage: this square is none", 4000
            )
            return False
        command = PaintSquares(doc, {spot: TURNED[letter]}, next(self._strokes), "Turn narrow passage")
        doc.undo_stack.push(command)
        return True

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

    # -- segments --------------------------------------------------------------------
    def _push(self, command: object) -> None:
        doc = self._editable_doc()
        if doc is not None:
            doc.undo_stack.push(command)  # type: ignore[arg-type]

    def add_segment(self) -> None:
        doc = self._editable_doc()
        if doc is None:
            return
        self._push(add_segment(doc))
        self.segment_box.setCurrentIndex(self.segment_box.count() - 1)
        self._refresh_actions()

    def remove_segment(self) -> None:
        doc = self._editable_doc()
        index = self.current_segment()
        if doc is None or index < 0:
            return
        try:
            command = remove_segment(doc, index)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc), 4000)
            return
        self._push(command)

    def board_settings_dialog(self) -> BoardSettingsDialog | None:
        doc, board = self._editable_doc(), self.board()
        if doc is None or board is None:
            return None
        dialog = BoardSettingsDialog(board, self.window)
        dialog.accepted.connect(lambda: self._apply_settings(dialog, None))
        dialog.finished.connect(dialog.deleteLater)
        self.settings_dialog = dialog
        dialog.open()
        return dialog

    def segment_settings_dialog(self) -> SegmentSettingsDialog | None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return None
        dialog = SegmentSettingsDialog(board, index, self.window)
        dialog.accepted.connect(lambda: self._apply_settings(dialog, index))
        dialog.finished.connect(dialog.deleteLater)
        self.settings_dialog = dialog
        dialog.open()
        return dialog

    def _apply_settings(self, dialog: BoardSettingsDialog | SegmentSettingsDialog, index: int | None) -> None:
        doc = self._editable_doc()
        if doc is None or not dialog.changes:
            return
        if index is None:
            self._push(SetBoardFields(doc, "Board settings", **dialog.changes))
        else:
            name = board_of(doc).segments[index].id
            self._push(set_segment(doc, index, f"Segment {name} settings", **dialog.changes))

    # -- scans -----------------------------------------------------------------------
    def import_dialog(self) -> None:
        start = str(self.board_dir() or "")
        name, _ = QFileDialog.getOpenFileName(self.window, "Import scan for segment", start, SCAN_FILTER)
        if name:
            self.import_scan(Path(name))

    def import_scan(self, image: Path, index: int | None = None) -> bool:
        """Put a scan under a segment (the tool bar's, unless given), stretched over it
        until it is calibrated."""
        doc = self._editable_doc()
        board = self.board()
        index = self.current_segment() if index is None else index
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return False
        scan, error = load_scan(image)
        if scan is None:
            QMessageBox.critical(self.window, "Cannot import scan", error)
            return False
        layout = self.scene.layout
        assert layout is not None
        _x, _y, w, h = layout.segment_rect(index)
        transform = fitted_transform(w, h, scan.pixmap.width(), scan.pixmap.height())
        segment = board.segments[index]
        verb = "Replace" if segment.scan else "Import"
        self._push(
            set_segment(
                doc,
                index,
                f"{verb} scan of {segment.id}",
                scan=scan_reference(image, doc.path),
                scan_transform=transform,
            )
        )
        self.window.statusBar().showMessage(
            f"Imported {image.name} under {segment.id}: calibrate it (Board > Calibrate segment scan)", 8000
        )
        return True

    def remove_scan(self) -> None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return
        segment = board.segments[index]
        if segment.scan is not None:
            self._push(
                set_segment(doc, index, f"Remove scan of {segment.id}", scan=None, scan_transform=None)
            )

    def calibrate_dialog(self) -> SquareCalibrationDialog | None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        layout = self.scene.layout
        if doc is None or board is None or layout is None or not 0 <= index < len(board.segments):
            return None
        segment = board.segments[index]
        if segment.scan is None:
            return None
        path = Path(segment.scan)
        base = self.board_dir()
        if base is not None and not path.is_absolute():
            path = base / path
        scan, error = load_scan(path)
        if scan is None:
            QMessageBox.critical(self.window, "Cannot calibrate", f"The scan cannot be read: {error}")
            return None
        place = layout.segments[index]
        dialog = SquareCalibrationDialog(
            scan.pixmap,
            segment.id,
            place.first_col,
            place.width,
            place.height,
            board.grid.size,
            scan.dpi,
            self.window,
        )
        dialog.accepted.connect(lambda: self._apply_calibration(dialog, index))
        dialog.finished.connect(dialog.deleteLater)
        self.calibration_dialog = dialog
        dialog.open()
        return dialog

    def _apply_calibration(self, dialog: SquareCalibrationDialog, index: int) -> None:
        doc, cal = self._editable_doc(), dialog.calibration
        if doc is None or cal is None:
            return
        self._push(calibrate_segment_scan(doc, index, cal.transform, cal.size))
        self.window.statusBar().showMessage(
            f"Scan calibrated: RMS error {cal.rms_mm:.2f} mm ({cal.rms_squares:.3f} square)", 8000
        )


def _menu(window: MainWindow, title: str) -> QMenu | None:
    for action in window.menuBar().actions():
        if action.text() == title and action.menu() is not None:
            return action.menu()  # type: ignore[return-value]
    return None
