"""Shared fixtures: paths of the bundled samples."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sample_sheet_path() -> Path:
    return ROOT / "maps" / "A-harbour.yaml"


@pytest.fixture(scope="session")
def sample_scenario_path() -> Path:
    return ROOT / "scenarios" / "harbour-crossing.yaml"
