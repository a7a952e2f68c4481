"""Digitising in the main window: File > Import scan, the Sheet menu (calibrate, grid
settings, lock, remove) and the Layers dock, wired to the sheet shown on the canvas.

Installed by the window with one call so the window's own module stays about documents.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QFileDialog, QMenu, QMessageBox

from engine.model.sheet import Background, MapSheet

from ..canvas.background_item import BackgroundItem, load_scan, scan_path
from ..canvas.layers import Layer, apply_layers
from ..document import Document
from ..panels.layers import LayersPanel
from .calibration_dialog import CalibrationDialog
from .commands import SetScanOpacity, calibrate_scan, set_background, set_grid
from .grid_dialog import GridDialog

if TYPE_CHECKING:
    from ..main_window import MainWindow

SCAN_FILTER = "Scans (*.png *.jpg *.jpeg);;All files (*)"


def scan_reference(image: Path, sheet_path: Path | None) -> str:
    """How the sheet file names its scan: relative to the sheet's folder, so the two can
    move together; absolute while the sheet has no file."""
    image = image.resolve()
    if sheet_path is None:
        return str(image)
    return Path(os.path.relpath(image, sheet_path.resolve().parent)).as_posix()


def fitted_transform(sheet: MapSheet, width: int, height: int) -> tuple[float, ...]:
    """A first placement of a new scan: the whole image on the sheet, aspect kept, until
    it is calibrated."""
    k = min(sheet.size[0] / width, sheet.size[1] / height)
    return (k, 0.0, 0.0, 0.0, k, 0.0)


class Digitising(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.panel = LayersPanel()
        self.dock = QDockWidget("Layers", window)
        self.dock.setObjectName("layers_dock")
        self.dock.setWidget(self.panel)
        window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.dock)
        self.calibration_dialog: CalibrationDialog | None = None
        self.grid_dialog: GridDialog | None = None
        #: layers hidden on the canvas: view state, applied again after every rebuild
        self.hidden: set[Layer] = set()
        self._make_actions()
        self._connect()
        self.refresh()

    # -- wiring --------------------------------------------------------------------------
    def _make_actions(self) -> None:
        w = self.window
        self.action_import = QAction("Import &scan…", w)
        self.action_import.triggered.connect(self.import_dialog)
        file_menu = _menu(w, "&File")
        if file_menu is not None:
            before = w.action_save
            file_menu.insertAction(before, self.action_import)
            file_menu.insertSeparator(before)
        self.action_calibrate = QAction("&Calibrate scan…", w)
        self.action_calibrate.triggered.connect(self.calibrate_dialog)
        self.action_grid = QAction("&Grid settings…", w)
        self.action_grid.triggered.connect(self.grid_settings_dialog)
        self.action_lock = QAction("&Lock scan", w)
        self.action_lock.setCheckable(True)
        self.action_lock.triggered.connect(self.set_locked)
        self.action_remove = QAction("&Remove scan", w)
        self.action_remove.triggered.connect(self.remove_scan)
        sheet_menu = w.menuBar().addMenu("&Sheet")
        sheet_menu.setObjectName("sheet_menu")
        for action in (self.action_grid, self.action_calibrate, self.action_lock, self.action_remove):
            sheet_menu.addAction(action)
        view_menu = _menu(w, "&View")
        if view_menu is not None:
            view_menu.addAction(self.dock.toggleViewAction())

    def _connect(self) -> None:
        p = self.panel
        p.layer_toggled.connect(lambda name, on: self.set_layer_visible(Layer(name), on))
        p.opacity_previewed.connect(self.preview_opacity)
        p.opacity_committed.connect(self.set_opacity)
        p.lock_toggled.connect(self.set_locked)
        p.import_requested.connect(self.import_dialog)
        p.calibrate_requested.connect(self.calibrate_dialog)
        p.remove_requested.connect(self.remove_scan)
        self.window.scene.rebuilt.connect(self._on_rebuilt)

    def _on_rebuilt(self) -> None:
        # new items are shown: with no layer hidden there is nothing to do (after every
        # edit, going through every item of a big sheet would cost more than the edit)
        if self.hidden:
            apply_layers(self.window.scene.items(), self.hidden)
        self.refresh()

    def set_layer_visible(self, layer: Layer, visible: bool) -> None:
        if visible:
            self.hidden.discard(layer)
        else:
            self.hidden.add(layer)
        apply_layers(self.window.scene.items(), self.hidden)
        if self.panel.toggles[layer].isChecked() != visible:
            self.panel.set_layer_checked(layer, visible)

    def background_item(self) -> BackgroundItem | None:
        return next((i for i in self.window.scene.items() if isinstance(i, BackgroundItem)), None)

    # -- the sheet shown -----------------------------------------------------------------
    def document(self) -> Document | None:
        """The document of the sheet on the canvas (a scenario's sheets are their own)."""
        w = self.window
        if w.session is None or not (0 <= w.sheet_index < len(w.session.sheets)):
            return None
        return w.session.sheets[w.sheet_index].document

    def sheet(self) -> MapSheet | None:
        doc = self.document()
        return doc.model if doc is not None and isinstance(doc.model, MapSheet) else None

    def refresh(self) -> None:
        sheet = self.sheet()
        background = sheet.background if sheet else None
        self.panel.set_scan(background, enabled=sheet is not None)
        self.action_import.setEnabled(sheet is not None)
        self.action_grid.setEnabled(sheet is not None)
        for action in (self.action_calibrate, self.action_lock, self.action_remove):
            action.setEnabled(background is not None)
        self.action_lock.setChecked(bool(background and background.locked))

    def _push(self, command: object) -> None:
        doc = self.document()
        if doc is not None:
            doc.undo_stack.push(command)  # type: ignore[arg-type]

    def _base_dir(self) -> Path | None:
        doc = self.document()
        return doc.path.parent if doc is not None and doc.path is not None else None

    # -- scan ----------------------------------------------------------------------------
    def import_dialog(self) -> None:
        start = str(self._base_dir() or "")
        name, _ = QFileDialog.getOpenFileName(self.window, "Import scan", start, SCAN_FILTER)
        if name:
            self.import_scan(Path(name))

    def import_scan(self, image: Path) -> bool:
        """Put a scan under the sheet (replacing any), placed whole on the sheet until it is
        calibrated."""
        doc, sheet = self.document(), self.sheet()
        if doc is None or sheet is None:
            return False
        scan, error = load_scan(image)
        if scan is None:
            QMessageBox.critical(self.window, "Cannot import scan", error)
            return False
        background = Background(
            image=scan_reference(image, doc.path),
            transform=fitted_transform(sheet, scan.pixmap.width(), scan.pixmap.height()),
        )
        text = "Replace scan" if sheet.background is not None else "Import scan"
        self._push(set_background(doc, background, text))
        self.window.statusBar().showMessage(
            f"Imported {image.name} ({scan.pixmap.width()} × {scan.pixmap.height()} px):"
            " calibrate it (Sheet > Calibrate scan) to line it up with the grid",
            8000,
        )
        return True

    def remove_scan(self) -> None:
        doc, sheet = self.document(), self.sheet()
        if doc is not None and sheet is not None and sheet.background is not None:
            self._push(set_background(doc, None, "Remove scan"))

    def set_locked(self, locked: bool) -> None:
        doc, sheet = self.document(), self.sheet()
        if doc is None or sheet is None or sheet.background is None:
            return
        if sheet.background.locked != locked:
            new = sheet.background.model_copy(update={"locked": locked})
            self._push(set_background(doc, new, "Lock scan" if locked else "Unlock scan"))

    def preview_opacity(self, opacity: float) -> None:
        item = self.background_item()
        if item is not None:
            item.setOpacity(opacity)

    def set_opacity(self, opacity: float) -> None:
        doc, sheet = self.document(), self.sheet()
        if doc is None or sheet is None or sheet.background is None:
            return
        if abs(sheet.background.opacity - opacity) > 1e-9:
            self._push(SetScanOpacity(doc, opacity))

    # -- calibration and grid ------------------------------------------------------------
    def calibrate_dialog(self) -> CalibrationDialog | None:
        sheet = self.sheet()
        if sheet is None or sheet.background is None:
            return None
        scan, error = load_scan(scan_path(sheet.background, self._base_dir()))
        if scan is None:
            QMessageBox.critical(self.window, "Cannot calibrate", f"The scan cannot be read: {error}")
            return None
        dialog = CalibrationDialog(scan.pixmap, sheet.grid, scan.dpi, self.window)
        dialog.accepted.connect(lambda: self._apply_calibration(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.calibration_dialog = dialog
        dialog.open()
        return dialog

    def _apply_calibration(self, dialog: CalibrationDialog) -> None:
        doc, cal = self.document(), dialog.calibration
        if doc is None or cal is None:
            return
        self._push(calibrate_scan(doc, cal.transform, cal.grid))
        self.window.statusBar().showMessage(
            f"Scan calibrated: RMS error {cal.rms_mm:.2f} mm ({cal.rms_hexes:.3f} hex)", 8000
        )

    def grid_settings_dialog(self) -> GridDialog | None:
        sheet = self.sheet()
        if sheet is None:
            return None
        dialog = GridDialog(sheet.grid, self.window)
        dialog.accepted.connect(lambda: self._apply_grid(dialog))
        dialog.finished.connect(dialog.deleteLater)
        self.grid_dialog = dialog
        dialog.open()
        return dialog

    def _apply_grid(self, dialog: GridDialog) -> None:
        doc, sheet = self.document(), self.sheet()
        if doc is not None and sheet is not None and dialog.grid is not None and dialog.grid != sheet.grid:
            self._push(set_grid(doc, dialog.grid))


def _menu(window: MainWindow, title: str) -> QMenu | None:
    for action in window.menuBar().actions():
        if action.text() == title and action.menu() is not None:
            return action.menu()  # type: ignore[return-value]
    return None
