"""The golden playthroughs: seeded games of the sample scenario between the heuristic bot
(green) and the random bot (red), seeds 41 and 58, recorded by `uo play` and committed.
Replaying each log must reproduce the same dice and the same final state (DESIGN.md: "the log is
the game"); together they go through the whole rule set of issue 5 (seed 58 has every one of
its actions; 41, kept from before, most: a stay-put after an assault and a scouting are rare).
Issue 28 (No Man's Land contact by adjacency, heavy weapons reaching the target's neighbours)
changed both games and left seed 45 without a scouting: 58 replaced it.

A deliberate rules change alters the games: re-record them with
`uo play scenarios/harbour-crossing.yaml --green heuristic --red random --seed S --log
tests/golden/harbour-crossing-heuristic-vs-random-seedS.json` and say why in the commit.

The customs-breach sample (issues 16 and 13) has a golden playthrough of its own: random
against random (so the heuristic bot's changes never touch it), seed 868, the first of seeds
1-868 in which every rule of No Man's Land, support, transport, breaching, events and 3D
actions happens (golden_kit.py names them; `python -m tests.engine.rules.uo.golden_kit
scenarios/customs-breach.yaml 1 100` is the search). Seed 60 was until issue 28 made contact
with a No Man's Land counter adjacency (8.1.12): population flees far less often, and no
seed below 868 then had every rule. Re-record it with `uo play scenarios/customs-breach.yaml
--green random --red random --seed 868 --log
tests/golden/customs-breach-random-vs-random-seed868.json` (and search again if it then lacks
one).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from engine.rules.log import entry_data, read_log, replay
from engine.rules.uo.game import Game
from engine.rules.uo.invariants import check
from engine.rules.uo.state import Phase

from .golden_kit import EVERYTHING, happenings, missing

ROOT = Path(__file__).resolve().parents[4]
GOLDENS = [ROOT / "tests" / "golden" / f"harbour-crossing-heuristic-vs-random-seed{s}.json" for s in (41, 58)]
CUSTOMS = ROOT / "tests" / "golden" / "customs-breach-random-vs-random-seed868.json"


@pytest.mark.parametrize("golden", [*GOLDENS, CUSTOMS], ids=lambda p: p.stem)
def test_golden_playthrough_replays_to_the_same_final_state(golden: Path) -> None:
    log = read_log(golden)  # the uo-log/1 model: every entry has its rolls
    # through the rule-set interface, as `uo replay` does: same scenario and tables, every
    # action legal, every roll equal, the same final digest
    replayed = replay(log, golden)
    scenario = "customs-breach" if golden == CUSTOMS else "harbour-crossing"
    assert replayed.scenario.resolve() == (ROOT / "scenarios" / f"{scenario}.yaml").resolve()
    play = replayed.state
    assert play.state.phase == Phase.over  # type: ignore[attr-defined]
    assert play.digest() == log.final
    check(play)  # type: ignore[arg-type]
    doc = json.loads(golden.read_text("utf-8"))
    assert all("rolls" in entry for entry in doc["actions"])
    dice = sum(len(entry["rolls"]) for entry in doc["actions"])
    assert dice > (30 if golden == CUSTOMS else 50)  # dice in the log (a shorter game for the sample)


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


def test_customs_breach_golden_shows_every_rule_of_issues_16_and_13() -> None:
    """Issue 16: mines, IEDs, population, smoke, breaching, mounting and support happen in the
    sample's golden playthrough; issue 13: an event card, an events table result, a T and a
    T+1 mission (and the next turn's resolution of it), an air-defence roll."""
    log = read_log(CUSTOMS)
    game = Game.load(ROOT / "scenarios" / "customs-breach.yaml")
    entries = [entry_data(e) for e in log.actions]
    seen = happenings(game, log.seed, entries)
    # turn 1's events tables, rolled as the play was created, are the log's start entry
    assert log.start is not None and [r.table for r in log.start.rows or []] == ["events.green", "events.red"]
    assert missing(seen) == [], seen
    assert set(seen) == set(EVERYTHING)
