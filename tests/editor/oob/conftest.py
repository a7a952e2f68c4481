"""Order-of-battle tests: a copy of the sample scenario (its sheets and cards), either as
published or with its orders of battle emptied to one force a side with no blocks; Qt
warnings fail the test as in tests/editor/."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.io.files import dumps, load_document
from engine.model.scenario import Destroy, ImpulseForce, Scenario


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
