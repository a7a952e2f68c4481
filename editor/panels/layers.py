"""The Layers panel: what the canvas shows (view state) and the scan's opacity and lock
(saved with the sheet, so those are undoable edits)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSlider,
    QVBoxLayout,
    QWidget,
)

from engine.model.sheet import Background

from ..canvas.layers import TITLES, Layer


class LayersPanel(QWidget):
    #: (layer, visible)
    layer_toggled = Signal(str, bool)
    #: opacity while the slider is dragged: shown, not yet an edit
    opacity_previewed = Signal(float)
    #: opacity the user settled on: an edit of the sheet
    opacity_committed = Signal(float)
    lock_toggled = Signal(bool)
    import_requested = Signal()
    calibrate_requested = Signal()
    remove_requested = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("layers")
        scan_box = QGroupBox("Scan")
        self.scan_name = QLabel("No scan")
        self.scan_name.setWordWrap(True)
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setPageStep(10)
        self.opacity.setToolTip("Opacity of the scan")
        self.opacity_label = QLabel("100 %")
        self.opacity_label.setMinimumWidth(40)
        self.lock = QCheckBox("Locked")
        self.lock.setToolTip("A locked scan cannot be moved by accident")
        self.import_button = QPushButton("Import…")
        self.calibrate_button = QPushButton("Calibrate…")
        self.remove_button = QPushButton("Remove")
        opacity_row = QHBoxLayout()
        opacity_row.addWidget(QLabel("Opacity"))
        opacity_row.addWidget(self.opacity, 1)
        opacity_row.addWidget(self.opacity_label)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.calibrate_button, self.remove_button):
            buttons.addWidget(button)
        scan_layout = QVBoxLayout(scan_box)
        scan_layout.addWidget(self.scan_name)
        scan_layout.addLayout(opacity_row)
        scan_layout.addWidget(self.lock)
        scan_layout.addLayout(buttons)

        show_box = QGroupBox("Show")
        show_layout = QVBoxLayout(show_box)
        self.toggles: dict[Layer, QCheckBox] = {}
        for layer in Layer:
            box = QCheckBox(TITLES[layer])
            box.setObjectName(f"layer_{layer}")
            box.setChecked(True)
            box.toggled.connect(lambda on, lay=layer: self.layer_toggled.emit(str(lay), on))
            show_layout.addWidget(box)
            self.toggles[layer] = box

        layout = QVBoxLayout(self)
        layout.addWidget(scan_box)
        layout.addWidget(show_box)
        layout.addStretch(1)

        self.opacity.valueChanged.connect(self._on_opacity_value)
        self.opacity.sliderReleased.connect(self._on_slider_released)
        self.lock.toggled.connect(self.lock_toggled)
        self.import_button.clicked.connect(self.import_requested)
        self.calibrate_button.clicked.connect(self.calibrate_requested)
        self.remove_button.clicked.connect(self.remove_requested)
        self.set_scan(None, enabled=False)

    def set_scan(self, background: Background | None, *, enabled: bool = True) -> None:
        """Show the state of the sheet's scan (None: no scan; enabled False: no sheet)."""
        has_scan = background is not None
        self.import_button.setEnabled(enabled)
        for widget in (self.opacity, self.lock, self.calibrate_button, self.remove_button):
            widget.setEnabled(enabled and has_scan)
        self.scan_name.setText(Path(background.image).name if background else "No scan")
        if background is not None:
            self.scan_name.setToolTip(background.image)
        # reflecting the model is not an edit of it
        for widget in (self.opacity, self.lock):
            widget.blockSignals(True)
        value = round((background.opacity if background else 1.0) * 100)
        if not self.opacity.isSliderDown():
            self.opacity.setValue(value)
            self.opacity_label.setText(f"{value} %")
        self.lock.setChecked(background.locked if background else False)
        for widget in (self.opacity, self.lock):
            widget.blockSignals(False)

    def _on_opacity_value(self, value: int) -> None:
        self.opacity_label.setText(f"{value} %")
        if self.opacity.isSliderDown():
            self.opacity_previewed.emit(value / 100)
        else:
            self.opacity_committed.emit(value / 100)

    def _on_slider_released(self) -> None:
        self.opacity_committed.emit(self.opacity.value() / 100)

    def set_layer_checked(self, layer: Layer, visible: bool) -> None:
        self.toggles[layer].setChecked(visible)
