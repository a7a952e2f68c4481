"""File > Export: the open map as PNG (at a chosen resolution) or SVG, the open scenario as
a PDF briefing pack - drawn from the open documents, unsaved edits included."""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog, QMenu, QMessageBox

from engine.model import Scenario

from .briefing import write_pdf
from .images import DEFAULT_DPI, ExportError, write_png, write_svg
from .source import ExportSource, source_of

if TYPE_CHECKING:
    from ..main_window import MainWindow

MAX_DPI = 1200


class ExportUi(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        self.menu = QMenu("&Export", window)
        self.menu.setObjectName("export_menu")
        self.action_png = self._add("Map as &PNG…", self.export_png)
        self.action_svg = self._add("Map as &SVG…", self.export_svg)
        self.action_pdf = self._add("Scenario &briefing pack (PDF)…", self.export_pdf)
        self.menu.aboutToShow.connect(self.update_actions)
        file_menu = next((a.menu() for a in window.menuBar().actions() if a.text() == "&File"), None)
        if isinstance(file_menu, QMenu):
            quit_action = getattr(window, "action_quit", None)
            if quit_action in file_menu.actions():
                file_menu.insertMenu(quit_action, self.menu)
                file_menu.insertSeparator(quit_action)
            else:
                file_menu.addMenu(self.menu)
        self.update_actions()

    def _add(self, text: str, slot: object) -> QAction:
        action = QAction(text, self.window)
        action.triggered.connect(slot)
        self.menu.addAction(action)
        return action

    def source(self) -> ExportSource | None:
        session = self.window.session
        if session is None:
            return None
        model = session.document.model
        sheets = [(entry.sheet, entry.path) for entry in session.sheets[: session.first_insert]]
        libraries = [d.model for d in session.library_documents]
        return source_of(model, session.document.path, sheets, libraries)

    def update_actions(self) -> None:
        source = self.source()
        self.action_png.setEnabled(source is not None)
        self.action_svg.setEnabled(source is not None)
        self.action_pdf.setEnabled(source is not None)
        is_scenario = source is not None and isinstance(source.scenario, Scenario)
        self.action_pdf.setText("Scenario &briefing pack (PDF)…" if is_scenario else "Map page (&PDF)…")

    # -- asking --------------------------------------------------------------------------
    def ask_path(self, title: str, suffix: str, kind: str) -> Path | None:
        document = self.window.document
        base = document.path.with_suffix(suffix) if document and document.path else Path(f"export{suffix}")
        name, _ = QFileDialog.getSaveFileName(self.window, title, str(base), f"{kind} (*{suffix})")
        if not name:
            return None
        path = Path(name)
        return path if path.suffix.lower() == suffix else path.with_name(path.name + suffix)

    def ask_dpi(self) -> int | None:
        dpi, ok = QInputDialog.getInt(
            self.window,
            "Export map as PNG",
            "Resolution (pixels per inch of the printed map):",
            DEFAULT_DPI,
            10,
            MAX_DPI,
        )
        return dpi if ok else None

    # -- exporting -----------------------------------------------------------------------
    def export_png(self) -> bool:
        source = self.source()
        dpi = self.ask_dpi() if source is not None else None
        path = self.ask_path("Export map as PNG", ".png", "PNG image") if dpi is not None else None
        if source is None or dpi is None or path is None:
            return False
        return self._run(path, lambda: write_png(source, path, dpi))

    def export_svg(self) -> bool:
        source = self.source()
        path = self.ask_path("Export map as SVG", ".svg", "SVG drawing") if source is not None else None
        if source is None or path is None:
            return False
        return self._run(path, lambda: write_svg(source, path))

    def export_pdf(self) -> bool:
        source = self.source()
        path = self.ask_path("Export briefing pack", ".pdf", "PDF document") if source is not None else None
        if source is None or path is None:
            return False
        return self._run(path, lambda: write_pdf(source, path))

    def _run(self, path: Path, write: Callable[[], object]) -> bool:
        start = time.perf_counter()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            write()
        except (ExportError, OSError) as exc:
            QMessageBox.critical(self.window, "Cannot export", str(exc))
            return False
        except Exception as exc:  # a drawing bug must say so, not end the session
            traceback.print_exc(file=sys.stderr)
            QMessageBox.critical(self.window, "Cannot export", f"{path}: {type(exc).__name__}: {exc}")
            return False
        finally:
            QApplication.restoreOverrideCursor()
        took = time.perf_counter() - start
        self.window.statusBar().showMessage(f"Exported {path} ({took:.1f} s)", 6000)
        return True
