"""Effect points (4.3.7): distances for ranges (ep_distance) and areas of effect
(within_ep), reduced by the walls they cross (8.2.1.4); scouting range (8.2.5)."""

from __future__ import annotations

from engine.battlefield import Dynamic
from engine.battlefield.los import los
from engine.battlefield.movement import ep_distance, within_ep
from engine.battlefield.terrain import load_terrain_chart
from engine.geometry.hexgrid import cube_distance

from .mapkit import MapKit

CHART = load_terrain_chart()


def split_by(kind: str) -> MapKit:
    kit = MapKit()
    kit.side_wall(kind, *kit.split_pairs(2), wall_id="W")
    return kit


def test_4_3_7_1_ep_distance_on_open_ground_counts_hexes() -> None:
    kit = MapKit().set_terrain("woods", "0303").set_terrain("water", "0402").set_terrain("hillock", "0503")
    bf = kit.compile()
    assert ep_distance(bf, "A0101", "A0101") == 0
    assert ep_distance(bf, "A0101", "A0105") == 4
    assert ep_distance(bf, "A0101", "A0601") == 5
    assert ep_distance(bf, "A0301", "A0305") == 4  # woods cost 1 EP like clear terrain
    hexes_apart = cube_distance(kit.grid.cube_of("0101"), kit.grid.cube_of("0605"))
    assert ep_distance(bf, "A0101", "A0605") == hexes_apart == 7
    assert ep_distance(bf, "A0605", "A0101") == ep_distance(bf, "A0101", "A0605")


def test_4_3_7_1_ep_distance_through_walls_adds_their_ep() -> None:
    facade = split_by("facade").compile()
    outer = split_by("outer_wall").compile()
    assert ep_distance(facade, "A0302", "A0303") == 1 + CHART.walls.facade.ep == 3
    assert ep_distance(outer, "A0302", "A0303") == 1 + CHART.walls.outer_wall.ep == 2
    assert ep_distance(facade, "A0301", "A0305") == 4 + CHART.walls.facade.ep


def test_4_3_7_1_ep_distance_into_buildings_and_onto_roofs() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0303"]}, roof=[("0302", "r", 0.0)])
    kit.aperture("D1", "0302", "0301", interior="1.1")
    bf = kit.compile()
    # a room: its own EP plus the facade's or the door's
    assert ep_distance(bf, "A0301", "1.1") == CHART.room.ep + CHART.apertures.door_or_window.ep
    assert ep_distance(bf, "A0304", "1.2") == CHART.room.ep + CHART.walls.facade.ep
    # a partition adds its EP
    assert ep_distance(bf, "1.1", "1.2") == CHART.room.ep + CHART.walls.partition.ep
    # 5.1.7.3: the walls bordering the roof are not counted
    assert ep_distance(bf, "A0304", "1.R") == CHART.roofs.ep == 1
    assert ep_distance(bf, "1.R", "A0301") == 1


def test_8_2_1_4_facade_reduces_the_area_of_effect() -> None:
    open_ground = within_ep(MapKit().compile(), "A0302", 2)
    walled = within_ep(split_by("facade").compile(), "A0302", 2)
    assert {"A0303", "A0304", "A0203", "A0403"} <= set(open_ground)
    assert open_ground["A0303"] == 1
    # the hexes beyond the facade are out of a 2 EP blast; those this side are not
    assert not {"A0303", "A0304", "A0203", "A0403"} & set(walled)
    assert walled["A0301"] == open_ground["A0301"] == 1
    assert walled["A0201"] == 1 and walled["A0101"] == 2
    # a 3 EP blast gets one hex through
    assert within_ep(split_by("facade").compile(), "A0302", 3)["A0303"] == 3


def test_8_2_1_4_outer_wall_costs_more_ep_than_open_ground_but_less_than_a_facade() -> None:
    assert within_ep(split_by("outer_wall").compile(), "A0302", 2)["A0303"] == 2
    assert "A0304" not in within_ep(split_by("outer_wall").compile(), "A0302", 2)


def test_8_2_1_4_blast_into_a_building_is_reduced_by_its_facade() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0303"], "1.2": ["0304"]})
    bf = kit.compile()
    got = within_ep(bf, "A0302", 3)
    assert got["1.1"] == 3
    assert "1.2" not in got  # + partition
    assert within_ep(bf, "A0302", 5)["1.2"] == 3 + CHART.room.ep + CHART.walls.partition.ep
    # and the blast does not jump the building to the street beyond
    assert "A0305" not in got


def test_8_2_1_4_underground_effects_stay_below_except_through_a_manhole() -> None:
    surface = MapKit()
    surface.manhole("0101", "A")
    insert = MapKit("U", columns=3, rows=3, kind="underground")
    insert.set_terrain("passage", "0101", "0102", "0103")
    insert.underground_zone("A", "0101")
    bf = surface.compile(insert)
    assert ep_distance(bf, "U0101", "U0103") == 2
    assert ep_distance(bf, "A0101", "U0101") == CHART.manhole.ep
    assert set(within_ep(bf, "U0102", 1)) == {"U0101", "U0102", "U0103"}


def test_8_2_5_1_scouting_up_to_5_ep_with_a_clear_los() -> None:
    bf = MapKit(columns=6, rows=8).compile()

    def can_scout(a: str, b: str, reach: int = 5, dyn: Dynamic | None = None) -> bool:
        d = ep_distance(bf, a, b)
        return d is not None and d <= reach and los(bf, a, b, dyn or Dynamic()).clear

    assert can_scout("A0101", "A0106")
    assert not can_scout("A0101", "A0107")
    assert can_scout("A0101", "A0107", reach=10)  # 8.2.5.2: specific means of observation
    assert not can_scout("A0101", "A0106", dyn=Dynamic(smoke=frozenset({"A0103"})))


def test_8_2_1_4_effects_do_not_hop_over_a_building_by_its_roof() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0303"]}, roof=[("0302", "r1", 180.0)])
    kit.building("2", {"2.1": ["0304"]}, roof=[("0304", "r2", 0.0)])
    kit.building("3", {"3.1": ["0305"]}, roof=[("0305", "r3", 0.0)])
    bf = kit.compile()
    # the roof is 1 EP from the street on either side (its walls are not counted) ...
    assert ep_distance(bf, "A0301", "1.R") == ep_distance(bf, "1.R", "A0203") == 1
    # ... but an effect from one side does not climb over it to the other
    assert ep_distance(bf, "A0301", "A0203") == 3
    assert ep_distance(bf, "A0301", "A0204") == 4
    assert "A0203" not in within_ep(bf, "A0301", 2)
    # nor down through the roof into the rooms: only through the facade
    assert ep_distance(bf, "A0301", "1.1") == CHART.room.ep + CHART.walls.facade.ep
    # roofs of contiguous buildings are 1 EP apart, along the roofs too
    assert ep_distance(bf, "1.R", "2.R") == 1
    assert ep_distance(bf, "1.R", "3.R") == 2
    assert ep_distance(bf, "A0301", "3.R") == 3
