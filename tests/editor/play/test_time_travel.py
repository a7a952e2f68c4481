"""Time travel (issue 12 item 6): step back to any earlier action and play on from there,
step forward again, open a log and replay it action by action."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from editor.play import launch
from editor.play.session import Player, PlayOptions, PlaySession, View
from engine.rules.log import read_log
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game():
    return URBAN_OPERATIONS.load(SAMPLE)


def play_random(session: PlaySession, n: int, rng: random.Random) -> None:
    for _ in range(n):
        session.apply(rng.choice(session.play.legal_actions()))


def test_stepping_back_10_and_replaying_the_same_choices_gives_the_same_digest(qtbot, game):
    session = PlaySession(game, PlayOptions(Player.human, Player.human, 7, View.green, 0))
    try:
        play_random(session, 80, random.Random(7))
        digest, actions = session.play.digest(), session.actions()
        session.back(10)
        assert len(session.play.log) == 70 and len(session.future) == 10
        assert session.play.digest() != digest
        for action in actions[70:]:  # the same choices, made again
            session.apply(action)
        assert session.play.digest() == digest and not session.future
        # forward again through a line stepped back over
        session.go_to(55)
        while session.future:
            session.forward()
        assert session.play.digest() == digest
        # another choice is a branch: the old future is gone
        session.back(5)
        while len(session.play.legal_actions()) < 2:  # a decision with a choice to make
            session.back(1)
        other = next(a for a in session.play.legal_actions() if a != session.future[0])
        session.apply(other)
        assert not session.future
    finally:
        session.close()


def test_a_log_from_uo_play_replays_action_by_action(qtbot, tmp_path, monkeypatch):
    log_path = tmp_path / "game.json"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.cli",
            "play",
            str(SAMPLE),
            "--green",
            "random",
            "--red",
            "random",
            "--seed",
            "5",
            "--log",
            str(log_path),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr
    log = read_log(log_path)
    window = launch.open_log(log_path)
    assert window is not None
    qtbot.addWidget(window)
    qtbot.waitExposed(window)
    session = window.session
    assert not session.play.log and len(session.future) == len(log.actions)
    qtbot.waitUntil(lambda: session.ready, timeout=60000)
    window.forward_action.trigger()
    window.forward_action.trigger()
    assert len(session.play.log) == 2 and window.log_list.count() == 2
    session.go_to(len(log.actions))  # to the end at once (one redraw, not one per action)
    assert not session.future and session.play.digest() == log.final
    # the report's entries take the board there: double-click the tenth
    view = window.log_list
    view.scroll_to(9)  # as the player scrolls up to it
    rect = view.entry_rect(9)
    assert view.row_at(rect.center()) == 9
    # a double click is a click, then the double-click event (QTest sends only the second)
    qtbot.mouseClick(window.log_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseDClick(window.log_list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert len(session.play.log) == 10 and len(session.future) == len(log.actions) - 10
    assert window.log_list.count() == 10


def test_a_broken_log_is_refused_in_a_dialog(tmp_path, monkeypatch):
    bad = tmp_path / "bad.json"
    bad.write_text('{"schema": "uo-log/1", "rules": "urban-operations"}\n')
    shown: list[str] = []
    monkeypatch.setattr(launch.QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    assert launch.open_log(bad) is None
    assert shown and "bad.json" in shown[0]
