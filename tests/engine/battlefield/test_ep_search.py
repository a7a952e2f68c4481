"""The EP search (4.3.7, 8.2.1.4, 5.1.7.3) over its per-battlefield graph of states finds, for
every location of the sample maps, the distances a plain Dijkstra over the steps finds, and
lists them in the same order (the bots' choices break ties by it)."""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest

from engine.battlefield import Battlefield, LocKind
from engine.battlefield.compile import compile_file
from engine.battlefield.movement import EP_HORIZON, ep_distance, within_ep

ROOT = Path(__file__).resolve().parents[3]


def _plain(bf: Battlefield, src: int, limit: int) -> dict[str, int]:
    """The search as the rule reads: states (location, climbed onto the roofs), keyed by
    tuples; a path that climbed a roof stays on the roofs."""
    locs = bf.locations
    best: dict[tuple[int, bool], int] = {(src, False): 0}
    found: dict[int, int] = {}
    heap = [(0, src, False)]
    while heap:
        d, i, up = heapq.heappop(heap)
        if d > best[(i, up)]:
            continue
        found.setdefault(i, d)
        here_roof = locs[i].kind == LocKind.roof
        for step in bf.out[i]:
            there_roof = locs[step.dst].kind == LocKind.roof
            if up and not there_roof:
                continue
            key = (step.dst, up or (there_roof and not here_roof))
            nd = d + step.ep
            if nd <= limit and nd < best.get(key, limit + 1):
                best[key] = nd
                heapq.heappush(heap, (nd, key[0], key[1]))
    return {locs[i].id: d for i, d in found.items()}


@pytest.mark.parametrize("sheet", ["A-harbour.yaml", "U-sewers.yaml"])
def test_4_3_7_ep_search_finds_the_plain_searchs_distances_in_its_order(sheet: str) -> None:
    bf = compile_file(ROOT / "maps" / sheet)
    assert any(loc.kind == LocKind.roof for loc in bf.locations) or sheet == "U-sewers.yaml"
    # every location a few EP around, every third to the horizon (roofs, rooms and
    # underground among them)
    for k, loc in enumerate(bf.locations):
        for limit in (3, EP_HORIZON) if k % 3 == 0 else (3,):
            got = within_ep(bf, loc.id, limit)
            assert list(got.items()) == list(_plain(bf, loc.index, limit).items()), (loc.id, limit)


def test_4_3_7_ep_distance_stops_at_its_goal_with_the_searchs_distance() -> None:
    bf = compile_file(ROOT / "maps" / "A-harbour.yaml")
    ids = [loc.id for loc in bf.locations]
    for a in ids[::97]:
        far = _plain(bf, bf.location(a).index, 1 << 30)
        for b in ids[::13]:
            assert ep_distance(bf, a, b) == far.get(b), (a, b)
