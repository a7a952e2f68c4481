"""The Orders of battle dock, wired into the main window: the tree per side, the selected
item's form, the strength summary; the scenario's blocks drawn on the map, set up by
dragging them from the tree onto the canvas (where the battlefield says they may stand);
a problem on a block clicked in the Validation dock selects it in the tree.
The window creates one `OobUi` and tells it when the session changes."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QColor, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import (
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QMenu,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from engine.battlefield import Battlefield
from engine.battlefield.compile import Placement
from engine.model.cards import CardLibrary, UnitCard
from engine.model.scenario import Block, ControlLocations, CounterKind, Scenario, Side
from engine.rules.uo.strength import strength, unit_cards

from ..canvas.block_items import SetupBlock, SetupBlockItem, SetupMark, fan
from ..commands import pointers
from ..document import Document
from ..play.items import SIDE_COLOUR
from ..tools.setup_tools import BlockHooks, SetupTool
from .edits import SIDES, OobEdits, Refused, block_pointer, parse, row_pointer
from .form import OobForm
from .placement import ScenarioField, to_sheet
from .summary import StrengthSummary
from .tree import MIME_BLOCKS, OobTree

NML_COLOUR = QColor("#5d4037")
NML_LABEL = {
    CounterKind.ied_uxo: "IED",
    CounterKind.toxic: "TOX",
    CounterKind.population: "POP",
    CounterKind.vehicles: "VEH",
    CounterKind.wreck: "WRK",
    CounterKind.barricade: "BAR",
}
ALLOTMENT_LABEL = {
    "dummies": "DUM",
    "barricades": "BAR",
    "breach_markers": "BRE",
    "fortified": "FOR",
    "at_mines": "MIN",
    "ied_uxo": "IED",
}
OBJECTIVE_COLOUR = QColor("#e8710a")

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from ..session import Session


class OobUi(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.session: Session | None = None
        self.document: Document | None = None
        self.edits: OobEdits | None = None
        self.field = ScenarioField()
        self.items: list[SetupBlockItem] = []
        self.marks: list[SetupMark] = []
        self.problem_text: dict[str, str] = {}
        self._drawn: object = None  # what the blocks on the map were drawn from

        self.tree = OobTree()
        self.tree.problems = self._problem_for
        self.form = OobForm()
        self.form.cards = self.cards
        self.summary = StrengthSummary()
        buttons = QHBoxLayout()
        self.add_force_button = self._button(buttons, "Add force", "oob_add_force", self.add_force)
        self.add_block_button = self._button(buttons, "Add block", "oob_add_block", self.add_block)
        self.duplicate_button = self._button(buttons, "Duplicate", "oob_duplicate", self.duplicate)
        self.remove_button = self._button(buttons, "Remove", "oob_remove", self.remove)
        left = QWidget()
        column = QVBoxLayout(left)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(buttons)
        column.addWidget(self.tree)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        # the form scrolls rather than make the dock (and the window) taller than the
        # screen: with the Set-up tool's options row the window needed 1003 px of 1000
        form_scroll = QScrollArea()
        form_scroll.setWidgetResizable(True)
        form_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        form_scroll.setWidget(self.form)
        # up and down only: as wide as the form needs
        form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = form_scroll.verticalScrollBar().sizeHint().width()
        form_scroll.setMinimumWidth(self.form.minimumSizeHint().width() + bar)
        self.splitter.addWidget(form_scroll)
        self.splitter.addWidget(self.summary)
        self.splitter.setSizes([560, 310, 480])
        self.dock = QDockWidget("Orders of battle", window)
        self.dock.setObjectName("oob_dock")
        self.dock.setWidget(self.splitter)
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        window.view_menu.addAction(self.dock.toggleViewAction())
        self.dock.toggleViewAction().setVisible(False)
        self._sized = False

        self.tree.installEventFilter(self.form.keep_keys)  # type-ahead search in the tree
        self.dock.installEventFilter(self.form.keep_keys)  # and whatever else has the focus in it
        self.tree.delete_requested.connect(self.remove)
        self.tree.duplicate_requested.connect(self.duplicate)
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.tree.blocks_dropped.connect(self._move_blocks)
        window.scene.rebuilt.connect(self._draw_blocks)
        window.validation.activated.connect(self.reveal_problem)
        window.validation.validated.connect(self._on_validated)
        # the Set-up tool (deployment areas, entry hexes, NML counters, allotments, objectives)
        hooks = BlockHooks(self._blocks_at, self.tree.select, self._place_at)
        self.setup_tool = SetupTool(
            window.editing.ctx, lambda: self.document, self._is_location, self._tool_history, hooks
        )
        self.setup_action = window.editing.tools.register(self.setup_tool)
        self.setup_action.setVisible(False)
        tools_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&Tools"), None)
        if isinstance(tools_menu, QMenu):
            tools_menu.addAction(self.setup_action)
        viewport = window.view.viewport()
        viewport.setAcceptDrops(True)
        viewport.installEventFilter(self)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)

    def _button(self, row: QHBoxLayout, text: str, name: str, slot: object) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.clicked.connect(slot)
        row.addWidget(button)
        return button

    # -- session -------------------------------------------------------------------------
    def set_session(self, session: Session | None) -> None:
        if self.document is not None:
            with contextlib.suppress(RuntimeError, TypeError):  # the old document is gone
                self.document.changed.disconnect(self.refresh)
        self.session = session
        document = session.document if session is not None else None
        self.document = document if document is not None and isinstance(document.model, Scenario) else None
        self.edits = OobEdits(self.document) if self.document is not None else None
        self.form.edits = self.edits
        self.dock.toggleViewAction().setVisible(self.document is not None)
        self.setup_action.setVisible(self.document is not None)
        tools = self.window.editing.tools
        if self.document is None and tools.current is self.setup_tool:
            tools.set_tool(self.window.editing.select_tool)
        if self.document is None:
            self.dock.hide()
            self.tree.show_scenario(None)
            self.form.show_targets([])
            self._draw_blocks()
            return
        self.document.changed.connect(self.refresh)
        self.tree.show_scenario(None)  # a new scenario: nothing selected from the last one
        self.refresh()
        self.dock.show()
        if not self._sized:
            self._sized = True
            if self.window.isVisible():
                self._tabify()
            else:
                # tabified in a window not shown yet (uo edit --screenshot loads first), Qt
                # leaves a second, stale tab bar over the bottom docks: wait for the show
                self.window.installEventFilter(self)

    def _tabify(self) -> None:
        """The Orders of battle as a tab beside the Scenario dock, in front."""
        w = self.window
        other = getattr(getattr(w, "scenario_ui", None), "dock", None)
        if isinstance(other, QDockWidget):
            w.tabifyDockWidget(other, self.dock)
        self.dock.raise_()

    @property
    def scenario(self) -> Scenario | None:
        model = self.document.model if self.document is not None else None
        return model if isinstance(model, Scenario) else None

    def libraries(self) -> list[CardLibrary]:
        if self.session is None:
            return []
        return [r.model for r in self.session.libraries if isinstance(r.model, CardLibrary)]

    def cards(self) -> dict[str, UnitCard]:
        return unit_cards(self.libraries())

    def refresh(self) -> None:
        scenario = self.scenario
        self.tree.show_scenario(scenario)
        self.form.refresh()
        if scenario is not None:
            names = {Side(s): getattr(scenario.sides, s).name for s in SIDES}
            self.summary.show_strength(names, strength(scenario, self.libraries()))
        if self.setup_tool.active:
            self.setup_tool.refresh_targets()
        # an edit that changes nothing drawn on the map (a title, a die roll) leaves the
        # blocks and marks as they are: removing and adding them repaints the whole canvas
        drawn = self._drawn_key()
        if drawn != self._drawn or any(item.scene() is not self.window.scene for item in self.items):
            self._draw_blocks()

    def _drawn_key(self) -> object:
        """What the blocks and marks on the map are drawn from."""
        scenario = self.scenario
        if scenario is None:
            return None
        parts = scenario.model_dump(include={"sides", "no_mans_land", "victory"}, mode="json")
        return (self._frame(), id(self.field.update(self.session)), repr(parts))

    # -- which undo stack Ctrl+Z reaches -------------------------------------------------
    def _within(self, widget: QWidget | None) -> bool:
        while widget is not None:
            if widget is self.dock:
                return True
            widget = widget.parentWidget()
        return False

    def _on_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if self._within(new):
            self.follow()
        elif self._within(old) and new is not None:
            group = self.window.editing.undo_group
            # leaving for the canvas: its history again; another dock that took the undo
            # group for its own document (the card editor) keeps it
            if self.document is not None and group.activeStack() is self.document.undo_stack:
                current = self.window.editing.current_document()
                group.setActiveStack(current.undo_stack if current else None)

    def follow(self) -> None:
        """Make the scenario's history the one Edit > Undo works on (the canvas shows one of
        its sheets, whose own history is the default)."""
        if self.document is None:
            return
        group = self.window.editing.undo_group
        if self.document.undo_stack not in group.stacks():
            group.addStack(self.document.undo_stack)
        group.setActiveStack(self.document.undo_stack)

    def _tool_history(self, on: bool) -> None:
        if on:
            self.follow()
        else:
            current = self.window.editing.current_document()
            self.window.editing.undo_group.setActiveStack(current.undo_stack if current else None)

    # -- tree actions --------------------------------------------------------------------
    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 5000)

    def _where(self) -> tuple[str, int | None, int | None]:
        selected = self.tree.selected_pointers()
        where = parse(selected[0]) if selected else None
        return where if where is not None else ("green", None, None)

    def add_force(self) -> None:
        if self.edits is None:
            return
        side, _f, _b = self._where()
        self.tree.select([self.edits.add_force(side)])
        self.tree.setFocus()

    def add_block(self) -> None:
        """A block in the selected force (the first of the side when a side is selected),
        of the card and type of the selected block, else of the first unit card."""
        if self.edits is None:
            return
        side, f, b = self._where()
        card, block_type = "", ""
        if b is not None and f is not None:
            held = self.edits.get(block_pointer(side, f, b))
            assert isinstance(held, Block)
            card, block_type = held.card, held.type.value
        else:
            cards = self.cards()
            if not cards:
                self._status("No unit card: add a card library to the scenario first")
                return
            first = next(iter(cards.values()))
            card, block_type = first.id, first.blocks[0].type.value
        try:
            pointer = self.edits.add_block(side, f or 0, card, block_type, None if b is None else b + 1)
        except Refused as exc:
            self._status(str(exc))
            return
        self.tree.select([pointer])
        self.tree.setFocus()

    def duplicate(self) -> None:
        if self.edits is not None:
            added = self.edits.duplicate(self.tree.selected_pointers())
            self.tree.select(added)

    def remove(self) -> None:
        if self.edits is None:
            return
        try:
            self.edits.remove(self.tree.selected_pointers())
        except Refused as exc:
            self._status(f"Not removed: {exc}")

    def _move_blocks(self, sources: list[str], side: str, f: int, row: int) -> None:
        if self.edits is not None:
            self.tree.select(self.edits.move_blocks(sources, side, f, row))

    def _on_selection(self) -> None:
        self.form.show_targets(self.tree.selected_pointers())
        self._paint_selected()

    # -- validation ----------------------------------------------------------------------
    def _on_validated(self, problems: list[object]) -> None:
        text: dict[str, str] = {}
        main = self.document.path.resolve() if self.document is not None and self.document.path else None
        for p in problems:
            pointer = getattr(p, "pointer", "")
            file = getattr(p, "file", "")
            if main is not None and file and Path(file).resolve() != main:
                continue
            where = parse(pointer)
            if where is None:
                continue
            text.setdefault(row_pointer(*where), getattr(p, "message", ""))
        if text != self.problem_text:
            self.problem_text = text
            self.tree.show_scenario(self.scenario)

    def _is_location(self, location: str) -> bool:
        bf = self.field.update(self.session)
        return bf is not None and location in bf.by_id

    def _problem_for(self, pointer: str) -> str:
        return self.problem_text.get(pointer, "")

    def reveal_problem(self, source: Path | None, pointer: str) -> None:
        """A problem clicked in the Validation dock: its block, force or side selected."""
        if self.document is None or self.document.path is None or source is None:
            return
        if Path(source).resolve() != self.document.path.resolve():
            return
        where = parse(pointer)
        if where is None:
            return
        target = row_pointer(*where)
        if target in self.tree.rows:
            self.dock.show()
            self.dock.raise_()
            self.tree.select([target])

    # -- the map -------------------------------------------------------------------------
    def _frame(self) -> tuple[str, str, Placement, tuple[float, float]] | None:
        w = self.window
        scenario = self.scenario
        if self.session is None or scenario is None or not 0 <= w.sheet_index < len(self.session.sheets):
            return None
        sheet = self.session.sheets[w.sheet_index].sheet
        if sheet is None:
            return None
        size = (float(sheet.size[0]), float(sheet.size[1]))
        if w.sheet_index < self.session.first_insert:
            p = scenario.map.sheets[w.sheet_index]
            return sheet.id, "surface", Placement((p.position[0], p.position[1]), p.rotation), size
        return sheet.id, sheet.id, Placement(), size

    def _draw_blocks(self) -> None:
        self._drawn = self._drawn_key()
        scene = self.window.scene
        for item in [*self.items, *self.marks]:
            if item.scene() is scene:
                scene.removeItem(item)
        self.items = []
        self.marks = []
        scenario = self.scenario
        frame = self._frame()
        bf = self.field.update(self.session) if scenario is not None else None
        if scenario is None or frame is None or bf is None:
            return
        sheet_id, layer, placement, size = frame
        here: dict[str, list[SetupBlock]] = {}
        carried: dict[str, list[str]] = {}
        for side in SIDES:
            for force in getattr(scenario.sides, side).impulse_forces:
                for block in force.blocks:
                    if block.mounted_in:
                        carried.setdefault(block.mounted_in, []).append(block.id)
        for side in SIDES:
            for f, force in enumerate(getattr(scenario.sides, side).impulse_forces):
                for b, block in enumerate(force.blocks):
                    loc = bf.by_id.get(block.at) if block.at else None
                    if loc is None or loc.sheet != sheet_id or loc.layer != layer:
                        continue
                    look = SetupBlock(
                        block_pointer(side, f, b),
                        block.id,
                        Side(side),
                        block.type,
                        block.hidden,
                        loc.id,
                        tuple(carried.get(block.id, ())),
                    )
                    here.setdefault(loc.id, []).append(look)
        block_size = bf.hex_size.get(layer, 8.7) * 0.95
        self._draw_marks(scenario, bf, frame, block_size * 0.6)
        for loc_id, blocks in here.items():
            cx, cy = to_sheet(bf.by_id[loc_id].centre, placement, size)
            for look, (dx, dy) in zip(blocks, fan(len(blocks), block_size), strict=True):
                item = SetupBlockItem(look, block_size)
                item.setPos(cx + dx, cy + dy)
                scene.addItem(item)
                self.items.append(item)
        self._paint_selected()

    def _draw_marks(
        self,
        scenario: Scenario,
        bf: Battlefield,
        frame: tuple[str, str, Placement, tuple[float, float]],
        size: float,
    ) -> None:
        """Deployment areas, entry hexes, NML counters, allotments and control objectives."""
        sheet_id, layer, placement, sheet_size = frame
        slots: dict[str, int] = {}

        def mark(location: str, colour: QColor, label: str, tip: str, fill: bool = False) -> None:
            loc = bf.by_id.get(location)
            if loc is None or loc.sheet != sheet_id or loc.layer != layer:
                return
            outline = [to_sheet(p, placement, sheet_size) for p in loc.outline]
            slot = slots.get(loc.id, 0)
            if label:
                slots[loc.id] = slot + 1
            item = SetupMark(outline, colour, label, fill, size, tip, slot)
            self.window.scene.addItem(item)
            self.marks.append(item)

        for side in SIDES:
            setup = getattr(scenario.sides, side)
            colour = SIDE_COLOUR[Side(side)]
            for area in setup.deployment:
                for location in area.locations:
                    mark(location, colour, "", f"{side} deployment area {area.id} {area.name}".strip(), True)
            for force in setup.impulse_forces:
                if force.entry is not None:
                    for location in force.entry.hexes:
                        mark(location, colour, "E", f"{force.id} enters here on turn {force.entry.turn}")
            for kind, label in ALLOTMENT_LABEL.items():
                for location in getattr(setup.environment, kind).locations:
                    mark(location, colour.darker(140), label, f"{side} {kind.replace('_', ' ')}")
        for counter in scenario.no_mans_land:
            hidden = " (face down)" if counter.hidden else ""
            mark(
                counter.at,
                NML_COLOUR,
                NML_LABEL[counter.kind],
                f"NML {counter.kind.value} {counter.id}{hidden}",
            )
        for condition in scenario.victory.conditions:
            if isinstance(condition, ControlLocations):
                for location in condition.locations:
                    mark(
                        location,
                        OBJECTIVE_COLOUR,
                        "OBJ",
                        f"objective {condition.id} ({condition.side.value})",
                    )

    def _paint_selected(self) -> None:
        selected = set(self.tree.selected_pointers())
        for item in self.items:
            on = item.block.pointer in selected
            if on != item.selected_block:
                item.selected_block = on
                item.update()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if watched is self.window:
            if kind == QEvent.Type.Show:
                self.window.removeEventFilter(self)
                self._tabify()
            return False
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and isinstance(
            event, (QDragEnterEvent, QDragMoveEvent)
        ):
            if event.mimeData().hasFormat(MIME_BLOCKS) and self.edits is not None:
                event.setDropAction(Qt.DropAction.CopyAction)
                event.accept()
                return True
            return False
        if kind == QEvent.Type.Drop and isinstance(event, QDropEvent):
            if not event.mimeData().hasFormat(MIME_BLOCKS) or self.edits is None:
                return False
            sources = [s for s in bytes(event.mimeData().data(MIME_BLOCKS).data()).decode().split("\n") if s]
            scene_pos = self.window.view.mapToScene(event.position().toPoint())
            if self.place(sources, scene_pos):
                self.follow()  # Ctrl+Z next undoes the set-up, not a sheet edit
            event.setDropAction(Qt.DropAction.CopyAction)
            event.accept()
            return True
        return False

    def _blocks_at(self, p: tuple[float, float]) -> list[str]:
        items = self.window.scene.items(QPointF(*p))
        return [item.block.pointer for item in items if isinstance(item, SetupBlockItem)]

    def _place_at(self, sources: list[str], p: tuple[float, float]) -> bool:
        return self.place(sources, QPointF(*p))

    def place(self, sources: list[str], scene_pos: QPointF) -> bool:
        """Set these blocks up at the location under `scene_pos` (one undo entry); refused
        with a status message where one of them may not stand."""
        if self.edits is None or not sources:
            return False
        location = self.window.scene.location_at(scene_pos.x(), scene_pos.y())
        if location is None:
            self._status("Not set up: no location there")
            return False
        self.field.update(self.session)
        blocks = []
        for pointer in sources:
            try:
                block = pointers.get(self.edits.scenario, pointer)
            except (IndexError, KeyError, AttributeError):
                continue
            if isinstance(block, Block):
                why = self.field.refusal(block.type, location)
                if why:
                    self._status(f"{block.id} cannot be set up at {location}: {why}")
                    return False
                blocks.append(pointer)
        if not blocks:
            return False
        changes: list[tuple[str, object]] = []
        for pointer in blocks:
            changes += [(pointer + "/at", location), (pointer + "/mounted_in", None)]
        n = len(blocks)
        what = pointers.get(self.edits.scenario, blocks[0]).id if n == 1 else f"{n} blocks"
        try:
            self.edits.set_fields(f"Set up {what} at {location}", changes)
        except Refused as exc:
            self._status(str(exc))
            return False
        self._status(f"Set up {what} at {location}")
        self.tree.select(blocks)
        return True
