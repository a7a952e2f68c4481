"""The Scenario dock, wired into the main window: Settings, Events & 3D and Victory pages
on the open scenario's document; the Victory page's objectives drawn over the canvas.
The window creates one `ScenarioUi` and tells it when the session changes."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QPointF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QDockWidget, QGraphicsPathItem, QScrollArea, QTableWidget, QTabWidget, QWidget

from engine.battlefield.compile import Placement
from engine.model.cards import CardLibrary
from engine.model.scenario import Scenario

from ..document import Document
from ..session import Session
from ..tools.keep_keys import KeepKeys
from .edits import ScenarioEdits
from .events_page import EventsPage
from .map_facts import ScenarioMap, to_sheet
from .new_scenario_dialog import NewScenarioDialog
from .settings_page import SettingsPage
from .victory_page import MapFacts, VictoryPage

if TYPE_CHECKING:
    from ..main_window import MainWindow

OBJECTIVE_PEN = QColor("#e8710a")
OBJECTIVE_FILL = QColor(232, 113, 10, 70)
#: above every map layer, below nothing
OBJECTIVE_Z = 1e6


class ScenarioUi(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.document: Document | None = None
        self.map = ScenarioMap()
        self.tabs = QTabWidget()
        self.tabs.setObjectName("scenario_tabs")
        self.settings = SettingsPage()
        self.events = EventsPage()
        self.victory = VictoryPage()
        self.victory.map_facts = self._map_facts
        self.events.open_libraries = self._open_libraries
        self.victory.highlight = self.highlight
        # each page scrolls when the dock is smaller than it: the dock never forces the
        # window wider or taller than the screen
        for page, title in (
            (self.settings, "Settings"),
            (self.events, "Events && 3D"),
            (self.victory, "Victory"),
        ):
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setFrameShape(QScrollArea.Shape.NoFrame)
            scroll.setWidget(page)
            self.tabs.addTab(scroll, title)
        self.tabs.currentChanged.connect(self._refresh_current)
        self.dock = QDockWidget("Scenario", window)
        self.dock.setObjectName("scenario_dock")
        self.dock.setWidget(self.tabs)
        # letters typed in the pages (a combo box's item, a table cell) reach them, not the
        # window's single-key tools ('r' chose the Room tool instead of red)
        self._keep_keys = KeepKeys(self.dock)
        self.dock.installEventFilter(self._keep_keys)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        window.view_menu.addAction(self.dock.toggleViewAction())
        self.objectives = QGraphicsPathItem()
        self.objectives.setZValue(OBJECTIVE_Z)
        self.objectives.setPen(QPen(OBJECTIVE_PEN, 1.2))
        self.objectives.setBrush(QBrush(OBJECTIVE_FILL))
        self.objectives.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        window.scene.addItem(self.objectives)
        self._sized = False
        self.new_dialog: NewScenarioDialog | None = None
        #: the library documents whose changes refresh the pages
        self._libraries: set[Document] = set()
        self._shown: tuple[list[str], list[str], list[str]] = ([], [], [])
        # a problem clicked in the Validation dock selects its row here; queued, so this
        # runs after the other docks' handlers and the page it names ends up in front
        window.validation.activated.connect(self.reveal_problem, Qt.ConnectionType.QueuedConnection)
        # the canvas redraws when another sheet is shown: draw the objectives in its frame
        window.scene.rebuilt.connect(self._redraw)

    @property
    def pages(self) -> list[SettingsPage | EventsPage | VictoryPage]:
        return [self.settings, self.events, self.victory]

    def set_session(self, session: Session | None) -> None:
        if self.document is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # the old document is gone
                self.document.changed.disconnect(self._on_changed)
        self.session = session
        self._libraries = set()
        document = session.document if session is not None else None
        is_scenario = document is not None and isinstance(document.model, Scenario)
        self.document = document if is_scenario else None
        self.dock.toggleViewAction().setVisible(is_scenario)
        self._shown = ([], [], [])
        self._redraw()
        if self.document is None:
            for page in self.pages:
                page.set_document(None, None)
            self.dock.hide()
            return
        edits = ScenarioEdits(self.document)
        base = self.base_dir()
        self.document.changed.connect(self._on_changed)
        self._connect_libraries()
        for page in self.pages:
            page.edits = edits
            page.base_dir = base
        self._refresh_current()
        if not self._sized:
            self._sized = True
            self.dock.show()
            # once the window has laid the dock out (sizes asked before are not kept)
            QTimer.singleShot(0, self._size_dock)
        self.dock.show()

    def _size_dock(self) -> None:
        """Tables need room: the bottom as tall as the side docks allow, and most of its
        width (Validation keeps a column on the left)."""
        w = self.window
        w.resizeDocks([self.dock], [max(380, w.height() // 2)], Qt.Orientation.Vertical)
        w.resizeDocks(
            [w.validation_dock, self.dock], [300, max(600, w.width() - 300)], Qt.Orientation.Horizontal
        )

    def show_page(self, page: QWidget) -> None:
        """Bring a page (self.settings, self.events, self.victory) to the front."""
        for index in range(self.tabs.count()):
            scroll = self.tabs.widget(index)
            if isinstance(scroll, QScrollArea) and scroll.widget() is page:
                self.tabs.setCurrentIndex(index)

    def base_dir(self) -> Path | None:
        """Where the scenario's file references start from: its folder."""
        if self.document is None:
            return None
        if self.document.path is not None:
            return self.document.path.parent
        return getattr(self.document, "base_dir", None)

    def _on_changed(self) -> None:
        if self.sender() is self.document:
            # the libraries in use may have been edited (Settings page, or its undo)
            self.window.follow_libraries()
            self._connect_libraries()
        self._refresh_current()

    def _connect_libraries(self) -> None:
        """Card edits in the scenario's libraries change what the pages offer."""
        for library in getattr(self.session, "library_documents", []):
            if library not in self._libraries:
                self._libraries.add(library)
                library.changed.connect(self._on_changed)

    def _refresh_current(self, _index: int = -1) -> None:
        if self.document is None:
            return
        scroll = self.tabs.currentWidget()
        page = scroll.widget() if isinstance(scroll, QScrollArea) else scroll
        for candidate in self.pages:
            if candidate is page:
                candidate.base_dir = self.base_dir()
                candidate.refresh()

    # -- problems ------------------------------------------------------------------------
    def reveal_problem(self, source: Path | None, pointer: str) -> bool:
        """Bring the page holding what `pointer` names to the front and select its row or
        field; False when the pointer is not on one of the pages."""
        doc = self.document
        if doc is None or doc.path is None or source is None or Path(source).resolve() != doc.path:
            return False
        parts = pointer.strip("/").split("/")
        target = _page_target(parts)
        if target is None:
            return False
        name, where = target
        page = getattr(self, name)
        self.dock.show()
        self.dock.raise_()
        self.show_page(page)
        if page is self.settings:
            widget = self.settings.widget_for(where[0])
            if widget is not None:
                widget.setFocus()
            return True
        if page is self.victory:
            table = self.victory.conditions if where[0] == "conditions" else self.victory.levels
            _select(table, where[1])
            return True
        side, part, kind, row = where
        if self.events.side_box.currentText() != side:
            self.events.side_box.setCurrentText(side)
        if part == "support":
            table = self.events.air if kind == "air_defense" else self.events.matrix
            self.events.support_tabs.setCurrentWidget(table)
        elif kind == "table":
            table = self.events.event_table
        else:
            table = self.events.card_table
            cards = getattr(self.events.setup.events, kind)
            row = self.events.card_row(cards[row]) if row is not None and row < len(cards) else None
        _select(table, row)
        return True

    # -- File > New scenario ---------------------------------------------------------------
    def new_scenario(self) -> bool:
        """Open the New scenario dialog (window-modal, not blocking); its OK opens the
        scenario untitled. False when the user keeps the open files (unsaved edits)."""
        w = self.window
        if not w.maybe_save():
            return False
        start = w.document.path.parent if w.document is not None and w.document.path else None
        dialog = NewScenarioDialog(w, start)
        self.new_dialog = dialog
        dialog.accepted.connect(lambda: self._open_new(dialog))
        dialog.open()
        return True

    def _open_new(self, dialog: NewScenarioDialog) -> None:
        scenario = dialog.build()
        base = dialog.base_dir()
        document = Document(scenario, parent=self.window)
        # untitled until saved: the folder its references start from (Save As starts there)
        document.base_dir = base  # type: ignore[attr-defined]
        session = Session.around(document, self.window)
        self.window.set_session(session)
        # back to the editor's window (a platform without a window manager leaves the
        # closed dialog the active window, and the window's shortcuts would not work)
        self.window.activateWindow()
        self.window.statusBar().showMessage(
            f"New scenario on {', '.join(p.name for p, _r in dialog.sheets)}, untitled: it is validated once"
            f" saved (Ctrl+S, in {base})",
            10000,
        )

    def _open_libraries(self) -> dict[Path, CardLibrary]:
        documents = getattr(self.session, "library_documents", []) if self.session else []
        return {
            d.path.resolve(): d.model
            for d in documents
            if d.path is not None and isinstance(d.model, CardLibrary)
        }

    # -- the map ---------------------------------------------------------------------------
    def _map_facts(self) -> MapFacts:
        if self.session is None:
            return MapFacts()
        self.map.update(self.session)
        return self.map.facts()

    def highlight(self, locations: list[str], buildings: list[str], blocks: list[str]) -> None:
        """Outline these locations, buildings and the set-up locations of these blocks on the
        sheet the canvas shows."""
        self._shown = (list(locations), list(buildings), list(blocks))
        self._show_sheet_of(locations)
        self._redraw()

    def _show_sheet_of(self, locations: list[str]) -> None:
        """When none of the locations is on the sheet shown, show the sheet or insert of
        the first one that is on the map."""
        bf, session, w = self.map.battlefield, self.session, self.window
        if bf is None or session is None or not locations:
            return
        sheets = [bf.by_id[ref].sheet for ref in locations if ref in bf.by_id]
        shown = session.sheets[w.sheet_index].sheet if 0 <= w.sheet_index < len(session.sheets) else None
        if not sheets or (shown is not None and shown.id in sheets):
            return
        for index, entry in enumerate(session.sheets):
            if entry.sheet is not None and entry.sheet.id == sheets[0]:
                w.show_sheet(index)
                return

    def _redraw(self) -> None:
        path = QPainterPath()
        locations, buildings, blocks = self._shown
        bf = self.map.battlefield
        frame = self._shown_frame()
        if bf is not None and frame is not None and self.document is not None:
            sheet_id, layer, placement, size = frame
            model = self.document.model
            assert isinstance(model, Scenario)
            where = [
                b.at
                for side in (model.sides.green, model.sides.red)
                for f in side.impulse_forces
                for b in f.blocks
                if b.id in blocks and b.at
            ]
            for ref in [*locations, *where]:
                loc = bf.by_id.get(ref)
                if loc is not None and loc.sheet == sheet_id and loc.layer == layer:
                    path.addPolygon(self._polygon(loc.outline, placement, size))
            for bid in buildings:
                outline = bf.buildings.get(bid)
                # buildings are on the surface; one of this sheet lies within its placement
                if outline and layer == "surface" and self._on_sheet(outline[0], placement, size):
                    path.addPolygon(self._polygon(outline, placement, size))
        self.objectives.setPath(path)

    def _shown_frame(self) -> tuple[str, str, Placement, tuple[float, float]] | None:
        w = self.window
        if self.session is None or self.document is None or w.sheet_index < 0:
            return None
        entry = self.session.sheets[w.sheet_index]
        sheet = entry.sheet
        if sheet is None:
            return None
        model = self.document.model
        assert isinstance(model, Scenario)
        if w.sheet_index < self.session.first_insert:
            p = model.map.sheets[w.sheet_index]
            return sheet.id, "surface", Placement(tuple(p.position), p.rotation), tuple(sheet.size)  # type: ignore[arg-type]
        return sheet.id, sheet.id, Placement(), tuple(sheet.size)  # type: ignore[arg-type]

    @staticmethod
    def _on_sheet(p: tuple[float, float], placement: Placement, size: tuple[float, float]) -> bool:
        x, y = to_sheet(p, placement, size)
        return 0 <= x <= size[0] and 0 <= y <= size[1]

    @staticmethod
    def _polygon(
        outline: tuple[tuple[float, float], ...] | list, placement: Placement, size: tuple[float, float]
    ) -> QPolygonF:
        polygon = QPolygonF([QPointF(*to_sheet(p, placement, size)) for p in outline])
        if not polygon.isEmpty():
            polygon.append(polygon.first())
        return polygon


#: settings the Settings page edits, by their field name in the model
SETTINGS_FIELDS = (
    "id",
    "title",
    "campaign",
    "designer",
    "briefing",
    "special_rules",
    "turns",
    "night_turns",
    "wind",
    "initiative",
    "advanced_rules",
    "cards",
)


def _index(parts: list[str], at: int) -> int | None:
    return int(parts[at]) if len(parts) > at and parts[at].isdigit() else None


def _page_target(parts: list[str]) -> tuple[Any, tuple[Any, ...]] | None:
    """Which page shows `parts` (a pointer's tokens) and where on it, as the page's
    attribute name on ScenarioUi and its coordinates."""
    if parts and parts[0] in SETTINGS_FIELDS:
        return "settings", (parts[0],)
    if len(parts) >= 2 and parts[0] == "victory" and parts[1] in ("conditions", "levels"):
        return "victory", (parts[1], _index(parts, 2))
    if len(parts) >= 4 and parts[0] == "sides" and parts[2] in ("events", "support"):
        if parts[2] == "events" and parts[3] in ("deck", "hand", "table"):
            return "events", (parts[1], "events", parts[3], _index(parts, 4))
        if parts[2] == "support" and parts[3] in ("actions", "air_defense"):
            return "events", (parts[1], "support", parts[3], _index(parts, 4))
    return None


def _select(table: QTableWidget, row: int | None) -> None:
    if row is not None and 0 <= row < table.rowCount():
        table.selectRow(row)
        table.scrollToItem(table.item(row, 0))
        table.setFocus()
