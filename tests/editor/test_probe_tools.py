"""The LOS probe and the reach overlay (issue 4 item 4): real clicks on the sample sheet,
answers from the engine's compiled battlefield."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from editor.tools.probe_tools import LosProbeTool, ReachTool, battlefield_of
from engine.battlefield.los import los
from engine.battlefield.movement import FOOT, VEHICLE, reach

from .canvas_input import click, use_tool, zoom_on

SAMPLE = Path(__file__).resolve().parents[2] / "maps" / "A-harbour.yaml"


def open_sample(window):
    """Open the sample sheet; the battlefield the probes ask."""
    assert window.open_file(SAMPLE)
    return battlefield_of(window.scene.sheet)


def test_5_1_7_probe_shows_a_clear_line_into_a_room_through_its_window(qtbot, window) -> None:
    bf = open_sample(window)
    use_tool(qtbot, window, "I")
    tool = window.editing.tools.current
    assert isinstance(tool, LosProbeTool)
    street, room = bf.location("A1202").centre, bf.location("32.2").centre
    zoom_on(window, street, 4.0)
    click(qtbot, window, street)
    click(qtbot, window, room)
    expected = los(bf, "A1202", "32.2")
    assert expected.clear
    assert tool.result == expected
    assert tool.verdict.text() == f"A1202 → 32.2: clear — {expected.reason} ({expected.rule})"
    assert tool.overlay.items  # the sight line and its two dots are drawn


def test_5_1_7_2_probe_names_the_blocking_obstacle_and_rule(qtbot, window) -> None:
    bf = open_sample(window)
    use_tool(qtbot, window, "I")
    tool = window.editing.tools.current
    a, b = bf.location("A0101").centre, bf.location("A0505").centre
    zoom_on(window, ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), 3.0)
    click(qtbot, window, a)
    click(qtbot, window, b)
    assert tool.result is not None and not tool.result.clear
    assert "blocked" in tool.verdict.text() and "(5.1.7.2)" in tool.verdict.text()
    assert tool.result.blocker and tool.result.blocker in tool.verdict.text()


def test_5_1_7_3_shift_click_probes_from_a_roof(qtbot, window) -> None:
    bf = open_sample(window)
    use_tool(qtbot, window, "I")
    tool = window.editing.tools.current
    roof_dot, other_roof = bf.location("32.R").centre, bf.location("35.R").centre
    zoom_on(window, roof_dot, 4.0)
    click(qtbot, window, roof_dot, Qt.KeyboardModifier.ShiftModifier)
    click(qtbot, window, other_roof, Qt.KeyboardModifier.ShiftModifier)
    assert tool.pair == ("32.R", "35.R")
    assert tool.result == los(bf, "32.R", "35.R")


def test_reach_overlay_shades_what_the_engine_says_and_follows_the_options(qtbot, window) -> None:
    bf = open_sample(window)
    use_tool(qtbot, window, "N")
    tool = window.editing.tools.current
    assert isinstance(tool, ReachTool)
    start = bf.location("A1010").centre
    zoom_on(window, start, 3.0)
    click(qtbot, window, start)
    assert tool.reached == reach(bf, "A1010", FOOT, 6)
    assert f"{len(tool.reached)} locations within 6 MP of A1010 (foot)" in tool.summary.text()
    tool.unit.setCurrentText("vehicle")
    tool.mp.setValue(12)
    assert tool.reached == reach(bf, "A1010", VEHICLE, 12)
    # vehicles stay outside, except in the hangar they may enter (8.1.4)
    assert {bf.location(i).building for i in tool.reached if bf.location(i).interior} <= {"39"}


def test_probes_never_change_the_document(qtbot, window) -> None:
    bf = open_sample(window)
    document = window.editing.current_document()
    use_tool(qtbot, window, "N")
    zoom_on(window, bf.location("A1010").centre, 3.0)
    click(qtbot, window, bf.location("A1010").centre)
    use_tool(qtbot, window, "I")
    click(qtbot, window, bf.location("A1010").centre)
    click(qtbot, window, bf.location("A1015").centre)
    assert document.undo_stack.count() == 0
