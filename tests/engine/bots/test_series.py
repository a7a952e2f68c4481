"""Series of bot games (engine/bots/series.py): results per seed, tallies and the interval
a series gives a win rate."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots.series import GameResult, Tally, play_one, play_series
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def _result(winner: str | None, green: int = 0, red: int = 0) -> GameResult:
    return GameResult(0, winner, None, {"green": green, "red": red}, 100, 8)


def test_tally_counts_wins_points_and_lengths() -> None:
    tally = Tally()
    for result in (_result("red", 0, 3), _result("red", 1, 4), _result(None, 2, 1), _result("green", 5, 0)):
        tally.add(result)
    assert tally.games == 4
    assert tally.wins == {"green": 1, "red": 2, "undecided": 1}
    assert tally.points == {"green": 8, "red": 8}
    assert tally.share("red") == 0.5
    assert tally.actions == 400 and tally.turns == 32


def test_the_interval_narrows_with_the_number_of_games() -> None:
    """The Wilson interval: 14 of 20 and 140 of 200 are both 70%, but only the longer
    series says the rate is above 63%."""
    short, long = Tally(), Tally()
    for tally, n in ((short, 20), (long, 200)):
        for i in range(n):
            tally.add(_result("green" if i < n * 7 // 10 else "red"))
    low_s, high_s = short.interval("green")
    low_l, high_l = long.interval("green")
    assert low_s < low_l < 0.7 < high_l < high_s
    assert low_l == pytest.approx(0.633, abs=0.005)
    assert Tally().interval("green") == (0.0, 1.0)
    everyone = Tally()
    everyone.add(_result("green"))
    assert everyone.interval("green")[1] == 1.0


def test_a_series_plays_each_seed_once_in_order() -> None:
    game = Game.load(SCENARIO)
    results = list(play_series(game, SCENARIO, "random", "random", range(3, 5)))
    assert [r.seed for r in results] == [3, 4]
    assert results[0] == play_one(game, "random", "random", 3)
    assert all(r.error is None and r.actions > 0 and r.turns == game.scenario.turns for r in results)
