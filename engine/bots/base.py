"""What a bot is: a player built with its side's briefing that chooses among the legal
actions, seeing only its side's observation (engine/rules/ruleset.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol


class Bot(Protocol):
    """A player of one side for one game. Built with the side's briefing and a seed;
    `choose` returns one of `actions` (the play's legal actions, its decision) from the
    side's `observation`. A bot keeps its own random generator: the game's RNG is for the
    dice only, so a bot's choices never change the rolls a replay expects."""

    name: str

    def choose(self, observation: Any, actions: list[Any]) -> Any: ...


def blind(bot: object) -> bool:
    """Whether `bot` chooses without looking at its observation (a class attribute
    `blind = True`: the random bot): the runner then hands it None rather than build an
    observation it never reads (a fifth of a random game's time)."""
    return getattr(bot, "blind", False) is True


def takes_sole_action(bot: object) -> bool:
    """Whether `bot`, offered a single legal action, takes it without looking at its
    observation (a class attribute `takes_sole_action = True`: the heuristic bot): the
    runner then applies that action itself and builds no observation (a tenth of the
    heuristic bot's decisions have one legal action)."""
    return getattr(bot, "takes_sole_action", False) is True


#: how a bot is built: (briefing, seed) -> bot
BotFactory = Callable[[Any, int], Bot]
