"""The soak's short run (issue 5, issue 27): seeded bot games with every check after every
action (engine/bots/soak.py): the invariants (one block per location once nothing moves, OSL
within its levels, markers consistent, no block both mounted and on the map...), always a
legal action until the game is over, and every legal action applied to a copy of the play
at a seeded sample of positions.

The suite plays 80 random games on the sample in two worker processes (the machine has two
cores) and a heuristic pairing on the house-rules sample, each side; `make soak` plays
thousands on every scenario with the same code and prints its figures. UO_SOAK_GAMES sets
another count of random games here.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from engine.bots.soak import SoakGame, fork, plan, play_game_checked, soak
from engine.rules.log import read_log, replay
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[4]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"
HOUSE_RULES = ROOT / "scenarios" / "house-rules-demo.yaml"
GAMES = int(os.environ.get("UO_SOAK_GAMES", "80"))
WORKERS = 2


def test_seeded_random_games_keep_every_invariant() -> None:
    report = soak(plan([SAMPLE], ["random"], GAMES), WORKERS, probe=0.003)
    assert report.games == GAMES
    assert not report.failures, f"{len(report.failures)} games failed; first:\n{report.failures[0].report()}"
    assert report.probed_actions > 0  # some positions had every legal action tried
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


def test_heuristic_against_random_on_each_side_keeps_every_invariant() -> None:
    games = [
        SoakGame(str(HOUSE_RULES), "heuristic", "random", 1),
        SoakGame(str(HOUSE_RULES), "random", "heuristic", 1),
    ]
    report = soak(games, 1, probe=0.01)  # two games: in this process
    assert report.games == 2 and report.pairings == {"heuristic-random": 1, "random-heuristic": 1}
    assert not report.failures, report.failures[0].report()
    assert report.probed_actions > 0


def test_plan_spreads_the_games_over_scenarios_and_ordered_pairings() -> None:
    games = plan(["a.yaml", "b.yaml"], ["random", "heuristic"], 10)
    cells = [(g.scenario, g.green, g.red) for g in games]
    assert len(games) == 10 and len(set(cells)) == 8  # 2 scenarios x 4 ordered pairings
    assert {c: cells.count(c) for c in cells}[("a.yaml", "random", "random")] == 2  # the first cells: +1
    assert [g.seed for g in games[:8]] == [0] * 8 and [g.seed for g in games[8:]] == [1, 1]


@pytest.fixture(scope="module")
def sample() -> Game:
    return Game.load(SAMPLE)


def test_a_copy_of_the_play_plays_on_as_the_play_does(sample: Game) -> None:
    play = Play(sample, 7)
    rng = random.Random(7)
    for _ in range(150):
        play.apply(rng.choice(play.legal_actions()))
    before, logged = play.digest(), len(play.log)
    copied = fork(play)
    # the copy goes its own way first: the play is left as it was
    other = random.Random(99)
    for _ in range(40):
        copied.apply(other.choice(copied.legal_actions()))
    assert play.digest() == before and len(play.log) == logged
    copied = fork(play)
    same = random.Random(8)
    again = random.Random(8)
    while play.decision is not None:
        legal = play.legal_actions()
        assert copied.legal_actions() == legal
        play.apply(same.choice(legal))
        copied.apply(again.choice(legal))
    assert copied.digest() == play.digest() and copied.log == play.log


def test_a_failing_game_names_its_seed_and_writes_a_replayable_log(
    sample: Game, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A check that fails after the 30th action: the failure names the game and that action,
    gives the `uo play` command, and writes the game's log, which `uo replay` accepts."""
    from engine.rules import registry

    real = registry.invariants_of(sample.rules)
    seen = []

    def breaks_at_30(play: Play) -> None:
        real(play)
        seen.append(1)
        if len(seen) == 30:
            raise AssertionError("a broken invariant")

    monkeypatch.setattr(registry, "invariants_of", lambda name=None: breaks_at_30)
    game = SoakGame(str(SAMPLE), "random", "random", 3)
    report = play_game_checked(sample, game, 0.0, tmp_path)
    assert [f.action for f in report.failures] == [29]  # the 30th action's index
    failure = report.failures[0]
    assert "AssertionError: a broken invariant" in failure.what
    text = failure.report()
    assert "uo play " + str(SAMPLE) + " --green random --red random --seed 3 --check" in text
    assert failure.log is not None and f"uo replay {failure.log}" in text
    log = read_log(Path(failure.log))
    assert len(log.actions) == 30 and log.seed == 3 and log.players == {"green": "random", "red": "random"}
    replay(log, Path(failure.log))  # raises if the log does not replay to its final state
