"""1,000 seeded random games on the sample scenario, every invariant checked after every
action (issue 5): no exception, one block per location once nothing moves, OSL within its
levels, markers consistent, no block both mounted and on the map, and always a legal
action until the game is over.

The games run in two worker processes (the machine has two cores); each worker loads the
scenario once and plays its share of the seeds.
"""

from __future__ import annotations

import multiprocessing
import random
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[4]
GAMES = 1000
WORKERS = 2


def _play_seeds(seeds: list[int]) -> tuple[list[str], dict[str, int], int]:
    from engine.rules.uo.game import Game
    from engine.rules.uo.invariants import check
    from engine.rules.uo.play import Play

    game = Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")
    failures: list[str] = []
    kinds: dict[str, int] = {}
    actions = 0
    for seed in seeds:
        play = Play(game, seed)
        rng = random.Random(seed)
        try:
            while True:
                legal = play.legal_actions()
                if not legal:
                    break
                action = rng.choice(legal)
                kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + 1
                play.apply(action)
                check(play)
                actions += 1
        except Exception:
            failures.append(f"seed {seed}, action {len(play.log)}: {traceback.format_exc(limit=6)}")
    return failures, kinds, actions


def test_1000_seeded_random_games_keep_every_invariant() -> None:
    seeds = list(range(GAMES))
    shares = [seeds[i::WORKERS] for i in range(WORKERS)]
    # spawn, not fork: the test process may hold Qt, which must not be forked
    with multiprocessing.get_context("spawn").Pool(WORKERS) as pool:
        results = pool.map(_play_seeds, shares)
    failures = [f for r in results for f in r[0]]
    kinds: dict[str, int] = {}
    for _, k, _ in results:
        for name, n in k.items():
            kinds[name] = kinds.get(name, 0) + n
    assert not failures, f"{len(failures)} games failed; first:\n{failures[0]}"
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
        assert kinds.get(name, 0) > 0, f"no {name} in {GAMES} random games: {kinds}"
    assert sum(r[2] for r in results) > GAMES * 100
