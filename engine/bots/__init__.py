"""Bots that play the rules engine: a uniform random baseline and a heuristic player that
sees only what its side may see (DESIGN.md, `uo play`)."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot"]
