"""F5: play the scenario open in the editor as it is now, unsaved edits included.

The game is built from the editor's documents (lint's Workspace with the texts Save would
write as overrides, the same as live validation), so what is played is what the designer
sees. A scenario that does not validate is refused with its located problems.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMessageBox

from engine.model import Scenario
from engine.rules.ruleset import GameSetupError
from engine.rules.uo.game import Game
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from .board import Layer
from .dialog import PlayDialog
from .session import PlayOptions, PlaySession
from .window import PlayWindow

if TYPE_CHECKING:
    from ..main_window import MainWindow


def build_game(scenario: Path, overrides: dict[Path, str]) -> Game:
    """The game of `scenario` with the editor's unsaved texts; GameSetupError if it does not
    validate (its problems name file, line and field)."""
    return URBAN_OPERATIONS.load(scenario, overrides)


def layers_of(window: MainWindow) -> list[Layer]:
    """The maps the board shows: the first surface sheet, then each underground insert, as
    the editor holds them now (copies: editing on while playing changes nothing here)."""
    session = window.session
    if session is None:
        return []
    out: list[Layer] = []
    for n, entry in enumerate(session.sheets):
        sheet = entry.sheet
        if sheet is None:
            continue
        insert = n >= session.first_insert
        if not insert and any(not layer.layer.startswith("insert:") for layer in out):
            continue  # one surface sheet drawn (see PlayWindow's note on assemblies)
        out.append(
            Layer(
                label=f"{'Insert' if insert else 'Surface'} {sheet.id}",
                layer=sheet.id if insert else "surface",
                sheet=sheet.model_copy(deep=True),
                base_dir=entry.path.parent,
            )
        )
    return out


def start_play(
    window: MainWindow, ask: Callable[[MainWindow], PlayOptions | None] | None = None
) -> PlayWindow | None:
    """Play the window's scenario: validate and build it, ask the options, open the board."""
    doc = window.document
    if doc is None or not isinstance(doc.model, Scenario) or doc.path is None:
        QMessageBox.information(window, "Play", "Open a scenario to play it (File > Open).")
        return None
    try:
        game = build_game(doc.path, window.unsaved_texts())
    except GameSetupError as exc:
        from ..main_window import problems_message

        QMessageBox.warning(
            window, "Cannot play", f"The scenario does not validate:\n\n{problems_message(exc.problems)}"
        )
        return None
    options = (ask or ask_options)(window)
    if options is None:
        return None
    session = PlaySession(game, options)
    play = PlayWindow(session, layers_of(window), doc.path)
    session.setParent(play)
    window.play_windows = [w for w in getattr(window, "play_windows", []) if w.isVisible()] + [play]
    play.show()
    return play


def ask_options(window: MainWindow) -> PlayOptions | None:
    dialog = PlayDialog(window, getattr(window, "play_options", None))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    window.play_options = dialog.options()
    return window.play_options
