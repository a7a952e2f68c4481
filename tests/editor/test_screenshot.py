"""`uo edit FILE --screenshot OUT.png` renders the window and exits (a CLI contract)."""

from __future__ import annotations

import os
import subprocess
import sys

from PySide6.QtGui import QImage

from editor.app import SCREENSHOT_SIZE, run_editor

from .conftest import DATA, ROOT


def test_run_editor_writes_a_screenshot_of_the_right_size(qapp, tmp_path):
    out = tmp_path / "shot.png"
    assert run_editor(str(DATA / "crossing.yaml"), screenshot=str(out)) == 0
    image = QImage(str(out))
    assert not image.isNull()
    assert (image.width(), image.height()) == SCREENSHOT_SIZE


def test_uo_edit_screenshot_from_the_command_line(tmp_path):
    out = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", "edit", str(DATA / "town.yaml"), "--screenshot", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert out.stat().st_size > 10_000
    assert (QImage(str(out)).width(), QImage(str(out)).height()) == SCREENSHOT_SIZE


def test_an_unusable_file_fails_the_screenshot_with_a_located_message(tmp_path):
    out = tmp_path / "shot.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "engine.cli", "edit", str(DATA / "broken.yaml"), "--screenshot", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "broken.yaml:3:1" in done.stderr
    assert not out.exists()
