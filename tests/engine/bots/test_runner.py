"""The runner (engine/bots/runner.py): a bot that chooses without its observation (the
random bot, `blind`) is handed None, and no observation is built for it (issue 14: a fifth
of a random game's time); the games are those it played when it was handed one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.bots import RandomBot
from engine.bots.base import blind
from engine.bots.runner import bot_seed, play_game
from engine.model.scenario import Side
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"


class Seeing:
    """A random bot that is not blind: it is handed its observation (and checks it is one)."""

    name = "random"

    def __init__(self, seed: int):
        self.bot = RandomBot(None, seed)

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        assert observation is not None
        return self.bot.choose(observation, actions)


def test_14_a_blind_bot_gets_no_observation_and_plays_the_same_game(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.load(SCENARIO)
    seed = 3
    assert blind(RandomBot(None, 0)) and not blind(Seeing(0))
    seen = play_game(game, Seeing(bot_seed(seed, Side.green)), Seeing(bot_seed(seed, Side.red)), seed)

    def no_observation(self: Play, side: Side) -> Any:
        raise AssertionError("an observation was built for a blind bot")

    monkeypatch.setattr(Play, "observation", no_observation)
    played = play_game(
        game, RandomBot(None, bot_seed(seed, Side.green)), RandomBot(None, bot_seed(seed, Side.red)), seed
    )
    assert played.log == seen.log and played.digest() == seen.digest()
