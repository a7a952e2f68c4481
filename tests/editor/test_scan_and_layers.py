"""Importing a scan, its opacity and lock (undoable edits) and the Layers panel (view state)."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.canvas.building_items import BuildingItem
from editor.canvas.hex_grid_item import HexGridItem
from editor.canvas.layers import Layer
from editor.canvas.wall_items import ApertureItem, WallItem

from .conftest import DATA


@pytest.fixture
def scan_png(tmp_path, qapp):
    image = QImage(400, 300, QImage.Format.Format_RGB32)
    image.fill(QColor("#336699"))
    path = tmp_path / "scans" / "town scan.png"
    path.parent.mkdir()
    assert image.save(str(path))
    return path


@pytest.fixture
def town(tmp_path):
    path = tmp_path / "town.yaml"
    shutil.copy(DATA / "town.yaml", path)
    return path


def test_file_import_scan_places_it_on_the_sheet_and_undo_removes_it(window, monkeypatch, town, scan_png):
    window.load(town)
    monkeypatch.setattr(
        "editor.digitise.actions.QFileDialog.getOpenFileName", lambda *a, **k: (str(scan_png), "")
    )
    window.digitising.action_import.trigger()
    sheet = window.scene.sheet
    background = sheet.background
    # named relative to the sheet, so the two can move together
    assert background.image == "scans/town scan.png"
    k = background.transform[0]
    assert min(sheet.size[0] / 400, sheet.size[1] / 300) == pytest.approx(k)
    assert window.digitising.background_item() is not None
    assert window.scene.background_error == ""
    assert window.isWindowModified()
    assert window.digitising.panel.scan_name.text() == "town scan.png"
    assert window.digitising.action_calibrate.isEnabled()
    window.document.undo_stack.undo()
    assert window.scene.sheet.background is None
    assert window.digitising.background_item() is None
    assert not window.digitising.panel.calibrate_button.isEnabled()


def test_importing_an_unreadable_file_is_refused(window, monkeypatch, town, tmp_path):
    window.load(town)
    bad = tmp_path / "not-a-scan.png"
    bad.write_text("hello")
    shown = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *a: shown.append(text))
    assert not window.digitising.import_scan(bad)
    assert shown and "not-a-scan.png" in shown[0]
    assert window.document.undo_stack.count() == 0


def test_opacity_slider_is_one_undo_step_per_gesture(window, qtbot, town, scan_png):
    window.load(town)
    window.digitising.import_scan(scan_png)
    slider = window.digitising.panel.opacity
    slider.setFocus()
    for _ in range(3):
        qtbot.keyClick(slider, Qt.Key.Key_PageDown)
    stack = window.document.undo_stack
    assert window.scene.sheet.background.opacity == pytest.approx(0.7)
    assert window.digitising.background_item().opacity() == pytest.approx(0.7)
    assert [stack.text(i) for i in range(stack.count())] == ["Import scan", "Scan opacity"]
    stack.undo()
    assert window.scene.sheet.background.opacity == 1.0
    assert slider.value() == 100


def test_dragging_the_opacity_slider_previews_then_commits_once(window, qtbot, town, scan_png):
    window.load(town)
    window.digitising.import_scan(scan_png)
    window.digitising.dock.raise_()
    slider = window.digitising.panel.opacity
    QApplication.processEvents()
    handle = QPoint(slider.width() - 4, slider.height() // 2)  # value 100: the handle is at the right
    qtbot.mousePress(slider, Qt.MouseButton.LeftButton, pos=handle)
    qtbot.mouseMove(slider, QPoint(slider.width() // 2, slider.height() // 2))
    assert slider.isSliderDown()
    assert window.scene.sheet.background.opacity == 1.0  # not an edit yet
    assert window.digitising.background_item().opacity() < 0.8  # but shown
    qtbot.mouseRelease(
        slider, Qt.MouseButton.LeftButton, pos=QPoint(slider.width() // 2, slider.height() // 2)
    )
    assert window.scene.sheet.background.opacity == pytest.approx(slider.value() / 100)
    assert window.document.undo_stack.count() == 2


def test_lock_and_remove_are_undoable(window, qtbot, town, scan_png):
    window.load(town)
    window.digitising.import_scan(scan_png)
    lock = window.digitising.panel.lock
    assert lock.isChecked()  # a new scan is locked
    qtbot.mouseClick(lock, Qt.MouseButton.LeftButton, pos=QPoint(8, lock.height() // 2))
    assert window.scene.sheet.background.locked is False
    assert not window.digitising.action_lock.isChecked()
    assert window.document.undo_stack.undoText() == "Unlock scan"
    window.digitising.action_lock.trigger()
    assert window.scene.sheet.background.locked is True
    window.digitising.action_remove.trigger()
    assert window.scene.sheet.background is None
    window.document.undo_stack.undo()
    assert window.scene.sheet.background.locked is True


def test_layer_toggles_hide_items_and_survive_a_rebuild(window, qtbot, sheet_file):
    window.load(sheet_file)
    panel = window.digitising.panel
    for layer in (Layer.walls, Layer.apertures, Layer.buildings):
        box = panel.toggles[layer]
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
        assert not box.isChecked()

    def shown(kind: type) -> set[bool]:
        return {i.isVisible() for i in window.scene.items() if isinstance(i, kind)}

    assert shown(WallItem) == shown(ApertureItem) == shown(BuildingItem) == {False}
    # an edit rebuilds the canvas: hidden layers stay hidden
    window.digitising.set_opacity(0.5)  # no scan: nothing to do
    window.show_sheet(window.sheet_index)
    assert shown(WallItem) == {False}
    panel.toggles[Layer.walls].setChecked(True)
    assert shown(WallItem) == {True} and shown(ApertureItem) == {False}
    grid = next(i for i in window.scene.items() if isinstance(i, HexGridItem))
    panel.toggles[Layer.terrain].setChecked(False)
    panel.toggles[Layer.labels].setChecked(False)
    assert (grid.show_outlines, grid.show_terrain, grid.show_labels) == (True, False, False)


def render(window, rect: QRectF, scale: float) -> QImage:
    """The view's picture of `rect` (sheet mm) at `scale` pixels per mm."""
    view = window.view
    QApplication.processEvents()
    view.zoom(scale / view.current_scale())
    view.centerOn(rect.center())
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    view.render(painter)
    painter.end()
    return image


def test_hex_numbers_hide_when_zoomed_out(window, sheet_file):
    window.load(sheet_file)
    grid = next(i for i in window.scene.items() if isinstance(i, HexGridItem))
    fitted = window.view.current_scale()
    assert not grid.labels_shown_at(fitted)
    assert grid.labels_shown_at(fitted * 8)
    # and on screen: toggling the numbers changes nothing when zoomed out, and shows them zoomed in
    area = QRectF(QPointF(*window.scene.grid.centre("0104")), QPointF(*window.scene.grid.centre("0306")))
    panel = window.digitising.panel
    for scale, differs in ((fitted, False), (fitted * 8, True)):
        with_numbers = render(window, area, scale)
        panel.toggles[Layer.labels].setChecked(False)
        without = render(window, area, scale)
        panel.toggles[Layer.labels].setChecked(True)
        assert (with_numbers != without) is differs, scale
