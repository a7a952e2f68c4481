"""First impressions (issue 17): a start page instead of a blank canvas, no map tools for a
card library, View > Legend drawn by the canvas itself, File > New scenario."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QDialogButtonBox, QPushButton

from editor.canvas import style
from editor.main_window import MainWindow
from editor.panels.legend import LegendPanel
from editor.start_page import sample_file
from engine.model import Scenario

from .conftest import DATA

LEFT = Qt.MouseButton.LeftButton


def map_parts_visible(window: MainWindow) -> dict[str, bool]:
    menus = {a.text(): a.isVisible() for a in window.menuBar().actions()}
    return {
        "tools": window.editing.tools.toolbar.isVisible(),
        "layers": window.digitising.dock.isVisible(),
        "inspector": window.editing.inspector_dock.isVisible(),
        "tools menu": menus["&Tools"],
        "sheet menu": menus["&Sheet"],
    }


def test_with_no_file_the_window_shows_the_start_page(window, qtbot, settings):
    assert window.central.currentWidget() is window.start_page
    assert not window.sheet_toolbar.isVisible()  # no empty "Sheet:" box
    assert not any(map_parts_visible(window).values())
    page = window.start_page
    assert page.recent_paths() == []
    qtbot.mouseClick(page.button_new_sheet, LEFT)
    assert window.central.currentWidget() is window.view
    assert window.document is not None and window.document.path is None
    assert all(map_parts_visible(window).values())


def test_the_start_page_opens_a_recent_file_and_the_sample(qtbot, settings):
    first = MainWindow(settings)
    qtbot.addWidget(first)
    assert first.open_file(DATA / "town.yaml")
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    page = window.start_page
    assert page.recent_paths() == [(DATA / "town.yaml").resolve()]
    listing = page.recent_list
    rect = listing.visualItemRect(listing.item(0))
    qtbot.mouseClick(listing.viewport(), LEFT, pos=rect.center())
    qtbot.mouseDClick(listing.viewport(), LEFT, pos=rect.center())
    assert window.document.path == (DATA / "town.yaml").resolve()
    assert window.central.currentWidget() is window.view
    # the sample, from a fresh window
    again = MainWindow(settings)
    qtbot.addWidget(again, before_close_func=lambda w: None)
    assert sample_file() is not None and again.start_page.button_sample.isEnabled()
    qtbot.mouseClick(again.start_page.button_sample, LEFT)
    assert again.document.path == sample_file()


def test_a_card_library_hides_the_map_tools_and_panels(window, qtbot):
    window.load(DATA / "town.yaml")
    window.digitising.dock.hide()  # the user closed Layers: it stays closed afterwards
    window.load(DATA / "cards.yaml")
    assert window.central.currentWidget() is window.cards_panel
    assert not any(map_parts_visible(window).values())
    assert not any(a.isEnabled() for a in window.editing.tools.actions.values())
    assert not window.action_fit.isEnabled()
    assert not window.action_legend.isVisible() and not window.digitising.dock.toggleViewAction().isVisible()
    window.load(DATA / "town.yaml")
    parts = map_parts_visible(window)
    assert parts.pop("layers") is False
    assert all(parts.values())
    assert window.action_fit.isEnabled()


def test_view_legend_shows_the_canvas_colours_and_symbols(window, qtbot):
    window.load(DATA / "town.yaml")
    assert not window.legend_dock.isVisible()
    window.action_legend.trigger()
    assert window.legend_dock.isVisible()
    legend = window.legend_dock.widget()
    assert isinstance(legend, LegendPanel)
    names = {e.name for e in legend.entries}
    assert {"Woods", "Water", "Facade", "Outer wall", "Partition", "Zone limit"} <= names
    assert {"Door", "Window", "Breach", "Roof access", "Manhole", "Dummy manhole"} <= names
    # drawn by the canvas: a terrain swatch's centre is the canvas' own colour for it
    image = legend.swatches["Woods"].pixmap().toImage()
    centre = QColor(image.pixel(image.width() // 2, image.height() // 2 - 6))
    assert centre.name() == style.TERRAIN_FILL["woods"].name()
    door = legend.swatches["Door"].pixmap().toImage()
    reds = sum(
        QColor(door.pixel(x, y)).name() == style.APERTURE_COLOUR["door"].name()
        for x in range(door.width())
        for y in range(door.height())
    )
    assert reds > 20


def test_new_scenario_opens_the_new_scenario_dialog(window, qtbot, monkeypatch, tmp_path):
    # the start page's New scenario is File > New scenario's dialog (editor/scenario/,
    # tested in tests/editor/scenario/test_new_scenario.py); its scenario opens untitled
    sheet = tmp_path / "maps" / "B-plain.yaml"
    sheet.parent.mkdir()
    text = (DATA / "town.yaml").read_text(encoding="utf-8")
    # without the manhole (a lettered manhole needs an insert the scenario does not have)
    sheet.write_text(text.split("manholes:")[0] if "manholes:" in text else text, encoding="utf-8")
    monkeypatch.setattr(
        "editor.scenario.new_scenario_dialog.QFileDialog.getOpenFileName", lambda *a, **k: (str(sheet), "")
    )
    qtbot.mouseClick(window.start_page.button_new_scenario, LEFT)
    dialog = window.scenario_ui.new_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.mouseClick(dialog.findChild(QPushButton, "add_sheet"), LEFT)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok), LEFT)
    assert isinstance(window.document.model, Scenario)
    assert window.document.path is None
    assert window.document.model.map.sheets[0].file == "B-plain.yaml"
    assert window.scene.sheet is not None and window.scene.sheet.id == "T"


def test_starter_scenario_cards_are_named_relative_to_it(tmp_path):
    from editor.new_scenario import SAMPLE_UNITS, starter_scenario

    sheet = tmp_path / "town.yaml"
    shutil.copy(DATA / "town.yaml", sheet)
    scenario = starter_scenario(sheet, tmp_path / "s.yaml")
    assert (tmp_path / scenario.cards[0]).resolve() == SAMPLE_UNITS.resolve()
    assert Path(scenario.map.sheets[0].file) == Path("town.yaml")
