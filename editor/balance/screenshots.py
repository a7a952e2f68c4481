"""The balance dialog's screenshots in docs/screenshots/ (`python -m editor.balance.screenshots
[GAMES]`): a finished run of the sample scenario, once with the points per side shown and once
with the heat map (balance-report.png, balance-heatmap.png)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEventLoop
from PySide6.QtWidgets import QApplication

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
OUT = ROOT / "docs" / "screenshots"


def main(argv: list[str]) -> int:
    from engine.rules.uo.game import Game

    from .dialog import BalanceDialog

    app = QApplication.instance() or QApplication([])
    dialog = BalanceDialog(SCENARIO, Game.load(SCENARIO))
    dialog.resize(1600, 1000)
    dialog.games.setValue(int(argv[0]) if argv else 20)
    dialog.jobs.setValue(2)
    dialog.show()
    loop = QEventLoop()
    dialog.finished_run.connect(loop.quit)
    dialog.start()
    loop.exec()
    for index, name in ((0, "balance-report.png"), (1, "balance-heatmap.png")):
        dialog.plots.setCurrentIndex(index)
        app.processEvents()
        dialog.grab().save(str(OUT / name))
        print(OUT / name)
    dialog.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
