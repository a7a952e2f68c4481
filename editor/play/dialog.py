"""Play (F5): who plays each side, the seed, whose eyes the board shows, the bots' speed."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QSpinBox, QWidget

from .game_window import SPEEDS
from .session import Player, PlayOptions, View

PLAYERS = {"Human": Player.human, "Random bot": Player.random, "Heuristic bot": Player.heuristic}
VIEWS = {
    "Green's view": View.green,
    "Red's view": View.red,
    "Hot-seat (the deciding side's, screen covered between them)": View.hot_seat,
    "All-seeing (designer)": View.all_seeing,
}


class PlayDialog(QDialog):
    def __init__(self, parent: QWidget | None = None, options: PlayOptions | None = None):
        super().__init__(parent)
        self.setWindowTitle("Play")
        options = options or PlayOptions()
        form = QFormLayout(self)
        self.green = QComboBox()
        self.red = QComboBox()
        for box, player in ((self.green, options.green), (self.red, options.red)):
            box.addItems(list(PLAYERS))
            box.setCurrentText(next(k for k, v in PLAYERS.items() if v is player))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(options.seed)
        self.view = QComboBox()
        self.view.addItems(list(VIEWS))
        self.view.setCurrentText(next(k for k, v in VIEWS.items() if v is options.view))
        self.speed = QComboBox()
        self.speed.addItems(list(SPEEDS))
        self.speed.setCurrentText(min(SPEEDS, key=lambda k: abs(SPEEDS[k] - options.delay_ms)))
        form.addRow("Green", self.green)
        form.addRow("Red", self.red)
        form.addRow("Seed", self.seed)
        form.addRow("View", self.view)
        form.addRow("Bot speed", self.speed)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def options(self) -> PlayOptions:
        return PlayOptions(
            green=PLAYERS[self.green.currentText()],
            red=PLAYERS[self.red.currentText()],
            seed=self.seed.value(),
            view=VIEWS[self.view.currentText()],
            delay_ms=SPEEDS[self.speed.currentText()],
        )
