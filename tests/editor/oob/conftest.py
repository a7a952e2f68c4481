"""Order-of-battle tests: a copy of the sample scenario (its sheets and cards), either as
published or with its orders of battle emptied to one force a side with no blocks; Qt
warnings fail the test as in tests/editor/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.io.files import dumps, load_document
from engine.model.scenario import Destroy, ImpulseForce, Scenario
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


@pytest.fixture
def empty_oob(sample: Path) -> Path:
    """The sample with empty orders of battle: one force a side, no blocks, no commander,
    command post or logistics; victory conditions that name blocks dropped."""
    scenario = load_document(sample).model
    assert isinstance(scenario, Scenario)
    for side, setup in (("g", scenario.sides.green), ("r", scenario.sides.red)):
        setup.impulse_forces = [ImpulseForce(id=f"{side}-if1", name="1st platoon")]
        setup.commander = setup.command_post = None
        setup.logistics = None
    scenario.victory.conditions = [c for c in scenario.victory.conditions if not isinstance(c, Destroy)]
    sample.write_text(dumps(scenario), encoding="utf-8")
    return sample
