"""Screenshots of the scenario pages for docs/screenshots/ (1600 x 1000), from the sample
scenario: `QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.editor.scenario.screenshots`.
Nothing is saved to the sample; the window is closed with its edits dropped."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "docs" / "screenshots"
SIZE = (1600, 1000)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from editor.app import _wait_for_validation
    from editor.main_window import MainWindow

    settings = QSettings(str(Path("/tmp") / "uo-scenario-shots.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(*SIZE)
    window.show()
    window.load(ROOT / "scenarios" / "harbour-crossing.yaml")
    ui = window.scenario_ui
    ui.dock.raise_()
    app.processEvents()  # the dock takes its first size

    def shot(name: str) -> None:
        app.processEvents()
        window.grab().save(str(OUT / f"scenario-{name}.png"))

    ui.show_page(ui.settings)
    shot("settings")
    ui.show_page(ui.events)
    # a gap and an overlap in the events table, to show what the strip says
    page = ui.events
    page.event_table.item(1, 0).setText("2-5")
    page.event_table.item(0, 0).setText("0, 1, 5")
    page.matrix.item(0, 5).setText("2-5")
    shot("events-3d")
    ui.show_page(ui.victory)
    victory = ui.victory
    victory.levels.item(0, 2).setText("9")
    victory.conditions.selectRow(1)
    shot("victory")
    for document in window.session.documents():
        while document.undo_stack.canUndo():
            document.undo_stack.undo()
        document.undo_stack.setClean()
    # the scenario's Cards dock (View > Cards): a unit card's block and its weapons table
    window.cards_ui.action.trigger()
    cards = window.cards_ui.editor
    cards.library_box.setCurrentIndex(0)
    cards.select("/unit_cards/0")
    cards.unit_page.blocks.setCurrentRow(1)
    app.processEvents()
    # the block's fields and its weapons table, as the printed card has them
    scroll = cards.pages.currentWidget()
    scroll.verticalScrollBar().setValue(cards.unit_page.blocks.parentWidget().y())
    shot_cards = OUT / "cards-scenario-dock.png"
    app.processEvents()
    window.grab().save(str(shot_cards))
    window.cards_ui.dock.hide()
    ui.new_scenario()
    dialog = ui.new_dialog
    dialog.resize(1300, 760)
    dialog.add_sheet(ROOT / "maps" / "A-harbour.yaml")
    dialog.add_sheet(ROOT / "tests" / "editor" / "data" / "town.yaml")
    dialog.add_insert(ROOT / "maps" / "U-sewers.yaml")
    town = dialog.sheets[1][1]
    town.setPos(0, 395)  # snaps flush under the harbour
    dialog.sheet_list.setCurrentRow(1)
    dialog.turn_selected()
    dialog.fit()
    dialog.green_name.setText("Coalition Task Force")
    dialog.red_name.setText("Lighthouse Brotherhood")
    app.processEvents()
    dialog.grab().save(str(OUT / "scenario-new.png"))
    dialog.reject()
    _wait_for_validation(window, 5000)  # its worker must not answer a closed window
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
