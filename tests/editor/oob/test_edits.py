"""Order-of-battle edits as undo commands: blocks moved within and between forces (one
entry, order kept), forces duplicated with fresh ids and their references renamed, the
last force of a side kept (the model needs one), values refused by the model."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.document import Document
from editor.oob.edits import OobEdits, Refused
from engine.model.scenario import Scenario

F0 = "/sides/green/impulse_forces/0"


def _ids(scenario: Scenario, f: int = 0) -> list[str]:
    return [b.id for b in scenario.sides.green.impulse_forces[f].blocks]


def test_moves_reorder_and_change_force_in_one_undo_entry(qtbot, sample: Path) -> None:
    doc = Document.load(sample)
    edits = OobEdits(doc)
    s = edits.scenario
    start = doc.text()
    first = _ids(s)
    # the last two blocks dragged before the first
    moved = edits.move_blocks([f"{F0}/blocks/10", f"{F0}/blocks/11"], "green", 0, 0)
    assert moved == [f"{F0}/blocks/0", f"{F0}/blocks/1"]
    assert _ids(s) == first[10:] + first[:10]
    # one block dropped below the block at row 3 of the same force: counted without itself
    edits.move_blocks([f"{F0}/blocks/0"], "green", 0, 4)
    assert _ids(s)[:4] == [first[11], first[0], first[1], first[10]]
    # two blocks to the second force, at its end
    n = len(_ids(s, 1))
    edits.move_blocks([f"{F0}/blocks/0", f"{F0}/blocks/1"], "green", 1, n)
    assert _ids(s, 1)[-2:] == [first[11], first[0]]
    assert doc.undo_stack.count() == 3
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert doc.text() == start


def test_duplicate_force_renames_blocks_and_leader_and_last_force_stays(qtbot, sample: Path) -> None:
    doc = Document.load(sample)
    edits = OobEdits(doc)
    s = edits.scenario
    added = edits.duplicate([F0])
    assert added == ["/sides/green/impulse_forces/3"]
    copy = s.sides.green.impulse_forces[3]
    assert copy.id == "g-if1-1"
    assert copy.platoon_leader == "g1-pl-1"
    assert [b.id for b in copy.blocks][:2] == ["g1-pl-1", "g1-inf1-1"]
    assert all(b.at is None for b in copy.blocks)
    assert next(b for b in copy.blocks if b.id == "g1-inf3-1").mounted_in == "g1-apc1-1"
    red = [f"/sides/red/impulse_forces/{i}" for i in range(len(s.sides.red.impulse_forces))]
    with pytest.raises(Refused, match="at least one impulse force"):
        edits.remove(red)
    with pytest.raises(Refused):
        edits.set_fields("bad", [(f"{F0}/support_points", 12)])
    assert doc.undo_stack.count() == 1
