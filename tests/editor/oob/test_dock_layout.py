"""The bottom docks at 1600 x 1000 with the sample scenario open: the Orders of battle dock
is a tab beside the Scenario dock with one tab bar, also when the scenario is loaded before
the window is shown (uo edit --screenshot), where a stale second tab bar used to show as a
squeezed widget between the Validation and Orders of battle docks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTabBar

from editor.app import take_screenshot
from editor.main_window import MainWindow

TABS = ["Scenario", "Orders of battle"]


def _bars(window: MainWindow) -> list[QTabBar]:
    return [
        b
        for b in window.findChildren(QTabBar)
        if b.parent() is window and b.isVisible() and [b.tabText(i) for i in range(b.count())] == TABS
    ]


def _forget(window: MainWindow) -> None:
    for document in window.session.documents() if window.session else []:
        document.undo_stack.setClean()


def test_loaded_before_shown_one_tab_bar_under_the_bottom_docks(qtbot, settings, sample: Path, tmp_path):
    window = MainWindow(settings)
    qtbot.addWidget(window, before_close_func=_forget)
    window.load(sample)  # as uo edit --screenshot does: the window is shown after
    take_screenshot(window, tmp_path / "shot.png")
    bars = _bars(window)
    assert len(bars) == 1
    oob, validation = window.oob_ui.dock, window.validation_dock
    assert oob.isVisible()
    # the tab bar sits under the Orders of battle dock, beside Validation, not across it
    bar = bars[0].geometry()
    assert bar.top() >= oob.geometry().bottom() and bar.left() >= validation.geometry().right()


def test_shown_then_loaded_one_tab_bar(qtbot, window, sample: Path) -> None:
    window.resize(1600, 1000)
    assert window.open_file(sample)
    qtbot.waitUntil(lambda: len(_bars(window)) == 1)
    assert window.oob_ui.dock.isVisible()


def test_cards_dock_and_setup_options_keep_the_window_at_1600_by_1000(qtbot, window, sample: Path) -> None:
    from PySide6.QtCore import Qt

    from tests.editor.canvas_input import use_tool

    window.resize(1600, 1000)
    assert window.open_file(sample)
    qtbot.waitUntil(lambda: len(_bars(window)) == 1)
    # View > Cards: a tab beside the others, not a dock beside them that widens the window
    qtbot.keyClick(
        window.view, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    cards = window.cards_ui.dock
    assert cards.isVisible() and cards in window.tabifiedDockWidgets(window.oob_ui.dock)
    assert window.width() == 1600
    # the Set-up tool's options on a row of their own: the docks still fit 1000 px
    window.insertToolBarBreak(window.editing.tools.options_bar)
    use_tool(qtbot, window, "K")
    assert window.editing.tools.current is window.oob_ui.setup_tool
    assert window.minimumSizeHint().height() <= 1000 and window.height() == 1000
