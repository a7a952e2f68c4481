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
