"""Cyclic garbage collection only on the GUI thread.

Python runs its cyclic collector in whichever thread happens to allocate past the threshold.
The editor has worker threads that allocate a lot (validation, the play mode's line-of-sight
table and bots): when one of them triggers a collection, it may free Qt wrappers that belong
to the GUI thread (a closed window held in a reference cycle), and their C++ destructors then
run on the worker while the GUI thread paints - a crash inside Qt's event loop. Worker
threads only compute plain values, so the cure is to collect on the GUI thread alone:
automatic collection is switched off and a timer on the GUI thread collects whenever the
allocation counts pass the collector's own thresholds (calibre's GarbageCollector does
the same).
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

#: how often the GUI thread looks at the allocation counts (cheap: three integers)
INTERVAL_MS = 500


class GuiThreadCollector(QObject):
    """Install once, from the GUI thread, for the application's lifetime."""

    def __init__(self, parent: QObject | None = None):
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        gc.disable()
        self.timer = QTimer(self)
        self.timer.timeout.connect(self.check)
        self.timer.start(INTERVAL_MS)

    def check(self) -> None:
        """Collect the generations whose counts passed their thresholds, oldest first, as
        the interpreter itself would have."""
        c0, c1, c2 = gc.get_count()
        t0, t1, t2 = self.threshold
        if c0 > t0:
            generation = 2 if c2 > t2 else 1 if c1 > t1 else 0
            gc.collect(generation)

    def stop(self) -> None:
        self.timer.stop()
        gc.enable()


_installed: GuiThreadCollector | None = None


def suspended_on_workers(parent: QObject) -> GuiThreadCollector:
    """A collector for a bounded stretch (a GUI test): collect now, on this thread, what
    earlier work left, then collect only here until `stop()`."""
    gc.collect()
    return GuiThreadCollector(parent)


def install(parent: QObject) -> GuiThreadCollector:
    """Switch automatic collection off and collect from `parent`'s (GUI) thread; once."""
    global _installed
    if _installed is None:
        _installed = GuiThreadCollector(parent)
    return _installed
