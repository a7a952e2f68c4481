"""Calibration: from clicks on a scan to the scan's placement and the grid's size."""

from __future__ import annotations

import math
import random

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication

from engine.geometry.calibration import Pick, apply_transform, calibrate
from engine.geometry.hexgrid import SQRT3, HexGrid
from engine.model.sheet import Grid

from .scans import draw_scan, find_dot

TRUTH = Grid(size=8.682, origin=(0.0, 0.0), columns=14, rows=9)
DPI = 150.0


@pytest.fixture(scope="module")
def scan(qapp):
    # about 1.7 degrees of skew and a margin: a scan as it comes off a flatbed
    return draw_scan(TRUTH, DPI, 1.7, (60.0, 35.0), (1140, 860))


def worst_error_in_hexes(scan, transform, grid: Grid) -> float:
    """Largest distance, in hexes, between a printed centre of the scan (placed by
    `transform`) and the centre of the same hex of `grid`."""
    hg, fitted = HexGrid(scan.grid), HexGrid(grid)
    worst = 0.0
    for label in hg.labels():
        x, y = apply_transform(transform, *scan.centre_px(label))
        gx, gy = fitted.centre(label)
        worst = max(worst, math.hypot(x - gx, y - gy) / (SQRT3 * grid.size))
    return worst


def test_calibration_recovers_a_known_grid_from_a_generated_scan_within_a_tenth_of_a_hex(scan):
    rng = random.Random(7)
    hex_px = TRUTH.size * scan.px_per_mm
    picks = []
    for label in ("0202", "1302", "0708", "1208"):
        u, v = scan.centre_px(label)
        # a rough click, then the centre dot found on the image itself
        rough = (u + rng.uniform(-0.2, 0.2) * hex_px, v + rng.uniform(-0.2, 0.2) * hex_px)
        du, dv = find_dot(scan.image, rough, 0.45 * hex_px)
        picks.append(Pick(du + rng.uniform(-1, 1), dv + rng.uniform(-1, 1), label))
    start = TRUTH.model_copy(update={"size": 6.0})
    cal = calibrate(picks, start, mm_per_pixel=25.4 / DPI)
    assert cal.grid.size == pytest.approx(TRUTH.size, rel=0.01)
    assert cal.rotation_degrees == pytest.approx(1.7, abs=0.2)
    assert cal.rms_hexes < 0.05
    assert worst_error_in_hexes(scan, cal.transform, cal.grid) < 0.1
    # keeping the grid's size instead scales the scan to the grid: still lined up
    kept = calibrate(picks, start)
    assert kept.grid.size == 6.0
    assert worst_error_in_hexes(scan, kept.transform, kept.grid) < 0.1


def click_scan(qtbot, dialog, u: float, v: float) -> None:
    QApplication.processEvents()
    pos = dialog.view.mapFromScene(QPointF(u, v))
    qtbot.mouseClick(dialog.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_calibrating_with_the_mouse_lines_the_scan_up_in_one_undo_step(window, qtbot, scan, tmp_path):
    window.action_new.trigger()
    document = window.document
    path = scan.save(tmp_path / "scan.png")
    assert window.digitising.import_scan(path)
    assert document.undo_stack.count() == 1
    before = window.scene.sheet.background
    window.digitising.action_calibrate.trigger()
    dialog = window.digitising.calibration_dialog
    qtbot.waitExposed(dialog)
    # two clicks numbered by hand...
    for label in ("0202", "1307"):
        click_scan(qtbot, dialog, *find_dot(scan.image, scan.centre_px(label), 20))
        assert dialog.label_edit.hasFocus()
        qtbot.keyClicks(dialog.label_edit, label)
        qtbot.keyClick(dialog.label_edit, Qt.Key.Key_Return)
    assert dialog.calibration is not None and dialog.isVisible()
    # ...and a third numbered by the fit
    click_scan(qtbot, dialog, *find_dot(scan.image, scan.centre_px("0608"), 20))
    assert [r.label for r in dialog.rows] == ["0202", "1307", "0608"]
    assert "RMS" in dialog.result.text()
    assert dialog.table.item(2, 4).text() != ""
    dialog.from_dpi.setChecked(True)
    assert dialog.dpi.value() == pytest.approx(DPI, abs=0.5)  # read from the PNG
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()

    sheet = window.scene.sheet
    stack = document.undo_stack
    assert [stack.text(i) for i in range(stack.count())] == ["Import scan", "Calibrate scan"]
    assert document.undo_stack.undoText() == "Calibrate scan"
    assert sheet.grid.size == pytest.approx(TRUTH.size, rel=0.02)
    assert worst_error_in_hexes(scan, sheet.background.transform, sheet.grid) < 0.1
    # the canvas shows the scan where the model puts it
    item = window.digitising.background_item()
    assert item is not None and item.transform().m11() == pytest.approx(sheet.background.transform[0])
    document.undo_stack.undo()
    assert window.scene.sheet.background == before
    assert window.scene.sheet.grid.size != pytest.approx(TRUTH.size, rel=0.02)


def test_a_mistyped_number_shows_in_the_residuals(window, qtbot, scan, tmp_path):
    window.action_new.trigger()
    window.digitising.import_scan(scan.save(tmp_path / "scan.png"))
    dialog = window.digitising.calibrate_dialog()
    qtbot.waitExposed(dialog)
    for label, typed in (("0202", "0202"), ("1307", "1307"), ("0608", "0609")):
        click_scan(qtbot, dialog, *scan.centre_px(label))
        dialog.label_edit.selectAll()
        qtbot.keyClicks(dialog.label_edit, typed)
        qtbot.keyClick(dialog.label_edit, Qt.Key.Key_Return)
    errors = {dialog.table.item(r, 0).text(): float(dialog.table.item(r, 4).text()) for r in range(3)}
    assert max(errors, key=errors.get) == "0609" and errors["0609"] > 0.3
    # removing the bad point leaves an exact two-point fit
    dialog.table.selectRow(2)
    qtbot.mouseClick(dialog.remove_button, Qt.MouseButton.LeftButton)
    assert len(dialog.rows) == 2 and "Two points" in dialog.result.text()
    dialog.reject()
    assert window.document.undo_stack.count() == 1
