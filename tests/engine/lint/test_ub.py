"""Urban Battle lint (engine/lint/ub.py): the optional rules a firing mode does not fit are
warnings, located at the rule's entry; every U code is listed in docs/validation.md."""

from __future__ import annotations

import re
from pathlib import Path

from engine.io.problems import Severity
from engine.lint.context import Workspace
from engine.lint.ub import UB_CODES, ub_problems
from engine.rules.ub.game import UbGame
from tests.engine.rules.ub.kit import OPEN, write_game

ROOT = Path(__file__).resolve().parents[3]
PIECES = ([("g", "tank", "A1", "E")], [("r", "tank", "J10", "W")])


def problems(tmp_path, **mission):
    path = write_game(tmp_path, OPEN, *PIECES, **mission)
    ws = Workspace()
    return ub_problems(ws.load(path), ws), path


def test_random_speed_with_absolute_mode_is_a_warning(tmp_path):
    """Random Speed: 'This rule does not suit the Absolute Mode.'"""
    found, path = problems(tmp_path, firing_mode="absolute", optional_rules=["command_tank", "random_speed"])
    (p,) = found
    assert (p.code, p.severity, p.pointer) == ("U030", Severity.warning, "/optional_rules/1")
    assert "does not suit the Absolute Mode" in p.message
    UbGame.load(path)  # a warning: the game still loads


def test_missed_shot_outside_realistic_mode_is_a_warning(tmp_path):
    """Missed Shot (Parabolic Fire): 'This rule applies only to the Realistic Mode.'"""
    found, _ = problems(tmp_path, optional_rules=["missed_shot"])
    assert [(p.code, p.severity, p.pointer) for p in found] == [
        ("U031", Severity.warning, "/optional_rules/0")
    ]
    assert "basic mode" in found[0].message
    assert problems(tmp_path, firing_mode="realistic", optional_rules=["missed_shot"])[0] == []


def test_every_urban_battle_code_is_listed():
    used = set()
    for name in ("engine/lint/ub.py", "engine/rules/ub/game.py"):
        used |= set(re.findall(r'"(U\d{3})"', (ROOT / name).read_text(encoding="utf-8")))
    listed = {code for code, _, _ in UB_CODES}
    assert used == listed
    doc = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    assert all(f"| {code} |" in doc for code in listed)
