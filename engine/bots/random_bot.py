"""The baseline: a uniform choice among the legal actions."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..model.scenario import Side
    from ..rules.uo.play import Play


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)  # its own: never the game's dice

    def choose(self, play: Play, side: Side) -> Any:
        actions = play.legal_actions()
        if not actions:
            raise ValueError(f"{side} has no legal action to choose from")
        return self.rng.choice(actions)
