"""Opening Urban Battle files in the editor: the sample board and missions drawn, bad files
refused or shown with located problems, the Validation dock's U-codes selecting their
squares, F5 on a mission handed to the play launcher."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from editor.app import run_editor
from editor.ub.items import GOAL, PieceItem, SegmentItem
from engine.model.square_board import SquareBoard
from engine.model.ub_mission import Mission

from ..conftest import ROOT, wait_validated
from .board_input import centre_of

BOARD = ROOT / "maps" / "ub" / "two-segments.yaml"
MISSIONS = sorted((ROOT / "scenarios" / "ub").glob("*.yaml"))


@pytest.fixture
def ub_copy(tmp_path: Path) -> Path:
    """maps/ub, cards/ub and scenarios/ub copied, so a test may break them."""
    for folder in ("maps/ub", "cards/ub", "scenarios/ub"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    return tmp_path


def double_click_problem(qtbot, window, code: str) -> None:
    texts = window.validation.texts()
    item = window.validation.list.topLevelItem(texts.index(next(t for t in texts if code in t)))
    rect = window.validation.list.visualItemRect(item)
    qtbot.mouseClick(window.validation.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.validation.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_sample_board_opens_with_its_segments_side_by_side(window, qtbot):
    assert window.open_file(BOARD)
    ub = window.ub_ui
    assert ub.active and window.central.currentWidget() is ub.view
    assert isinstance(window.document.model, SquareBoard)
    assert window.windowTitle().startswith("two-segments.yaml")
    layout = ub.scene.layout
    assert (layout.width, layout.height) == (24, 10)
    segments = [i for i in ub.scene.items() if isinstance(i, SegmentItem)]
    assert sorted(s.segment.id for s in segments) == ["S1", "S2"]
    # S2 starts at column M, right of S1's twelve columns
    assert layout.name(layout.spot_at(*centre_of(window, "M1"))) == "M1"
    assert layout.spot_named("M1")[0] == 1
    # the hex tools are put away, the board's tool bar and menu shown
    assert not window.editing.tools.toolbar.isVisible()
    assert ub.toolbar.isVisible() and ub.menu.menuAction().isVisible()
    assert all(a.isEnabled() for a in ub.brush_actions.values())
    outline = [window.outliner.topLevelItem(0).child(i).text(0) for i in range(2)]
    assert outline[0].startswith("Segment S1 — Town quarter (12 × 10")
    wait_validated(qtbot, window)
    assert window.validation.problems == []


@pytest.mark.parametrize("path", MISSIONS, ids=lambda p: p.stem)
def test_each_sample_mission_opens_on_its_board_with_its_pieces(window, qtbot, path):
    assert window.open_file(path)
    mission = window.document.model
    assert isinstance(mission, Mission)
    ub = window.ub_ui
    assert ub.board() is not None and ub.board().id == "two-segments"
    pieces = [i for i in ub.scene.items() if isinstance(i, PieceItem)]
    units = mission.forces.green.units + mission.forces.red.units
    assert len(pieces) == len(units)
    for unit in units:
        piece = next(p for p in pieces if p.toolTip().startswith(f"{unit.id}:"))
        assert piece.pos().toTuple() == pytest.approx(centre_of(window, unit.square))
        assert (
            piece.bearing
            == {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}[
                unit.facing.value
            ]
        )
        assert piece.command == unit.command
    goal_marks = [i for i in ub.scene.items() if hasattr(i, "pen") and i.pen().color() == GOAL]
    assert len(goal_marks) == len(mission.goal.squares)
    # the board is shown, not edited, from a mission
    assert not any(a.isEnabled() for a in ub.brush_actions.values())
    wait_validated(qtbot, window)
    assert window.validation.problems == []


def test_screenshots_of_a_board_and_a_mission(tmp_path, qapp):
    for path in (BOARD, MISSIONS[0]):
        out = tmp_path / f"{path.stem}.png"
        assert run_editor(str(path), screenshot=str(out)) == 0
        assert out.stat().st_size > 20_000


def test_a_board_with_a_schema_error_is_refused_naming_file_line_and_field(
    window, qtbot, ub_copy, monkeypatch
):
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, _title, text: said.append(text))
    bad = ub_copy / "maps" / "ub" / "two-segments.yaml"
    text = bad.read_text().replace('".BB.BBB..BB."', '".BB.BQB..BB."', 1)
    bad.write_text(text)
    line = text.splitlines().index('      - ".BB.BQB..BB."') + 1
    assert not window.open_file(bad)
    assert len(said) == 1
    assert f"two-segments.yaml:{line}:" in said[0] and "/segments/0/rows/1" in said[0]
    assert window.session is None and not window.ub_ui.active


def test_a_row_of_another_width_is_drawn_and_its_problem_selects_the_row(window, qtbot, ub_copy):
    bad = ub_copy / "maps" / "ub" / "two-segments.yaml"
    text = bad.read_text().replace('"..~x.BBB.o.."', '"..~x.BBB"', 1)
    bad.write_text(text)
    line = text.splitlines().index('      - "..~x.BBB"') + 1
    assert window.open_file(bad)  # drawn: the short row's missing squares are marked
    wait_validated(qtbot, window)
    problems = [p for p in window.validation.problems if p.code == "U002"]
    assert [(p.line, p.pointer) for p in problems] == [(line, "/segments/1/rows/4")]
    double_click_problem(qtbot, window, "U002")
    assert window.ub_ui.scene.selected == [(1, c, 4) for c in range(12)]


def test_a_mission_problem_selects_the_pieces_square(window, qtbot, ub_copy):
    path = ub_copy / "scenarios" / "ub" / "street-duel.yaml"
    # g-recon set up in a building (B2 is one)
    path.write_text(path.read_text().replace("square: B6, facing: E}", "square: B2, facing: E}"))
    assert window.open_file(path)
    wait_validated(qtbot, window)
    assert "U013" in [p.code for p in window.validation.problems]
    double_click_problem(qtbot, window, "U013")
    layout = window.ub_ui.scene.layout
    assert window.ub_ui.scene.selected == [layout.spot_named("B2")]
    assert "B2: green g-recon" in window.statusBar().currentMessage()


def test_a_mission_whose_board_is_missing_opens_and_says_where(window, qtbot, ub_copy):
    (ub_copy / "maps" / "ub" / "two-segments.yaml").unlink()
    path = ub_copy / "scenarios" / "ub" / "street-duel.yaml"
    assert window.open_file(path)
    assert window.ub_ui.board() is None and window.ub_ui.board_error
    assert "two-segments.yaml" in window.ub_ui.board_error
    wait_validated(qtbot, window)
    assert any(p.pointer == "/board" for p in window.validation.problems)


def test_f5_on_a_mission_goes_to_the_play_launcher(window, qtbot, monkeypatch):
    from editor.play import launch

    calls = []
    monkeypatch.setattr(launch, "start_play", lambda win, *a, **k: calls.append(win.document.model))
    assert window.open_file(MISSIONS[0])
    window.ub_ui.view.setFocus()
    qtbot.keyClick(window.ub_ui.view, Qt.Key.Key_F5)
    assert len(calls) == 1 and isinstance(calls[0], Mission)


def test_going_from_a_board_to_a_sheet_and_back_restores_each_ones_tools(window, qtbot, sheet_file):
    assert window.open_file(BOARD)
    window.statusBar().clearMessage()  # "Opened ..." hides the hint for a while
    assert window.ub_ui.hint.isVisible() and "Pick a terrain" in window.ub_ui.hint.text()
    # the Edit menu's object actions have nothing to act on here, and do nothing
    for action in (
        window.editing.action_select_all,
        window.editing.action_copy,
        window.editing.action_paste,
        window.editing.action_delete,
    ):
        action.trigger()
    assert window.document.undo_stack.count() == 0
    assert window.open_file(sheet_file)
    assert window.central.currentWidget() is window.view
    assert not window.ub_ui.active and not window.ub_ui.toolbar.isVisible()
    assert not window.ub_ui.menu.menuAction().isVisible() and window.ub_ui.hint.text() == ""
    assert window.editing.tools.toolbar.isVisible() and window.action_fit.isEnabled()
    assert not any(a.isEnabled() for a in window.ub_ui.brush_actions.values())
    assert window.open_file(MISSIONS[0])
    assert window.ub_ui.active and not window.editing.tools.toolbar.isVisible()
    assert "Drag a piece" in window.ub_ui.hint.text()


def test_a_piece_off_the_board_is_left_out_and_its_problem_said(window, qtbot, ub_copy):
    path = ub_copy / "scenarios" / "ub" / "street-duel.yaml"
    path.write_text(path.read_text().replace("square: X5, facing: W}", "square: Z5, facing: W}"))
    assert window.open_file(path)
    pieces = [i for i in window.ub_ui.scene.items() if isinstance(i, PieceItem)]
    assert len(pieces) == 10 and not any("r-td" in p.toolTip() for p in pieces)
    wait_validated(qtbot, window)
    assert "U012" in [p.code for p in window.validation.problems]
    double_click_problem(qtbot, window, "U012")  # nothing to select: said, no crash
    assert window.ub_ui.scene.selected == []
    assert "not a square of the board" in window.statusBar().currentMessage()


def test_a_mission_naming_another_kind_of_file_as_its_board_opens_and_says_so(window, qtbot, ub_copy):
    path = ub_copy / "scenarios" / "ub" / "street-duel.yaml"
    path.write_text(
        path.read_text().replace("board: ../../maps/ub/two-segments.yaml", "board: ../../cards/ub/units.yaml")
    )
    assert window.open_file(path)
    assert window.ub_ui.board() is None
    assert "is not a ub-board/1 board" in window.ub_ui.board_error
    assert "cannot be read" in window.ub_ui.hint.text()
    wait_validated(qtbot, window)
    assert [p.pointer for p in window.validation.problems if p.code == "U003"] == ["/board"]


def click_outline_row(qtbot, window, text_start: str) -> None:
    tree = window.outliner
    item = next(
        i
        for i in tree.findItems("", Qt.MatchFlag.MatchContains | Qt.MatchFlag.MatchRecursive)
        if i.text(0).startswith(text_start)
    )
    tree.scrollToItem(item)
    rect = tree.visualItemRect(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_outline_rows_select_a_segment_or_a_piece(window, qtbot):
    assert window.open_file(BOARD)
    click_outline_row(qtbot, window, "Segment S2")
    assert sorted(window.ub_ui.scene.selected) == sorted((1, c, r) for c in range(12) for r in range(10))
    assert window.open_file(MISSIONS[0])  # river-crossing
    click_outline_row(qtbot, window, "r-td:")
    assert window.ub_ui.scene.selected == [window.ub_ui.scene.layout.spot_named("S7")]


def test_the_board_zooms_with_the_keys(window, qtbot):
    assert window.open_file(BOARD)
    view = window.ub_ui.view
    before = view.current_scale()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    assert view.current_scale() > before
    qtbot.keyClick(view, Qt.Key.Key_F)
    assert view.current_scale() == pytest.approx(before)


def test_f1_shows_the_boards_legend(window, qtbot):
    assert window.open_file(BOARD)
    window.ub_ui.view.setFocus()
    qtbot.keyClick(window.ub_ui.view, Qt.Key.Key_F1)
    dock = window.ub_ui.legend_dock
    assert dock.isVisible() and not window.legend_dock.isVisible()
    legend = dock.widget()
    texts = [legend.item(i).text() for i in range(legend.count())]
    assert len(texts) == 11 and texts[1].startswith("Building ('B')")
    qtbot.keyClick(window.ub_ui.view, Qt.Key.Key_F1)
    assert not dock.isVisible()
    # a hex sheet: the hex legend, never this one
    qtbot.keyClick(window.ub_ui.view, Qt.Key.Key_F1)
    assert window.open_file(ROOT / "maps" / "A-harbour.yaml")
    assert not dock.isVisible()
