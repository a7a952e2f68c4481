"""The scenario's battlefield the set-up checks ask (editor/oob/placement.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.commands import ChangeValues
from editor.oob import placement
from editor.session import Session
from engine.battlefield import compile as compiler

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_14_opening_a_scenario_reads_its_battlefield_from_the_disk_cache(
    qapp: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening (issue 14): the sample's battlefield was compiled on the GUI thread at every
    opening (0.16 s CPU of it); its sheets as read from their files are what `uo play`
    compiles too, so they come from the disk cache. An edited sheet is compiled in memory."""
    session = Session.open(SCENARIO)
    placement.ScenarioField().update(session)  # the disk cache has it now, if not before
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())  # as in a new process
    compiled: list[int] = []
    compile_sheets = compiler.compile_sheets

    def counted(*args: object, **kwargs: object) -> object:
        compiled.append(1)
        return compile_sheets(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(compiler, "compile_sheets", counted)
    monkeypatch.setattr(placement, "compile_sheets", counted)
    saved: list[object] = []
    monkeypatch.setattr(compiler, "save_battlefield", lambda bf, replace=True: saved.append(bf))
    field = placement.ScenarioField()
    assert field.update(session) is not None
    assert compiled == []

    sheet = session.sheets[0].document
    assert sheet is not None
    title = sheet.model.title
    sheet.undo_stack.push(ChangeValues(sheet, "Rename", [("/title", title, f"{title} (edited)")]))
    assert field.update(session) is not None
    assert compiled == [1] and saved == []  # in memory: an edit is not written to the disk cache
