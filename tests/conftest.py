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
