"""A square board's segments in the Board menu: added and removed, named (Board and Segment
settings), their scans imported, calibrated and removed; each one undo step. Part of `UbUi`
(editor/ub/ui.py)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMessageBox

from ..canvas.background_item import load_scan
from ..digitise.actions import SCAN_FILTER, scan_reference
from .calibration import fitted_transform
from .commands import (
    SetBoardFields,
    add_segment,
    board_of,
    calibrate_segment_scan,
    remove_segment,
    segment_moved,
    set_segment,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QDialog

    from engine.model.square_board import SquareBoard

    from ..document import Document
    from ..main_window import MainWindow
    from .calibration_dialog import SquareCalibrationDialog
    from .scene import UbScene
    from .settings_dialog import BoardSettingsDialog, SegmentSettingsDialog


class SegmentMixin:
    window: MainWindow
    scene: UbScene
    segment_box: QComboBox
    settings_dialog: QDialog | None
    calibration_dialog: SquareCalibrationDialog | None

    if TYPE_CHECKING:

        def _editable_doc(self) -> Document | None: ...
        def board(self) -> SquareBoard | None: ...
        def board_dir(self) -> Path | None: ...
        def current_segment(self) -> int: ...
        def _refresh_actions(self) -> None: ...

    # -- segments --------------------------------------------------------------------
    def _push(self, command: object) -> None:
        doc = self._editable_doc()
        if doc is not None:
            doc.undo_stack.push(command)  # type: ignore[arg-type]

    def add_segment(self) -> None:
        doc = self._editable_doc()
        if doc is None:
            return
        self._push(add_segment(doc))
        self.segment_box.setCurrentIndex(self.segment_box.count() - 1)
        self._refresh_actions()

    def remove_segment(self) -> None:
        doc = self._editable_doc()
        index = self.current_segment()
        if doc is None or index < 0:
            return
        try:
            command = remove_segment(doc, index)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc), 4000)
            return
        self._push(command)

    def move_segment(self, step: int) -> None:
        """The tool bar's segment one place left or right; it stays the chosen one."""
        doc, index = self._editable_doc(), self.current_segment()
        if doc is None or index < 0:
            return
        try:
            command = segment_moved(doc, index, step)
        except ValueError as exc:
            self.window.statusBar().showMessage(str(exc), 4000)
            return
        self._push(command)
        self.segment_box.setCurrentIndex(index + step)
        self._refresh_actions()

    def board_settings_dialog(self) -> BoardSettingsDialog | None:
        doc, board = self._editable_doc(), self.board()
        if doc is None or board is None:
            return None
        from .settings_dialog import BoardSettingsDialog  # dialogs load when first wanted

        dialog = BoardSettingsDialog(board, self.window)
        dialog.accepted.connect(lambda: self._apply_settings(dialog, None))
        dialog.finished.connect(dialog.deleteLater)
        self.settings_dialog = dialog
        dialog.open()
        return dialog

    def segment_settings_dialog(self) -> SegmentSettingsDialog | None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return None
        from .settings_dialog import SegmentSettingsDialog

        dialog = SegmentSettingsDialog(board, index, self.window)
        dialog.accepted.connect(lambda: self._apply_settings(dialog, index))
        dialog.finished.connect(dialog.deleteLater)
        self.settings_dialog = dialog
        dialog.open()
        return dialog

    def _apply_settings(self, dialog: BoardSettingsDialog | SegmentSettingsDialog, index: int | None) -> None:
        doc = self._editable_doc()
        if doc is None or not dialog.changes:
            return
        if index is None:
            self._push(SetBoardFields(doc, "Board settings", **dialog.changes))
        else:
            name = board_of(doc).segments[index].id
            self._push(set_segment(doc, index, f"Segment {name} settings", **dialog.changes))

    # -- scans -----------------------------------------------------------------------
    def import_dialog(self) -> None:
        start = str(self.board_dir() or "")
        name, _ = QFileDialog.getOpenFileName(self.window, "Import scan for segment", start, SCAN_FILTER)
        if name:
            self.import_scan(Path(name))

    def import_scan(self, image: Path, index: int | None = None) -> bool:
        """Put a scan under a segment (the tool bar's, unless given), stretched over it
        until it is calibrated."""
        doc = self._editable_doc()
        board = self.board()
        index = self.current_segment() if index is None else index
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return False
        scan, error = load_scan(image)
        if scan is None:
            QMessageBox.critical(self.window, "Cannot import scan", error)
            return False
        layout = self.scene.layout
        assert layout is not None
        _x, _y, w, h = layout.segment_rect(index)
        transform = fitted_transform(w, h, scan.pixmap.width(), scan.pixmap.height())
        segment = board.segments[index]
        verb = "Replace" if segment.scan else "Import"
        self._push(
            set_segment(
                doc,
                index,
                f"{verb} scan of {segment.id}",
                scan=scan_reference(image, doc.path),
                scan_transform=transform,
            )
        )
        self.window.statusBar().showMessage(
            f"Imported {image.name} under {segment.id}: calibrate it (Board > Calibrate segment scan)", 8000
        )
        return True

    def remove_scan(self) -> None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        if doc is None or board is None or not 0 <= index < len(board.segments):
            return
        segment = board.segments[index]
        if segment.scan is not None:
            self._push(
                set_segment(doc, index, f"Remove scan of {segment.id}", scan=None, scan_transform=None)
            )

    def calibrate_dialog(self) -> SquareCalibrationDialog | None:
        doc, board, index = self._editable_doc(), self.board(), self.current_segment()
        layout = self.scene.layout
        if doc is None or board is None or layout is None or not 0 <= index < len(board.segments):
            return None
        segment = board.segments[index]
        if segment.scan is None:
            return None
        path = Path(segment.scan)
        base = self.board_dir()
        if base is not None and not path.is_absolute():
            path = base / path
        scan, error = load_scan(path)
        if scan is None:
            QMessageBox.critical(self.window, "Cannot calibrate", f"The scan cannot be read: {error}")
            return None
        place = layout.segments[index]
        from .calibration_dialog import SquareCalibrationDialog

        dialog = SquareCalibrationDialog(
            scan.pixmap,
            segment.id,
            place.first_col,
            place.width,
            place.height,
            board.grid.size,
            scan.dpi,
            self.window,
        )
        dialog.accepted.connect(lambda: self._apply_calibration(dialog, index))
        dialog.finished.connect(dialog.deleteLater)
        self.calibration_dialog = dialog
        dialog.open()
        return dialog

    def _apply_calibration(self, dialog: SquareCalibrationDialog, index: int) -> None:
        doc, cal = self._editable_doc(), dialog.calibration
        if doc is None or cal is None:
            return
        self._push(calibrate_segment_scan(doc, index, cal.transform, cal.size))
        self.window.statusBar().showMessage(
            f"Scan calibrated: RMS error {cal.rms_mm:.2f} mm ({cal.rms_squares:.3f} square)", 8000
        )
