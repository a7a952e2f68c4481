"""Bot against bot: play a game to its end, and the log document `uo play` writes and
`uo replay` checks (DESIGN.md, "The `uo` command")."""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..model.scenario import Side
from ..rules.uo.game import Game
from ..rules.uo.play import Play
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
    """Play from set-up to the end: ask the side to decide, apply its choice; `check`
    (invariants, in tests) runs after every action."""
    play = Play(game, seed)
    bots = {Side.green: green, Side.red: red}
    count = 0
    while (side := play.decider) is not None:
        if count >= max_actions:
            raise GameTooLong(
                f"{game.scenario.id}, seed {seed}: no end after {max_actions} actions "
                f"(turn {play.state.turn}, {play.state.phase}, {side} to decide)"
            )
        play.apply(bots[side].choose(play, side))
        count += 1
        if check is not None:
            check(play)
    return play


def _canonical(value: Any) -> Any:
    """Plain JSON values in a fixed order: sets sorted, enums by value."""
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, dict):
        return {str(_canonical(k)): _canonical(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        items = [_canonical(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def canonical_state(state: Any) -> dict[str, Any]:
    out = _canonical(state)
    assert isinstance(out, dict)
    return out


def _sha(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def state_digest(state: Any) -> str:
    """sha256 of the state's canonical JSON: equal states, equal digests."""
    return _sha(canonical_state(state))


def state_parts(state: Any) -> dict[str, str]:
    """Digests of the state's parts (each field, each block), to say where two final states
    differ."""
    data = canonical_state(state)
    parts = {key: _sha(value) for key, value in data.items() if key != "blocks"}
    parts.update({f"blocks.{bid}": _sha(value) for bid, value in data.get("blocks", {}).items()})
    return parts


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


def make_bot(name: str, seed: int, side: Side) -> Bot:
    from . import BOTS

    return BOTS[name](bot_seed(seed, side))
