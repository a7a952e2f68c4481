"""A balance run's games as Ray tasks (`uo balance --cluster ray`): a local Ray by default,
an existing cluster by address. Ray is an optional extra (`pip install -e '.[cluster]'`).

Tasks play batches of consecutive seeds (several games each: one game is about a second,
so a task lasts far more than Ray's per-task overhead of a few milliseconds) and each loads
the scenario once; the batches are gathered in seed order, so the same seeds give the same
records, hence the same figures, as the local run (engine/bots/balance.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .balance import GameRecord, record_games

INSTALL_HINT = "--cluster ray needs Ray, an optional extra: pip install -e '.[cluster]' (or pip install ray)"


class ClusterUnavailable(RuntimeError):
    """Ray is not installed, or the cluster cannot be reached: the message says which."""


def batches(seeds: range, size: int) -> list[range]:
    """Consecutive runs of `size` seeds (the last may be shorter)."""
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def batch_size(games: int, workers: int) -> int:
    """Games a task: about four tasks a worker (so a slow batch does not hold the run up for
    long), and at least two games a task."""
    return max(2, -(-games // max(1, 4 * workers)))


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ClusterUnavailable(INSTALL_HINT) from None
    return ray


def ray_records(
    scenario: str | Path,
    green: str,
    red: str,
    seeds: range,
    address: str | None = None,
    batch: int | None = None,
) -> Iterator[GameRecord]:
    """The games of `seeds` as Ray tasks, yielded in seed order as the batches come back."""
    ray = import_ray()
    if not ray.is_initialized():
        try:
            # the scenario is read by path: a remote cluster needs the same files at the same place
            ray.init(address=address, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:  # Ray raises ConnectionError, RuntimeError... naming the address
            raise ClusterUnavailable(f"cannot start or reach Ray ({address or 'local'}): {exc}") from exc
    workers = int(ray.cluster_resources().get("CPU", 1))
    size = batch or batch_size(len(seeds), workers)
    task = ray.remote(record_games)
    path = str(Path(scenario).resolve())
    pending = [task.remote(path, green, red, list(part)) for part in batches(seeds, size)]
    for ref in pending:  # in seed order; later batches keep running meanwhile
        yield from ray.get(ref)
