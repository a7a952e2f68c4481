"""Counting the designer's input in a GUI test: a stand-in for pytest-qt's `qtbot` that
passes every call on and counts mouse clicks (a press-drag-release is one), and key
presses (each typed character is one). Drops onto the map or the tree are counted by the
test with `dropped()`, as a drag the user makes once."""

from __future__ import annotations

import time
from typing import Any


class CountedInput:
    def __init__(self, qtbot: Any):
        self.qtbot = qtbot
        self.clicks = 0
        self.keys = 0
        self.started = time.perf_counter()

    def mouseClick(self, *args: Any, **kwargs: Any) -> None:
        self.clicks += 1
        self.qtbot.mouseClick(*args, **kwargs)

    def mouseDClick(self, *args: Any, **kwargs: Any) -> None:
        self.clicks += 1
        self.qtbot.mouseDClick(*args, **kwargs)

    def mousePress(self, *args: Any, **kwargs: Any) -> None:
        self.clicks += 1  # a drag: press, moves, release
        self.qtbot.mousePress(*args, **kwargs)

    def keyClick(self, *args: Any, **kwargs: Any) -> None:
        self.keys += 1
        self.qtbot.keyClick(*args, **kwargs)

    def keyClicks(self, widget: Any, text: str, *args: Any, **kwargs: Any) -> None:
        self.keys += len(text)
        self.qtbot.keyClicks(widget, text, *args, **kwargs)

    def focus(self, widget: Any) -> None:
        """A widget given the keyboard focus, as a click on it would (a combo box is
        driven by keys once focused: a click would open its list)."""
        self.clicks += 1
        widget.setFocus()

    def dropped(self) -> None:
        """A block dragged from the tree and dropped (QDrag's own loop is not drivable)."""
        self.clicks += 1

    def seconds(self) -> float:
        return time.perf_counter() - self.started

    def __getattr__(self, name: str) -> Any:  # waitUntil, waitSignal, mouseMove ...
        return getattr(self.qtbot, name)
