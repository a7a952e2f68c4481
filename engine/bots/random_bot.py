"""The baseline: a uniform choice among the legal actions."""

from __future__ import annotations

import random
from typing import Any


class RandomBot:
    name = "random"
    #: its choice never reads the observation (base.blind)
    blind = True

    def __init__(self, briefing: Any = None, seed: int = 0):
        self.rng = random.Random(seed)  # its own: never the game's dice

    def choose(self, observation: Any, actions: list[Any]) -> Any:
        if not actions:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(actions)
