"""GUI tests run offscreen and fail on any Qt warning."""

from __future__ import annotations

import gc
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings

from editor import gc_guard
from editor.main_window import MainWindow

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]
SAMPLE_SHEET = ROOT / "maps" / "A-harbour.yaml"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            # the offscreen platform plugin says so for every top-level window
            item.add_marker(pytest.mark.qt_log_ignore("does not support propagateSizeHints"))


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(qapp) -> Iterator[None]:
    """As the editor does (editor/gc_guard.py): worker threads (validation, the play mode's
    bots) never run the cyclic collector, so they never destroy a Qt object of an earlier test
    while this thread paints; what a test leaves is collected here at its end."""
    collector = gc_guard.suspended_on_workers(qapp)
    yield
    collector.stop()
    gc.collect()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a temporary file, so tests never touch the user's recent files."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> MainWindow:
    win = MainWindow(settings)
    # closing a window with unsaved edits asks a modal question nobody answers in a test
    qtbot.addWidget(win, before_close_func=_forget_edits)
    win.resize(1200, 800)
    win.show()
    qtbot.waitExposed(win)
    return win


def _forget_edits(win: MainWindow) -> None:
    if win.session is not None:
        for document in win.session.documents():
            document.undo_stack.setClean()


@pytest.fixture
def sheet_file() -> Path:
    """The published sample when it is there and valid, else the test town."""
    return SAMPLE_SHEET if SAMPLE_SHEET.is_file() else DATA / "town.yaml"


def wait_validated(qtbot, win: MainWindow) -> None:
    """Wait until the Validation dock shows the check of the current state (checks run on
    a worker thread and arrive by signal)."""
    qtbot.waitUntil(lambda: win.validation.settled, timeout=20000)
