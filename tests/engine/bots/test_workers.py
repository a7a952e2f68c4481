"""Worker processes of a series (engine/bots/workers.py, issue 14 "--jobs 2"): forked with the
parent's loaded game where that is safe, spawned otherwise, the same results either way."""

from __future__ import annotations

import sys
import threading
import types
from pathlib import Path

import pytest

from engine.bots import series, workers
from engine.bots.series import play_one, play_series
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux only")
def test_workers_fork_only_from_one_thread_without_qt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert workers.may_fork() == ("PySide6" not in sys.modules)
    monkeypatch.setitem(sys.modules, "PySide6", types.ModuleType("PySide6"))
    assert not workers.may_fork()  # the editor: its workers are spawned
    monkeypatch.delitem(sys.modules, "PySide6")
    monkeypatch.setattr(threading, "active_count", lambda: 2)
    assert not workers.may_fork()  # a thread could hold a lock the child would inherit
    assert workers.context().get_start_method() == "spawn"


def test_a_forked_worker_gets_the_loaded_game_a_spawned_one_the_path() -> None:
    import multiprocessing

    game = Game.load(SCENARIO)
    given = workers.source(game, SCENARIO, multiprocessing.get_context("fork"))
    assert given is game and "los_table" in vars(game.battlefield)  # built once, before forking
    assert workers.source(game, SCENARIO, multiprocessing.get_context("spawn")) == str(SCENARIO)
    assert workers.load(given) is game
    assert workers.load(str(SCENARIO)).digest() == game.digest()


@pytest.mark.parametrize("fork", [True, False])
def test_two_workers_give_the_games_of_one_process(fork: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if fork and not sys.platform.startswith("linux"):
        pytest.skip("fork is used on Linux only")
    monkeypatch.setattr(workers, "may_fork", lambda: fork)
    game = Game.load(SCENARIO)
    seeds = range(7, 10)
    here: list[int] = []  # games played in this process (a forked worker counts in its own copy)

    def counted(*args: object, **kwargs: object) -> object:
        here.append(1)
        return play_one(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(series, "play_one", counted)
    played = list(play_series(game, SCENARIO, "random", "random", seeds, jobs=2))
    # every game in a worker: the parent plays none of its own before forking (workers.py)
    assert here == []
    assert played == [play_one(game, "random", "random", seed) for seed in seeds]


def test_results_come_back_in_seed_order_as_soon_as_they_can() -> None:
    """Games end in any order (imap_unordered): a result is given once every earlier seed's
    is, so a series' figures are the same whichever worker was faster."""
    ended: list[int] = []

    def as_they_end() -> object:
        for seed in (12, 10, 13, 11, 14):
            ended.append(seed)
            yield seed

    given = []
    for seed in workers.in_seed_order(as_they_end(), range(10, 15), lambda s: s):
        given.append((seed, len(ended)))
    # 10 as soon as it ended (second), 11 once it ended (fourth), with 12 and 13 kept till then
    assert given == [(10, 2), (11, 4), (12, 4), (13, 4), (14, 5)]


def test_a_spawned_worker_reads_the_battlefield_from_the_disk_cache_never_compiles(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A spawned worker (the editor's balance dialog) starts with a fresh process: its game's
    battlefield and LOS table come from the disk cache the parent filled, not compiled."""
    from engine.battlefield import compile as compiler
    from engine.battlefield import los_table as tables

    parent = Game.load(SCENARIO)  # fills the disk cache, as the parent of a series does
    parent.battlefield.los_table  # noqa: B018
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())  # a new process' memory

    def no_compile(*_args: object, **_kwargs: object) -> object:
        raise AssertionError("a worker compiled the battlefield again")

    monkeypatch.setattr(compiler, "compile_sheets", no_compile)
    monkeypatch.setattr(tables.LosTable, "__init__", no_compile)
    game = workers.load(str(SCENARIO))
    assert game.battlefield is not parent.battlefield
    assert game.battlefield.digest == parent.battlefield.digest
    assert game.battlefield.los_table.clear("A0505", "A0506") == parent.battlefield.los_table.clear(
        "A0505", "A0506"
    )


def _fresh_rows(bf: object) -> dict[int, dict[str, int]]:
    from engine.battlefield.movement import EP_HORIZON, within_ep

    return {loc.index: within_ep(bf, loc.id, EP_HORIZON) for loc in bf.locations}  # type: ignore[attr-defined]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux only")
def test_forked_workers_inherit_every_ep_row_built_once_in_parallel_and_stored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 14 "--jobs 2 >= 1.7x": each worker worked out again the EP rows its games needed;
    now the parent has them all (built by the series' processes when the disk cache has none,
    else read from it) before forking, the same rows in the same order as ep_from's."""
    import multiprocessing

    from engine.battlefield import compile as compiler
    from engine.battlefield import store
    from engine.battlefield.compile import compile_file
    from engine.battlefield.movement import ep_from

    monkeypatch.setenv("UO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("UO_CACHE", raising=False)
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())
    sewers = ROOT / "maps" / "U-sewers.yaml"
    bf = compile_file(sewers, stored=True)
    workers.ep_rows(bf, multiprocessing.get_context("fork"), jobs=2)
    table = bf.derived(ep_from, dict)
    fresh = _fresh_rows(bf)
    assert table == fresh and all(list(table[i].items()) == list(fresh[i].items()) for i in fresh)
    assert isinstance(store.stored(bf, workers.EP_ROWS), dict)

    # another process (a spawned worker) reads them without building
    compiler._CACHE.clear()
    again = compile_file(sewers, stored=True)
    assert again is not bf
    monkeypatch.setattr(workers, "_all_rows", lambda *a: pytest.fail("built again"))
    workers.ep_rows(again, build=False)
    assert again.derived(ep_from, dict) == fresh


def test_without_the_disk_cache_the_ep_rows_stay_lazy(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.battlefield import compile as compiler
    from engine.battlefield.compile import compile_file
    from engine.battlefield.movement import ep_from

    monkeypatch.setenv("UO_CACHE", "off")
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())
    bf = compile_file(ROOT / "maps" / "U-sewers.yaml")
    workers.ep_rows(bf, None, jobs=2)
    assert bf.derived(ep_from, dict) == {}


def test_a_map_too_big_to_hold_every_ep_row_keeps_them_lazy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every EP row of a 16-sheet map would be some 500 MB: beyond EP_ROWS_MAX_LOCATIONS a
    series leaves them to be worked out as its games ask."""
    from engine.battlefield import compile as compiler
    from engine.battlefield.compile import compile_file
    from engine.battlefield.movement import ep_from

    monkeypatch.setenv("UO_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("UO_CACHE", raising=False)
    monkeypatch.setattr(compiler, "_CACHE", type(compiler._CACHE)())
    bf = compile_file(ROOT / "maps" / "U-sewers.yaml", stored=True)
    monkeypatch.setattr(workers, "EP_ROWS_MAX_LOCATIONS", len(bf.locations) - 1)
    workers.ep_rows(bf)
    assert bf.derived(ep_from, dict) == {}


def _started(given: object) -> None:
    """A worker's initializer that does nothing."""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork is used on Linux only")
def test_forked_workers_hold_the_parents_objects_frozen_for_the_collector() -> None:
    """A worker's full collection walks only what the worker made, not the inherited game
    (nor writes to its objects' headers, copying the shared pages); this process unfreezes
    once the workers are started."""
    import gc
    import multiprocessing

    before = gc.get_freeze_count()
    with workers.pool(multiprocessing.get_context("fork"), 1, _started, "given") as pool:
        frozen_there = pool.apply(gc.get_freeze_count)
    # (a process that froze objects itself, as the GUI tests do, keeps them as they are)
    assert frozen_there > 0 and gc.get_freeze_count() == before
