"""Bot against bot: play a game to its end, and the log document `uo play` writes and
`uo replay` checks (DESIGN.md, "The `uo` command")."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..model.scenario import Side
from ..rules.digest import state_digest, state_parts
from ..rules.uo.game import Game
from ..rules.uo.play import Play
from ..rules.uo.ruleset import URBAN_OPERATIONS
from .base import Bot

LOG_SCHEMA = "uo-log/1"
#: keys a log document must have
LOG_KEYS = ("schema", "scenario", "seed", "green", "red", "actions", "final")


class GameTooLong(RuntimeError):
    """A game went on past its action budget: every game must end."""


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
    play = URBAN_OPERATIONS.start(game, seed)
    bots = {Side.green: green, Side.red: red}
    count = 0
    while (decision := play.decision) is not None:
        side = decision.side
        if count >= max_actions:
            raise GameTooLong(
                f"{game.scenario.id}, seed {seed}: no end after {max_actions} actions "
                f"(turn {play.state.turn}, {play.state.phase}, {side} to decide)"
            )
        play.apply(bots[side].choose(play.observation(side), play.legal_actions()))
        count += 1
        if check is not None:
            check(play)
    return play


def log_document(
    play: Play,
    scenario_path: str | os.PathLike[str],
    green_name: str,
    red_name: str,
    log_path: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """The game as a document: scenario, seed, bots, every action, and the final state's
    digest. With `log_path`, the scenario is written relative to the log's folder, so the
    two can move together."""
    scenario = str(scenario_path)
    if log_path is not None:
        try:
            scenario = os.path.relpath(Path(scenario_path).resolve(), Path(log_path).resolve().parent)
        except ValueError:  # another drive (Windows): keep it absolute
            scenario = str(Path(scenario_path).resolve())
        scenario = Path(scenario).as_posix()
    return {
        "schema": LOG_SCHEMA,
        "scenario": scenario,
        "seed": play.seed,
        "green": green_name,
        "red": red_name,
        "actions": play.log,
        "final": state_digest(play.state),
        "final_parts": state_parts(play.state),
    }


def dump_log(doc: dict[str, Any]) -> str:
    """The log document as JSON text, one action a line: diffable, and readable enough."""
    head = {k: v for k, v in doc.items() if k != "actions"}
    lines = [f" {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in head.items()]
    actions = ",\n".join(f"  {json.dumps(a, sort_keys=True)}" for a in doc.get("actions", []))
    lines.append(f' "actions": [\n{actions}\n ]')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def bot_seed(seed: int, side: Side) -> int:
    """A bot's own seed from the game's: the two sides never share a random stream."""
    return seed * 2 + (1 if side == Side.red else 0)


def make_bot(name: str, game: Game, seed: int, side: Side) -> Bot:
    """The bot called `name` for `side` in `game`, with its briefing and its own seed."""
    from . import BOTS

    return BOTS[name](URBAN_OPERATIONS.briefing(game, side), bot_seed(seed, side))
