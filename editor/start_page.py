"""What the editor shows with no file open: ways to begin (new sheet, new scenario, open,
the sample) and the recent files, instead of a blank grey canvas."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

#: The sample scenario and sheet shipped with the project (maps/, scenarios/)
ROOT = Path(__file__).resolve().parents[1]
SAMPLE_SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
SAMPLE_SHEET = ROOT / "maps" / "A-harbour.yaml"
PATH_ROLE = Qt.ItemDataRole.UserRole


def sample_file() -> Path | None:
    """The sample to open: the scenario when it is there, else its sheet."""
    return next((p for p in (SAMPLE_SCENARIO, SAMPLE_SHEET) if p.is_file()), None)


class StartPage(QWidget):
    new_sheet_requested = Signal()
    new_scenario_requested = Signal()
    open_requested = Signal()
    #: a file to open (a recent file or the sample)
    file_requested = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("start_page")
        self.setAutoFillBackground(True)
        title = QLabel("UO Studio")
        title.setStyleSheet("font-size: 26px; font-weight: bold;")
        subtitle = QLabel("Digitise map sheets, design scenarios and test-play them.")
        subtitle.setStyleSheet("color: #555;")

        self.button_new_sheet = self._button(
            "New sheet", "An empty A3 sheet with a hex grid, to draw on or calibrate over a scan"
        )
        self.button_new_scenario = self._button(
            "New scenario…", "A starter scenario on a sheet you choose, saved where you say"
        )
        self.button_open = self._button("Open…", "A sheet, an insert, a scenario or a card library")
        self.button_sample = self._button("Open the sample", "The harbour sample: a scenario and its sheets")
        self.button_new_sheet.clicked.connect(self.new_sheet_requested)
        self.button_new_scenario.clicked.connect(self.new_scenario_requested)
        self.button_open.clicked.connect(self.open_requested)
        self.button_sample.clicked.connect(self._open_sample)
        self.button_sample.setEnabled(sample_file() is not None)

        start = QVBoxLayout()
        start.addWidget(self._heading("Start"))
        for button in (self.button_new_sheet, self.button_new_scenario, self.button_open, self.button_sample):
            start.addWidget(button)
        start.addStretch(1)

        self.recent_list = QListWidget()
        self.recent_list.setObjectName("recent_list")
        self.recent_list.setFrameShape(QFrame.Shape.NoFrame)
        self.recent_list.setStyleSheet(
            "QListWidget { background: transparent; } QListWidget::item { padding: 5px 2px; }"
        )
        # double-click or Enter (a single click where the platform opens on one)
        self.recent_list.itemActivated.connect(self._open_item)
        recent = QVBoxLayout()
        recent.addWidget(self._heading("Recent files"))
        recent.addWidget(self.recent_list, 1)

        columns = QHBoxLayout()
        columns.addLayout(start, 1)
        columns.addSpacing(40)
        columns.addLayout(recent, 2)
        body = QVBoxLayout()
        body.addWidget(title)
        body.addWidget(subtitle)
        body.addSpacing(24)
        body.addLayout(columns, 1)
        card = QWidget()
        card.setMaximumWidth(900)
        card.setLayout(body)
        outer = QHBoxLayout(self)
        outer.setContentsMargins(48, 48, 48, 48)
        outer.addStretch(1)
        outer.addWidget(card, 6)
        outer.addStretch(1)

    @staticmethod
    def _heading(text: str) -> QLabel:
        label = QLabel(text)
        label.setStyleSheet("font-size: 15px; font-weight: bold; margin-top: 4px;")
        return label

    @staticmethod
    def _button(text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setMinimumHeight(34)
        button.setStyleSheet("text-align: left; padding-left: 12px;")
        return button

    def set_recent(self, paths: list[Path]) -> None:
        """List the recent files, name first and folder after (a missing one greyed)."""
        self.recent_list.clear()
        if not paths:
            empty = QListWidgetItem("No recent files yet.")
            empty.setFlags(Qt.ItemFlag.NoItemFlags)
            self.recent_list.addItem(empty)
        for path in paths:
            item = QListWidgetItem(f"{path.name}    —    {path.parent}")
            item.setData(PATH_ROLE, path)
            item.setToolTip(str(path))
            if not path.exists():
                item.setForeground(Qt.GlobalColor.gray)
                item.setToolTip(f"{path} (no longer there)")
            self.recent_list.addItem(item)

    def recent_paths(self) -> list[Path]:
        items = [self.recent_list.item(i) for i in range(self.recent_list.count())]
        return [item.data(PATH_ROLE) for item in items if item.data(PATH_ROLE) is not None]

    def _open_item(self, item: QListWidgetItem) -> None:
        path = item.data(PATH_ROLE)
        if path is not None:
            self.file_requested.emit(path)

    def _open_sample(self) -> None:
        sample = sample_file()
        if sample is not None:
            self.file_requested.emit(sample)
