"""Issue 11's acceptance: a scenario equivalent to scenarios/harbour-crossing.yaml built
from File > New scenario on the sample sheet with real mouse and keyboard events only - a
reduced order of battle, but every kind of element once: forces, blocks set up and
mounted, a deployment area, a reinforcement with entry hexes, No Man's Land counters,
allotments, an event deck and table, a 3D matrix, victory conditions and levels, a new
unit card with a weapon. Saved, `uo validate` passes and `uo play` plays it to the end
with the heuristic bots. Then undo back to the new scenario's text, redo to the saved
one. The clicks, key presses and seconds it took are printed."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox, QPushButton, QTabBar

from engine.cli import main as uo
from engine.model.scenario import Scenario
from tests.editor.canvas_input import click as click_map
from tests.editor.canvas_input import drag, use_tool
from tests.editor.conftest import ROOT
from tests.editor.oob.oob_input import choose, click_row, drop_on_map

from .counted_input import CountedInput
from .input import click, click_check, type_in_cell, type_in_line

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
G, R = "/sides/green", "/sides/red"


def _folder(tmp_path: Path) -> Path:
    """The sample's sheets and card libraries, copied: the scenario is made beside them."""
    (tmp_path / "maps").mkdir()
    for name in ("A-harbour.yaml", "U-sewers.yaml"):
        shutil.copy(ROOT / "maps" / name, tmp_path / "maps" / name)
    shutil.copytree(ROOT / "scenarios" / "cards", tmp_path / "scenarios" / "cards")
    return tmp_path / "scenarios"


def _tab(qtbot, bar: QTabBar, title: str) -> None:
    """Click the tab named `title` (a dock's tab at the window's bottom, or a page's)."""
    index = next(i for i in range(bar.count()) if bar.tabText(i).replace("&&", "&") == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


def _dock_tab(qtbot, window, title: str) -> None:
    QApplication.processEvents()
    bars = [
        b
        for b in window.findChildren(QTabBar)
        if b.isVisible() and any(b.tabText(i) == title for i in range(b.count()))
    ]
    assert bars, title
    _tab(qtbot, bars[0], title)


def _key_choose(user: CountedInput, combo: QComboBox, text: str) -> None:
    """A combo box's item chosen by typing its first letters on it."""
    user.focus(combo)
    user.keyClicks(combo, text)
    assert combo.currentText() == text or combo.currentText().startswith(text), combo.currentText()


def _key(user: CountedInput, combo: QComboBox, key: Qt.Key, expected: str) -> None:
    """A combo box's item chosen with a navigation key on it (Home, End, Up, Down)."""
    user.focus(combo)
    user.keyClick(combo, key)
    assert combo.currentText() == expected, [combo.itemText(i) for i in range(combo.count())]


def _centre(window, location: str) -> tuple[float, float]:
    bf = window.oob_ui.field.update(window.session)
    assert bf is not None
    return bf.by_id[location].centre  # the one sheet sits at the origin


def _mode(user: CountedInput, window, steps: int) -> None:
    """The Set-up tool's mode, stepped down from the first (Deployment area) with the keys."""
    box = window.oob_ui.setup_tool.mode_box
    user.focus(box)
    user.keyClick(box, Qt.Key.Key_Home)
    for _ in range(steps):
        user.keyClick(box, Qt.Key.Key_Down)
    window.view.setFocus()  # the next click on the map would give it the focus


def _choose(user: CountedInput, combo: QComboBox, keys: str | Qt.Key, expected: str) -> None:
    """The OOB form's combo boxes, focused (counted as the click it takes), then keys."""
    user.clicks += 1
    choose(user, combo, keys, expected)


def test_acceptance_build_the_harbour_crossing_by_mouse_and_keyboard(
    window, qtbot, monkeypatch, tmp_path, capsys
) -> None:
    folder = _folder(tmp_path)
    maps, cards = tmp_path / "maps", folder / "cards"
    picks = iter(
        [
            maps / "A-harbour.yaml",
            maps / "U-sewers.yaml",
            cards / "units.yaml",
            cards / "support.yaml",
            cards / "events.yaml",
        ]
    )
    monkeypatch.setattr(
        "editor.scenario.new_scenario_dialog.QFileDialog.getOpenFileName",
        lambda *a, **k: (str(next(picks)), ""),
    )
    target = folder / "harbour-rebuilt.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    window.resize(1600, 1000)
    user = CountedInput(qtbot)

    # -- File > New scenario: sheet A, insert U known to red only, the sides named ----------
    click(user, window.start_page.button_new_scenario)
    dialog = window.scenario_ui.new_dialog
    click(user, dialog.findChild(QPushButton, "add_sheet"))
    click(user, dialog.findChild(QPushButton, "add_insert"))
    click_check(user, dialog.knows["green"])
    type_in_line(user, dialog.green_name, "Coalition Task Force Halyard")
    type_in_line(user, dialog.red_name, "Lighthouse Brotherhood")
    type_in_line(user, dialog.folder, str(folder))
    click(user, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))
    doc = window.document
    scenario = doc.model
    assert isinstance(scenario, Scenario) and doc.path is None
    new_text = doc.text()

    # -- Settings: id, title, campaign, turns; the sample's three card libraries -----------
    ui = window.scenario_ui
    _dock_tab(user, window, "Scenario")
    _tab(user, ui.tabs.tabBar(), "Settings")
    page = ui.settings
    type_in_line(user, page.lines["id"], "harbour-crossing")
    type_in_line(user, page.lines["title"], "Harbour Crossing, rebuilt")
    type_in_line(user, page.lines["campaign"], "Operation Halyard")
    user.mouseClick(page.turns, Qt.MouseButton.LeftButton)
    user.keyClick(page.turns, Qt.Key.Key_A, CTRL)
    user.keyClicks(page.turns, "3")
    user.keyClick(page.turns, Qt.Key.Key_Return)
    assert scenario.turns == 3
    # the starter's unit cards (the project's own) replaced by the copies beside the scenario
    rect = page.libraries.visualItemRect(page.libraries.item(0))
    user.mouseClick(page.libraries.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    click(user, page.findChild(QPushButton, "remove_library"))
    for _ in range(3):
        click(user, page.findChild(QPushButton, "add_library"))
    assert scenario.cards == ["cards/units.yaml", "cards/support.yaml", "cards/events.yaml"]
    # the libraries are open at once: their cards are offered
    assert [d.model.id for d in window.session.library_documents] == [
        "halyard-units",
        "halyard-support",
        "halyard-events",
    ]
    print(f"\nafter settings: {user.clicks} clicks, {user.keys} keys, {user.seconds():.1f} s")

    # -- Cards (Ctrl+Shift+K): a new unit card in the units library, a block with a weapon --
    user.keyClick(window.view, Qt.Key.Key_K, CTRL | SHIFT)
    editor = window.cards_ui.editor
    assert editor.isVisible() and editor.library_box.currentText().startswith("halyard-units")
    click(user, editor.findChild(QPushButton, "add_unit_card"))
    unit = editor.unit_page
    type_in_line(user, unit.card_form.editors["id"], "mil-militia")
    type_in_line(user, unit.card_form.editors["name"], "Harbour militia")
    type_in_line(user, unit.block_form.editors["name"], "Militia squad")
    click(user, unit.findChild(QPushButton, "add_weapon"))
    weapons = unit.weapons.table
    for column, text in ((1, "Hunting rifles and AKs"), (2, "5"), (3, "4"), (4, "3"), (5, "2")):
        _type_cell(user, weapons, 0, column, text)
    units = window.session.library_documents[0]
    card = units.model.unit_cards[-1]
    assert (card.id, card.blocks[0].type.value, card.blocks[0].weapons[0].firepower) == (
        "mil-militia",
        "infantry",
        [5, 4, 3, 2],
    )

    # -- Orders of battle: forces and blocks, set up on the map, one mounted ----------------
    _dock_tab(user, window, "Orders of battle")
    oob = window.oob_ui
    form = oob.form
    user.keyClick(window.view, Qt.Key.Key_F)  # View > Fit sheet: every location in view
    F = f"{G}/impulse_forces/0"
    click_row(user, window, F)
    click(user, oob.add_block_button)  # the first card's first block: co-mech's platoon leader
    click(user, oob.add_block_button)
    _choose(user, form.block_type, "inf", "infantry")
    click_row(user, window, F)
    click(user, oob.add_block_button)
    _choose(user, form.block_card, Qt.Key.Key_Home, "co-apc")
    click_row(user, window, F)
    _choose(user, form.force_leader, "g", "g-if1-1")
    _drop(user, window, [f"{F}/blocks/0"], "45.1")
    _drop(user, window, [f"{F}/blocks/2"], "A2914")
    click_row(user, window, f"{F}/blocks/1")
    _choose(user, form.block_mounted, "g", "g-if1-3")
    # green's second force, a reinforcement (its entry hexes are picked on the map below)
    click(user, oob.add_force_button)
    click(user, oob.add_block_button)
    click_row(user, window, f"{G}/impulse_forces/1")
    _choose(user, form.force_leader, "g", "g-if2-1")
    # red: the town hall group (a leader and the new militia card), and a cell to deploy
    F = f"{R}/impulse_forces/0"
    click_row(user, window, F)
    click(user, oob.add_block_button)
    _choose(user, form.block_card, "mil-f", "mil-fighters")
    click(user, oob.add_block_button)
    _choose(user, form.block_card, "mil-m", "mil-militia")
    click_row(user, window, F)
    _choose(user, form.force_leader, "r", "r-if1-1")
    _drop(user, window, [f"{F}/blocks/0"], "36.4")
    _drop(user, window, [f"{F}/blocks/1"], "36.1")
    click(user, oob.add_force_button)
    click(user, oob.add_block_button)
    _choose(user, form.block_card, "mil-c", "mil-cell")
    click_row(user, window, f"{R}/impulse_forces/1")
    _choose(user, form.force_leader, "r", "r-if2-1")
    green, red = scenario.sides.green, scenario.sides.red
    assert [(b.id, b.card, b.type.value, b.at, b.mounted_in) for b in green.impulse_forces[0].blocks] == [
        ("g-if1-1", "co-mech", "platoon_leader", "45.1", None),
        ("g-if1-2", "co-mech", "infantry", None, "g-if1-3"),
        ("g-if1-3", "co-apc", "apc", "A2914", None),
    ]
    assert [(b.id, b.card, b.type.value, b.at) for b in red.impulse_forces[0].blocks] == [
        ("r-if1-1", "mil-fighters", "platoon_leader", "36.4"),
        ("r-if1-2", "mil-militia", "infantry", "36.1"),
    ]

    # -- Set-up tool (K): red's deployment area, green's reinforcement entry hexes, No Man's
    # Land counters, a green dummy, an objective --------------------------------------------
    use_tool(user, window, "K")
    tool = oob.setup_tool
    user.keyClick(window.view, Qt.Key.Key_F)  # the whole sheet in view
    _key(user, tool.side_box, Qt.Key.Key_End, "red")
    assert (tool.mode, tool.target_box.currentText()) == ("deployment", "(new area)")
    drag(user, window, [_centre(window, h) for h in ("A0806", "A0807", "A0808")])
    _mode(user, window, 1)  # entry hexes
    _key(user, tool.side_box, Qt.Key.Key_Home, "green")
    _key(user, tool.target_box, Qt.Key.Key_End, "g-if2")
    for hex_ in ("A4408", "A4415"):
        click_map(user, window, _centre(window, hex_))
    _mode(user, window, 2)  # NML counters: an IED, then a population counter
    click_map(user, window, _centre(window, "A2308"))
    _key_choose(user, tool.target_box, "p")
    click_map(user, window, _centre(window, "A1622"))
    _mode(user, window, 3)  # allotments: green's dummies
    assert (tool.side, tool.target_box.currentText()) == ("green", "dummies")
    click_map(user, window, _centre(window, "A3110"))
    _mode(user, window, 4)  # objectives of the control condition
    click_map(user, window, _centre(window, "A2108"))
    # the red cell deploys in the painted area
    _dock_tab(user, window, "Orders of battle")
    click_row(user, window, f"{R}/impulse_forces/1")
    _key(user, form.force_deployment, Qt.Key.Key_End, "red-area1")
    assert red.impulse_forces[1].deployment == "red-area1"
    assert red.deployment[0].locations == ["A0806", "A0807", "A0808"]
    entry = green.impulse_forces[1].entry
    assert entry is not None and (entry.turn, entry.hexes) == (2, ["A4408", "A4415"])
    assert [(c.kind.value, c.at) for c in scenario.no_mans_land] == [
        ("ied_uxo", "A2308"),
        ("population", "A1622"),
    ]
    assert green.environment.dummies.locations == ["A3110"]

    # -- Events & 3D: decks and hands, the events tables, a 3D matrix and air defence -------
    _dock_tab(user, window, "Scenario")
    _tab(user, ui.tabs.tabBar(), "Events & 3D")
    events = ui.events
    type_in_cell(user, events.card_table, events.card_row("ev-night-resupply"), 2, "1")
    type_in_cell(user, events.card_table, events.card_row("ev-fisherman"), 3, "1")
    click(user, events.findChild(QPushButton, "add_event_row"))  # every roll 0-9, "Nothing happens."
    type_in_cell(user, events.event_table, 0, 0, "0-6")
    click(user, events.findChild(QPushButton, "add_event_row"))  # the rolls left: 7-9
    type_in_cell(user, events.event_table, 1, 1, "Spare battery pack: take the card into your hand.")
    type_in_cell(user, events.event_table, 1, 2, "ev-drone-sortie")
    _key(user, events.support_pick, Qt.Key.Key_Home, "sup-mortar — 81mm mortar section")
    click(user, events.findChild(QPushButton, "add_support"))
    for column, text in ((2, "4"), (4, "0, 1"), (5, "2-6"), (6, "7-9")):
        type_in_cell(user, events.matrix, 0, column, text)
    _key(user, events.side_box, Qt.Key.Key_End, "red")
    type_in_cell(user, events.card_table, events.card_row("ev-panic"), 2, "1")
    click(user, events.findChild(QPushButton, "add_event_row"))
    _key(user, events.support_pick, Qt.Key.Key_End, "sup-militia-mortar — Improvised mortar battery")
    _key(user, events.support_pick, Qt.Key.Key_Up, "sup-manpads — Shoulder-fired missiles")
    click(user, events.findChild(QPushButton, "add_support"))
    assert events.event_cover.text() == "every roll 0-9 once"
    assert green.events.deck == ["ev-night-resupply"] and green.events.hand == ["ev-fisherman"]
    assert [(r.roll, r.card) for r in green.events.table] == [
        ([0, 1, 2, 3, 4, 5, 6], None),
        ([7, 8, 9], "ev-drone-sortie"),
    ]
    row = green.support.actions[0]
    assert (row.support, row.missions, row.unavailable, row.next_turn, row.this_turn) == (
        "sup-mortar",
        4,
        [0, 1],
        [2, 3, 4, 5, 6],
        [7, 8, 9],
    )
    assert [r.support for r in red.support.air_defense] == ["sup-manpads"]

    # -- Victory: a red destroy condition, a level for each side ------------------------------
    _tab(user, ui.tabs.tabBar(), "Victory")
    victory = ui.victory
    click(user, victory.findChild(QPushButton, "add_destroy"))
    type_in_cell(user, victory.conditions, 1, 2, "red")
    type_in_cell(user, victory.conditions, 1, 3, "apc")
    type_in_cell(user, victory.conditions, 1, 5, "3")
    click(user, victory.findChild(QPushButton, "add_level"))
    type_in_cell(user, victory.levels, 1, 0, "red")
    type_in_cell(user, victory.levels, 1, 2, "3")
    conditions = scenario.victory.conditions
    assert [(c.kind, c.side.value) for c in conditions] == [("control", "green"), ("destroy", "red")]
    assert conditions[0].locations[-1] == "A2108" and conditions[1].block_types == ["apc"]
    assert [(v.side.value, v.level.value, v.min_points) for v in scenario.victory.levels] == [
        ("green", "total", 1),
        ("red", "total", 3),
    ]

    # -- Undo everything (Ctrl+Z): the new scenario's text and the library's as copied;
    # redo everything (Ctrl+Shift+Z): the full texts again, which Save writes -------------------
    clicks, keys, seconds = user.clicks, user.keys, user.seconds()
    full_text, library_full = doc.text(), units.text()
    _dock_tab(qtbot, window, "Cards")
    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton)
    library_entries = units.undo_stack.count()
    for _ in range(library_entries):
        qtbot.keyClick(editor.tree, Qt.Key.Key_Z, CTRL)
    assert units.text() == (ROOT / "scenarios" / "cards" / "units.yaml").read_text(encoding="utf-8")
    _dock_tab(qtbot, window, "Orders of battle")
    click_row(qtbot, window, G)
    entries = doc.undo_stack.count()
    for _ in range(entries):
        qtbot.keyClick(oob.tree, Qt.Key.Key_Z, CTRL)
    assert doc.text() == new_text
    assert all(not f.blocks for f in scenario.sides.green.impulse_forces + scenario.sides.red.impulse_forces)
    for _ in range(entries):
        qtbot.keyClick(oob.tree, Qt.Key.Key_Z, CTRL | SHIFT)
    assert doc.text() == full_text
    # the Cards dock closed while the scenario used no library: Ctrl+Shift+K shows it again
    assert not editor.isVisible()
    qtbot.keyClick(window.view, Qt.Key.Key_K, CTRL | SHIFT)
    assert editor.library_box.currentText().startswith("halyard-units")
    qtbot.mouseClick(editor.tree.viewport(), Qt.MouseButton.LeftButton)
    for _ in range(library_entries):
        qtbot.keyClick(editor.tree, Qt.Key.Key_Z, CTRL | SHIFT)
    assert units.text() == library_full

    # -- Save (Ctrl+S): the scenario where it was made for, and the edited library --------
    started = time.perf_counter()
    qtbot.keyClick(window, Qt.Key.Key_S, CTRL)
    keys, seconds = keys + 1, seconds + time.perf_counter() - started
    assert doc.path == target and not any(d.is_dirty for d in window.session.documents())
    assert target.read_text(encoding="utf-8") == full_text
    assert (cards / "units.yaml").read_text(encoding="utf-8") == library_full

    # -- uo validate passes; uo play plays it to the end with the heuristic bots ------------
    capsys.readouterr()
    assert uo(["validate", str(target)]) == 0, capsys.readouterr().out
    assert uo(["play", str(target), "--green", "heuristic", "--red", "heuristic", "--seed", "1"]) == 0
    played = capsys.readouterr().out
    assert "game over after turn" in played, played  # to the end (3 turns or sooner)
    with capsys.disabled():
        print(f"\nissue 11 acceptance: built and saved in {clicks} clicks, {keys} keys, {seconds:.1f} s")
        print(f"uo play --green heuristic --red heuristic --seed 1: {played.strip().splitlines()[-1]}")
        print(f"undone to the new scenario and redone: {entries} scenario, {library_entries} card entries")


def _type_cell(user, table, row: int, column: int, text: str) -> None:
    """Click a cell and type over it, as on a spreadsheet; Enter commits."""
    rect = table.visualRect(table.model().index(row, column))
    user.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    for char in text:  # the keys go where the focus is: the cell's editor once the first opened it
        user.keyClicks(QApplication.focusWidget(), char)
    user.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    user.waitUntil(lambda: table.state() != table.State.EditingState)


def _drop(user, window, pointers: list[str], location: str) -> None:
    """Blocks dragged from the tree onto the map (a drop event: QDrag's loop is not drivable)."""
    user.dropped()
    drop_on_map(window, pointers, location)
