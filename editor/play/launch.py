"""F5: play the scenario open in the editor as it is now, unsaved edits included.

The game is built from the editor's documents (lint's Workspace with the texts Save would
write as overrides, the same as live validation), so what is played is what the designer
sees. A scenario that does not validate is refused with its located problems.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDialog, QMainWindow, QMessageBox, QWidget

from engine.battlefield.compile import Placement
from engine.io.files import load_document
from engine.io.problems import LoadError, Problem
from engine.model import MapSheet, Scenario
from engine.rules.log import ReplayRefused, find_scenario, read_log
from engine.rules.registry import rule_set
from engine.rules.ruleset import GameSetupError
from engine.rules.uo.game import Game
from engine.rules.uo.ruleset import URBAN_OPERATIONS

from ..export.source import PlacedSheet
from .board import Layer
from .dialog import PlayDialog
from .session import Player, PlayOptions, PlaySession, View
from .window import PlayWindow

if TYPE_CHECKING:
    from ..main_window import MainWindow


def build_game(scenario: Path, overrides: dict[Path, str]) -> Game:
    """The game of `scenario` with the editor's unsaved texts; GameSetupError if it does not
    validate (its problems name file, line and field)."""
    return URBAN_OPERATIONS.load(scenario, overrides)


def layers_of(window: MainWindow) -> list[Layer]:
    """The maps the board shows: the surface (every sheet, at its place in the scenario's
    assembly), then each underground insert, as the editor holds them now (copies: editing
    on while playing changes nothing here)."""
    session = window.session
    doc = window.document
    if session is None or doc is None or not isinstance(doc.model, Scenario):
        return []
    placements = doc.model.map.sheets
    surface: list[PlacedSheet] = []
    inserts: list[Layer] = []
    for n, entry in enumerate(session.sheets):
        sheet = entry.sheet
        if sheet is None:
            continue
        copy = sheet.model_copy(deep=True)
        if n >= session.first_insert:
            inserts.append(Layer(f"Insert {sheet.id}", sheet.id, copy, entry.path.parent))
        elif n < len(placements):
            place = placements[n]
            surface.append(PlacedSheet(copy, Placement(place.position, place.rotation), entry.path.parent))
    return surface_layer(surface) + inserts


def surface_layer(placed: list[PlacedSheet]) -> list[Layer]:
    """The surface as one layer of the board: its first sheet and the others of the assembly."""
    if not placed:
        return []
    first, *others = placed
    label = "Surface " + "+".join(p.sheet.id for p in placed)
    return [Layer(label, "surface", first.sheet, first.base_dir, first.placement, tuple(others))]


#: the play window of each rule set other than Urban Operations (whose window is PlayWindow,
#: drawn over the editor's hex sheets): module and class, imported on first play
PLAY_WINDOWS = {"urban-battle": "editor.play.ub_window:UbPlayWindow"}


def play_window_class(rules: str) -> type[QMainWindow]:
    """The play window for a rule set's games: (session, scenario path, parent)."""
    from importlib import import_module

    module, _, name = PLAY_WINDOWS[rules].partition(":")
    cls: type[QMainWindow] = getattr(import_module(module), name)
    return cls


def names_rule_set(model: object) -> str | None:
    """The rule set a document names when it is not Urban Operations' scenario (an Urban
    Battle mission: `rules: urban-battle`), else None."""
    if isinstance(model, Scenario):
        return None
    rules = getattr(model, "rules", None)
    return rules if isinstance(rules, str) else None


def start_play(
    window: MainWindow, ask: Callable[[MainWindow], PlayOptions | None] | None = None
) -> QMainWindow | None:
    """Play the window's scenario: validate and build it, ask the options, open the board."""
    doc = window.document
    other = names_rule_set(doc.model) if doc is not None else None
    if doc is not None and doc.path is not None and other is not None:
        return start_mission(window, doc.path, other, window.unsaved_texts(), ask)
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
    # a window of its own, owned by the editor's: it closes with the editor
    play = PlayWindow(session, layers_of(window), doc.path, window)
    session.setParent(play)
    window.play_windows = [w for w in getattr(window, "play_windows", []) if w.isVisible()] + [play]
    play.show()
    return play


def start_mission(
    window: QWidget | None,
    path: Path,
    rules: str,
    overrides: dict[Path, str] | None = None,
    ask: Callable[..., PlayOptions | None] | None = None,
) -> QMainWindow | None:
    """Play a mission of another rule set (an Urban Battle `ub-mission/1`): built by the rule
    set it names, with the editor's unsaved texts, in that rule set's play window. The same
    options dialog, session (bots, time travel) and log as Urban Operations'."""
    if rules not in PLAY_WINDOWS:
        text = f"{path.name}: the play mode has no board for rule set {rules!r}."
        QMessageBox.information(window, "Play", text)
        return None
    try:
        game = rule_set(rules).load(path, overrides or {})
    except GameSetupError as exc:
        from ..main_window import problems_message

        QMessageBox.warning(
            window, "Cannot play", f"The mission does not validate:\n\n{problems_message(exc.problems)}"
        )
        return None
    options = (ask or ask_options)(window)
    if options is None:
        return None
    session = PlaySession(game, options)
    play = play_window_class(rules)(session, path, window)  # type: ignore[call-arg]
    session.setParent(play)
    if window is not None:  # the editor's: the play window closes with it
        window.play_windows = [w for w in getattr(window, "play_windows", []) if w.isVisible()] + [play]  # type: ignore[attr-defined]
    play.show()
    return play


def ask_options(window: MainWindow) -> PlayOptions | None:
    dialog = PlayDialog(window, getattr(window, "play_options", None))
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    window.play_options = dialog.options()
    return window.play_options


def open_log(path: Path, parent: QWidget | None = None) -> QMainWindow | None:
    """Open a game log (`uo play --log`, or saved from the play window) to replay it action
    by action: its scenario (found as `uo replay` finds it) on the board, no action played
    yet, every action of the log ready for Forward; both sides human, so nothing moves by
    itself, and any other choice starts a branch. Problems are a dialog naming the file."""
    try:
        log = read_log(path)
        scenario = find_scenario(log, path)
        rules = rule_set(log.rules)
        game = rules.load(scenario)
        actions = [rules.action_from_json(e.model_dump(mode="json")) for e in log.actions]
    except LoadError as exc:
        QMessageBox.warning(parent, "Open game log", problems_text(exc.problems))
        return None
    except GameSetupError as exc:
        QMessageBox.warning(
            parent, "Open game log", f"{path}: its scenario does not validate:\n{problems_text(exc.problems)}"
        )
        return None
    except (ReplayRefused, ValueError) as exc:
        QMessageBox.warning(parent, "Open game log", f"{path}: {exc}")
        return None
    options = PlayOptions(Player.human, Player.human, log.seed, View.all_seeing, 0)
    session = PlaySession(game, options)
    session.future = actions
    play: QMainWindow
    if game.rules in PLAY_WINDOWS:
        play = play_window_class(game.rules)(session, scenario)  # type: ignore[call-arg]
    else:
        play = PlayWindow(session, disk_layers(scenario), scenario)
    play.setWindowTitle(f"Replay — {path.name} ({len(actions)} actions)")
    session.setParent(play)
    if parent is not None:
        parent.play_windows = [w for w in getattr(parent, "play_windows", []) if w.isVisible()] + [play]  # type: ignore[attr-defined]
    play.show()
    return play


def problems_text(problems: list[Problem]) -> str:
    return "\n".join(p.format() for p in problems[:8]) or "unusable"


def disk_layers(scenario: Path) -> list[Layer]:
    """The board's maps read from disk (a replayed log plays the files, not the editor's)."""
    model = load_document(scenario).model
    assert isinstance(model, Scenario)
    surface: list[PlacedSheet] = []
    inserts: list[Layer] = []
    for place in model.map.sheets:
        sheet = load_document(scenario.parent / place.file).model
        if isinstance(sheet, MapSheet):  # a scan is named from its sheet's folder
            where = (scenario.parent / place.file).parent
            surface.append(PlacedSheet(sheet, Placement(place.position, place.rotation), where))
    for use in model.map.underground:
        sheet = load_document(scenario.parent / use.file).model
        if isinstance(sheet, MapSheet):
            inserts.append(Layer(f"Insert {sheet.id}", sheet.id, sheet, (scenario.parent / use.file).parent))
    return surface_layer(surface) + inserts
