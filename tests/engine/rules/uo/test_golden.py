"""The golden playthroughs: seeded games of the sample scenario between the heuristic bot
(green) and the random bot (red), seeds 41 and 51, recorded by `uo play` and committed.
Replaying each log must reproduce the same dice and the same final state (DESIGN.md: "the log is
the game"); together they go through the whole rule set of issue 5 (no single seed of today's
rules has every rare action: a stay-put after an assault and a scouting in one game).

A deliberate rules change alters the games: re-record them with
`uo play scenarios/harbour-crossing.yaml --green heuristic --red random --seed S --log
tests/golden/harbour-crossing-heuristic-vs-random-seedS.json` and say why in the commit.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.rules.log import read_log, replay
from engine.rules.uo.invariants import check
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[4]
GOLDENS = [ROOT / "tests" / "golden" / f"harbour-crossing-heuristic-vs-random-seed{s}.json" for s in (41, 51)]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda p: p.stem)
def test_golden_playthrough_replays_to_the_same_final_state(golden: Path) -> None:
    log = read_log(golden)  # the uo-log/1 model: every entry has its rolls
    # through the rule-set interface, as `uo replay` does: same scenario and tables, every
    # action legal, every roll equal, the same final digest
    replayed = replay(log, golden)
    assert replayed.scenario.resolve() == (ROOT / "scenarios" / "harbour-crossing.yaml").resolve()
    play = replayed.state
    assert play.state.phase == Phase.over  # type: ignore[attr-defined]
    assert play.digest() == log.final
    check(play)  # type: ignore[arg-type]
    doc = json.loads(golden.read_text("utf-8"))
    assert all("rolls" in entry for entry in doc["actions"])
    assert sum(len(entry["rolls"]) for entry in doc["actions"]) > 50  # dice in the log


def test_golden_playthroughs_go_through_the_whole_rule_set() -> None:
    # the recorded games together go through the whole rule set of issue 5
    kinds: Counter[str] = Counter()
    for golden in GOLDENS:
        kinds.update(entry["action"] for entry in json.loads(golden.read_text("utf-8"))["actions"])
    for name in (
        "Fire",
        "ReturnFire",
        "CoverFire",
        "Withdraw",
        "OpportunityFire",
        "Scout",
        "Assault",
        "Advance",
        "StayPut",
        "TakeLosses",
        "WithdrawTo",
        "OpportunityScout",
    ):
        assert kinds[name] > 0, name
