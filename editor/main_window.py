"""The main window: canvas in the middle, Outliner and Validation docks, File and View menus."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings, Qt
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QStackedWidget,
    QToolBar,
    QWidget,
)

from engine.io.problems import LoadError, Problem
from engine.model import CardLibrary, MapSheet

from .autosave import Autosave
from .canvas import SheetScene, SheetView
from .canvas.undo_changes import ChangeTracker
from .cards.ui import CardsUi
from .digitise.actions import Digitising
from .disk_watch import DiskWatch
from .document import Document
from .editing import Editing
from .export.actions import ExportUi
from .map_ui import MapUi
from .new_sheet import new_sheet
from .oob.dock import OobUi
from .panels.cards import CardsPanel
from .panels.legend import LegendPanel
from .panels.outliner import Outliner
from .panels.sheet_selector import SheetSelector
from .panels.validation import ValidationPanel
from .recent_files import RecentFiles
from .scenario.dock import ScenarioUi
from .session import Session
from .start_page import StartPage
from .ub.ui import UbUi

APP_NAME = "UO Studio"
FILE_FILTER = "UO Studio files (*.yaml *.yml *.json);;YAML (*.yaml *.yml);;JSON (*.json);;All files (*)"
#: When revealing a small object, do not zoom in beyond this many pixels per mm.
REVEAL_MAX_SCALE = 12.0
#: Problems listed in the "cannot open" message box; the rest are counted.
MAX_LISTED_PROBLEMS = 8


def problems_message(problems: list[Problem]) -> str:
    lines = [p.format() for p in problems[:MAX_LISTED_PROBLEMS]]
    if len(problems) > MAX_LISTED_PROBLEMS:
        lines.append(f"... and {len(problems) - MAX_LISTED_PROBLEMS} more")
    return "\n".join(lines) or "unknown problem"


class MainWindow(QMainWindow):
    def __init__(self, settings: QSettings | None = None):
        super().__init__()
        self.settings = settings if settings is not None else QSettings()
        self.recent = RecentFiles(self.settings)
        self.session: Session | None = None
        self.sheet_index = -1

        self.scene = SheetScene(self)
        #: which commands each edit applied, so the canvas redraws only what they touched
        self.changes = ChangeTracker()
        self.view = SheetView(self.scene)
        self.cards_panel = CardsPanel()
        self.central = QStackedWidget()
        self.central.addWidget(self.view)
        self.central.addWidget(self.cards_panel)
        # what the window shows with no file open (editor/start_page.py)
        self.start_page = StartPage()
        self.central.addWidget(self.start_page)
        self.setCentralWidget(self.central)

        self.outliner = Outliner()
        self.validation = ValidationPanel()
        self.validation.texts_provider = self.unsaved_texts
        self.outliner_dock = self._dock("Outliner", self.outliner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.validation_dock = self._dock(
            "Validation", self.validation, Qt.DockWidgetArea.BottomDockWidgetArea
        )
        # View > Legend: built when first shown (it draws a small sheet per symbol)
        self.legend_dock = QDockWidget("Legend", self)
        self.legend_dock.setObjectName("legend_dock")
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.legend_dock)
        self.legend_dock.hide()
        self.legend_dock.visibilityChanged.connect(self._fill_legend)

        self.sheet_selector = SheetSelector()
        self.sheet_toolbar = QToolBar("Sheets")
        self.sheet_toolbar.setObjectName("sheet_toolbar")
        self.sheet_toolbar.addWidget(QLabel(" Sheet: "))
        self.sheet_toolbar.addWidget(self.sheet_selector)
        self.addToolBar(self.sheet_toolbar)

        self.location_label = QLabel()
        self.position_label = QLabel()
        self.location_label.setMinimumWidth(90)
        self.position_label.setMinimumWidth(170)
        # a broken scan is said for as long as its sheet is shown: a passing message was
        # replaced at once by "Opened ..."
        self.scan_warning = QLabel()
        self.scan_warning.setObjectName("scan_warning")
        self.scan_warning.setStyleSheet("color: #b3261e;")
        self.scan_warning.hide()
        self.statusBar().addPermanentWidget(self.scan_warning)
        self.statusBar().addPermanentWidget(self.location_label)
        self.statusBar().addPermanentWidget(self.position_label)

        self._make_menus()
        self._connect()
        self.digitising = Digitising(self)
        self.autosave = Autosave(self)
        self.disk_watch = DiskWatch(self)  # files changed by another program (editor/disk_watch.py)
        # Edit and Tools menus, tool bars, Inspector and History docks (editor/editing.py)
        self.editing = Editing(self)
        # tools, menus and docks that only make sense for a map (editor/map_ui.py)
        self.map_ui = MapUi(self)
        # the Scenario dock: settings, events and 3D, victory (editor/scenario/)
        self.scenario_ui = ScenarioUi(self)
        # the card library editor: central for a library, a dock for a scenario's libraries
        self.cards_ui = CardsUi(self)
        # File > Export: the map as PNG or SVG, the scenario as a PDF briefing pack
        self.export_ui = ExportUi(self)
        # the Orders of battle dock and blocks set up on the map (editor/oob/)
        self.oob_ui = OobUi(self)
        # Urban Battle's square boards and missions: a canvas, menu and tool bar of their own
        self.ub_ui = UbUi(self)
        self.resize(1400, 900)
        # the canvas is what matters: docks start narrow and short
        self.resizeDocks([self.outliner_dock], [280], Qt.Orientation.Horizontal)
        self.resizeDocks([self.validation_dock], [150], Qt.Orientation.Vertical)
        self.show_start_page()
        self._update_title()

    def _dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(title.lower() + "_dock")
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _make_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.action_new = self._action(file_menu, "&New sheet", self.new_sheet, QKeySequence.StandardKey.New)
        self.action_new_scenario = self._action(
            file_menu, "New s&cenario…", self.new_scenario, QKeySequence("Ctrl+Shift+N")
        )
        self.action_open = self._action(file_menu, "&Open…", self.open_dialog, QKeySequence.StandardKey.Open)
        self.recent_menu = file_menu.addMenu("Open &Recent")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        self.action_save = self._action(file_menu, "&Save", self.save, QKeySequence.StandardKey.Save)
        self.action_save_as = self._action(
            file_menu, "Save &As…", self.save_as, QKeySequence.StandardKey.SaveAs
        )
        file_menu.addSeparator()
        self.action_quit = self._action(file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit)

        view_menu = self.menuBar().addMenu("&View")
        self.action_fit = self._action(view_menu, "&Fit sheet", self.view.fit_sheet, QKeySequence("F"))
        self.action_zoom_in = self._action(view_menu, "Zoom &in", self.view.zoom_in, QKeySequence("Ctrl+="))
        self.action_zoom_in.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.action_zoom_out = self._action(
            view_menu, "Zoom &out", self.view.zoom_out, QKeySequence("Ctrl+-")
        )
        view_menu.addSeparator()
        view_menu.addAction(self.outliner_dock.toggleViewAction())
        view_menu.addAction(self.validation_dock.toggleViewAction())
        self.view_menu = view_menu  # docks made after the menus add their toggles here
        self.action_legend = self.legend_dock.toggleViewAction()
        self.action_legend.setText("&Legend")
        self.action_legend.setShortcut(QKeySequence("F1"))
        view_menu.addAction(self.action_legend)

        # Play menu: the test-play mode (editor/play/), the open scenario as it is now
        play_menu = self.menuBar().addMenu("&Play")
        self.action_play = self._action(play_menu, "&Play…", self.start_play, QKeySequence("F5"))
        self.action_balance = self._action(
            play_menu, "&Balance…", self.open_balance, QKeySequence("Ctrl+F5")
        )

    def start_play(self) -> None:
        from .play.launch import start_play  # the rules engine loads on first play

        start_play(self)

    def open_balance(self) -> None:
        from .balance.dialog import open_balance  # matplotlib and the engine load on first use

        open_balance(self)

    def _action(
        self, menu: object, text: str, slot: object, shortcut: QKeySequence | QKeySequence.StandardKey
    ) -> QAction:
        action = QAction(text, self)
        action.setShortcut(shortcut)
        action.triggered.connect(slot)
        menu.addAction(action)  # type: ignore[attr-defined]
        return action

    def _connect(self) -> None:
        self.view.cursor_moved.connect(self._show_cursor)
        self.view.cursor_left.connect(self._clear_cursor)
        self.outliner.activated.connect(self.reveal)
        self.validation.activated.connect(self.reveal)
        self.sheet_selector.currentIndexChanged.connect(self.show_sheet)
        self.scene.selectionChanged.connect(self._follow_canvas_selection)
        self.start_page.new_sheet_requested.connect(self.new_sheet)
        self.start_page.new_scenario_requested.connect(self.new_scenario)
        self.start_page.open_requested.connect(self.open_dialog)
        self.start_page.file_requested.connect(self._open_recent)

    # -- documents -----------------------------------------------------------------------
    @property
    def document(self) -> Document | None:
        return self.session.document if self.session else None

    def load(self, path: Path | str) -> None:
        """Open a file, replacing what is open. Raises LoadError for an unusable file and
        then leaves the window as it was."""
        self.set_session(Session.open(path, self))

    def set_session(self, session: Session) -> None:
        old = self.session
        self.session = session
        self.autosave.watch(session, old)
        self.disk_watch.watch(session)
        for document in session.documents():
            self._connect_document(document)
            self.changes.watch(document)
        if old is not None:
            for document in old.documents():
                document.deleteLater()
        model = session.document.model
        entries = [(e.label, e.document is not None, e.error or str(e.path)) for e in session.sheets]
        first = next((i for i, e in enumerate(session.sheets) if e.document is not None), -1)
        self.sheet_selector.set_entries(entries, first)
        self.sheet_toolbar.setVisible(len(entries) > 1)
        self.cards_ui.set_session(session)  # the card editor (editor/cards/ui.py)
        ub = self.ub_ui.handles(model)
        if isinstance(model, CardLibrary):
            self.central.setCurrentWidget(self.cards_panel)
            self.sheet_toolbar.hide()
        elif ub:
            self.central.setCurrentWidget(self.ub_ui.view)
        else:
            self.central.setCurrentWidget(self.view)
        # a card library has no map, a square board not this one: no hex tools, no Layers,
        # Inspector or Legend
        self.map_ui.set_shown(not isinstance(model, CardLibrary) and not ub)
        self.sheet_index = -1
        self.show_sheet(first)
        self.outliner.set_outline(session.outline())
        # checked once the window has painted the file (editor/panels/validation.py)
        self.validation.set_path(session.document.path, after_paint=self.central.currentWidget())
        self.scenario_ui.set_session(session)
        self.oob_ui.set_session(session)
        self.ub_ui.set_session(session)
        self._update_title()

    def _connect_document(self, document: Document) -> None:
        document.changed.connect(self._on_document_changed)
        document.dirty_changed.connect(self._update_title)
        document.path_changed.connect(self._on_path_changed)

    def follow_libraries(self) -> None:
        """The open scenario's list of card libraries was edited: open those added, let go
        of those removed, and offer their cards at once (Orders of battle, Cards dock)."""
        session = self.session
        change = session.follow_cards(self) if session is not None else None
        if session is None or change is None:
            return
        added, removed = change
        for document in added:
            self._connect_document(document)
            self.autosave.watch(Session(document), None)  # its edits are autosaved too
        for document in removed:
            self.autosave.discard(document)
        self.disk_watch.watch(session)
        self.cards_ui.set_session(session)
        self.outliner.set_outline(session.outline())
        self.oob_ui.refresh()
        self.validation.schedule()

    def show_start_page(self) -> None:
        """No file open: ways to begin and the recent files, no map tools."""
        self.start_page.set_recent(self.recent.paths())
        self.central.setCurrentWidget(self.start_page)
        self.sheet_toolbar.hide()
        self.map_ui.set_shown(False)
        self.ub_ui.set_active(False)

    def _fill_legend(self, visible: bool) -> None:
        if visible and self.legend_dock.widget() is None:
            self.legend_dock.setWidget(LegendPanel())

    def show_sheet(self, index: int) -> None:
        """Show the session's sheet or insert number `index` on the canvas (-1: none)."""
        if self.session is None or not (0 <= index < len(self.session.sheets)):
            self.sheet_index = -1
            self.scene.set_sheet(None)
            self._show_scan_state()
            return
        entry = self.session.sheets[index]
        self.sheet_index = index
        if self.sheet_selector.currentIndex() != index:
            self.sheet_selector.blockSignals(True)
            self.sheet_selector.setCurrentIndex(index)
            self.sheet_selector.blockSignals(False)
        self.scene.set_sheet(entry.sheet, entry.path.parent)
        self._show_scan_state()
        self.view.fit_sheet()

    def _show_scan_state(self) -> None:
        """Keep the shown sheet's scan problem in the status bar while the sheet is shown."""
        error = self.scene.background_error if self.scene.sheet is not None else ""
        self.scan_warning.setText(f"Scan not loaded: {error}" if error else "")
        self.scan_warning.setToolTip(error)
        self.scan_warning.setVisible(bool(error))

    def current_sheet_path(self) -> Path | None:
        if self.session is None or self.sheet_index < 0:
            return None
        return self.session.sheets[self.sheet_index].path

    def _on_document_changed(self) -> None:
        if self.session is None:
            return
        sender = self.sender()
        changes = self.changes.changes(sender) if isinstance(sender, Document) else None
        shown = self.session.sheets[self.sheet_index].document if self.sheet_index >= 0 else None
        if sender is shown and shown is not None:
            # only the objects the edit touched are redrawn; the selection is kept
            entry = self.session.sheets[self.sheet_index]
            self.scene.update_sheet(entry.sheet, entry.path.parent, changes)
            self._show_scan_state()
        sheet = sender.model if isinstance(sender, Document) else None
        # the rows of the objects changed in place, else the whole outline again
        if not (isinstance(sheet, MapSheet) and self.outliner.update_objects(sender.path, sheet, changes)):
            self.outliner.set_outline(self.session.outline())
        self.validation.schedule()

    def unsaved_texts(self) -> dict[Path, str]:
        """The text Save would write (the same writer), for every open document with
        unsaved edits."""
        if self.session is None:
            return {}
        return {
            doc.path: doc.text()
            for doc in self.session.documents()
            if doc.path is not None and not doc.undo_stack.isClean()
        }

    def _on_path_changed(self) -> None:
        self._update_title()
        if self.document is not None:
            self.validation.set_path(self.document.path)

    def _update_title(self) -> None:
        doc = self.document
        if doc is None:
            self.setWindowTitle(APP_NAME)
            self.setWindowModified(False)
            return
        self.setWindowTitle(f"{doc.display_name}[*] — {APP_NAME}")
        self.setWindowModified(any(d.is_dirty for d in self.session.documents()) if self.session else False)

    # -- revealing -----------------------------------------------------------------------
    def reveal(self, source: Path | None, pointer: str) -> bool:
        """Select and bring into view the object at `pointer` in file `source`; switch to
        its sheet first when it is another sheet of the scenario. False if nothing drawn."""
        if self.session is None:
            return False
        if self.ub_ui.active:  # a square board's squares (editor/ub/ui.py)
            return self.ub_ui.reveal(source, pointer)
        index = self.session.entry_index(source)
        if index is None:
            if source is not None and pointer:
                self.statusBar().showMessage(f"{pointer} is not drawn on the canvas", 4000)
            return False
        if index != self.sheet_index:
            self.show_sheet(index)
        if not pointer:
            return True
        rect = self.scene.reveal(pointer)
        if rect is None:
            return False
        self.view.fit_rect(rect, margin=0.6, max_scale=REVEAL_MAX_SCALE)
        return True

    def _follow_canvas_selection(self) -> None:
        pointer = self.scene.selected_pointer()
        if pointer is not None:
            self.outliner.show_current(self.current_sheet_path(), pointer)

    # -- status bar ----------------------------------------------------------------------
    def _show_cursor(self, pos: QPointF) -> None:
        location = self.scene.location_at(pos.x(), pos.y())
        self.location_label.setText(location or "")
        if self.scene.sheet is None:
            self.position_label.setText("")
        else:
            self.position_label.setText(f"x {pos.x():.1f} mm, y {pos.y():.1f} mm")

    def _clear_cursor(self) -> None:
        self.location_label.setText("")
        self.position_label.setText("")

    # -- File menu -----------------------------------------------------------------------
    def open_file(self, path: Path | str) -> bool:
        """Open interactively: asks about unsaved changes, reports an unusable file in a
        message box and keeps the current document."""
        path = Path(path)
        if not self.maybe_save():
            return False
        try:
            self.load(path)
            self.autosave.offer_recovery()
        except LoadError as exc:
            self._error(f"Cannot open {path.name}", problems_message(exc.problems))
            return False
        except Exception as exc:
            traceback.print_exc(file=sys.stderr)
            self._error(f"Cannot open {path.name}", f"{path}: {type(exc).__name__}: {exc}")
            return False
        self.recent.add(path)
        notes = [f"scan not loaded: {self.scene.background_error}"] if self.scene.background_error else []
        notes += self.autosave.notices  # recovery's own words, which "Opened" must not hide
        self.statusBar().showMessage("; ".join([f"Opened {path}", *notes]), 10000 if notes else 4000)
        return True

    def open_dialog(self) -> None:
        start = str(self.document.path.parent) if self.document and self.document.path else ""
        name, _ = QFileDialog.getOpenFileName(self, "Open", start, FILE_FILTER)
        if name:
            self.open_file(name)

    def new_sheet(self) -> None:
        if not self.maybe_save():
            return
        self.set_session(Session.around(Document(new_sheet(), parent=self)))

    def new_scenario(self) -> bool:
        """The New scenario dialog (editor/scenario/new_scenario_dialog.py): sheets placed
        in an assembly, sides named; the scenario opens untitled."""
        return self.scenario_ui.new_scenario()

    def save(self) -> bool:
        """Write every open document with unsaved edits (only those: an unedited scenario
        is not rewritten because its sheet was edited). Any failure is said in a dialog and
        leaves that document dirty; False then, and the window stays as it is."""
        if self.session is None:
            return False
        if self.document is not None and self.document.path is None:
            # an untitled scenario first gets its name; its edited card libraries follow
            if not self.save_as():
                return False
            if not any(d.is_dirty for d in self.session.documents()):
                return True
        saved: list[Document] = []
        ok = True
        with self.disk_watch.holding():
            for document in self.session.documents():
                if not document.is_dirty:
                    continue
                if not self._may_overwrite(document) or not self._write(document):
                    ok = False
                    break
                saved.append(document)
        if ok or saved:  # after a failure, only what was saved before it is said
            self._after_save(saved)
        else:
            self._update_title()
        return ok

    def save_as(self) -> bool:
        doc = self.document
        if doc is None:
            return False
        # an untitled scenario names its files from the folder it was made for
        folder = getattr(doc, "base_dir", None)
        start = str(doc.path) if doc.path else str(Path(folder or "") / f"{doc.display_name}.yaml")
        name, _ = QFileDialog.getSaveFileName(self, "Save As", start, FILE_FILTER)
        if not name:
            return False
        with self.disk_watch.holding():
            if Path(name).resolve() == doc.path and not self._may_overwrite(doc):
                return False
            if not self._write(doc, Path(name)):
                return False
        self._after_save([doc])
        return True

    def _may_overwrite(self, document: Document) -> bool:
        """Ask before overwriting a file whose bytes changed since it was read or saved
        (the file watcher misses some writes, so the bytes are checked now)."""
        if not document.changed_on_disk():
            return True
        box = QMessageBox(self)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("File changed on disk")
        box.setText(f"{document.display_name} changed on disk since you opened or saved it.")
        box.setInformativeText("Overwrite it with your version? The other changes would be lost.")
        overwrite = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
        cancel = box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(cancel)
        box.exec()
        return box.clickedButton() is overwrite

    def _write(self, document: Document, path: Path | None = None) -> bool:
        """Save one document; a failure of any kind is shown and keeps its edits unsaved."""
        target = path or document.path
        try:
            document.save(path)
        except OSError as exc:  # engine.io.files.SaveError names the user's file
            self._error("Cannot save", f"{exc.filename or target}: {exc.strerror or exc}")
            return False
        except Exception as exc:  # a writer bug must not lose the edits silently either
            traceback.print_exc(file=sys.stderr)
            self._error("Cannot save", f"{target}: {type(exc).__name__}: {exc}")
            return False
        return True

    def _after_save(self, saved: list[Document] | None = None) -> None:
        doc = self.document
        if doc is not None and doc.path is not None:
            self.recent.add(doc.path)
            self.validation.set_path(doc.path)
        self.disk_watch.rewatch()  # a save replaces the watched file
        if saved:
            self.statusBar().showMessage("Saved " + ", ".join(str(d.path) for d in saved), 4000)
        elif saved is not None:
            self.statusBar().showMessage("Nothing to save: no unsaved edits", 4000)
        self._update_title()

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        paths = self.recent.paths()
        for path in paths:
            action = self.recent_menu.addAction(str(path))
            action.triggered.connect(lambda _checked=False, p=path: self._open_recent(p))
        if paths:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self.recent.clear)
        else:
            self.recent_menu.addAction("No recent files").setEnabled(False)

    def _open_recent(self, path: Path) -> None:
        if not path.exists():
            self.recent.remove(path)
            if self.central.currentWidget() is self.start_page:
                self.start_page.set_recent(self.recent.paths())
            self._error("Cannot open", f"{path}: the file no longer exists")
            return
        self.open_file(path)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the open documents (saved, discarded or clean)."""
        if self.session is None or not any(d.is_dirty for d in self.session.documents()):
            return True
        dirty = [d.display_name for d in self.session.documents() if d.is_dirty]
        answer = QMessageBox.question(
            self,
            APP_NAME,
            f"{', '.join(dirty)} {'has' if len(dirty) == 1 else 'have'} unsaved changes. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Save,
        )
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:
        try:
            leave = self.maybe_save()
        except Exception as exc:  # never close over edits that could not be saved
            traceback.print_exc(file=sys.stderr)
            self._error("Cannot save", f"{type(exc).__name__}: {exc}")
            leave = False
        if leave:
            self.autosave.discard_all()
            event.accept()
        else:
            event.ignore()

    def _error(self, title: str, text: str) -> None:
        QMessageBox.critical(self, title, text)
