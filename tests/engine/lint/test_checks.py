"""Unit tests of the semantic checks whose logic is not obvious from their examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.geometry.polygons import polygons_overlap
from engine.io.files import load_document
from engine.lint.context import Workspace
from engine.lint.runner import lint_document

ROOT = Path(__file__).resolve().parents[3]
VALID = ROOT / "tests" / "examples" / "valid"

HEADER = """schema: uo-map/1
id: A
size: [100, 80]
grid: {size: 10, origin: [10, 10], columns: 6, rows: 4}
"""


def lint(text: str, name: str = "probe.yaml") -> list[tuple[str, str]]:
    """(code, pointer) of every lint problem of `text`, read as if it were `VALID/name`."""
    doc = load_document(VALID / name, text=text)
    assert doc.model is not None, [p.format() for p in doc.problems]
    return [(p.code, p.pointer) for p in lint_document(doc, Workspace())]


def codes(text: str) -> set[str]:
    return {c for c, _ in lint(text)}


def building(outline: str, rooms: str = "") -> str:
    return f'  - id: "1"\n    outline: {outline}\n' + (f"    rooms:\n{rooms}" if rooms else "")


def room(rid: str, outline: str) -> str:
    return f'      - id: "{rid}"\n        outline: {outline}\n'


# --- polygons ---------------------------------------------------------------------------------

SQUARE = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]


@pytest.mark.parametrize(
    ("other", "overlap"),
    [
        ([(10.0, 0.0), (20.0, 0.0), (20.0, 10.0), (10.0, 10.0)], False),  # shares an edge
        ([(10.0, 10.0), (20.0, 10.0), (20.0, 20.0), (10.0, 20.0)], False),  # shares a corner
        ([(5.0, 0.0), (15.0, 0.0), (15.0, 10.0), (5.0, 10.0)], True),  # strips on the same lines
        (SQUARE, True),  # the same outline
        ([(0.0, 0.0), (10.0, 0.0), (10.0, 5.0), (0.0, 5.0)], True),  # half of it, all on its outline
        ([(2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (2.0, 4.0)], True),  # inside
        ([(5.0, -5.0), (6.0, -5.0), (6.0, 15.0), (5.0, 15.0)], True),  # a bar across
    ],
)
def test_polygons_overlap(other: list[tuple[float, float]], overlap: bool) -> None:
    assert polygons_overlap(SQUARE, other) is overlap
    assert polygons_overlap(other, SQUARE) is overlap


# --- rooms, zones, buildings ------------------------------------------------------------------


def test_rooms_sharing_walls_with_an_l_shaped_building_are_fine() -> None:
    # an L-shaped (non-convex) building split into two rooms along its inner corner
    outline = "[[10, 10], [50, 10], [50, 30], [30, 30], [30, 60], [10, 60]]"
    rooms = room("1.1", "[[10, 10], [50, 10], [50, 30], [10, 30]]") + room(
        "1.2", "[[10, 30], [30, 30], [30, 60], [10, 60]]"
    )
    assert codes(HEADER + "buildings:\n" + building(outline, rooms)) == set()


def test_room_across_the_inner_corner_of_an_l_is_outside() -> None:
    # every vertex is on the building's outline, but the room covers the missing corner
    outline = "[[10, 10], [50, 10], [50, 30], [30, 30], [30, 60], [10, 60]]"
    rooms = room("1.1", "[[30, 30], [50, 30], [30, 60]]")
    assert ("L103", "/buildings/0/rooms/0/outline") in lint(
        HEADER + "buildings:\n" + building(outline, rooms)
    )


def test_room_with_a_vertex_outside_points_at_that_vertex() -> None:
    rooms = room("1.1", "[[10, 10], [40, 10], [45, 40], [10, 40]]")
    found = lint(HEADER + "buildings:\n" + building("[[10, 10], [40, 10], [40, 40], [10, 40]]", rooms))
    assert found == [("L103", "/buildings/0/rooms/0/outline/2")]


def test_touching_buildings_do_not_overlap() -> None:
    text = (
        HEADER
        + "buildings:\n"
        + building("[[10, 10], [30, 10], [30, 30], [10, 30]]")
        + '  - id: "2"\n    outline: [[30, 10], [50, 10], [50, 30], [30, 30]]\n'
    )
    assert codes(text) == set()


def test_a_self_touching_but_not_crossing_outline_is_simple() -> None:
    # a U shape: adjacent edges meet at vertices only
    outline = "[[10, 10], [20, 10], [20, 30], [25, 30], [25, 10], [35, 10], [35, 40], [10, 40]]"
    assert codes(HEADER + "buildings:\n" + building(outline)) == set()


def test_zone_id_of_another_building_is_flagged() -> None:
    rooms = '      - id: "1.1"\n        outline: [[10, 10], [40, 10], [40, 40], [10, 40]]\n        zones:\n'
    rooms += '          - id: "7.2"\n            outline: [[10, 10], [40, 10], [40, 40], [10, 40]]\n'
    found = lint(HEADER + "buildings:\n" + building("[[10, 10], [40, 10], [40, 40], [10, 40]]", rooms))
    assert found == [("L108", "/buildings/0/rooms/0/zones/0/id")]


# --- apertures --------------------------------------------------------------------------------

FACADE = """walls:
  - id: w1
    kind: facade
    points: [[10, 10], [40, 10], [40, 40]]
    apertures:
"""
BUILDING = "buildings:\n" + building(
    "[[10, 10], [40, 10], [40, 40], [10, 40]]", room("1.1", "[[10, 10], [40, 10], [40, 40], [10, 40]]")
)


def aperture(aid: str, at: str, interior: str = "1.1", kind: str = "door") -> str:
    return (
        f'      - {{id: {aid}, kind: {kind}, at: {at}, interior: "{interior}", arc: {{start: 0, end: 90}}}}\n'
    )


def test_aperture_within_tolerance_of_a_polyline_corner_is_on_the_wall() -> None:
    assert codes(HEADER + BUILDING + FACADE + aperture("d1", "[40.3, 25]")) == set()


def test_aperture_beyond_tolerance_is_off_the_wall() -> None:
    assert lint(HEADER + BUILDING + FACADE + aperture("d1", "[40.6, 25]")) == [
        ("L111", "/walls/0/apertures/0/at")
    ]


def test_a_breach_counts_as_the_zone_aperture() -> None:
    text = HEADER + BUILDING + FACADE + aperture("d1", "[20, 10]") + aperture("b1", "[40, 30]", kind="breach")
    assert lint(text) == [("L109", "/walls/0/apertures/1/interior")]


def test_apertures_into_a_divided_room_must_name_a_zone() -> None:
    rooms = '      - id: "1.1"\n        outline: [[10, 10], [40, 10], [40, 40], [10, 40]]\n        zones:\n'
    rooms += '          - id: "1.2"\n            outline: [[10, 10], [40, 10], [40, 40], [10, 40]]\n'
    text = HEADER + "buildings:\n" + building("[[10, 10], [40, 10], [40, 40], [10, 40]]", rooms)
    assert lint(text + FACADE + aperture("d1", "[20, 10]")) == [("L113", "/walls/0/apertures/0/interior")]


def test_outer_wall_apertures_need_no_interior() -> None:
    text = (
        HEADER + "walls:\n  - id: w\n    kind: outer_wall\n    points: [[0, 50], [30, 50]]\n    apertures:\n"
    )
    text += "      - {id: b, kind: breach, at: [10, 50], arc: {start: 0, end: 180}}\n"
    assert codes(text) == set()


# --- terrain and underground ------------------------------------------------------------------


def test_half_hexes_that_do_not_play_are_flagged_in_terrain() -> None:
    # hex 0601 (centre x = 85) is cut by a 90 mm wide sheet
    text = HEADER.replace("size: [100, 80]", "size: [90, 80]").replace(
        "rows: 4}", "rows: 4, half_hexes_playable: false}"
    )
    assert lint(text + 'terrain: {"0601": woods, "0202": woods}\n') == [("L115", "/terrain/0601")]


def test_underground_default_terrain_on_a_surface_sheet() -> None:
    assert lint(HEADER + "default_terrain: solid\n") == [("L116", "/default_terrain")]


def test_dummy_manholes_need_no_letter() -> None:
    assert codes(HEADER + 'manholes:\n  - {id: m, hex: "0101", dummy: true}\n') == set()


# --- scenarios --------------------------------------------------------------------------------

SCENARIO = (VALID / "minimal-scenario.yaml").read_text(encoding="utf-8")


def scen(old: str, new: str) -> list[tuple[str, str]]:
    assert old in SCENARIO
    return lint(SCENARIO.replace(old, new, 1), "probe-scenario.yaml")


def test_minimal_scenario_is_clean() -> None:
    assert lint(SCENARIO, "probe-scenario.yaml") == []


def test_vehicle_over_capacity() -> None:
    # the APC carries 2 and already holds g1-sq2; a third weight-1 squad is one too many
    extra = "          - {id: g1-sqX, card: rifle-platoon, type: infantry, mounted_in: g-apc}\n"
    anchor = "          - {id: g-apc,"
    found = scen(anchor, extra.replace("X", "3") + extra.replace("X", "4") + anchor)
    assert found == [("L316", "/sides/green/impulse_forces/0/blocks/4/mounted_in")]


def test_mounted_block_set_up_away_from_its_vehicle() -> None:
    found = scen("type: infantry, mounted_in: g-apc}", 'type: infantry, mounted_in: g-apc, at: "2.1"}')
    assert found == [("L316", "/sides/green/impulse_forces/0/blocks/2/at")]


def test_vehicle_may_enter_an_open_building() -> None:
    assert scen("at: A0202}", 'at: "2.1"}') == []


def test_vehicle_cannot_be_underground() -> None:
    assert scen("at: A0202}", "at: U0101}") == [("L318", "/sides/green/impulse_forces/0/blocks/3/at")]


def test_divided_room_is_not_a_location() -> None:
    assert scen('at: "1.3"}', 'at: "1.2"}') == [("L308", "/sides/red/impulse_forces/0/blocks/0/at")]


def test_roof_exists_only_with_a_roof_access() -> None:
    assert scen('at: "1.1"}', 'at: "1.R"}') == []
    assert scen('at: "1.1"}', 'at: "2.R"}') == [("L308", "/sides/green/impulse_forces/0/blocks/1/at")]


def test_destroy_target_must_be_an_enemy_block() -> None:
    found = scen("block_types: [platoon_leader]}", "blocks: [r1-pl]}")
    assert found == [("L307", "/victory/conditions/2/blocks/0")]


def test_platoon_leader_of_another_force() -> None:
    found = scen("platoon_leader: r2-pl\n", "platoon_leader: r1-pl\n")
    assert ("L314", "/sides/red/impulse_forces/1/platoon_leader") in found


def test_air_defense_rows_have_no_next_turn() -> None:
    found = scen("U: [0, 1, 2, 3, 4], T: [5", "U: [0, 1, 2, 3], T+1: [4], T: [5")
    assert found == [("L321", "/sides/red/support/air_defense/0/T+1")]


def test_missing_sheet_silences_location_checks() -> None:
    found = scen("file: minimal-sheet.yaml", "file: no-such-sheet.yaml")
    assert [c for c, _ in found] == ["L301"]


def test_missing_cards_silence_card_checks() -> None:
    found = scen("cards: [minimal-cards.yaml]", "cards: [no-such-cards.yaml]")
    assert [c for c, _ in found] == ["L301"]


def test_a_sides_ied_uxo_allotment_is_checked_like_the_others() -> None:
    # 8.2.3.1: the IED/UXO an engineer places; those the scenario puts down are located
    ied = "barricades: {count: 1, locations: [A0403]}\n      ied_uxo: {count: 1, locations: [A0101, A0402]}"
    found = scen("barricades: {count: 1, locations: [A0403]}", ied)
    assert ("L323", "/sides/red/environment/ied_uxo/locations/1") in found  # two for one
    assert ("L334", "/sides/green/impulse_forces/0/blocks/0/at") in found  # g1-pl stands on one
    assert scen("barricades: {count: 1, locations: [A0403]}", "ied_uxo: {count: 2}") == []
