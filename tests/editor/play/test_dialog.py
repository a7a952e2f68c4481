"""The Play dialog (issue 12 item 1): each side's player, the seed, the view, the speed."""

from __future__ import annotations

from PySide6.QtCore import Qt

from editor.play.dialog import PlayDialog
from editor.play.session import Player, PlayOptions, View


def test_the_dialog_gives_the_options_chosen(qtbot):
    dialog = PlayDialog(None, PlayOptions(Player.human, Player.heuristic, 1, View.green, 500))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.options() == PlayOptions(Player.human, Player.heuristic, 1, View.green, 500)
    # the keyboard picks: red becomes the random bot, the seed 42, the hot-seat view (two down from green's)
    dialog.red.setFocus()
    qtbot.keyClick(dialog.red, Qt.Key.Key_Up)
    dialog.seed.selectAll()
    qtbot.keyClicks(dialog.seed.lineEdit(), "42")
    qtbot.keyClick(dialog.view, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.view, Qt.Key.Key_Down)
    qtbot.keyClick(dialog.speed, Qt.Key.Key_Home)
    got = dialog.options()
    assert got.red is Player.random and got.seed == 42 and got.view is View.hot_seat
    assert got.delay_ms == 0 and got.green is Player.human
