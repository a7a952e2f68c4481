"""Seeded random games on the sample scenario, every invariant checked after every action
(issue 5): no exception, one block per location once nothing moves, OSL within its levels,
markers consistent, no block both mounted and on the map, and always a legal action until the
game is over.

The suite plays 80 games in two worker processes (the machine has two cores); `make soak`
plays 10,000 with the same code (engine/bots/soak.py) and prints its figures. UO_SOAK_GAMES
sets another count here.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine.bots.soak import soak

ROOT = Path(__file__).resolve().parents[4]
GAMES = int(os.environ.get("UO_SOAK_GAMES", "80"))
WORKERS = 2


def test_seeded_random_games_keep_every_invariant() -> None:
    report = soak(ROOT / "scenarios" / "harbour-crossing.yaml", range(GAMES), WORKERS)
    assert report.games == GAMES
    assert not report.failures, f"{len(report.failures)} games failed; first:\n{report.failures[0]}"
    # the games exercised the rule set, not only moves (random blocks seldom end up next to
    # an enemy across the canal: assaults are exercised by the bots' games, test_golden.py)
    for name in (
        "Move",
        "Fire",
        "ReturnFire",
        "CoverFire",
        "Withdraw",
        "OpportunityFire",
        "Scout",
        "TakeLosses",
    ):
        assert report.kinds[name] > 0, f"no {name} in {GAMES} random games: {dict(report.kinds)}"
    assert report.actions > GAMES * 100
