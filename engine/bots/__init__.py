"""Bots that play the rules engine: a uniform random baseline and a heuristic player; each
gets its side's briefing, then the observations and the legal actions, never the play state
(DESIGN.md, `uo play`)."""

from __future__ import annotations

from .base import Bot, BotFactory
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}

#: the bots of the other rule sets, by rule set name ("urban-operations" plays BOTS)
RULE_SET_BOTS: dict[str, str] = {"urban-battle": "engine.bots.ub:BOTS"}


def bots_for(rules: str) -> dict[str, BotFactory]:
    """The bots that play the rule set called `rules`, by name."""
    target = RULE_SET_BOTS.get(rules)
    if target is None:
        return BOTS
    from importlib import import_module

    module, _, attribute = target.partition(":")
    found: dict[str, BotFactory] = getattr(import_module(module), attribute)
    return found


__all__ = ["BOTS", "RULE_SET_BOTS", "Bot", "BotFactory", "HeuristicBot", "RandomBot", "SearchBot", "bots_for"]
