"""How the worker processes of a series of games start, and how each gets its game
(`uo play --games K --jobs J`, `uo balance --jobs J`, the editor's balance dialog).

Where it is safe, workers are forked: they start at once with the parent's game already
loaded (scenario validated, battlefield compiled, LOS table built or read from the disk
cache), shared copy-on-write, so two workers play close to twice the games of one. Forking is
safe on Linux when this process runs one thread and has not loaded Qt (the CLI); the editor's
balance dialog runs its series from a Qt thread, so its workers are spawned: each imports the
engine and loads the scenario itself, the battlefield and its LOS table from the disk cache
(battlefield/store.py), never compiled again.

Games are handed out one at a time as workers free up (chunks of 1, results taken as they
end and put back in seed order here: `in_seed_order`), so the tail where one worker plays
alone is at most one game. How long a game will be is not known beforehand (a random
series' games and a heuristic one's differ by 2x from seed to seed), so there is no longest
first. Every worker starts at once: the parent plays no game of its own (it only gathers
results) and nothing is worked out again per worker but the few bot tables a first game
fills (bots/map_tables.py: about 0.1 s of CPU in a 1.3 s heuristic game on the sample,
measured). A first game played here before forking, for the workers to inherit those tables
warm, kept the other core idle for that whole game to save each worker the 0.1 s.

The rules' EP rows (movement.ep_from: every location within the EP horizon of a location,
asked for ranges, effects and contacts at every action) are worked out lazily by whoever asks
first; two workers would each work out the rows their games need again (a few ms a row, about
a fifth of a series' time on the sample). Before forking, the whole table is read from the
disk cache (`store.kept`, keyed like the battlefield), or built once there, in the series'
processes, and stored: every worker inherits all rows, and spawned workers read them.
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from multiprocessing.context import BaseContext
from multiprocessing.pool import Pool
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from ..battlefield import Battlefield
    from ..rules.uo.game import Game

T = TypeVar("T")


def may_fork() -> bool:
    """Whether worker processes may be forked from this one (see the module's docstring)."""
    return (
        sys.platform.startswith("linux")
        and threading.active_count() == 1
        and not any(name.split(".")[0] in ("PySide6", "shiboken6") for name in sys.modules)
    )


def context() -> BaseContext:
    return multiprocessing.get_context("fork" if may_fork() else "spawn")


def source(game: Game | None, scenario: str | Path, ctx: BaseContext, jobs: int = 1) -> Game | str:
    """What a worker's initializer gets: the loaded game when the workers are forked (they
    inherit it, nothing is pickled), else the scenario's path (each loads it). Forked, the
    battlefield's LOS table and EP rows are made here first (the rows built by `jobs`
    processes when the disk cache has none)."""
    if game is not None and ctx.get_start_method() == "fork":
        battlefield = getattr(game, "battlefield", None)  # a square board (Urban Battle) has no LOS table
        if battlefield is not None:
            battlefield.los_table  # noqa: B018  (built or read once, here, for every worker)
            ep_rows(battlefield, ctx, jobs)
        return game
    return str(scenario)


def pool(ctx: BaseContext, jobs: int, initializer: Callable[..., None], given: Game | str) -> Pool:
    """The worker processes of a series. Forked, they start with what this process holds
    frozen for the cyclic collector (gc.freeze): a full collection in a worker then walks only
    what the worker made, not the inherited game (0.04 s each, and it wrote to every object's
    header, copying the pages the workers shared); this process unfreezes once they are
    started. (A process that froze objects itself keeps them as it froze them.)"""
    freeze = ctx.get_start_method() == "fork" and gc.get_freeze_count() == 0
    if freeze:
        gc.freeze()
    try:
        return ctx.Pool(jobs, initializer=initializer, initargs=(given,))
    finally:
        if freeze:
            gc.unfreeze()


def in_seed_order(results: Iterable[T], seeds: Sequence[int], seed_of: Callable[[T], int]) -> Iterator[T]:
    """The results of `seeds` (taken as the games end, in any order) in seed order: each is
    given as soon as every earlier seed's is, the later ones kept meanwhile. A series'
    figures depend on that order only, never on which worker was faster."""
    position = {seed: i for i, seed in enumerate(seeds)}
    waiting: dict[int, T] = {}
    next_index = 0
    for result in results:
        waiting[position[seed_of(result)]] = result
        while next_index in waiting:
            yield waiting.pop(next_index)
            next_index += 1


#: the disk cache's name for the rules' EP rows of a battlefield
EP_ROWS = "ep-rows"
#: maps with more locations keep their EP rows lazy: every row is about 27 KB in memory (the
#: sample's 1,048 rows: 28 MB), so a 16-sheet map's 19,000 would be 500 MB and a minute to
#: build, where a game asks for a few thousand
EP_ROWS_MAX_LOCATIONS = 4096


def ep_rows(bf: Battlefield, ctx: BaseContext | None = None, jobs: int = 1, build: bool = True) -> None:
    """Fill the battlefield's EP rows (movement.ep_from's table) from the disk cache, else,
    with `build`, work them all out (in `jobs` forked processes when given a fork context)
    and store them. Rows are the same whoever works them out (the same search on the same
    map): results do not change, only who pays for them. Nothing is done with the cache off
    or on a map beyond EP_ROWS_MAX_LOCATIONS (the rows stay lazy, as a single game wants
    them)."""
    from ..battlefield import store
    from ..battlefield.movement import ep_from

    table: dict[int, dict[str, int]] = bf.derived(ep_from, dict)  # movement.ep_from's own table
    if not store.enabled() or len(table) == len(bf.locations) or len(bf.locations) > EP_ROWS_MAX_LOCATIONS:
        return
    if build:
        rows = store.kept(bf, EP_ROWS, lambda: _all_rows(bf, ctx, jobs))
    else:
        rows = store.stored(bf, EP_ROWS)
        if not isinstance(rows, dict):
            return
    for i, row in rows.items():
        table.setdefault(i, row)


def _all_rows(bf: Battlefield, ctx: BaseContext | None, jobs: int) -> dict[int, dict[str, int]]:
    from ..battlefield.movement import ep_from

    n = len(bf.locations)
    if jobs > 1 and ctx is not None and ctx.get_start_method() == "fork" and n > 1:
        global _ROWS_OF
        _ROWS_OF = bf  # inherited by the forked builders
        try:
            with ctx.Pool(jobs) as pool:
                parts = pool.map(_rows, [range(k, n, jobs) for k in range(jobs)])
        finally:
            _ROWS_OF = None
        got = {i: row for part in parts for i, row in part}
        # the ids as the battlefield's own strings (one copy of each in memory, as ep_from's)
        ids = {loc.id: loc.id for loc in bf.locations}
        return {i: {ids.get(k, k): d for k, d in got[i].items()} for i in range(n)}
    return {i: ep_from(bf, bf.locations[i].id) for i in range(n)}


_ROWS_OF: Battlefield | None = None


def _rows(indexes: range) -> list[tuple[int, dict[str, int]]]:
    from ..battlefield.movement import ep_from

    bf = _ROWS_OF
    assert bf is not None
    return [(i, ep_from(bf, bf.locations[i].id)) for i in indexes]


def load(given: Game | str) -> Game:
    """A worker's game: the one it inherited, or its scenario loaded (through the disk cache)."""
    if not isinstance(given, str):
        return given
    from ..io.files import load_document
    from ..rules.registry import rule_set

    # the rule set the scenario names (`rules:`), as `uo play` chose it
    rules = getattr(load_document(Path(given)).model, "rules", None)
    game: Any = rule_set(rules if isinstance(rules, str) else None).load(Path(given))
    battlefield = getattr(game, "battlefield", None)
    if battlefield is not None:
        ep_rows(battlefield, build=False)  # the parent stored them (source), when it could
    return game
