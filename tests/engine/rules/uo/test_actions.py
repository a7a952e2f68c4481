"""Actions as log entries (engine/rules/uo/actions.py): every action class written as the log
holds it, and read back."""

from __future__ import annotations

from dataclasses import asdict, fields

from engine.rules.uo.actions import ACTIONS, action_from_json, action_to_json


def test_every_action_is_written_as_its_fields_and_read_back() -> None:
    """`action_to_json` (written at every action applied, without asdict's deep copy when
    every field is a plain value) gives asdict's entry, for every action class."""
    for name, cls in ACTIONS.items():
        action = cls(**{f.name: f"{f.name}-{n}" for n, f in enumerate(fields(cls)) if f.init})
        entry = action_to_json(action)
        assert entry == {"action": name, **asdict(action)}
        assert list(entry) == ["action", *(f.name for f in fields(cls))]
        assert action_from_json(entry) == action
