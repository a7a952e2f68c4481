"""Cyclic garbage is collected on the GUI thread only (editor/gc_guard.py): a worker that
allocates past the collector's thresholds frees no cycle; the GUI thread's timer does."""

from __future__ import annotations

import gc
import threading
import weakref

from editor.gc_guard import GuiThreadCollector


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the cyclic collector frees it


def test_a_worker_never_collects_and_the_gui_thread_does(qapp) -> None:
    collector = GuiThreadCollector(qapp)
    try:
        assert not gc.isenabled()
        cycle = Node()
        alive = weakref.ref(cycle)
        del cycle

        def allocate() -> None:  # well past every generation's threshold
            for _ in range(gc.get_threshold()[0] * 50):
                Node()

        worker = threading.Thread(target=allocate)
        worker.start()
        worker.join()
        assert alive() is not None  # the worker's allocations collected nothing
        collector.check()  # what the timer does on the GUI thread
        gc.collect()  # the oldest generation, should the counts have put the cycle there
        assert alive() is None
    finally:
        collector.stop()
    assert gc.isenabled()


def test_the_check_collects_only_past_the_threshold(qapp) -> None:
    collector = GuiThreadCollector(qapp)
    try:
        gc.collect()
        cycle = Node()
        alive = weakref.ref(cycle)
        del cycle
        collector.check()  # one allocation is under generation 0's threshold
        assert alive() is not None
        for _ in range(gc.get_threshold()[0] + 1):
            Node()
        collector.check()
        assert alive() is None
    finally:
        collector.stop()
