"""Every surface sheet of a multi-sheet scenario is on the board (issue 12 item 2), each at
its place in the assembly and turned round as the scenario puts it down, so the game's
blocks stand on the sheet their location belongs to."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor

from editor.play import launch
from editor.play.launch import disk_layers
from editor.play.session import Player, PlayOptions, View

SCENARIO = Path(__file__).parent / "data" / "two-sheets" / "scenario.yaml"


def open_play(window, qtbot, monkeypatch, options: PlayOptions):
    monkeypatch.setattr(launch, "ask_options", lambda _w: options)
    qtbot.keyClick(window, Qt.Key.Key_F5)
    play = window.play_windows[-1]
    qtbot.addWidget(play)
    qtbot.waitExposed(play)
    return play


def colour_at(play, location: str) -> QColor:
    """The board's colour in `location`, beside its centre (the centre dot) and under its
    label (above the centre on an upright sheet, below on a turned one)."""
    x, y = play.session.game.battlefield.location(location).centre
    return colour_at_point(play, x + 2.5, y)


def colour_at_point(play, x: float, y: float) -> QColor:
    board = play.board
    point = board.mapFromScene(QPointF(x, y))
    return board.viewport().grab().toImage().pixelColor(point)


def test_both_sheets_are_drawn_each_at_its_place(window, qtbot, monkeypatch):
    window.load(SCENARIO)
    play = open_play(
        window, qtbot, monkeypatch, PlayOptions(Player.human, Player.human, 1, View.all_seeing, 0)
    )
    board = play.board
    assert [p.sheet_id for p in board.sheet_pictures] == ["A", "B"]
    a, b = (p.sceneBoundingRect() for p in board.sheet_pictures)
    assert a == QRectF(0, 0, 100, 80)
    assert b == QRectF(100, 0, 100, 80)  # put down east of A, turned round
    assert board.sceneRect().contains(a.united(b))
    # the whole assembly is in view
    shown = board.mapToScene(board.viewport().rect()).boundingRect()
    assert shown.contains(a.united(b))
    # red's blocks stand on sheet B, where the battlefield has their locations
    bf = play.session.game.battlefield
    for item in board.block_items:
        if item.look.key.startswith("r1-"):
            centre = QPointF(*bf.location(item.look.location).centre)
            assert b.contains(centre) and item.scenePos() == centre
    # B is drawn turned round: its woods hex 0202 lies where the battlefield puts B0202
    # (at B0502's place were it not turned), and looks as A's woods do
    woods = colour_at(play, "A0202")
    assert colour_at(play, "B0202") == woods
    assert colour_at(play, "B0503") != woods  # water
    a0202 = bf.location("A0202").centre  # where B0202 would be, unturned: east of A0202 by 100
    assert colour_at_point(play, a0202[0] + 100 + 2.5, a0202[1]) != woods


def test_a_replayed_log_draws_the_assembly_from_disk():
    layers = disk_layers(SCENARIO)
    assert [layer.label for layer in layers] == ["Surface A+B"]
    (surface,) = layers
    assert surface.assembled and [p.sheet.id for p in surface.placed] == ["A", "B"]
    assert surface.placed[1].placement.rotation == 180


def test_a_single_sheet_in_its_own_frame_is_the_editors_canvas(window, qtbot, monkeypatch):
    sample = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"
    window.load(sample)
    play = open_play(window, qtbot, monkeypatch, PlayOptions(Player.human, Player.human, 1, View.green, 0))
    assert not play.board.sheet_pictures
    assert play.board.board_scene.sheet is not None and play.board.board_scene.sheet.id == "A"
