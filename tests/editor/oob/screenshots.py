"""Screenshots of the Orders of battle dock and the Set-up tool for docs/screenshots/
(1600 x 1000), from the sample scenario:
`QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.editor.oob.screenshots`.
Nothing is saved to the sample; the window's edits are dropped."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QPointF, QSettings
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[3]
OUT = ROOT / "docs" / "screenshots"
SIZE = (1600, 1000)


def main() -> int:
    app = QApplication.instance() or QApplication(sys.argv)
    from editor.main_window import MainWindow

    settings = QSettings(str(Path(tempfile.gettempdir()) / "uo-oob-shots.ini"), QSettings.Format.IniFormat)
    w = MainWindow(settings)
    w.resize(*SIZE)
    w.show()
    w.open_file(ROOT / "scenarios" / "harbour-crossing.yaml")
    app.processEvents()
    ui = w.oob_ui
    ui.dock.raise_()
    # the tanks of the assault platoon selected: both edited at once, drawn on the map
    ui.tree.select(["/sides/green/impulse_forces/1/blocks/3", "/sides/green/impulse_forces/1/blocks/4"])
    bf = ui.field.update(w.session)
    assert bf is not None
    x, y = bf.by_id["A2914"].centre
    w.view.zoom(3.2 / w.view.current_scale())
    w.view.centerOn(QPointF(x + 10, y))
    app.processEvents()
    w.grab().save(str(OUT / "oob-tree-and-strength.png"))
    # the Set-up tool on red's deployment area (its options on their own tool bar row)
    w.insertToolBarBreak(w.editing.tools.options_bar)
    w.resize(*SIZE)
    w.view.setFocus()
    w.editing.tools.set_tool(ui.setup_tool)
    ui.setup_tool.side_box.setCurrentText("red")
    ui.setup_tool.target_box.setCurrentText("west-bank")
    ui.tree.select(["/sides/red/impulse_forces/1"])
    x, y = bf.by_id["31.2"].centre
    w.view.zoom(3.6 / w.view.current_scale())
    w.view.centerOn(QPointF(x + 15, y + 25))
    app.processEvents()
    w.grab().save(str(OUT / "setup-deployment-and-counters.png"))
    for document in w.session.documents() if w.session else []:
        document.undo_stack.setClean()
    w.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
