"""Bot against bot: play a game to its end. The game's log, as `uo play` writes it and
`uo replay` checks it, is engine/rules/log.py's."""

from __future__ import annotations

import gc
from collections.abc import Callable
from typing import Any

from ..model.scenario import Side
from ..rules.registry import rule_set
from ..rules.uo.game import Game
from ..rules.uo.play import Play
from .base import Bot, blind, takes_sole_action


class GameTooLong(RuntimeError):
    """A game went on past its action budget: every game must end."""


class NoLegalAction(RuntimeError):
    """A decision with nothing to choose from: until a game is over the rules always leave
    the side to decide at least one legal action."""


def play_game(
    game: Game,
    green: Bot,
    red: Bot,
    seed: int,
    check: Callable[[Play], None] | None = None,
    max_actions: int = 20000,
) -> Play:
    """Play from set-up to the end through the rule-set interface: the side whose decision
    it is chooses from its observation and the legal actions, and its choice is applied;
    `check` (invariants, in tests) runs after every action."""
    # a game's containers are nearly all freed by reference counting, yet at the default
    # first-generation threshold (700) the cyclic collector ran ~100 times a heuristic game,
    # ~9 of them through the older generations (the game's map and LOS tables): raised while
    # the game is played (3 collections a game), put back as it was when it ends
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], GC_THRESHOLD), *thresholds[1:])
    try:
        return _play(game, green, red, seed, check, max_actions)
    finally:
        gc.set_threshold(*thresholds)


#: the cyclic collector's first-generation threshold while a game is played
GC_THRESHOLD = 20000


def _play(
    game: Game,
    green: Bot,
    red: Bot,
    seed: int,
    check: Callable[[Play], None] | None,
    max_actions: int,
) -> Play:
    """play_game's loop."""
    # the game's own rule set (Urban Operations' Play, or another rule set's state)
    play: Any = rule_set(game.rules).start(game, seed)
    bots = {Side.green: green, Side.red: red}
    count = 0
    while (decision := play.decision) is not None:
        side = decision.side
        if count >= max_actions:
            raise GameTooLong(
                f"{game.scenario_id}, seed {seed}: no end after {max_actions} actions "
                f"(turn {play.state.turn}, {getattr(play.state, 'phase', '')}, {side} to decide)"
            )
        bot = bots[side]
        actions = play.legal_actions()
        if not actions:
            raise NoLegalAction(
                f"{game.scenario_id}, seed {seed}: {side} has no legal action after {count} actions "
                f"(turn {play.state.turn}, {getattr(play.state, 'phase', '')})"
            )
        if len(actions) == 1 and takes_sole_action(bot):
            play.apply(actions[0])
        else:
            play.apply(bot.choose(None if blind(bot) else play.observation(side), actions))
        count += 1
        if check is not None:
            check(play)
    return play


def bot_seed(seed: int, side: Side) -> int:
    """A bot's own seed from the game's: the two sides never share a random stream."""
    return seed * 2 + (1 if side == Side.red else 0)


def make_bot(name: str, game: Game, seed: int, side: Side) -> Bot:
    """The bot named by the spec `name` (`NAME` or `NAME@PROFILE`, profiles.py) for `side`
    in `game`, with its briefing, its own seed and its profile if the spec gives one."""
    from . import bots_for
    from .profiles import load_profile, parse

    spec, profile = parse(name)  # "heuristic@FILE": a bot and its profile (profiles.py)
    base, _, think = spec.partition(":")  # "search:0.2s": a bot and its budget (search.py)
    factory = bots_for(game.rules)[base]
    brief = rule_set(game.rules).briefing(game, side)
    extra: dict[str, object] = {}
    if profile is not None:
        extra["profile"] = load_profile(profile)
    if getattr(factory, "simulates", False):
        # a bot that simulates plays on the game's rules (search.py: never on its hidden parts)
        extra.update(game=game, think=think or None)
    made: Bot = factory(brief, bot_seed(seed, side), **extra)
    return made
