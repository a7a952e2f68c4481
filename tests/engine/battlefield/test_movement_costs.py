"""Every row of the terrain chart (play-aid card), foot and vehicle MP and EP, each on the
tiny map its case needs (5.1, 5.2.3, 5.2.4, 8.1.2-8.1.11).

Expected costs are read from the chart (engine/battlefield/data/terrain.yaml) so a house rule
changes one place; `test_4_3_7_default_chart_holds_the_aid_card_numbers` pins the card.
"""

from __future__ import annotations

import pytest

from engine.battlefield import Battlefield, Dynamic, LocKind, StepKind
from engine.battlefield.movement import FOOT, VEHICLE, Mover, Unit, path, reach, step_cost
from engine.battlefield.terrain import load_terrain_chart
from engine.model.sheet import Terrain

from .mapkit import MapKit, step_between

CHART = load_terrain_chart()
LADDER = Mover(Unit.foot, ladder=True)
ROOM, ZONE = CHART.room.foot or 0, CHART.zone.foot or 0  # MP to enter a room, a zone
SURFACE_TERRAIN = ["clear", "hillock", "woods", "narrows", "vehicle_impassable", "water", "open_sewer"]


def cost(bf: Battlefield, a: str, b: str, mover: Mover = FOOT, dyn: Dynamic | None = None) -> int | None:
    """Cheapest single step from a to b for `mover` (None: no step it can take)."""
    costs = [step_cost(bf, s, mover, dyn or Dynamic()) for s in step_between(bf, a, b)]
    found = [c for c in costs if c is not None]
    return min(found) if found else None


def total(bf: Battlefield, a: str, b: str, mover: Mover = FOOT, dyn: Dynamic | None = None) -> int | None:
    found = path(bf, a, b, mover, dyn or Dynamic())
    return None if found is None else found[0]


def ep_of(bf: Battlefield, a: str, b: str) -> int:
    return min(s.ep for s in step_between(bf, a, b))


# --- the chart itself -----------------------------------------------------------------------


def test_4_3_7_default_chart_holds_the_aid_card_numbers() -> None:
    h = {t: (c.foot, c.vehicle, c.ep) for t, c in CHART.hexes.items()}
    assert h[Terrain.clear] == (1, 1, 1)
    assert h[Terrain.hillock] == (1, 1, 1)
    assert h[Terrain.woods] == (1, 1, 1)
    assert h[Terrain.narrows] == (1, None, 1)
    assert h[Terrain.vehicle_impassable] == (1, None, 1)
    assert h[Terrain.water] == (2, 2, 1)
    w = CHART.walls
    assert w.facade.ep == 2
    assert (w.outer_wall.foot, w.outer_wall.over_block, w.outer_wall.ladder, w.outer_wall.ep) == (5, 3, 2, 1)
    assert (w.partition.foot_extra, w.partition.ep) == (1, 1)
    assert w.zone_limit.foot_extra == 0
    ap = CHART.apertures
    assert (ap.breach_outer.foot, ap.breach_outer.vehicle, ap.breach_outer.ep) == (2, 2, 1)
    assert (ap.door_or_window.foot, ap.door_or_window.vehicle, ap.door_or_window.ep) == (2, None, 2)
    assert (ap.breach_facade.foot, ap.breach_facade.vehicle, ap.breach_facade.ep) == (2, None, 2)
    assert (CHART.room.foot, CHART.room.vehicle, CHART.room.ep) == (1, None, 1)
    assert (CHART.zone.foot, CHART.zone.vehicle) == (1, None)
    r = CHART.roofs
    assert (r.stairs, r.roof_to_roof, r.over_block, r.ladder, r.ep) == (2, 4, 3, 2, 1)
    assert (CHART.barricade_adjacent.foot, CHART.barricade_adjacent.vehicle) == (2, 2)
    assert CHART.manhole.foot == 2
    # levels (5.1.4, 5.1.7.2)
    assert {t: c.obstacle for t, c in CHART.hexes.items() if c.obstacle} == {
        Terrain.hillock: 1,
        Terrain.woods: 3,
    }
    assert (CHART.hexes[Terrain.water].stand, CHART.hexes[Terrain.open_sewer].stand) == (-1, -1)
    assert (w.outer_wall.obstacle, w.facade.obstacle, CHART.roof.stand) == (1, 2, 2)
    assert (CHART.counters.smoke, CHART.counters.wreck, CHART.counters.vehicles) == (2, 1, 1)


# --- hexes (8.1.2, 5.1.4) -------------------------------------------------------------------


@pytest.mark.parametrize("terrain", SURFACE_TERRAIN)
def test_8_1_2_entering_a_hex_costs_its_chart_row(terrain: str) -> None:
    bf = MapKit().set_terrain(terrain, "0302").compile()
    row = CHART.hexes[Terrain(terrain)]
    for neighbour in ("A0301", "A0201", "A0402"):
        assert cost(bf, neighbour, "A0302") == row.foot
        assert cost(bf, neighbour, "A0302", VEHICLE) == row.vehicle
        assert ep_of(bf, neighbour, "A0302") == row.ep
        # leaving costs what the clear hex entered costs
        assert cost(bf, "A0302", neighbour) == 1
    assert bf.location("A0302").stand == row.stand


def test_5_1_4_narrows_and_yellow_dot_hexes_are_impassable_to_vehicles_only() -> None:
    kit = MapKit()
    # a line of narrows across the whole sheet: vehicles cannot get through, foot can
    kit.set_terrain("narrows", *[f"03{r:02d}" for r in range(1, 6)])
    kit.set_terrain("vehicle_impassable", "0101")
    bf = kit.compile()
    assert total(bf, "A0201", "A0401") == 2
    assert total(bf, "A0201", "A0401", VEHICLE) is None
    assert total(bf, "A0201", "A0101") == 1
    assert total(bf, "A0201", "A0101", VEHICLE) is None
    assert "A0101" not in reach(bf, "A0102", VEHICLE, 12)


def test_8_1_11_open_sewer_is_entered_by_all_blocks_like_water() -> None:
    bf = MapKit().set_terrain("open_sewer", "0302", "0303").compile()
    assert total(bf, "A0301", "A0303") == 4
    assert total(bf, "A0301", "A0303", VEHICLE) == 4
    assert bf.location("A0303").stand == CHART.hexes[Terrain.open_sewer].stand == -1


# --- walls (5.1.3.1, 8.1.6) -----------------------------------------------------------------


def split_by(kind: str) -> MapKit:
    """The sheet cut in two by one wall between rows 2 and 3."""
    kit = MapKit()
    kit.side_wall(kind, *kit.split_pairs(2), wall_id="W")
    return kit


def test_5_1_3_1_facade_is_impassable_without_an_aperture() -> None:
    bf = split_by("facade").compile()
    for mover in (FOOT, LADDER, VEHICLE):
        assert cost(bf, "A0302", "A0303", mover) is None
        assert total(bf, "A0301", "A0304", mover) is None
        # not even over a helper block
        assert cost(bf, "A0302", "A0303", mover, Dynamic(helpers=frozenset({"A0302"}))) is None
    # effects still go through it: the hex entered (1) + the facade (2)
    assert ep_of(bf, "A0302", "A0303") == 1 + CHART.walls.facade.ep == 3


def test_8_1_6_outer_wall_without_ladder_costs_5() -> None:
    bf = split_by("outer_wall").compile()
    (step,) = step_between(bf, "A0302", "A0303")
    assert step.kind == StepKind.outer_wall and step.rule == "8.1.6"
    assert cost(bf, "A0302", "A0303") == CHART.walls.outer_wall.foot == 5
    assert cost(bf, "A0303", "A0302") == 5
    assert total(bf, "A0301", "A0304") == 1 + 5 + 1
    assert ep_of(bf, "A0302", "A0303") == 1 + CHART.walls.outer_wall.ep == 2


def test_8_1_6_outer_wall_with_ladder_costs_2() -> None:
    bf = split_by("outer_wall").compile()
    assert cost(bf, "A0302", "A0303", LADDER) == CHART.walls.outer_wall.ladder == 2
    assert total(bf, "A0301", "A0304", LADDER) == 1 + 2 + 1


def test_8_1_6_outer_wall_over_a_vehicle_or_ladder_block_costs_3_in_all() -> None:
    """ "the block spends 1 MP to move over the vehicle or the block with a ladder, then
    2 MPs to cross the outer wall, for a total cost of 3 MPs": the 1 MP is the move into
    the helper's hex, so from the hex before the helper to the far side of the wall is 3."""
    bf = split_by("outer_wall").compile()
    helper = Dynamic(helpers=frozenset({"A0302"}))
    assert CHART.walls.outer_wall.over_block == 3
    assert total(bf, "A0301", "A0303", FOOT, helper) == 3
    assert total(bf, "A0301", "A0303", FOOT) == 6
    # the helper may stand on either side of the wall
    beyond = Dynamic(helpers=frozenset({"A0303"}))
    assert total(bf, "A0302", "A0304", FOOT, beyond) == 3
    # a helper elsewhere does not help
    far = Dynamic(helpers=frozenset({"A0601"}))
    assert total(bf, "A0301", "A0303", FOOT, far) == 6


def test_8_1_6_vehicles_never_cross_an_outer_wall() -> None:
    bf = split_by("outer_wall").compile()
    helper = Dynamic(helpers=frozenset({"A0302"}))
    assert cost(bf, "A0302", "A0303", VEHICLE) is None
    assert cost(bf, "A0302", "A0303", VEHICLE, helper) is None
    assert total(bf, "A0301", "A0304", VEHICLE) is None


def test_8_1_2_a_wall_across_part_of_a_side_does_not_stop_a_move() -> None:
    """ "no impassable obstacle blocking the WHOLE shared hex side": a facade over half of
    the side leaves the other half open."""
    kit = MapKit()
    p, q = kit.side("0302", "0303")
    kit.wall("facade", [p, ((p[0] + q[0]) / 2, p[1])])
    bf = kit.compile()
    assert cost(bf, "A0302", "A0303") == 1
    assert cost(bf, "A0302", "A0303", VEHICLE) == 1


def test_8_1_2_walls_inside_a_hex_do_not_touch_its_sides() -> None:
    kit = MapKit()
    cx, cy = kit.centre("0303")
    kit.wall("facade", [(cx - 3, cy - 3), (cx + 3, cy + 3)])
    bf = kit.compile()
    assert cost(bf, "A0302", "A0303") == 1


def test_8_1_5_breach_in_an_outer_wall_only_once_opened() -> None:
    kit = split_by("outer_wall")
    kit.aperture("B1", "0302", "0303", kind="breach")  # arc towards 0303
    bf = kit.compile()
    (through,) = step_between(bf, "A0303", "A0302", StepKind.aperture)
    assert through.breach and through.aperture == "B1" and through.rule == "8.1.5"
    # 5.1.3.2: a breach not opened is a wall
    assert cost(bf, "A0303", "A0302") == 5
    assert cost(bf, "A0303", "A0302", VEHICLE) is None
    opened = Dynamic(opened_breaches=frozenset({"B1"}))
    assert cost(bf, "A0303", "A0302", FOOT, opened) == CHART.apertures.breach_outer.foot == 2
    assert cost(bf, "A0302", "A0303", FOOT, opened) == 2
    # all blocks, vehicles included, cross breaches in outer walls
    assert cost(bf, "A0303", "A0302", VEHICLE, opened) == CHART.apertures.breach_outer.vehicle == 2
    assert total(bf, "A0304", "A0301", VEHICLE, opened) == 1 + 2 + 1
    assert through.ep == 1 + CHART.apertures.breach_outer.ep


def test_8_1_5_outer_wall_breach_is_crossed_only_from_its_arc() -> None:
    kit = split_by("outer_wall")
    kit.aperture("B1", "0302", "0303", kind="breach")
    bf = kit.compile()
    opened = Dynamic(opened_breaches=frozenset({"B1"}))
    # 0402 and 0202 touch the wall near the breach but are not in its arc or behind it
    assert cost(bf, "A0402", "A0303", FOOT, opened) == 5
    assert all(s.kind != StepKind.aperture for s in step_between(bf, "A0402", "A0303"))


# --- buildings (8.1.3, 8.1.4, 8.1.5) --------------------------------------------------------


def house(**kw: object) -> MapKit:
    """Building 1: rooms 1.1 (0302) and 1.2 (0303), a door from 0301 into 1.1 facing north."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0303"]}, **kw)  # type: ignore[arg-type]
    kit.aperture("D1", "0302", "0301", interior="1.1")
    return kit


def test_8_1_4_door_costs_2_from_a_hex_in_its_arc() -> None:
    bf = house().compile()
    (step,) = step_between(bf, "A0301", "1.1", StepKind.aperture)
    assert step.rule == "8.1.4" and step.aperture == "D1"
    assert cost(bf, "A0301", "1.1") == CHART.apertures.door_or_window.foot == 2
    assert cost(bf, "1.1", "A0301") == 2
    assert step.ep == CHART.room.ep + CHART.apertures.door_or_window.ep


def test_8_1_4_window_is_crossed_like_a_door() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"]})
    kit.aperture("W1", "0302", "0301", interior="1.1", kind="window")
    bf = kit.compile()
    assert cost(bf, "A0301", "1.1") == 2


def test_8_1_4_door_not_crossed_from_a_hex_outside_its_arc() -> None:
    bf = house().compile()
    # 0201 and 0401 touch the door's corner of the side but lie outside a 120 degree arc
    for hx in ("A0201", "A0401", "A0202", "A0402", "A0304"):
        assert cost(bf, hx, "1.1") is None
        assert cost(bf, "1.1", hx) is None
    assert total(bf, "A0401", "1.1") == 1 + 2


def test_8_1_4_wide_arc_lets_every_touching_hex_in_it_cross() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"]})
    kit.aperture("D1", "0302", "0301", interior="1.1", arc=(260.0, 100.0))
    bf = kit.compile()
    for hx in ("A0201", "A0301", "A0401"):
        assert cost(bf, hx, "1.1") == 2
    assert cost(bf, "A0202", "1.1") is None  # not touching the door


def test_8_1_4_vehicles_never_enter_an_ordinary_building() -> None:
    bf = house().compile()
    assert cost(bf, "A0301", "1.1", VEHICLE) is None
    got = reach(bf, "A0101", VEHICLE, 100)
    assert not [i for i in got if bf.location(i).kind != LocKind.hex]


def test_8_1_4_vehicles_enter_a_building_that_vehicles_may_enter() -> None:
    bf = house(vehicles_may_enter=True).compile()
    assert cost(bf, "A0301", "1.1", VEHICLE) == 2
    assert cost(bf, "1.1", "1.2", VEHICLE) == cost(bf, "1.1", "1.2", FOOT) == 2
    assert total(bf, "A0101", "1.2", VEHICLE) == 2 + 2 + 2


def test_8_1_5_breach_in_a_facade_for_foot_once_opened() -> None:
    for enterable in (False, True):
        kit = MapKit()
        kit.building("1", {"1.1": ["0302"]}, vehicles_may_enter=enterable)
        kit.aperture("B1", "0302", "0301", interior="1.1", kind="breach")
        bf = kit.compile()
        assert cost(bf, "A0301", "1.1") is None
        opened = Dynamic(opened_breaches=frozenset({"B1"}))
        assert cost(bf, "A0301", "1.1", FOOT, opened) == CHART.apertures.breach_facade.foot == 2
        assert cost(bf, "1.1", "A0301", FOOT, opened) == 2
        # 5.2.4.1: vehicles only cross breaches in outer walls, even into a hangar
        assert cost(bf, "A0301", "1.1", VEHICLE, opened) is None


def test_8_1_3_room_to_room_costs_room_1_plus_partition_1() -> None:
    bf = house().compile()
    (step,) = step_between(bf, "1.1", "1.2")
    assert step.kind == StepKind.partition and step.rule == "8.1.3"
    assert cost(bf, "1.1", "1.2") == ROOM + CHART.walls.partition.foot_extra == 2
    assert cost(bf, "1.2", "1.1") == 2
    assert step.ep == CHART.room.ep + CHART.walls.partition.ep == 2
    assert total(bf, "A0301", "1.2") == 2 + 2


def test_8_1_3_changing_zone_in_a_room_costs_1() -> None:
    kit = MapKit()
    kit.building("2", {"2.1": {"2.2": ["0302"], "2.3": ["0303"]}, "2.4": ["0304"]})
    bf = kit.compile()
    assert "2.1" not in bf.by_id  # a divided room is its zones
    (step,) = step_between(bf, "2.2", "2.3")
    assert step.kind == StepKind.zone
    assert cost(bf, "2.2", "2.3") == ZONE + CHART.walls.zone_limit.foot_extra == 1
    assert step.ep == CHART.zone.ep
    # from a zone into another room: a partition
    assert cost(bf, "2.3", "2.4") == ROOM + CHART.walls.partition.foot_extra == 2
    assert cost(bf, "2.4", "2.3") == ZONE + CHART.walls.partition.foot_extra == 2
    assert cost(bf, "2.2", "2.4") is None  # not adjacent


# --- roofs (8.1.7-8.1.9) --------------------------------------------------------------------


def roofed(direction_1: float = 120.0, direction_2: float | None = 300.0, gap: bool = False) -> MapKit:
    """Building 1 (0302, room 1.1 holding its access symbol) and building 2 (0402, or 0502
    with a gap), its symbol in room 2.1; arrows at the given bearings. The bearing from
    0302 to 0402 is 120 degrees."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0303"]}, roof=[("0302", "r1", direction_1)])
    roof2 = [("0502" if gap else "0402", "r2", direction_2)] if direction_2 is not None else []
    kit.building("2", {"2.1": ["0502" if gap else "0402"]}, roof=roof2)
    return kit


def test_8_1_8_roof_by_the_stairs_costs_2_from_the_room_with_the_symbol() -> None:
    bf = roofed().compile()
    assert bf.location("1.R").kind == LocKind.roof
    assert cost(bf, "1.1", "1.R") == CHART.roofs.stairs == 2
    assert cost(bf, "1.R", "1.1") == 2
    assert step_between(bf, "1.1", "1.R")[0].rule == "8.1.8"
    assert cost(bf, "1.2", "1.R") is None  # no symbol in 1.2
    assert cost(bf, "1.2", "1.R", LADDER) is None
    assert cost(bf, "1.1", "1.R", VEHICLE) is None


def test_8_1_9_roof_to_roof_costs_4_where_the_arrows_point_at_each_other() -> None:
    bf = roofed(120.0, 300.0).compile()
    (step,) = step_between(bf, "1.R", "2.R", StepKind.roof_to_roof)
    assert step.rule == "8.1.9"
    assert cost(bf, "1.R", "2.R") == CHART.roofs.roof_to_roof == 4
    assert cost(bf, "2.R", "1.R") == 4
    assert cost(bf, "1.R", "2.R", VEHICLE) is None
    # within 45 degrees still points at the other
    assert cost(roofed(160.0, 260.0).compile(), "1.R", "2.R") == 4


@pytest.mark.parametrize(
    ("d1", "d2", "gap"),
    [(120.0, 0.0, False), (300.0, 300.0, False), (0.0, 180.0, False), (120.0, 300.0, True)],
)
def test_8_1_9_no_roof_to_roof_unless_arrows_face_across_contiguous_buildings(
    d1: float, d2: float, gap: bool
) -> None:
    bf = roofed(d1, d2, gap).compile()
    for mover in (FOOT, LADDER):
        assert cost(bf, "1.R", "2.R", mover) is None


def test_8_1_7_roof_by_ladder_costs_2_from_an_adjacent_hex() -> None:
    bf = roofed(direction_2=None).compile()
    for hx in ("A0301", "A0201", "A0202", "A0203", "A0304", "A0403"):
        assert cost(bf, hx, "1.R", LADDER) == CHART.roofs.ladder == 2
        assert cost(bf, "1.R", hx, LADDER) == 2
    assert step_between(bf, "A0301", "1.R")[0].rule == "8.1.7"
    assert cost(bf, "A0101", "1.R", LADDER) is None  # not adjacent to the building


def test_8_1_7_roof_never_from_outside_without_ladder_or_block() -> None:
    bf = roofed(direction_2=None).compile()
    for hx in ("A0301", "A0203"):
        assert cost(bf, hx, "1.R") is None
        assert cost(bf, "1.R", hx) is None
        assert cost(bf, hx, "1.R", VEHICLE) is None
    assert total(bf, "A0301", "1.R") is None


def test_8_1_7_roof_over_a_vehicle_or_ladder_block_costs_3_in_all() -> None:
    bf = roofed(direction_2=None).compile()
    helper = Dynamic(helpers=frozenset({"A0301"}))
    assert CHART.roofs.over_block == 3
    # 1 MP to move over the block in A0301, then 2 MP to climb
    assert total(bf, "A0201", "1.R", FOOT, helper) == 3
    # and down again: 2 MP onto the block, 1 MP off it
    assert total(bf, "1.R", "A0201", FOOT, helper) == 3
    assert total(bf, "A0201", "1.R", VEHICLE, helper) is None


# --- No Man's Land counters (5.2.3) ---------------------------------------------------------


def test_5_2_3_5_barricade_hex_is_impassable_and_its_neighbours_cost_2() -> None:
    bf = MapKit().compile()
    dyn = Dynamic(barricades=frozenset({"A0303"}))
    for mover in (FOOT, VEHICLE):
        assert cost(bf, "A0302", "A0303", mover, dyn) is None
        # entering a hex next to the barricade: 2 MP, however many barricades
        assert cost(bf, "A0301", "A0302", mover, dyn) == CHART.barricade_adjacent.foot == 2
        assert cost(bf, "A0201", "A0302", mover, dyn) == 2
        assert cost(bf, "A0101", "A0201", mover, dyn) == 1
    two = Dynamic(barricades=frozenset({"A0303", "A0301"}))
    assert cost(bf, "A0201", "A0302", FOOT, two) == 2
    # already dearer terrain keeps its cost
    water = MapKit().set_terrain("water", "0302").compile()
    assert cost(water, "A0301", "A0302", FOOT, dyn) == 2


def test_5_2_3_5_barricade_in_the_street_does_not_slow_moves_inside_a_building() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0303"], "1.3": ["0304"]})
    kit.aperture("D1", "0302", "0301", interior="1.1")
    bf = kit.compile()
    street = Dynamic(barricades=frozenset({"A0203"}))  # next to 1.2
    assert cost(bf, "1.1", "1.2", FOOT, street) == 2
    inside = Dynamic(barricades=frozenset({"1.2"}))
    assert cost(bf, "1.1", "1.2", FOOT, inside) is None
    assert cost(bf, "A0301", "1.1", FOOT, inside) == 2  # 1.1 is next to 1.2: no extra
    # a barricade in a room does not slow the street outside it
    assert cost(bf, "A0202", "A0203", FOOT, inside) == 1


def test_5_2_3_1_ied_uxo_hex_is_impassable() -> None:
    bf = MapKit().compile()
    dyn = Dynamic(impassable=frozenset({"A0302"}))
    for mover in (FOOT, LADDER, VEHICLE):
        assert cost(bf, "A0301", "A0302", mover, dyn) is None
        assert "A0302" not in reach(bf, "A0301", mover, 20, dyn)
    assert cost(bf, "A0301", "A0201", FOOT, dyn) == 1  # next to it: no effect


# --- underground (5.1.5, 5.1.6, 8.1.10, 8.1.11) ---------------------------------------------


def with_insert(dummy: bool = False) -> tuple[MapKit, MapKit]:
    """Sheet A with a manhole 'A' in A0101 (and a dummy in A0601) and an open sewer in
    column 5; insert U: a passage U0101-U0103 (zone A at U0101), a sewer U0201-U0301 with
    U0301 linked to the open sewer A0502."""
    surface = MapKit().set_terrain("open_sewer", *[f"05{r:02d}" for r in range(1, 6)])
    surface.manhole("0101", "A")
    surface.manhole("0601", None, dummy=True)
    insert = MapKit("U", columns=4, rows=3, kind="underground")
    insert.set_terrain("passage", "0101", "0102", "0103")
    insert.set_terrain("sewer", "0201", "0301")
    insert.underground_zone("A", "0101")
    insert.sewer_link("0301", "A0502")
    return surface, insert


def test_8_1_10_manhole_costs_2_both_ways() -> None:
    surface, insert = with_insert()
    bf = surface.compile(insert)
    (down,) = step_between(bf, "A0101", "U0101")
    assert down.kind == StepKind.manhole and down.rule == "8.1.10"
    assert cost(bf, "A0101", "U0101") == CHART.manhole.foot == 2
    assert cost(bf, "U0101", "A0101") == 2
    assert cost(bf, "A0101", "U0101", VEHICLE) is None
    assert cost(bf, "A0101", "U0102") is None  # only into the lettered zone
    assert total(bf, "A0102", "U0103") == 1 + 2 + 2


def test_8_1_10_dummy_manhole_leads_nowhere() -> None:
    surface, insert = with_insert()
    bf = surface.compile(insert)
    assert [n for n in bf.neighbours("A0601") if bf.location(n).layer != "surface"] == []


def test_5_1_6_open_sewer_joins_the_underground_sewer_only_where_linked() -> None:
    surface, insert = with_insert()
    bf = surface.compile(insert)
    (link,) = step_between(bf, "U0301", "A0502")
    assert link.kind == StepKind.sewer and link.rule == "5.1.6"
    assert cost(bf, "A0502", "U0301") == CHART.hexes[Terrain.sewer].foot
    assert cost(bf, "U0301", "A0502") == CHART.hexes[Terrain.open_sewer].foot
    assert cost(bf, "A0501", "U0301") is None
    assert cost(bf, "A0502", "U0301", VEHICLE) is None
    # 8.1.11: underground sewers are moved like the surface, hex by hex
    assert cost(bf, "U0201", "U0301") == 1
    assert total(bf, "U0101", "A0502") == 1 + 1 + 2


def test_8_1_11_vehicles_never_go_underground() -> None:
    surface, insert = with_insert()
    bf = surface.compile(insert)
    got = reach(bf, "A0502", VEHICLE, 100)
    assert all(bf.location(i).layer == "surface" for i in got)
    assert "A0501" in got  # vehicles do move in the open sewer
    assert all(bf.location(i).layer == "surface" for i in reach(bf, "A0101", VEHICLE, 100))


def test_8_1_10_underground_is_reached_on_foot_from_the_manhole() -> None:
    surface, insert = with_insert()
    bf = surface.compile(insert)
    got = reach(bf, "A0101", FOOT, 100)
    assert {"U0101", "U0102", "U0103", "U0201", "U0301"} <= set(got)
    assert got["U0101"] == 2


def test_8_1_11_underground_moves_ignore_the_surface_buildings_above() -> None:
    """An insert shares the millimetres of the frame with the surface sheet, not its
    buildings: a passage under a building is still a passage."""
    surface, insert = with_insert()
    surface.building("1", {"1.1": ["0101", "0102", "0201", "0202", "0103"]})
    surface.manholes.clear()
    surface.manhole("0301", "A")
    bf = surface.compile(insert)
    assert cost(bf, "U0101", "U0102") == 1
    assert cost(bf, "U0102", "U0103") == 1
    assert total(bf, "U0101", "U0301") == 2


def test_4_3_7_a_house_rule_is_one_edit_of_the_chart() -> None:
    chart = load_terrain_chart().model_copy(deep=True)
    chart.walls.outer_wall.foot = 4
    chart.hexes[Terrain.water].foot = 3
    chart.roofs.stairs = 1
    kit = split_by("outer_wall").set_terrain("water", "0101")
    kit.building("1", {"1.1": ["0504"]}, roof=[("0504", "r", 0.0)])
    bf = kit.compile(chart=chart)
    assert cost(bf, "A0302", "A0303") == 4
    assert cost(bf, "A0201", "A0101") == 3
    assert cost(bf, "1.1", "1.R") == 1
    assert cost(kit.compile(), "A0302", "A0303") == 5  # the shipped chart is untouched


def test_5_2_3_5_every_step_of_the_sample_next_to_barricades_and_ied_as_worded() -> None:
    """step_cost's barricade and no-go checks read a per-location table of the hexes beside
    each hex (issue 14: the bots price hundreds of thousands of steps a game): every step of
    the sample, with barricades and an IED/UXO counter standing, costs what 5.2.3.1 and
    5.2.3.5 say, worked out here from the steps themselves."""
    from pathlib import Path

    from engine.battlefield.compile import compile_file

    bf = compile_file(Path(__file__).resolve().parents[3] / "maps" / "A-harbour.yaml")
    hexes = [loc.id for loc in bf.locations if loc.kind == LocKind.hex]
    rooms = [loc.id for loc in bf.locations if loc.kind != LocKind.hex]
    aliases = [alias for alias, loc in bf.by_id.items() if alias != loc.id]
    dyns = [
        Dynamic(barricades=frozenset(hexes[::37] + rooms[::11]), impassable=frozenset(hexes[5::53])),
        Dynamic(barricades=frozenset(hexes[3::41] + aliases[:5]), impassable=frozenset(aliases[5:9])),
    ]
    adjacent = bf.chart.barricade_adjacent
    slowed_kinds = (StepKind.hex, StepKind.outer_wall, StepKind.aperture)
    checked = slowed = 0
    # step_cost keeps what it read of the last Dynamic: the movers take turns with each
    for mover, dyn in [(m, d) for m in (FOOT, VEHICLE, Mover(Unit.foot, ladder=True)) for d in dyns]:
        for steps in bf.out:
            for step in steps:
                plain = step_cost(bf, step, mover)
                got = step_cost(bf, step, mover, dyn)
                entered = bf.locations[step.dst]
                if plain is None or entered.id in dyn.barricades | dyn.impassable:
                    assert got is None
                    continue
                beside = {
                    bf.locations[s.dst].id for s in bf.out[step.dst] if s.kind == StepKind.hex
                } & dyn.barricades
                if step.kind in slowed_kinds and not entered.interior and beside:
                    floor = adjacent.vehicle if mover.unit == Unit.vehicle else adjacent.foot
                    assert got == max(plain, floor)
                    slowed += 1
                else:
                    assert got == plain
                checked += 1
    assert checked > 1000 and slowed > 50
