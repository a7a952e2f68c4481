"""Board > Add piece (a mission open): a unit of the mission's charts set up for a side on a
square, facing one of the eight directions. The dialog collects and checks the values (a
free square of the board, an unused id, a known type, at most one command tank a side, as
`uo validate` would say: U010-U015); the window pushes one undoable command with them."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from engine.model.scenario import Compass
from engine.model.ub_mission import Mission, Placement

from .layout import Layout
from .settings_dialog import ident_problem

FACINGS = [c.value for c in Compass]


class PieceDialog(QDialog):
    def __init__(
        self,
        mission: Mission,
        layout: Layout,
        points: dict[str, int],
        square: str = "",
        side: str = "green",
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setWindowTitle("Add piece")
        self.mission, self.layout, self.points = mission, layout, points
        self.side = QComboBox()
        self.side.addItems(["green", "red"])
        self.side.setCurrentText(side)
        self.type = QComboBox()
        for ident, value in points.items():
            self.type.addItem(f"{ident} ({value} points)", ident)
        self.square = QLineEdit(square)
        self.facing = QComboBox()
        self.facing.addItems(FACINGS)
        self.facing.setCurrentText("E" if side == "green" else "W")
        self.ident = QLineEdit()
        self.command = QCheckBox("Command tank")
        self.error = QLabel()
        self.error.setStyleSheet("color: #b3261e;")
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow("Side:", self.side)
        form.addRow("Type:", self.type)
        form.addRow("Square:", self.square)
        form.addRow("Facing:", self.facing)
        form.addRow("Id:", self.ident)
        form.addRow("", self.command)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._try_accept)
        self.buttons.rejected.connect(self.reject)
        layout_ = QVBoxLayout(self)
        layout_.addLayout(form)
        layout_.addWidget(self.error)
        layout_.addWidget(self.buttons)
        self.side.currentTextChanged.connect(lambda _t: self._suggest_id())
        self.type.currentIndexChanged.connect(lambda _i: self._suggest_id())
        self._suggest_id()
        #: the piece to add, once accepted
        self.piece: Placement | None = None

    def _units(self) -> list[Placement]:
        return self.mission.forces.green.units + self.mission.forces.red.units

    def _suggest_id(self) -> None:
        taken = {u.id for u in self._units()}
        base = f"{self.side.currentText()[0]}-{self.type.currentData() or 'unit'}"
        n = 1
        while f"{base}{n}" in taken:
            n += 1
        self.ident.setText(f"{base}{n}")

    def _try_accept(self) -> None:
        problem = self.collect()
        self.error.setText(problem)
        if not problem:
            self.accept()

    def collect(self) -> str:
        """Check the values; "" and `piece` set when they make a piece the mission may hold."""
        kind = self.type.currentData()
        if kind is None:
            return "the mission's unit charts list no unit type"
        ident = self.ident.text().strip()
        problem = ident_problem(ident)
        if problem:
            return problem
        if ident in {u.id for u in self._units()}:
            return f"another piece is {ident}"
        square = self.square.text().strip().upper()
        spot = self.layout.spot_named(square)
        if spot is None:
            return f"{square or 'an empty name'} is not a square of the board"
        holder = next((u.id for u in self._units() if u.square == square), None)
        if holder is not None:
            return f"{square} already holds {holder}"
        side = self.side.currentText()
        if self.command.isChecked() and any(u.command for u in getattr(self.mission.forces, side).units):
            return f"{side} has a command tank already"
        self.piece = Placement(
            id=ident,
            type=kind,
            square=square,
            facing=Compass(self.facing.currentText()),
            command=self.command.isChecked(),
        )
        return ""
