"""GUI tests run offscreen and fail on any Qt warning."""

from __future__ import annotations

import gc
import os
import shutil
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
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:  # every GUI test, in sub-folders too
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            # what the offscreen platform plugin says for every top-level window and popup menu
            item.add_marker(
                pytest.mark.qt_log_ignore(
                    "does not support propagateSizeHints",
                    "does not support raise",
                    "does not support grabbing the keyboard",
                )
            )


#: GUI tests between two collections of everything (see _collect_on_the_gui_thread)
FULL_COLLECTION_EVERY = 25
_since_full = [0]


@pytest.fixture(autouse=True)
def _collect_on_the_gui_thread(qapp) -> Iterator[None]:
    """As the editor does (editor/gc_guard.py): worker threads (validation, the play mode's
    bots) never run the cyclic collector, so they never destroy a Qt object of an earlier test
    while this thread paints; what a test leaves is collected here at its end.

    What is alive once the test's collector has run is frozen (gc.freeze): the collections
    of the test and the one at its end then walk only what the test made. Walking the whole
    heap of a worker that has run hundreds of tests took 0.1-0.4 s CPU a collection, twice a
    test or more: a third of the GUI tests' time. Every FULL_COLLECTION_EVERY tests everything
    is unfrozen and collected, so what an earlier test left in a cycle is still freed, here
    on the GUI thread."""
    _since_full[0] += 1
    if _since_full[0] >= FULL_COLLECTION_EVERY:
        _since_full[0] = 0
        gc.unfreeze()
    collector = gc_guard.suspended_on_workers(qapp)
    gc.freeze()
    yield
    collector.stop()
    gc.collect()


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A copy of scenarios/harbour-crossing.yaml with what it references (edits stay in it)."""
    (tmp_path / "maps").mkdir()
    for name in ("A-harbour.yaml", "U-sewers.yaml"):
        shutil.copy(ROOT / "maps" / name, tmp_path / "maps" / name)
    shutil.copytree(ROOT / "scenarios" / "cards", tmp_path / "scenarios" / "cards")
    target = tmp_path / "scenarios" / "harbour-crossing.yaml"
    shutil.copy(ROOT / "scenarios" / "harbour-crossing.yaml", target)
    return target


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
