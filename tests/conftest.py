"""Shared fixtures: paths of the bundled samples."""

from __future__ import annotations

import gc
import os
import shutil
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Compiled battlefields and LOS tables (engine/battlefield/store.py) go to one folder for the
# whole run, never the user's cache: the many tests that load the sample pay its LOS table
# once, and the commands the tests start (subprocesses inherit it) share it too.
_STORE = tempfile.mkdtemp(prefix="uo-test-cache-")
os.environ["UO_CACHE_DIR"] = _STORE
os.environ.pop("UO_CACHE", None)


#: the modules that take longest (tens of seconds of wall time each on a loaded machine), run
#: first: `-n 2 --dist worksteal` hands each worker half of the list in order and lets an idle
#: worker take queued tests, never a running one, so a long test near the end of the list
#: kept one core busy alone at the end of the run
LONGEST_FIRST = (
    "tests/engine/rules/uo/test_random_games.py",
    "tests/test_code_quality.py",
    "tests/editor/balance/test_dialog.py",
    "tests/engine/io/test_hostile_input.py",
    "tests/engine/test_hostile_corpus.py",
    "tests/engine/rules/uo/test_advanced_sample.py",
    "tests/editor/play/test_play_window.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {module: i for i, module in enumerate(LONGEST_FIRST)}
    # a stable sort: each module's tests stay together and in their order
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection imported (Qt, pydantic, the engine, every test module) lives as long as
    the process: frozen out of the cyclic collector (gc.freeze), so that no collection during
    the tests walks it again (tests/editor/conftest.py freezes more around each GUI test)."""
    gc.collect()
    gc.freeze()


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_STORE, ignore_errors=True)


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sample_sheet_path() -> Path:
    return ROOT / "maps" / "A-harbour.yaml"


@pytest.fixture(scope="session")
def sample_scenario_path() -> Path:
    return ROOT / "scenarios" / "harbour-crossing.yaml"
