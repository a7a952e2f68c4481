"""The golden playthrough: a seeded game of the sample scenario between the heuristic bot
(green) and the random bot (red), seed 4, recorded by `uo play` and committed. Replaying its log
must reproduce the same dice and the same final state (DESIGN.md: "the log is the game").

A deliberate rules change alters the game: re-record it with
`uo play scenarios/harbour-crossing.yaml --green heuristic --red random --seed 4 --log
tests/golden/harbour-crossing-heuristic-vs-random-seed4.json` and say why in the commit.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from engine.rules.log import read_log, replay
from engine.rules.uo.invariants import check
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[4]
GOLDEN = ROOT / "tests" / "golden" / "harbour-crossing-heuristic-vs-random-seed4.json"


def test_golden_playthrough_replays_to_the_same_final_state() -> None:
    log = read_log(GOLDEN)  # the uo-log/1 model: every entry has its rolls
    # through the rule-set interface, as `uo replay` does: same scenario and tables, every
    # action legal, every roll equal, the same final digest
    replayed = replay(log, GOLDEN)
    assert replayed.scenario.resolve() == (ROOT / "scenarios" / "harbour-crossing.yaml").resolve()
    play = replayed.state
    assert play.state.phase == Phase.over  # type: ignore[attr-defined]
    assert play.digest() == log.final
    check(play)  # type: ignore[arg-type]
    doc = json.loads(GOLDEN.read_text("utf-8"))
    # the recorded game goes through the whole rule set of issue 5
    kinds = Counter(entry["action"] for entry in doc["actions"])
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
    assert all("rolls" in entry for entry in doc["actions"])
    assert sum(len(entry["rolls"]) for entry in doc["actions"]) > 50  # dice in the log
