"""`uo edit FILE --screenshot OUT.png --zoom F --center X,Y`: a close-up for the docs."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from editor.app import SCREENSHOT_SIZE, run_editor
from engine.cli import build_parser

from .conftest import DATA


def test_a_zoomed_screenshot_shows_a_close_up(qapp, tmp_path):
    whole, close = tmp_path / "whole.png", tmp_path / "close.png"
    assert run_editor(str(DATA / "town.yaml"), screenshot=str(whole)) == 0
    assert run_editor(str(DATA / "town.yaml"), screenshot=str(close), zoom=3, center=(75.0, 60.0)) == 0
    a, b = QImage(str(whole)), QImage(str(close))
    assert (b.width(), b.height()) == SCREENSHOT_SIZE
    assert a != b


def test_center_takes_two_millimetre_values():
    args = build_parser().parse_args(
        ["edit", "x.yaml", "--screenshot", "o.png", "--zoom", "4", "--center", "110,75"]
    )
    assert (args.zoom, args.center) == (4.0, (110.0, 75.0))
    with pytest.raises(SystemExit):
        build_parser().parse_args(["edit", "--center", "110"])
