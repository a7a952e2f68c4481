"""Bots for Urban Battle: the uniform random baseline and a heuristic player."""

from __future__ import annotations

from ..base import BotFactory
from ..random_bot import RandomBot
from .heuristic import UbHeuristicBot

BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": UbHeuristicBot}

__all__ = ["BOTS", "UbHeuristicBot"]
