"""Bots that play the rules engine: a uniform random baseline and a heuristic player; each
gets its side's briefing, then the observations and the legal actions, never the play state
(DESIGN.md, `uo play`)."""

from __future__ import annotations

from .base import Bot, BotFactory
from .heuristic import HeuristicBot
from .random_bot import RandomBot

BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "Bot", "BotFactory", "HeuristicBot", "RandomBot"]
