"""How the worker processes of a series of games start, and how each gets its game
(`uo play --games K --jobs J`, `uo balance --jobs J`, the editor's balance dialog).

Where it is safe, workers are forked: they start at once with the parent's game already
loaded (scenario validated, battlefield compiled, LOS table built or read from the disk
cache), shared copy-on-write, so two workers play close to twice the games of one. Forking is
safe on Linux when this process runs one thread and has not loaded Qt (the CLI); the editor's
balance dialog runs its series from a Qt thread, so its workers are spawned: each imports the
engine and loads the scenario itself, the battlefield and its LOS table from the disk cache
(battlefield/store.py), never compiled again.
"""

from __future__ import annotations

import multiprocessing
import sys
import threading
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules.uo.game import Game


def may_fork() -> bool:
    """Whether worker processes may be forked from this one (see the module's docstring)."""
    return (
        sys.platform.startswith("linux")
        and threading.active_count() == 1
        and not any(name.split(".")[0] in ("PySide6", "shiboken6") for name in sys.modules)
    )


def context() -> BaseContext:
    return multiprocessing.get_context("fork" if may_fork() else "spawn")


def source(game: Game | None, scenario: str | Path, ctx: BaseContext) -> Game | str:
    """What a worker's initializer gets: the loaded game when the workers are forked (they
    inherit it, nothing is pickled), else the scenario's path (each loads it)."""
    if game is not None and ctx.get_start_method() == "fork":
        battlefield = getattr(game, "battlefield", None)  # a square board (Urban Battle) has no LOS table
        if battlefield is not None:
            battlefield.los_table  # noqa: B018  (built or read once, here, for every worker)
        return game
    return str(scenario)


def load(given: Game | str) -> Game:
    """A worker's game: the one it inherited, or its scenario loaded (through the disk cache)."""
    if not isinstance(given, str):
        return given
    from ..io.files import load_document
    from ..rules.registry import rule_set

    # the rule set the scenario names (`rules:`), as `uo play` chose it
    rules = getattr(load_document(Path(given)).model, "rules", None)
    game: Any = rule_set(rules if isinstance(rules, str) else None).load(Path(given))
    return game
