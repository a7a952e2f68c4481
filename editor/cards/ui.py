"""The card editor wired into the main window: the central Cards view for a library file,
a Cards dock (View > Cards) for the libraries of an open scenario, and the undo group
following the library being edited (Ctrl+Z undoes a card edit while the card editor has
the focus, a map edit when the canvas has it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QDockWidget, QMenu, QWidget

from engine.model import CardLibrary, Scenario

from ..commands import ChangeValues
from ..tools.keep_keys import KeepKeys
from .card_editor import CardEditor

if TYPE_CHECKING:
    from ..main_window import MainWindow
    from ..session import Session


class CardsUi(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.editor = CardEditor()
        self.editor.setObjectName("scenario_cards")
        self.dock = QDockWidget("Cards", window)
        self.dock.setObjectName("cards_dock")
        self.dock.setWidget(self.editor)
        # letters typed in the forms (a combo box's item, a table cell) reach them, not the
        # window's single-key tools ('v' chose the Select tool instead of vehicle)
        self._keep_keys = KeepKeys(self.dock)
        for widget in (self.dock, window.cards_panel):
            widget.installEventFilter(self._keep_keys)
        # the cards want width (a weapons table): at the bottom, beside the scenario's docks
        window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dock)
        self.dock.hide()
        self._placed = False
        self.dock.visibilityChanged.connect(self._place)
        # View > Cards: its own action rather than the dock's toggle, so the dock is placed
        # among the others before it shows (shown first beside them, it widened the window
        # past the screen: 1666 px at 1600 x 1000)
        self.action = QAction("&Cards", window)
        self.action.setCheckable(True)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+K"))
        self.action.setEnabled(False)
        self.action.triggered.connect(self._toggle)
        self.dock.visibilityChanged.connect(self._checked)
        view = next((a.menu() for a in window.menuBar().actions() if a.text() == "&View"), None)
        if isinstance(view, QMenu):
            view.addAction(self.action)
        for editor in (self.editor, window.cards_panel):
            editor.force_ids = self._force_ids
            editor.card_users = self._card_users
            editor.rename_card_users = self._rename_card_users
            editor.library_changed.connect(self._follow)
        # File > New card library, after the other New entries
        self.action_new = QAction("New card &library", window)
        self.action_new.setObjectName("new_card_library")
        self.action_new.triggered.connect(self.new_library)
        file_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&File"), None)
        anchor = getattr(window, "action_open", None)
        if isinstance(file_menu, QMenu):
            if anchor in file_menu.actions():
                file_menu.insertAction(anchor, self.action_new)
            else:
                file_menu.addAction(self.action_new)
        window.validation.validated.connect(self._on_validated)
        window.validation.activated.connect(self.reveal)
        window.outliner.activated.connect(self.reveal)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)

    def set_session(self, session: Session) -> None:
        model = session.document.model
        if isinstance(model, CardLibrary):
            self.window.cards_panel.set_documents([session.document])
            self.editor.set_documents([])
        else:
            self.window.cards_panel.set_documents([])
            self.editor.set_documents(session.library_documents if isinstance(model, Scenario) else [])
        has_cards = isinstance(model, Scenario) and bool(session.library_documents)
        self.action.setEnabled(has_cards)
        if not has_cards:
            self.dock.hide()

    def new_library(self) -> bool:
        """An empty, untitled card library in the card editor (Save asks where it goes)."""
        from ..document import Document
        from ..session import Session

        window = self.window
        if not window.maybe_save():
            return False
        library = CardLibrary(id="new-cards", title="New card library")
        window.set_session(Session.around(Document(library, parent=window)))
        return True

    def _on_validated(self, problems: list[Any]) -> None:
        self.editor.set_problems(problems)
        self.window.cards_panel.set_problems(problems)

    def reveal(self, source: Path | None, pointer: str) -> bool:
        """A problem clicked in the Validation dock, or a card in the Outliner, that lies in a
        card library: show the card editor on that library and select the card
        (/unit_cards/3/blocks/0/... -> card 3). `source` None: the untitled library."""
        path = Path(source).resolve() if source is not None else None
        for editor in (self.window.cards_panel, self.editor):
            paths = [d.path.resolve() if d.path else None for d in editor.documents]
            if path not in paths:
                continue
            if editor is self.editor:
                self.show_dock()
            index = paths.index(path)
            if editor.library_box.currentIndex() != index:
                editor.library_box.setCurrentIndex(index)
            parts = pointer.split("/")
            if len(parts) >= 3 and parts[1] in ("unit_cards", "support_cards", "event_cards"):
                editor.select("/".join(parts[:3]))
            return True
        return False

    def _toggle(self, _on: bool) -> None:
        # in front: closed; hidden or behind another dock's tab: brought to the front
        if self.dock.isVisible() and not self.dock.visibleRegion().isEmpty():
            self.dock.hide()
        else:
            self.show_dock()
        self._checked(self.dock.isVisible())

    def _checked(self, _visible: bool) -> None:
        # visibilityChanged also says "hidden" for a dock behind another tab
        self.action.setChecked(self.dock.isVisible())

    def show_dock(self) -> None:
        """Show the Cards dock in front, placed among the bottom docks first."""
        self._place(True)
        self.dock.show()
        self.dock.raise_()

    def _place(self, visible: bool) -> None:
        """Shown the first time: as a tab of another bottom dock (not Validation's), so it
        gets the window's width rather than a sliver beside them."""
        if not visible or self._placed:
            return
        self._placed = True
        window = self.window
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        others = [
            d
            for d in window.findChildren(QDockWidget)
            if d is not self.dock
            and d.objectName() != "validation_dock"
            and window.dockWidgetArea(d) == bottom
            and d.isVisible()
        ]
        if others:
            window.tabifyDockWidget(others[-1], self.dock)
            self.dock.raise_()

    def _force_ids(self) -> list[str]:
        session = self.window.session
        model = session.document.model if session else None
        if not isinstance(model, Scenario):
            return []
        return [f.id for side in (model.sides.green, model.sides.red) for f in side.impulse_forces]

    def _references(self, deck: str, card: str) -> list[tuple[Any, str, str]]:
        """(document, pointer, what) of every place the open files name card `card` of
        `deck`: the scenario's blocks of a unit card; the 3D matrix and air defence rows of
        a support card and the event cards giving it extra missions (in any library); the
        decks, hands and events table rows of an event card."""
        session = self.window.session
        if session is None:
            return []
        model = session.document.model
        scenario = session.document if isinstance(model, Scenario) else None
        if scenario is not None:
            libraries = list(session.library_documents)
        elif isinstance(model, CardLibrary):
            libraries = [session.document]
        else:
            libraries = []
        out: list[tuple[Any, str, str]] = []
        sides = ("green", "red")
        if scenario is not None:
            for side in sides:
                setup = getattr(scenario.model.sides, side)
                base = f"/sides/{side}"
                if deck == "unit_cards":
                    out += [
                        (scenario, f"{base}/impulse_forces/{f}/blocks/{b}/card", block.id)
                        for f, force in enumerate(setup.impulse_forces)
                        for b, block in enumerate(force.blocks)
                        if block.card == card
                    ]
                elif deck == "support_cards":
                    for key, what in (("actions", "3D matrix"), ("air_defense", "air defence")):
                        out += [
                            (scenario, f"{base}/support/{key}/{i}/support", f"{side} {what}")
                            for i, row in enumerate(getattr(setup.support, key))
                            if row.support == card
                        ]
                elif deck == "event_cards":
                    events = setup.events
                    out += [
                        (scenario, f"{base}/events/{key}/{i}", f"{side} {key}")
                        for key in ("deck", "hand")
                        for i, cid in enumerate(getattr(events, key))
                        if cid == card
                    ]
                    out += [
                        (scenario, f"{base}/events/table/{i}/card", f"{side} events table")
                        for i, row in enumerate(events.table)
                        if row.card == card
                    ]
        if deck == "support_cards":
            for document in libraries:
                for e, event in enumerate(document.model.event_cards):
                    effect = event.effect
                    if effect is not None and getattr(effect, "support", None) == card:
                        out.append((document, f"/event_cards/{e}/effect/support", f"event card {event.id}"))
        return out

    def _card_users(self, deck: str, card: object) -> list[str]:
        return list(dict.fromkeys(what for _d, _p, what in self._references(deck, str(card))))

    def _rename_card_users(self, deck: str, old: str, new: str) -> None:
        """Everything naming card `old` names `new`: one entry in each document's history
        (the scenario's for its blocks, matrix rows, decks, hands and table rows; a library's
        for its event cards' extra missions); the card's own rename is one of its library's."""
        references = self._references(deck, old)
        if not references:
            return
        by_document: dict[int, tuple[Any, list[tuple[str, object, object]]]] = {}
        for document, pointer, _what in references:
            by_document.setdefault(id(document), (document, []))[1].append((pointer, old, new))
        for document, changes in by_document.values():
            if deck == "unit_cards":
                text = f"Blocks of card {old} field {new} ({len(changes)})"
            else:
                text = f"References to card {old} name {new} ({len(changes)})"
            document.undo_stack.push(ChangeValues(document, text, changes))
        self.window.statusBar().showMessage(
            f"{len(references)} reference(s) to {old} now name {new}: Ctrl+Z in their file undoes it",
            6000,
        )

    # -- which undo stack Ctrl+Z reaches -------------------------------------------------
    def _within(self, widget: QWidget | None) -> bool:
        while widget is not None:
            if widget is self.editor:
                return True
            widget = widget.parentWidget()
        return False

    def _on_focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if self._within(new):
            self._follow(self.editor.document)
        elif self._within(old) and new is not None:
            group = self.window.editing.undo_group
            # another dock that took the undo group for its document (the orders of battle)
            # keeps it; anywhere else, the canvas' history again
            document = self.editor.document
            if document is not None and group.activeStack() is document.undo_stack:
                current = self.window.editing.current_document()
                group.setActiveStack(current.undo_stack if current else None)

    def _follow(self, document: Any) -> None:
        """Make `document`'s history the one Edit > Undo works on."""
        if document is None:
            return
        group = self.window.editing.undo_group
        if self.sender() is self.window.cards_panel or self._within(QApplication.focusWidget()):
            if document.undo_stack not in group.stacks():
                group.addStack(document.undo_stack)
            group.setActiveStack(document.undo_stack)
