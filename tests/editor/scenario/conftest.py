"""Scenario page tests: a copy of the sample scenario, its sheets and cards, opened in the
window (edits stay in the copy); Qt warnings fail the test as in tests/editor/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.editor.conftest import ROOT


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).parent == here:
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            item.add_marker(pytest.mark.qt_log_ignore("does not support propagateSizeHints"))


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    """A copy of scenarios/harbour-crossing.yaml with what it references."""
    (tmp_path / "maps").mkdir()
    for name in ("A-harbour.yaml", "U-sewers.yaml"):
        shutil.copy(ROOT / "maps" / name, tmp_path / "maps" / name)
    shutil.copytree(ROOT / "scenarios" / "cards", tmp_path / "scenarios" / "cards")
    target = tmp_path / "scenarios" / "harbour-crossing.yaml"
    shutil.copy(ROOT / "scenarios" / "harbour-crossing.yaml", target)
    return target
