"""The Qt binding itself must be sound: PySide6 6.12.0 under Python 3.11 dropped a reference
to None on every void call, and the editor aborted ("none_dealloc") while drawing a map.
pyproject.toml excludes that release; this test catches a build with the same fault."""

from __future__ import annotations

import sys

from PySide6.QtCore import QObject


def test_void_calls_do_not_leak_none_references() -> None:
    probe = QObject()
    before = sys.getrefcount(None)
    for _ in range(100):
        probe.setObjectName("probe")
    assert sys.getrefcount(None) - before > -10
