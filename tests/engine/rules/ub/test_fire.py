"""Rulebook: Firing - Basic Mode (Direct Fire, Parabolic Fire), Absolute Mode, Realistic Mode."""

from __future__ import annotations

from engine.model.ub_units import Armour
from engine.rules.ub import fire as F
from engine.rules.ub.actions import Fire, FireKind, Step, StepKind

from .kit import OPEN, Dice, start


def fires(play, unit):
    return {(a.target, a.kind) for a in play.legal_actions() if isinstance(a, Fire) and a.unit == unit}


D, P = FireKind.direct, FireKind.parabolic


def test_firing_direction_turret_fires_in_all_eight_directions(tmp_path):
    reds = [("n", "tank", "E1", "S"), ("se", "tank", "H8", "N"), ("w", "tank", "A5", "E")]
    play = start(tmp_path, OPEN, [("g", "tank", "E5", "N")], reds)
    assert fires(play, "g") == {("n", D), ("se", D), ("w", D)}


def test_firing_direction_hull_mounted_fires_in_three_forward_directions(tmp_path):
    reds = [
        ("n", "tank", "E1", "S"),
        ("ne", "tank", "H2", "S"),
        ("e", "tank", "J5", "W"),
        ("w", "tank", "A5", "E"),
    ]
    play = start(tmp_path, OPEN, [("g", "hull", "E5", "N")], reds)
    assert fires(play, "g") == {("n", D), ("ne", D)}


def test_firing_direction_only_straight_or_diagonal_lines(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "C4", "W")])
    assert fires(play, "g") == set()


def test_line_of_sight_only_empty_squares_between(tmp_path):
    rows = ["..........", "...B......", "...o......"] + ["." * 10] * 7
    reds = [
        ("a", "tank", "F2", "W"),
        ("b", "tank", "F3", "W"),
        ("c", "tank", "F1", "W"),
        ("d", "tank", "A4", "E"),
    ]
    greens = [("g", "tank", "A2", "E"), ("g2", "tank", "A3", "E"), ("g3", "tank", "A1", "E")]
    play = start(tmp_path, rows, greens, reds)
    assert ("a", D) not in fires(play, "g")  # a building between
    assert ("b", D) in fires(play, "g2")  # a low obstacle does not prevent firing
    assert ("b", D) not in fires(play, "g3") and ("c", D) in fires(play, "g3")
    assert ("d", D) not in fires(play, "g")  # the vehicle at A3 is between


def test_distance_no_fire_at_an_adjacent_square(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "B1", "W"), ("r2", "tank", "C3", "W")]
    )
    assert fires(play, "g") == {("r2", D)}


def test_armor_front_side_rear_by_the_firing_units_location():
    armour = Armour(front=9, side=7, rear=5)
    target, facing = (5, 5), 2  # facing east
    assert F.armour_value(armour, target, facing, (8, 5)) == 9  # in front
    assert F.armour_value(armour, target, facing, (8, 2)) == 7  # exactly 45 degrees: side
    assert F.armour_value(armour, target, facing, (5, 1)) == 7  # side
    assert F.armour_value(armour, target, facing, (2, 8)) == 7  # 45 degrees off the rear axis: side
    assert F.armour_value(armour, target, facing, (1, 5)) == 5  # rear


def test_firing_procedure_destroyed_when_rf_reaches_armor_plus_distance(tmp_path):
    # tank: red + purple + 5; target facing west, fired on from the west: front 6; D = 4: needs 10
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "E1", "W"), ("r2", "tank", "J9", "W")]
    )
    play.rng = Dice(3, 2)  # 3 + 2 (purple face 2) + 5 = 10
    play.apply(Fire("g", "r"))
    assert play.state.pieces["r"].destroyed
    assert play.log[-1]["rolls"] == [3, 2]


def test_firing_procedure_one_short_is_a_miss(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "E1", "W"), ("r2", "tank", "J9", "W")]
    )
    play.rng = Dice(3, 1)  # 3 + 1 + 5 = 9 < 10
    play.apply(Fire("g", "r"))
    assert not play.state.pieces["r"].destroyed


def test_firing_procedure_red_die_one_always_misses(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "wheeled", "C1", "E"), ("r2", "tank", "J9", "W")]
    )
    play.rng = Dice(1, 6)  # 1 + 4 + 5 = 10 >= rear 1 + 2, yet a miss
    play.apply(Fire("g", "r"))
    assert not play.state.pieces["r"].destroyed


def test_destruction_the_wreck_remains_and_blocks_line_of_sight(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "A1", "E"), ("g2", "tank", "A3", "E")],
        [("r", "tank", "D1", "W"), ("r2", "tank", "G1", "W")],
    )
    play.rng = Dice(6, 6)
    play.apply(Fire("g", "r"))
    assert play.state.pieces["r"].destroyed and play.state.pieces["r"].square == (3, 0)
    play.apply(Step("g2", StepKind.left))
    play.apply(Step("g2", StepKind.forward))  # A2, facing NE
    assert ("r2", D) not in fires(play, "g") and play.outcome.points["green"] == 4


def test_firing_narrow_passage_only_to_the_front(tmp_path):
    rows = ["..........", "B|B.......", ".........."] + ["." * 10] * 7
    play = start(
        tmp_path, rows, [("g", "tank", "B2", "S")], [("s", "tank", "B6", "N"), ("d", "tank", "E5", "W")]
    )
    assert fires(play, "g") == {("s", D)}


# --- parabolic fire ------------------------------------------------------------------------------

CITY = [
    "..........",
    "..........",
    "..........",
    "....B.....",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
]


def test_parabolic_fire_range_and_three_forward_directions(tmp_path):
    reds = [("near", "tank", "A3", "N"), ("in", "tank", "A6", "N"), ("behind", "tank", "E1", "N")]
    play = start(tmp_path, OPEN, [("g", "howitzer", "A1", "S")], reds)
    assert fires(play, "g") == {("in", P)}  # A3: under the minimum range 3... at 2; E1: not forward


def test_trajectory_howitzer_needs_a_square_between_buildings_and_the_ends(tmp_path):
    # over the building at E4: from E1 to E7 fine; to E5 (next to the building) not
    reds = [("far", "tank", "E8", "N"), ("close", "tank", "E5", "N")]
    play = start(tmp_path, CITY, [("g", "howitzer", "E1", "S"), ("spot", "tank", "A8", "E")], reds)
    got = fires(play, "g")
    assert ("far", P) in got and ("close", P) not in got


def test_trajectory_mortars_fire_right_behind_cover(tmp_path):
    reds = [("close", "tank", "E5", "N")]
    play = start(tmp_path, CITY, [("g", "mortar", "E2", "S"), ("spot", "tank", "A5", "E")], reds)
    assert ("close", P) in fires(play, "g")


def test_target_locating_needs_an_allied_vehicle_in_visual_contact(tmp_path):
    play = start(tmp_path, CITY, [("g", "howitzer", "E1", "S")], [("r", "tank", "E8", "N")])
    assert fires(play, "g") == set()  # the building hides it and no ally sees it


def test_target_locating_is_not_blocked_by_vehicles(tmp_path):
    greens = [("g", "howitzer", "E1", "S"), ("spot", "tank", "A8", "E"), ("g2", "tank", "C8", "E")]
    play = start(tmp_path, CITY, greens, [("r", "tank", "E8", "N")])
    assert ("r", P) in fires(play, "g")


def test_parabolic_firing_procedure_die_times_multiplier_against_distance(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "howitzer", "A1", "S")], [("r", "tank", "A8", "N"), ("r2", "tank", "J9", "N")]
    )
    play.rng = Dice(2)  # 2 x 3 = 6 < D 7
    play.apply(Fire("g", "r", P))
    assert not play.state.pieces["r"].destroyed
    play2 = start(
        tmp_path, OPEN, [("g", "howitzer", "A1", "S")], [("r", "tank", "A8", "N"), ("r2", "tank", "J9", "N")]
    )
    play2.rng = Dice(3)  # 9 >= 7, armour irrelevant
    play2.apply(Fire("g", "r", P))
    assert play2.state.pieces["r"].destroyed


# --- Absolute and Realistic modes ---------------------------------------------------------------


def test_absolute_mode_fixed_firepower_no_dice(tmp_path):
    # tank absolute 11; target front 6 at D 5: 11 >= 11 destroyed; at D 6 not
    reds = [("r", "tank", "F1", "W"), ("r2", "tank", "G3", "W")]
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E"), ("g2", "tank", "A3", "E")], reds, firing_mode="absolute"
    )
    play.apply(Fire("g", "r"))
    play.apply(Fire("g2", "r2"))
    assert play.state.pieces["r"].destroyed and not play.state.pieces["r2"].destroyed
    assert all(entry["rolls"] == [] for entry in play.log)


def test_absolute_mode_parabolic_in_range_and_located_is_destroyed(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "howitzer", "A1", "S")],
        [("r", "tank", "A8", "N"), ("r2", "tank", "J9", "N")],
        firing_mode="absolute",
    )
    play.apply(Fire("g", "r", P))
    assert play.state.pieces["r"].destroyed


def test_realistic_mode_fires_between_straight_and_diagonal_lines(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "C4", "W")], firing_mode="realistic"
    )
    assert fires(play, "g") == {("r", D)}


def test_realistic_mode_hull_arc_excludes_the_exact_45_degree_line(tmp_path):
    reds = [("diag", "tank", "D4", "N"), ("inside", "tank", "E3", "N")]
    play = start(tmp_path, OPEN, [("g", "hull", "A1", "E")], reds, firing_mode="realistic")
    assert fires(play, "g") == {("inside", D)}


def test_realistic_mode_ruler_distance_and_line_of_sight():
    assert F.ruler_distance((0, 0), (3, 4)) == 5
    assert F.ruler_distance((0, 0), (2, 2)) == 3  # 2.83 read at the nearest mark
    assert F.crossed((0, 0), (2, 1)) == [(1, 0), (1, 1)]
    assert F.crossed((0, 0), (2, 2)) == [(1, 1)]  # exactly along corners: neither side square


def _crossed_by_brute_force(a, b):
    """Every square of the bounding box whose inside the centre-to-centre segment crosses."""
    out = []
    for x in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for y in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if (x, y) in (a, b):
                continue
            lo, hi, inside = 0.0, 1.0, True
            for p, d, c in ((a[0], b[0] - a[0], x), (a[1], b[1] - a[1], y)):
                if d == 0:
                    inside &= c - 0.5 + 1e-9 < p < c + 0.5 - 1e-9
                    continue
                t1, t2 = (c - 0.5 - p) / d, (c + 0.5 - p) / d
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if inside and hi - lo > 1e-9:
                out.append((x, y))
    return sorted(out)


def test_realistic_mode_line_of_sight_squares_equal_the_whole_box_test():
    import random

    rng = random.Random(5)
    for _ in range(3000):
        a, b = (rng.randrange(24), rng.randrange(10)), (rng.randrange(24), rng.randrange(10))
        if a != b:
            assert sorted(F.crossed(a, b)) == _crossed_by_brute_force(a, b), (a, b)


def test_parabolic_firing_procedure_a_red_1_is_no_exception(tmp_path):
    """Parabolic Fire, Firing Procedure: 'The target is destroyed if the Resulting Firepower
    (RF) is equal or greater than the Distance (D).' The red '1' miss belongs to Direct Fire's
    procedure; 1 x 3 = 3 reaches D 3."""
    play = start(
        tmp_path, OPEN, [("g", "howitzer", "A1", "S")], [("r", "tank", "A4", "N"), ("r2", "tank", "J9", "N")]
    )
    play.rng = Dice(1)
    play.apply(Fire("g", "r", P))
    assert play.state.pieces["r"].destroyed and play.log[-1]["rolls"] == [1]


def test_target_locating_a_wreck_does_not_locate(tmp_path):
    """Target Locating: 'it can still fire if another allied vehicle is currently in a
    position to see the target': a destroyed vehicle is not one (its crew reports nothing)."""
    greens = [("g", "howitzer", "E1", "S"), ("spot", "tank", "A8", "E"), ("g2", "tank", "J1", "W")]
    play = start(tmp_path, CITY, greens, [("r", "tank", "E8", "N")])
    play.state.pieces["spot"].destroyed = True
    assert ("r", P) not in fires(play, "g")
