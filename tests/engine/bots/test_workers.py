"""Worker processes of a series (engine/bots/workers.py, issue 14 "--jobs 2"): forked with the
parent's loaded game where that is safe, spawned otherwise, the same results either way."""

from __future__ import annotations

import sys
import threading
import types
from pathlib import Path

import pytest

from engine.bots import workers
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
    played = list(play_series(game, SCENARIO, "random", "random", seeds, jobs=2))
    assert played == [play_one(game, "random", "random", seed) for seed in seeds]


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
