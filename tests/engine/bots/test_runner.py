"""The runner (engine/bots/runner.py): a bot that chooses without its observation (the
random bot, `blind`) is handed None, and no observation is built for it (issue 14: a fifth
of a random game's time); the games are those it played when it was handed one. Nor is one
built for a bot that takes a sole legal action unseen (`takes_sole_action`: the heuristic
bot). The cyclic collector's threshold is raised while a game is played, then put back."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from engine.bots import RandomBot
from engine.bots.base import blind, takes_sole_action
from engine.bots.runner import GC_THRESHOLD, bot_seed, play_game
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


class SoleSeeing(Seeing):
    """A seeing random bot that takes a sole legal action itself, without a draw."""

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        assert observation is not None
        return actions[0] if len(actions) == 1 else self.bot.choose(observation, actions)


class SoleTaker(SoleSeeing):
    """The same bot, saying so: the runner then takes a sole action for it."""

    takes_sole_action = True

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        assert len(actions) > 1, "a sole legal action was handed to a bot that takes it unseen"
        return super().choose(observation, actions)


def test_14_a_sole_action_is_taken_for_a_bot_that_takes_it_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.load(SCENARIO)
    seed = 3
    assert takes_sole_action(SoleTaker(0)) and not takes_sole_action(SoleSeeing(0))
    seen = play_game(game, SoleSeeing(bot_seed(seed, Side.green)), SoleSeeing(bot_seed(seed, Side.red)), seed)
    built = 0
    observation = Play.observation

    def counted(self: Play, side: Side) -> Any:
        nonlocal built
        built += 1
        return observation(self, side)

    monkeypatch.setattr(Play, "observation", counted)
    played = play_game(game, SoleTaker(bot_seed(seed, Side.green)), SoleTaker(bot_seed(seed, Side.red)), seed)
    assert played.log == seen.log and played.digest() == seen.digest()
    assert 0 < built < len(played.log)


def test_14_the_collector_threshold_is_put_back_after_a_game() -> None:
    game = Game.load(SCENARIO)
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []

    def check(play: Play) -> None:
        seen.append(gc.get_threshold())

    play_game(game, RandomBot(None, 1), RandomBot(None, 2), 5, check)
    assert gc.get_threshold() == before
    assert seen and seen[0][0] >= GC_THRESHOLD
