"""The main window driven like a user would: open files, move the mouse, click panels."""

from __future__ import annotations

import re

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.canvas.building_items import BuildingItem
from editor.canvas.wall_items import ApertureItem, WallItem
from editor.main_window import MainWindow
from engine.geometry.hexgrid import HexGrid
from engine.model import MapSheet

from .conftest import DATA, wait_validated


def move_mouse_to(qtbot, window: MainWindow, x: float, y: float) -> None:
    # let pending layout (docks, toolbar) settle so the mapping is the one the event meets
    QApplication.processEvents()
    pos = window.view.mapFromScene(QPointF(x, y))
    qtbot.mouseMove(window.view.viewport(), pos)


def test_opens_a_sheet_with_an_item_for_every_building_wall_and_aperture(window, sheet_file):
    window.load(sheet_file)
    sheet = window.scene.sheet
    assert isinstance(sheet, MapSheet)
    items = window.scene.items_by_pointer
    for b, _building in enumerate(sheet.buildings):
        assert isinstance(items[f"/buildings/{b}"], BuildingItem)
    for w, wall in enumerate(sheet.walls):
        assert isinstance(items[f"/walls/{w}"], WallItem)
        for a, _aperture in enumerate(wall.apertures):
            assert isinstance(items[f"/walls/{w}/apertures/{a}"], ApertureItem)
    assert sum(isinstance(i, WallItem) for i in window.scene.items()) == len(sheet.walls)
    assert window.windowTitle().startswith(sheet_file.name)


def test_status_bar_shows_the_hex_under_the_mouse(window, qtbot, sheet_file):
    window.load(sheet_file)
    sheet = window.scene.sheet
    grid = HexGrid(sheet.grid)
    # a hex whose centre is in the open (not inside a room), away from the sheet edge
    label = next(
        lb
        for lb in grid.playable_labels(*sheet.size)
        if window.scene.location_at(*grid.centre(lb)) == sheet.id + lb
        and not grid.is_half_hex(lb, *sheet.size)
    )
    x, y = grid.centre(label)
    move_mouse_to(qtbot, window, x, y)
    qtbot.waitUntil(lambda: window.location_label.text() == f"{sheet.id}{label}")
    assert "mm" in window.position_label.text()


def test_status_bar_shows_room_and_zone_ids(window, qtbot):
    window.load(DATA / "town.yaml")
    move_mouse_to(qtbot, window, 75, 60)
    qtbot.waitUntil(lambda: window.location_label.text() == "1.1")
    move_mouse_to(qtbot, window, 112, 85)
    qtbot.waitUntil(lambda: window.location_label.text() == "1.4")
    # one screen pixel is about half a millimetre here
    shown = re.fullmatch(r"x ([\d.]+) mm, y ([\d.]+) mm", window.position_label.text())
    assert shown and abs(float(shown[1]) - 112) < 1 and abs(float(shown[2]) - 85) < 1


def test_outliner_lists_buildings(window, sheet_file):
    window.load(sheet_file)
    listed = [window.outliner.node(i).text for i in window.outliner.items_of_kind("building")]
    assert len(listed) == len(window.scene.sheet.buildings)
    for text, building in zip(listed, window.scene.sheet.buildings, strict=True):
        assert text.startswith(f"Building {building.id}")


def test_clicking_the_outliner_selects_the_item_on_the_canvas(window, qtbot):
    window.load(DATA / "town.yaml")
    item = window.outliner.find(window.document.path, "/walls/3")
    assert item is not None and item.text(0) == "Zone limit w4"
    window.outliner.scrollToItem(item)
    rect = window.outliner.visualItemRect(item)
    qtbot.mouseClick(window.outliner.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.scene.selected_pointer() == "/walls/3")
    assert window.view.mapToScene(window.view.viewport().rect()).boundingRect().contains(QPointF(112, 70))


def test_selecting_on_the_canvas_follows_in_the_outliner(window, qtbot):
    window.load(DATA / "town.yaml")
    window.scene.items_by_pointer["/buildings/1"].setSelected(True)
    assert window.outliner.currentItem().text(0) == "Building 2"


def test_an_unusable_file_is_reported_and_the_open_document_kept(window, monkeypatch):
    window.load(DATA / "town.yaml")
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text, *a: shown.append(text))
    assert not window.open_file(DATA / "broken.yaml")
    assert len(shown) == 1
    assert "broken.yaml:3:1" in shown[0] and "P001" in shown[0]
    assert window.document.path == (DATA / "town.yaml").resolve()
    assert window.scene.sheet.id == "T"


def test_a_missing_file_is_reported_too(window, monkeypatch, tmp_path):
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text, *a: shown.append(text))
    assert not window.open_file(tmp_path / "nowhere.yaml")
    assert shown and "nowhere.yaml" in shown[0]
    assert window.document is None


def test_validation_lists_semantic_problems_and_reveals_them(window, qtbot):
    window.load(DATA / "duplicate-ids.yaml")
    wait_validated(qtbot, window)
    texts = window.validation.texts()
    assert any(t.startswith("19:9 L101 duplicate id 'w1'") for t in texts), texts
    item = window.validation.list.topLevelItem(texts.index(next(t for t in texts if "L101" in t)))
    rect = window.validation.list.visualItemRect(item)
    # QTest's double-click lacks the press Qt's item views expect before it
    qtbot.mouseClick(window.validation.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.validation.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: window.scene.selected_pointer() == "/walls/1")


def test_a_scenario_shows_its_first_sheet_and_switches_to_its_insert(window, qtbot):
    window.load(DATA / "crossing.yaml")
    assert window.scene.sheet.id == "T"
    assert window.sheet_selector.count() == 2
    assert window.sheet_toolbar.isVisibleTo(window)
    window.sheet_selector.setCurrentIndex(1)
    assert window.scene.sheet.id == "U"
    assert "/underground_zones/0" in window.scene.items_by_pointer
    # the outliner reaches into the scenario's sheets: picking a wall switches back
    assert window.reveal((DATA / "town.yaml").resolve(), "/walls/0")
    assert window.scene.sheet.id == "T"
    assert window.sheet_selector.currentIndex() == 0
    assert window.scene.selected_pointer() == "/walls/0"


def test_a_card_library_is_listed(window):
    window.load(DATA / "cards.yaml")
    assert window.central.currentWidget() is window.cards_panel
    assert window.cards_panel.card_ids() == ["rifles", "mortar", "rain"]
    assert [window.outliner.node(i).text for i in window.outliner.items_of_kind("card")] == [
        "rifles — Rifle platoon",
        "mortar — 81mm mortar",
        "rain — Heavy rain",
    ]


def test_new_sheet_then_save_as(window, qtbot, monkeypatch, tmp_path):
    window.action_new.trigger()
    assert window.document.path is None
    assert window.scene.sheet is not None and window.scene.sheet.grid.columns > 10
    assert "save" in window.validation.summary.text().lower()
    target = tmp_path / "new.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    window.action_save.trigger()
    assert target.is_file()
    assert window.document.path == target.resolve()
    wait_validated(qtbot, window)
    assert window.validation.summary.text() == "new.yaml: no problems"
    assert window.recent.paths() == [target.resolve()]


def test_quitting_with_unsaved_changes_asks_first(window, monkeypatch):
    window.load(DATA / "town.yaml")
    window.document.undo_stack.push(QUndoCommand("an edit"))
    assert window.isWindowModified()
    asked: list[str] = []

    def cancel(*args, **kwargs):
        asked.append(args[2])
        return QMessageBox.StandardButton.Cancel

    monkeypatch.setattr(QMessageBox, "question", cancel)
    assert not window.close()
    assert asked and "town.yaml" in asked[0]
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_view_zooms_and_fits(window, qtbot):
    window.load(DATA / "town.yaml")
    fitted = window.view.current_scale()
    window.action_zoom_in.trigger()
    assert window.view.current_scale() > fitted
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F)
    assert abs(window.view.current_scale() - fitted) < 1e-6


def test_recent_files_remember_opened_files(window, settings):
    assert window.open_file(DATA / "town.yaml")
    assert window.open_file(DATA / "cards.yaml")
    expected = [(DATA / "cards.yaml").resolve(), (DATA / "town.yaml").resolve()]
    assert MainWindow(settings).recent.paths()[:2] == expected


def test_sample_paths_are_absolute_in_problems_of_referenced_files(window, qtbot):
    # problems of a scenario's sheet name that file; the open file's own have no prefix
    window.load(DATA / "crossing.yaml")
    wait_validated(qtbot, window)
    assert all(not t.startswith("crossing.yaml") for t in window.validation.texts())
