"""The advanced rules' state (advanced_state.py) in the digest: left out while empty, so a
game without these rules keeps its digests; in it as soon as a rule leaves something."""

from __future__ import annotations

from engine.model.scenario import AdvancedRule, Side
from engine.rules.digest import canonical_state, state_digest
from engine.rules.uo.play import Play

from .small import B
from .test_fire import game_of


def test_an_empty_advanced_state_is_not_in_the_digest() -> None:
    plain = Play(game_of([B("g", at="S0101")], [B("r", at="S1410")]), 0)
    listed = Play(game_of([B("g", at="S0101")], [B("r", at="S1410")], advanced_rules=list(AdvancedRule)), 0)
    assert "advanced" not in canonical_state(plain.state)
    assert "advanced" not in canonical_state(listed.state)
    before = state_digest(listed.state)
    listed.state.advanced.commander_fallen.add(Side.red)  # 12.2.1
    assert canonical_state(listed.state)["advanced"]["commander_fallen"] == ["red"]
    assert state_digest(listed.state) != before
    copied = listed.state.copy()
    assert state_digest(copied) == state_digest(listed.state)
