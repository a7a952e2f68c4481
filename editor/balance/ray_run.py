"""A balance run as Ray tasks, driven by the dialog as it drives a BalanceRun: iterated on
the dialog's thread for the records in seed order, `cancel()` from the GUI thread.

The tasks are engine/bots/cluster.py's (batches of consecutive seeds, each loading the
scenario once), so the same seeds give the same records, hence the same figures, as
`uo balance --cluster ray` and the local run. Ray starts here on first use (a local Ray, or
the cluster at `address`), off the GUI thread; cancelling cancels the pending tasks.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.bots.balance import GameRecord, record_games
from engine.bots.cluster import ClusterUnavailable, batch_size, batches, import_ray


class RayRun:
    def __init__(self, scenario: str | Path, green: str, red: str, seeds: range, address: str | None = None):
        self.scenario, self.green, self.red, self.seeds = str(scenario), green, red, seeds
        self.address = address or None
        self.jobs = 0  # Ray's CPUs, once it is up
        self._cancelled = threading.Event()
        #: set once the tasks are submitted
        self.started = threading.Event()
        self._pending: list[Any] = []
        self._lock = threading.Lock()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    def cancel(self) -> None:
        self._cancelled.set()
        with self._lock:
            pending, self._pending = self._pending, []
        if pending:
            ray = import_ray()
            for ref in pending:
                # a task already finished cannot be cancelled: nothing to do then
                with contextlib.suppress(Exception):
                    ray.cancel(ref, force=True)

    def __iter__(self) -> Iterator[GameRecord]:
        ray = import_ray()
        if not ray.is_initialized():
            try:
                ray.init(
                    address=self.address, include_dashboard=False, log_to_driver=False, logging_level="ERROR"
                )
            except Exception as exc:  # Ray raises ConnectionError, RuntimeError... naming the address
                raise ClusterUnavailable(
                    f"cannot start or reach Ray ({self.address or 'local'}): {exc}"
                ) from exc
        self.jobs = int(ray.cluster_resources().get("CPU", 1))
        task = ray.remote(record_games)
        path = str(Path(self.scenario).resolve())
        size = batch_size(len(self.seeds), self.jobs)
        with self._lock:
            if self.cancelled:
                return
            self._pending = [
                task.remote(path, self.green, self.red, list(part)) for part in batches(self.seeds, size)
            ]
            refs = list(self._pending)
        self.started.set()
        for ref in refs:  # in seed order; later batches run meanwhile
            while not ray.wait([ref], timeout=0.2)[0]:
                if self.cancelled:
                    return
            if self.cancelled:
                return
            for record in ray.get(ref):
                yield record
                if self.cancelled:
                    return
