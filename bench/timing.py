"""Small timing helpers: best-of-N wall time, printed with units."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_of(fn: Callable[[], Any], repeat: int = 5, number: int = 1) -> float:
    """Best mean seconds per call over `repeat` rounds of `number` calls."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        best = min(best, (time.perf_counter() - t0) / number)
    return best


def fmt(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    if seconds < 1:
        return f"{seconds * 1e3:8.2f} ms"
    return f"{seconds:8.2f} s "


def row(label: str, seconds: float, note: str = "") -> None:
    print(f"  {label:<52} {fmt(seconds)}  {note}")
