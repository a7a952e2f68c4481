"""5.1.7: "The lines of sight are reciprocal". los() puts every pair in a canonical order
before applying any rule, so the answer is the same from either end by construction; these
tests also evaluate the raw rule in both orders to check the geometry itself is symmetric.

All pairs of the sample scenario (about 1,050 locations, 550,000 pairs) would take about
five minutes with the exact los() (0.3-0.5 ms a pair). So every pair is checked with the
exact rule on a generated mid-size map holding every kind of location and obstacle (where
the all-pairs table must agree too), a large seeded random sample of the sample's pairs is
checked with the exact rule, and all the sample's pairs through the all-pairs table.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

from engine.battlefield import Battlefield, Dynamic, LocKind, compile_file
from engine.battlefield.los import _los, los
from engine.battlefield.los_table import LosTable

from .mapkit import MapKit

SAMPLE_PAIRS = 4000


def mid_size_map() -> Battlefield:
    """14 x 10 hexes: woods, hillocks, water, three buildings (rooms, zones, doors, a
    window, a breach, roofs whose arrows face), yard walls and an underground insert."""
    kit = MapKit(columns=14, rows=10)
    kit.set_terrain("woods", "0405", "0406", "0505")
    kit.set_terrain("hillock", "0902", "0903", "1002", "1208")
    kit.set_terrain("water", "0110", "0210")
    kit.set_terrain("open_sewer", "1301", "1302")
    kit.building("1", {"1.1": ["0202", "0203"], "1.2": ["0302"]}, roof=[("0202", "r1", 90.0)])
    kit.aperture("D1", "0202", "0201", interior="1.1")
    kit.aperture("D2", "0302", "0402", interior="1.2")
    kit.building("2", {"2.1": {"2.2": ["0702"], "2.3": ["0703"]}}, roof=[("0702", "r2", 270.0)])
    kit.aperture("D3", "0702", "0701", interior="2.2")
    kit.aperture("W3", "0703", "0704", interior="2.3", kind="window", half=80.0)
    kit.building("3", {"3.1": ["1106", "1107"]}, roof=[("1106", "r3", 0.0)])
    kit.building("4", {"4.1": ["1105"]}, roof=[("1105", "r4", 180.0)])
    kit.aperture("B3", "1107", "1108", interior="3.1", kind="breach")
    kit.side_wall("outer_wall", ("0807", "0808"), ("0807", "0908"), ("0907", "0908"), wall_id="Y1")
    kit.wall("outer_wall", [(150.0, 100.0), (160.0, 130.0)], wall_id="Y2")
    kit.wall("facade", [(30.0, 140.0), (55.0, 140.0)], wall_id="F9")
    kit.manhole("0109", "A")
    insert = MapKit("U", columns=5, rows=4, kind="underground")
    insert.set_terrain("passage", "0101", "0102", "0103", "0203", "0303", "0302")
    insert.set_terrain("sewer", "0401", "0402", "0502")
    insert.underground_zone("A", "0101")
    insert.sewer_link("0502", "A1302")
    return kit.compile(insert)


def test_5_1_7_reciprocal_on_every_pair_of_a_mid_size_map() -> None:
    bf = mid_size_map()
    kinds = {loc.kind for loc in bf.locations}
    assert kinds == set(LocKind)
    assert len(bf.locations) > 140
    dyn = Dynamic(opened_breaches=frozenset({"B3"}), smoke=frozenset({"A0605"}))
    table = LosTable(bf)  # the static all-pairs table agrees with the exact rule
    seen = 0
    for a, b in itertools.combinations(bf.locations, 2):
        for d in (Dynamic(), dyn):
            there = los(bf, a.id, b.id, d)
            assert there == los(bf, b.id, a.id, d)
            if d is not dyn:
                assert table.clear(a.id, b.id) == table.clear(b.id, a.id) == there.clear
            # the rule applied from the other end, without the canonical order
            first, second = (b, a) if a.id < b.id else (a, b)
            back = _los(bf, first, second, d)
            assert there.clear == back.clear, (a.id, b.id, there, back)
            seen += there.clear
    assert seen > 1000  # a map where things are seen


def test_5_1_7_reciprocal_on_a_large_sample_of_the_sample_scenario(sample_scenario_path: Path) -> None:
    bf = compile_file(sample_scenario_path)
    rng = random.Random(20240531)
    locs = bf.locations
    for _ in range(SAMPLE_PAIRS):
        a, b = rng.sample(locs, 2)
        there = los(bf, a.id, b.id)
        assert there == los(bf, b.id, a.id)
        first, second = (b, a) if a.id < b.id else (a, b)
        back = _los(bf, first, second, Dynamic())
        assert there.clear == back.clear, (a.id, b.id, there, back)


def test_5_1_7_reciprocal_on_every_pair_of_the_sample_scenario_through_the_table(
    sample_scenario_path: Path,
) -> None:
    """All 550,000 pairs of the sample through the all-pairs table (which
    test_los_table.py checks against the exact rule)."""
    bf = compile_file(sample_scenario_path)
    rows = bf.los_table.rows
    n = len(rows)
    assert n > 1000
    clear = 0
    for i in range(n):
        row = rows[i]
        for j in range(i + 1, n):
            there = (row >> j) & 1
            assert there == (rows[j] >> i) & 1, (bf.locations[i].id, bf.locations[j].id)
            clear += there
    assert 0.02 < clear / (n * (n - 1) / 2) < 0.9
