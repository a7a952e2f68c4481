"""Balance dialog GUI tests run offscreen and fail on any Qt warning (as tests/editor's do)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.qt_log_level_fail("WARNING"))
            # what the offscreen platform plugin says for every top-level window and popup menu
            item.add_marker(
                pytest.mark.qt_log_ignore(
                    "does not support propagateSizeHints",
                    "does not support raise",
                    "does not support grabbing the keyboard",
                )
            )
