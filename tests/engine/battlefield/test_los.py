"""Every line-of-sight case of 5.1.7 (5.1.7.1-5.1.7.3), 5.1.2, 5.1.5 and 8.2.5.3, each on
the tiny map it needs. Every verdict checks the rule cited and the obstacle named.

Lines of sight here mostly run down one column of the flat-topped grid (x constant):
such a line crosses the hexes of its column through their centres and never touches the
neighbouring columns, so exactly the obstacles placed in the column count.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from random import Random

import pytest

from engine.battlefield import Battlefield, Dynamic
from engine.battlefield.los import LosResult, los
from engine.battlefield.los_table import LosTable

from .mapkit import MapKit


def see(bf: Battlefield, a: str, b: str, dyn: Dynamic | None = None) -> LosResult:
    """LOS from a to b, checked to be the same from b to a (5.1.7: reciprocal) and, on the
    static map, to agree with the all-pairs table."""
    dyn = dyn or Dynamic()
    there, back = los(bf, a, b, dyn), los(bf, b, a, dyn)
    assert there == back
    if dyn == Dynamic():
        assert LosTable(bf).clear(a, b) == there.clear, (a, b, there)
    return there


def clear(result: LosResult, rule: str = "5.1.7") -> None:
    assert result.clear, result
    assert result.rule == rule
    assert result.blocker is None


def blocked(result: LosResult, rule: str, blocker: str, words: str = "") -> None:
    assert not result.clear, result
    assert (result.rule, result.blocker) == (rule, blocker), result
    assert words in result.reason, result


# --- walls: their outlines only (5.1.7.1) ---------------------------------------------------


@pytest.mark.parametrize(("kind", "level"), [("outer_wall", 1), ("facade", 2)])
def test_5_1_7_1_walls_block_along_their_outline_only(kind: str, level: int) -> None:
    kit = MapKit()
    # a wall inside hex 0303, off its centre: x = 42 from y 38 to 51
    kit.wall(kind, [(42.0, 38.0), (42.0, 51.0)], wall_id="W")
    bf = kit.compile()
    # the column line x = 40 runs through 0303 beside the wall: clear
    clear(see(bf, "A0302", "A0304"))
    clear(see(bf, "A0301", "A0305"))
    # a line across the wall is blocked where it meets the wall
    result = see(bf, "A0202", "A0403")
    blocked(result, "5.1.7.2", f"{kind.replace('_', ' ')} W", f"level {level}")
    assert result.point is not None and result.point[0] == pytest.approx(42.0)


def test_5_1_7_1_wall_along_a_hex_side_blocks_the_line_through_that_side() -> None:
    kit = MapKit()
    kit.side_wall("outer_wall", ("0302", "0303"), wall_id="W")
    bf = kit.compile()
    blocked(see(bf, "A0301", "A0304"), "5.1.7.2", "outer wall W", "visual obstruction")
    clear(see(bf, "A0201", "A0203"))


# --- obstacle hexes and counters: whole hexes including sides (5.1.7.1) ---------------------


@pytest.mark.parametrize(("terrain", "level"), [("woods", 3), ("hillock", 1)])
def test_5_1_7_1_woods_and_hillocks_block_the_whole_hex(terrain: str, level: int) -> None:
    bf = MapKit().set_terrain(terrain, "0303").compile()
    blocked(see(bf, "A0302", "A0304"), "5.1.7.2", f"{terrain} in A0303", f"(level {level})")
    blocked(see(bf, "A0301", "A0305"), "5.1.7.2", f"{terrain} in A0303", "visual obstruction")
    clear(see(bf, "A0101", "A0105"))


def test_5_1_7_1_obstacle_hexes_cover_their_sides() -> None:
    # the line A0101-A0301 (y = 10) runs exactly along the top side of A0201
    bf = MapKit().set_terrain("woods", "0201").compile()
    blocked(see(bf, "A0101", "A0301"), "5.1.7.2", "woods in A0201")
    # ... and the line A0102-A0302 along its bottom side
    blocked(see(bf, "A0102", "A0302"), "5.1.7.2", "woods in A0201")
    # a line through only a corner of the hex
    kit = MapKit().set_terrain("woods", "0202")
    # corner of A0202 at (35, 35.98); the line A0302 (40, 27.32) - A0203 (25, 53.3) meets it
    blocked(see(kit.compile(), "A0302", "A0203"), "5.1.7.2", "woods in A0202")
    clear(see(bf, "A0103", "A0303"))


def test_5_1_7_1_a_location_is_not_hidden_by_its_own_hex() -> None:
    bf = MapKit().set_terrain("woods", "0302").set_terrain("hillock", "0304").compile()
    clear(see(bf, "A0302", "A0301"))
    clear(see(bf, "A0302", "A0303"))
    smoke = Dynamic(smoke=frozenset({"A0301"}))
    clear(see(bf, "A0301", "A0101", smoke))


@pytest.mark.parametrize(
    ("field", "what", "level"),
    [("smoke", "smoke", 2), ("wrecks", "wreck", 1), ("vehicles", "vehicles counter", 1)],
)
def test_5_1_7_1_smoke_wreck_and_vehicles_counters_block_as_query_inputs(
    field: str, what: str, level: int
) -> None:
    bf = MapKit().compile()
    clear(see(bf, "A0301", "A0304"))
    dyn = Dynamic(**{field: frozenset({"A0302"})})
    blocked(see(bf, "A0301", "A0304", dyn), "5.1.7.2", f"{what} in A0302", f"(level {level})")
    # counters cover their sides too: A0101-A0301 runs along A0201's top side
    blocked(
        see(bf, "A0101", "A0301", Dynamic(**{field: frozenset({"A0201"})})), "5.1.7.2", f"{what} in A0201"
    )
    # and the same map is clear again without them
    clear(see(bf, "A0301", "A0304"))


def test_5_1_7_1_toxic_and_barricade_counters_do_not_block() -> None:
    bf = MapKit().compile()
    dyn = Dynamic(barricades=frozenset({"A0302"}), impassable=frozenset({"A0303"}))
    clear(see(bf, "A0301", "A0304", dyn))


# --- levels (5.1.7.2) -----------------------------------------------------------------------


def test_5_1_7_2_visual_obstruction_both_ends_below_the_obstacle() -> None:
    kit = MapKit().set_terrain("woods", "0303").set_terrain("hillock", "0301", "0502")
    bf = kit.compile()
    # hillock (1) and clear (0) both below woods (3)
    blocked(see(bf, "A0301", "A0305"), "5.1.7.2", "woods in A0303", "visual obstruction")
    # a building (2) between two clear hexes
    kit = MapKit()
    kit.building("1", {"1.1": ["0303"]})
    blocked(see(kit.compile(), "A0302", "A0304"), "5.1.7.2", "building 1", "visual obstruction")


def test_5_1_7_2_plateau_effect_one_end_level_with_the_obstacle() -> None:
    bf = MapKit().set_terrain("hillock", "0301", "0302").compile()
    blocked(see(bf, "A0301", "A0303"), "5.1.7.2", "hillock in A0302", "plateau effect")
    blocked(see(bf, "A0301", "A0304"), "5.1.7.2", "hillock in A0302", "plateau effect")


def test_5_1_7_2_plateau_ends_level_with_the_obstacle_see_each_other() -> None:
    bf = MapKit().set_terrain("hillock", "0301", "0302", "0303").compile()
    clear(see(bf, "A0301", "A0303"))


def test_5_1_7_2_outer_wall_is_level_1_from_a_hillock() -> None:
    kit = MapKit().set_terrain("hillock", "0301", "0305")
    kit.side_wall("outer_wall", ("0302", "0303"), wall_id="W")
    bf = kit.compile()
    blocked(see(bf, "A0301", "A0304"), "5.1.7.2", "outer wall W", "plateau effect")
    clear(see(bf, "A0301", "A0305"))  # two hillocks over a level-1 wall


# --- from above (5.1.7.3) -------------------------------------------------------------------


def tower(obstacle: str = "hillock") -> MapKit:
    """Building 1 in A0301 with its roof access dot at the hex centre; an obstacle in A0302."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0301"]}, roof=[("0301", "r1", 180.0)])
    if obstacle == "outer_wall":
        kit.side_wall("outer_wall", ("0302", "0303"), wall_id="W")
    elif obstacle:
        kit.set_terrain(obstacle, "0302")
    return kit


def test_5_1_7_3_view_from_above_over_a_lower_obstacle() -> None:
    bf = tower("hillock").compile()
    clear(see(bf, "1.R", "A0304"))
    clear(see(bf, "1.R", "A0305"))


def test_5_1_7_3_blind_hex_right_behind_the_obstacle() -> None:
    bf = tower("hillock").compile()
    blocked(see(bf, "1.R", "A0303"), "5.1.7.3", "hillock in A0302", "blind hex")
    walled = tower("outer_wall").compile()
    blocked(see(walled, "1.R", "A0303"), "5.1.7.3", "outer wall W", "blind hex")
    clear(see(walled, "1.R", "A0304"))


def test_5_1_7_3_no_view_from_above_over_a_higher_obstacle() -> None:
    bf = tower("woods").compile()
    blocked(see(bf, "1.R", "A0304"), "5.1.7.2", "woods in A0302", "visual obstruction")


def test_5_1_7_3_roof_sees_from_its_access_dot_ignoring_its_own_building() -> None:
    kit = MapKit()
    # building 1 covers 0301-0302; the access symbol's dot is in 0301
    kit.building("1", {"1.1": ["0301"], "1.2": ["0302"]}, roof=[("0301", "r1", 180.0)])
    bf = kit.compile()
    assert bf.location("1.R").centre == pytest.approx(kit.centre("0301"))
    # the line from the dot crosses the building's own walls (0302): no effect
    clear(see(bf, "1.R", "A0303"))
    clear(see(bf, "1.R", "A0305"))


def test_5_1_7_3_neighbouring_buildings_give_the_roof_a_plateau_effect() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0301"]}, roof=[("0301", "r1", 180.0)])
    kit.building("2", {"2.1": ["0302"]}, roof=[("0302", "r2", 0.0)])
    bf = kit.compile()
    blocked(see(bf, "1.R", "A0303"), "5.1.7.2", "building 2", "plateau effect")
    blocked(see(bf, "1.R", "A0305"), "5.1.7.2", "building 2", "plateau effect")
    # two roofs level with the building between them see each other
    kit.building("3", {"3.1": ["0304"]}, roof=[("0304", "r3", 0.0)])
    clear(see(kit.compile(), "2.R", "3.R"))
    # and a roof never looks into its own building
    own = see(bf, "1.R", "1.1")
    assert (own.clear, own.rule, own.blocker) == (False, "5.1.7.3", "building 1")


# --- into and out of buildings (5.1.7, 8.2.5.3) ---------------------------------------------


def house() -> MapKit:
    """Building 1: room 1.1 (0303) with a door D1 to the north (0302, arc 300-60) and room
    1.2 (0304) with a breach point B1 to the south (0305)."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0303"], "1.2": ["0304"]})
    kit.aperture("D1", "0303", "0302", interior="1.1")
    kit.aperture("B1", "0304", "0305", interior="1.2", kind="breach")
    return kit


def test_5_1_7_into_a_room_through_an_aperture_whose_arc_holds_the_outside() -> None:
    bf = house().compile()
    for outside in ("A0302", "A0301", "A0401", "A0501"):
        result = see(bf, outside, "1.1")
        clear(result)
        assert result.via == "D1"


def test_5_1_7_not_into_a_room_from_outside_the_arc() -> None:
    bf = house().compile()
    for outside in ("A0202", "A0203", "A0402", "A0305"):
        blocked(see(bf, outside, "1.1"), "5.1.7", "building 1", "fire arc")


def test_5_1_7_into_a_room_the_line_to_the_aperture_must_be_clear() -> None:
    kit = house().set_terrain("woods", "0302")
    blocked(see(kit.compile(), "A0301", "1.1"), "5.1.7.2", "woods in A0302", "visual obstruction")


def test_8_2_5_3_in_the_arc_but_behind_another_wing_of_the_same_building() -> None:
    """5.1.3.1: a facade obstructs unless there is an aperture; 8.2.5.3: a room is seen
    from outside only from the aperture's arc *and* with a clear LOS. Only the facade
    segment holding the aperture lets the line through: the building's other wing
    (hex 0201, beside room 1.1) hides the room from 0101, in the door's wide arc."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"], "1.2": ["0201"]})
    kit.aperture("D1", "0302", "0301", interior="1.1", half=80.0)
    bf = kit.compile()
    result = see(bf, "A0101", "1.1")
    blocked(result, "5.1.7.2", "building 1", "visual obstruction")
    assert result.point is not None and result.point[0] < 35.0  # on the wing, not the facade
    # the same door, a line that meets the building only at the door: clear
    for outside in ("A0301", "A0501"):
        assert see(bf, outside, "1.1").via == "D1"


def test_5_1_7_through_a_breach_only_once_opened() -> None:
    bf = house().compile()
    blocked(see(bf, "A0305", "1.2"), "5.1.7", "building 1", "not opened")
    opened = Dynamic(opened_breaches=frozenset({"B1"}))
    result = see(bf, "A0305", "1.2", opened)
    clear(result)
    assert result.via == "B1"


def test_5_1_7_room_without_aperture_is_never_seen() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0303"]})
    blocked(see(kit.compile(), "A0302", "1.1"), "5.1.7", "building 1", "no aperture")


def test_8_2_5_3_never_from_room_to_room() -> None:
    bf = house().compile()
    blocked(see(bf, "1.1", "1.2", Dynamic(opened_breaches=frozenset({"B1"}))), "8.2.5.3", "walls")
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"]})
    kit.building("2", {"2.1": ["0304"]})
    kit.aperture("D1", "0302", "0303", interior="1.1")
    kit.aperture("D2", "0304", "0303", interior="2.1")
    blocked(see(kit.compile(), "1.1", "2.1"), "8.2.5.3", "walls")


def test_5_1_2_zones_of_one_room_see_each_other() -> None:
    kit = MapKit()
    kit.building("2", {"2.1": {"2.2": ["0302"], "2.3": ["0303"]}, "2.4": ["0304"]})
    bf = kit.compile()
    clear(see(bf, "2.2", "2.3"), "5.1.2")
    blocked(see(bf, "2.3", "2.4"), "8.2.5.3", "walls")


# --- underground (5.1.5, 5.1.7) -------------------------------------------------------------


def sewers() -> tuple[MapKit, MapKit]:
    """Insert U: a U-shaped passage down column 1, along row 3 and up column 3."""
    insert = MapKit("U", columns=4, rows=4, kind="underground")
    insert.set_terrain("passage", "0101", "0102", "0103", "0203", "0301", "0302", "0303")
    insert.underground_zone("A", "0101")
    surface = MapKit()
    surface.manhole("0101", "A")
    return surface, insert


def test_5_1_7_underground_locations_see_each_other_along_a_passage() -> None:
    surface, insert = sewers()
    bf = surface.compile(insert)
    clear(see(bf, "U0101", "U0103"))
    clear(see(bf, "U0103", "U0203"))


def test_5_1_7_solid_rock_blocks_underground_lines_of_sight() -> None:
    surface, insert = sewers()
    bf = surface.compile(insert)
    blocked(see(bf, "U0101", "U0301"), "5.1.7", "rock", "solid rock")
    blocked(see(bf, "U0101", "U0303"), "5.1.7", "rock", "solid rock")


def test_5_1_5_the_surface_and_the_underground_never_see_each_other() -> None:
    surface, insert = sewers()
    bf = surface.compile(insert)
    result = see(bf, "A0101", "U0101")  # even through the manhole
    assert (result.clear, result.rule, result.blocker) == (False, "5.1.5", "ground")


def test_5_1_7_1_yard_wall_closing_a_building_notch_still_blocks() -> None:
    """A wall whose two ends touch a U-shaped building but which runs outside it (closing
    the yard) is a wall of its own, not one of the building's."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0301", "0302", "0303"], "1.2": ["0401"], "1.3": ["0501", "0502", "0503"]})
    right_of_0303, left_of_0503 = kit.corners("0303")[0], kit.corners("0503")[3]
    kit.wall("outer_wall", [right_of_0303, left_of_0503], wall_id="Y")
    bf = kit.compile()
    blocked(see(bf, "A0402", "A0404"), "5.1.7.2", "outer wall Y", "visual obstruction")


@cache
def harbour_sheet() -> Battlefield:
    """The sample's sheet A compiled (once for the tests below)."""
    from engine.battlefield.compile import compile_file

    return compile_file(Path(__file__).resolve().parents[3] / "maps" / "A-harbour.yaml")


def scattered_counters(bf: Battlefield, rng: Random, smoke: int, wrecks: int, vehicles: int) -> Dynamic:
    """Smoke, Wreck and Vehicles counters on hexes drawn by `rng` (in that order)."""
    from engine.battlefield import LocKind

    hexes = [loc for loc in bf.locations if loc.kind == LocKind.hex]
    return Dynamic(
        smoke=frozenset(h.id for h in rng.sample(hexes, smoke)),
        wrecks=frozenset(h.id for h in rng.sample(hexes, wrecks)),
        vehicles=frozenset(h.id for h in rng.sample(hexes, vehicles)),
    )


def test_5_1_7_obstacles_found_through_outline_boxes_are_every_outline_met() -> None:
    """obstacles() skips the buildings and obstacle hexes whose box the line misses (issue 14:
    it tested every outline of the map at every LOS question with counters); on the sample,
    with Smoke, Wreck and Vehicles counters, it finds what testing every outline finds."""
    import random

    from engine.battlefield import los as los_module

    bf = harbour_sheet()
    rng = random.Random(14)
    dyn = scattered_counters(bf, rng, smoke=12, wrecks=6, vehicles=6)
    met = 0
    for _ in range(400):
        a, b = rng.sample(bf.locations, 2)
        if a.layer != b.layer or a.layer != "surface":
            continue
        got = los_module.obstacles(bf, a, b, a.centre, b.centre, dyn, frozenset())
        expected = []
        for bid, outline in bf.buildings.items():
            hits = los_module._hits(a.centre, b.centre, outline)
            if hits is not None:
                expected.append((hits[0][0], f"building {bid}"))
        for loc, _level, what in los_module._hex_obstacles(bf, dyn):
            if loc.index not in (a.index, b.index):
                hits = los_module._hits(a.centre, b.centre, loc.outline, inside_counts=True)
                if hits is not None:
                    expected.append((hits[0][0], f"{what} in {loc.id}"))
        # (walls are the wall index's: their obstacles are named by kind and wall id)
        outlines = [(ob.t, ob.what) for ob in got if ob.what.startswith("building ") or " in " in ob.what]
        assert sorted(outlines) == sorted(expected)
        met += len(expected)
    assert met > 100


def test_5_1_7_1_counters_judged_past_a_clear_static_line_as_the_whole_rule() -> None:
    """clear_past_counters (the rules ask it when the static table sees a pair clear and
    counters stand near the line) gives los()'s answer with Smoke, Wreck and Vehicles
    counters: outside buildings only the counters' hexes are judged, by level, blind hexes
    included; an end in a room, on a roof or underground gets the whole rule."""
    import random

    from engine.battlefield.los import clear_past_counters

    bf = harbour_sheet()
    rng = random.Random(16)
    dyn = scattered_counters(bf, rng, smoke=20, wrecks=10, vehicles=10)
    kinds: set[str] = set()
    blocked_by_counters = 0
    for _ in range(700):
        a, b = rng.sample(bf.locations, 2)
        if not los(bf, a.id, b.id).clear:  # (what the table says: it equals los(), above)
            continue
        expected = los(bf, a.id, b.id, dyn).clear
        assert clear_past_counters(bf, a.id, b.id, dyn) == expected, (a.id, b.id)
        assert clear_past_counters(bf, b.id, a.id, dyn) == expected, (b.id, a.id)
        blocked_by_counters += not expected
        kinds.update(loc.kind.value for loc in (a, b))
    assert blocked_by_counters > 10
    assert {"hex", "roof"} <= kinds and ({"room", "zone"} & kinds)
