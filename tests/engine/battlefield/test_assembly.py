"""Assembling sheets (5.1: "an assembly of several maps"): Placement moves and turns a
sheet into the assembly's frame; hexes across a seam are adjacent; the half-hexes of two
sheets' edges that fall on each other make one hex (5.1.1)."""

from __future__ import annotations

import pytest

from engine.battlefield import Placement, compile_sheets
from engine.battlefield.los import los
from engine.battlefield.movement import FOOT, VEHICLE, ep_distance, path

from .mapkit import MapKit, step_between


def test_5_1_sheets_side_by_side_are_adjacent_across_the_seam() -> None:
    a = MapKit("A")  # 6 columns: A06rr centres at x = 85, sheet 95 mm wide
    b = MapKit("B")
    bf = compile_sheets([(a.sheet(), Placement()), (b.sheet(), Placement((90.0, 0.0)))])
    assert bf.location("B0101").centre == pytest.approx((100.0, 10.0))
    # A0601 (85, 18.66) and B0101 (100, 10): neighbours across the seam
    assert "B0101" in bf.neighbours("A0601")
    assert "A0601" in bf.neighbours("B0101")
    (step,) = step_between(bf, "A0601", "B0101")
    assert (step.foot, step.vehicle, step.ep) == (1, 1, 1)
    across = path(bf, "A0101", "B0601", VEHICLE)
    assert across is not None and across[0] == 11
    assert across == path(bf, "A0101", "B0601", FOOT)
    assert ep_distance(bf, "A0102", "B0102") == 6
    assert los(bf, "A0103", "B0503").clear


def test_5_1_1_shared_half_hexes_of_two_sheets_merge() -> None:
    # A has 5 columns and ends at x = 70, the centres of A05rr: half-hexes
    a = MapKit("A", columns=5, width=70.0)
    # B's first column sits on its left edge, and B is placed so that it falls on A05rr
    b = MapKit("B", columns=4, origin=(0.0, 10.0))
    bf = compile_sheets([(a.sheet(), Placement()), (b.sheet(), Placement((70.0, 0.0)))])
    merged = bf.location("A0503")
    assert bf.location("B0103") is merged  # one location, two names
    assert "B0103" not in {loc.id for loc in bf.locations}
    assert len([loc for loc in bf.locations if loc.centre == pytest.approx(merged.centre)]) == 1
    assert len(bf.locations) == 5 * 5 + 4 * 5 - 5
    # the merged hex joins both sheets: A04rr and B02rr are its neighbours
    assert {"A0403", "B0203"} <= set(bf.neighbours("A0503"))
    assert path(bf, "A0403", "B0203") == (2, ["A0403", "A0503", "B0203"])
    assert path(bf, "A0403", "B0103") == (1, ["A0403", "A0503"])


def test_5_1_placement_turned_round_keeps_apertures_and_arcs_working() -> None:
    kit = MapKit("A")
    kit.building("1", {"1.1": ["0302"]})
    kit.aperture("D1", "0302", "0301", interior="1.1")  # facing north on the sheet
    sheet = kit.sheet()
    bf = compile_sheets([(sheet, Placement((0.0, 0.0), 180))])
    w, h = sheet.size
    x, y = kit.centre("0301")
    assert bf.location("A0301").centre == pytest.approx((w - x, h - y))
    # the door now faces south in the assembly, still towards A0301
    start, end = bf.apertures["D1"].arc
    assert (start, end) == pytest.approx(((300.0 + 180) % 360, (60.0 + 180) % 360))
    assert path(bf, "A0301", "1.1") == (2, ["A0301", "1.1"])
    assert los(bf, "A0301", "1.1").via == "D1"
    assert not los(bf, "A0303", "1.1").clear
