"""Probe memory: 1,000 edits of the sample sheet with the LOS probe open (issue 10 item 4).

Every edit recompiles the sheet for the probe, which asks its line of sight again. Memory
must stay flat: the compiled battlefields live in an 8-entry cache and each carries its
own derived indexes, so nothing grows with the number of edits. Prints the process's
resident memory after a warm-up and every 250 edits, with the live Battlefield count, and
what Python's traced allocations grew by over the last 30 edits.
`python -m bench bench_probe_memory`, or `python -m bench.bench_probe_memory [EDITS [UNDO_LIMIT]]`.
"""

from __future__ import annotations

import gc
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
EDITS = 1000
WARM_UP = 20
#: edits traced by tracemalloc at the end, after a turnover of the 8-entry compile cache
TRACED = 30
TURNOVER = 10


def _rss_mb() -> float:
    """Current resident set size (Linux /proc; 0 elsewhere)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except OSError:
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def run(edits: int = EDITS, undo_limit: int = 0) -> None:
    """`undo_limit` > 0 caps the undo history, so that what remains is the probe's."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from editor.app import application
    from editor.commands.paint_terrain import PaintTerrain
    from editor.main_window import MainWindow
    from editor.tools.probe_tools import LosProbeTool, battlefield_of
    from engine.battlefield import Battlefield
    from engine.model.sheet import Terrain

    app = application()
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(settings)
        window.resize(1400, 900)
        window.show()
        window.load(SHEET)
        QApplication.processEvents()
        bf = battlefield_of(window.scene.sheet)
        hexes = [loc.id[1:] for loc in bf.locations if loc.kind == "hex" and loc.id not in ("A0101", "A0505")]
        del bf
        tools = window.editing.tools
        tools.set_tool(tools.tool(LosProbeTool))
        tool = tools.current
        assert isinstance(tool, LosProbeTool)
        tool.probe("A0101", "A0505")
        doc = window.document
        assert doc is not None
        doc.undo_stack.setUndoLimit(undo_limit)  # 0: the editor's unlimited history
        terrains = [Terrain.woods, Terrain.clear, Terrain.hillock]

        def edit(k: int) -> None:
            old = dict(doc.model.terrain)
            new = {**old, hexes[k % len(hexes)]: terrains[(k // len(hexes)) % 3]}
            doc.undo_stack.push(PaintTerrain(doc, "Paint terrain", [("/terrain", old, new)]))
            QApplication.processEvents()

        def report(label: str, done: int) -> None:
            gc.collect()
            live = sum(1 for o in gc.get_objects() if isinstance(o, Battlefield))
            rss = _rss_mb()
            print(f"  {label:<14} edits {done:5d}  RSS {rss:7.1f} MB  live battlefields {live}", flush=True)

        t0 = time.perf_counter()
        for k in range(WARM_UP):
            edit(k)
        report("after warm-up", WARM_UP)
        first_rss = _rss_mb()
        # the long run without tracing (tracemalloc slows every allocation several times)
        for k in range(WARM_UP, edits - TRACED - TURNOVER):
            edit(k)
            if (k + 1) % 250 == 0:
                report("", k + 1)
        # the last edits traced: what Python allocates and keeps, edit after edit
        tracemalloc.start()
        # first let the compile cache turn over under tracing: its battlefields from before
        # were not traced, and their traced replacements would read as growth
        for k in range(edits - TRACED - TURNOVER, edits - TRACED):
            edit(k)
        gc.collect()
        before = tracemalloc.take_snapshot()
        traced0 = tracemalloc.get_traced_memory()[0]
        for k in range(edits - TRACED, edits):
            edit(k)
        gc.collect()
        traced = tracemalloc.get_traced_memory()[0] - traced0
        grown = tracemalloc.take_snapshot().compare_to(before, "filename")[:3]
        tracemalloc.stop()
        report("end", edits)
        spent = time.perf_counter() - t0
        print(
            f"  growth after warm-up: RSS {_rss_mb() - first_rss:+.1f} MB over {edits - WARM_UP} edits;"
            f" traced {traced / 2**20:+.2f} MB over the last {TRACED} edits"
        )
        for stat in grown:  # where the traced growth is: the undo history, not the probe
            where = Path(stat.traceback[0].filename)
            print(f"    {stat.size_diff / 2**10:+8.1f} KiB  {'/'.join(where.parts[-3:])}")
        print(f"  {spent / edits * 1e3:.0f} ms an edit; probe: {tool.result.reason if tool.result else None}")
        doc.undo_stack.setClean()
        window.close()
    del app


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else EDITS, int(sys.argv[2]) if len(sys.argv) > 2 else 0)
