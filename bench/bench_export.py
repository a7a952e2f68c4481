"""Export times (issue 11 item 10): the sample scenario's map as PNG at 75/150/300 dpi and as
SVG, its PDF briefing pack, and the sample sheet alone; best and median of a few runs, in the
process (Qt started once), with the file sizes.

Run: `QT_QPA_PLATFORM=offscreen .venv/bin/python -m bench bench_export`.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .timing import fmt

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
REPEAT = 3


def _times(fn: Callable[[], Any], repeat: int = REPEAT) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def run() -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from editor.app import application

    application()
    from editor.export.briefing import write_pdf
    from editor.export.images import write_png, write_svg
    from editor.export.source import load_source

    t0 = time.perf_counter()
    scenario = load_source(SCENARIO)
    print(f"  {'load the scenario, its sheet and cards':<44} {fmt(time.perf_counter() - t0)}")
    sheet = load_source(SHEET)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cases: list[tuple[str, Callable[[], Any], Path]] = [
            ("sheet PNG 150 dpi", lambda: write_png(sheet, out / "s.png", 150), out / "s.png"),
            ("scenario PNG 75 dpi", lambda: write_png(scenario, out / "a.png", 75), out / "a.png"),
            ("scenario PNG 150 dpi", lambda: write_png(scenario, out / "b.png", 150), out / "b.png"),
            ("scenario PNG 300 dpi", lambda: write_png(scenario, out / "c.png", 300), out / "c.png"),
            ("scenario SVG", lambda: write_svg(scenario, out / "m.svg"), out / "m.svg"),
            ("scenario PDF briefing pack", lambda: write_pdf(scenario, out / "p.pdf"), out / "p.pdf"),
        ]
        for label, fn, path in cases:
            times = _times(fn)
            size = path.stat().st_size / 1e6
            print(
                f"  {label:<44} min {fmt(min(times))}  median {fmt(statistics.median(times))}  {size:6.2f} MB"
            )


if __name__ == "__main__":
    run()
