"""Rulebook: Unit Activation, Movement, Terrain Specifics, Round Sequence."""

from __future__ import annotations

import pytest

from engine.model.scenario import Side
from engine.rules.ruleset import IllegalAction
from engine.rules.ub.actions import EndTurn, Fire, Step, StepKind
from engine.rules.ub.play import movements

from .kit import OPEN, start

F, L, R, B = StepKind.forward, StepKind.left, StepKind.right, StepKind.reverse


def steps(play, unit):
    return {a.step for a in play.legal_actions() if isinstance(a, Step) and a.unit == unit}


def test_movement_steps_forward_and_rotations_within_speed(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J10", "W")])
    for step in (F, R, F, L):  # four steps: the tank's speed
        play.apply(Step("g", step))
    p = play.state.pieces["g"]
    assert p.square == (2, 1) and p.facing == 2
    assert steps(play, "g") == set()  # no speed left


def test_movement_rotation_is_45_degrees_in_place(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "E5", "N")], [("r", "tank", "J10", "W")])
    play.apply(Step("g", R))
    assert play.state.pieces["g"].facing == 1 and play.state.pieces["g"].square == (4, 4)
    play.apply(Step("g", F))  # diagonally, to the north-east square
    assert play.state.pieces["g"].square == (5, 3)


def test_movement_reversing_is_one_step_back_without_combinations(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "E5", "E"), ("g2", "tank", "E7", "E")], [("r", "tank", "J10", "W")]
    )
    play.apply(Step("g", B))
    assert play.state.pieces["g"].square == (3, 4)
    assert steps(play, "g") == set()
    play.apply(Step("g2", F))
    assert B not in steps(play, "g2")  # once moved forward, no reversing


def test_movement_wheeled_vehicles_never_rotate_twice_in_a_row(tmp_path):
    play = start(tmp_path, OPEN, [("g", "wheeled", "E5", "E")], [("r", "tank", "J10", "W")])
    play.apply(Step("g", R))
    assert steps(play, "g") == {F}
    play.apply(Step("g", F))
    assert R in steps(play, "g")


def test_unit_activation_movements_by_active_vehicles():
    assert [movements(n) for n in (1, 2, 5, 6, 10, 11, 15, 16, 20, 21, 40)] == [
        1,
        2,
        2,
        3,
        3,
        4,
        4,
        5,
        5,
        6,
        6,
    ]


def test_unit_activation_limits_the_vehicles_moved_a_turn(tmp_path):
    green = [(f"g{i}", "tank", f"A{i + 1}", "E") for i in range(6)]  # 6 active: 3 movements
    play = start(tmp_path, OPEN, green, [("r", "tank", "J10", "W")])
    for i in range(3):
        play.apply(Step(f"g{i}", F))
    assert steps(play, "g3") == set()
    with pytest.raises(IllegalAction):
        play.apply(Step("g4", F))


def test_unit_activation_destroyed_vehicles_do_not_count(tmp_path):
    green = [(f"g{i}", "tank", f"A{i + 1}", "E") for i in range(6)]
    play = start(tmp_path, OPEN, green, [("r", "tank", "J10", "W")])
    play.state.pieces["g5"].destroyed = True  # 5 active: 2 movements
    assert play.limit() == 2


def test_unit_activation_firing_after_movement_ends_the_activation(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J1", "W")])
    play.apply(Step("g", F))
    assert Fire("g", "r") in play.legal_actions()
    play.apply(Fire("g", "r"))
    assert steps(play, "g") == set()
    assert not any(isinstance(a, Fire) for a in play.legal_actions())  # once a round


def test_unit_activation_a_unit_is_done_once_another_acts(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E"), ("g2", "tank", "A5", "E")], [("r", "tank", "J9", "W")]
    )
    play.apply(Step("g", F))
    play.apply(Step("g2", F))
    assert steps(play, "g") == set()


def test_round_sequence_turns_alternate_and_the_round_counts_after_both(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")], first="red")
    assert play.decision.side is Side.red
    play.apply(EndTurn())
    assert play.decision.side is Side.green and play.state.round == 1
    play.apply(EndTurn())
    assert play.decision.side is Side.red and play.state.round == 2


def test_round_sequence_the_game_ends_after_the_last_round(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")], rounds=1)
    play.apply(EndTurn())
    play.apply(EndTurn())
    assert play.decision is None and play.outcome.over and play.outcome.winner is None


WATER = [
    ".~~x......",
    ".~~x......",
    "......|...",
    "..........",
    "...B|B....",
    "..........",
    "....B.....",
    "....-.....",
    "....B.....",
    "..........",
]


def test_terrain_specifics_water_costs_two_for_each_step_started_on_it(tmp_path):
    play = start(tmp_path, WATER, [("g", "tank", "A1", "E")], [("r", "tank", "J10", "W")])
    play.apply(Step("g", F))  # from open ground onto water: 1
    play.apply(Step("g", F))  # starts on water: 2
    assert play.state.spent == 3
    assert F not in steps(play, "g")  # one point left, the next step starts on water (2)


def test_terrain_specifics_white_x_only_for_amphibious_tanks(tmp_path):
    play = start(
        tmp_path,
        WATER,
        [("g", "tank", "C1", "E"), ("a", "amphibious", "C2", "E")],
        [("r", "tank", "J10", "W")],
    )
    assert F not in steps(play, "g")
    play.apply(Step("a", F))
    play.apply(Step("a", F))
    assert play.state.pieces["a"].square == (4, 1)
    assert play.state.spent == 2  # amphibious: water costs nothing extra


def test_terrain_specifics_narrow_passage_entered_straight_not_diagonally(tmp_path):
    play = start(
        tmp_path, WATER, [("g", "tank", "E4", "S"), ("h", "tank", "D4", "SE")], [("r", "tank", "J10", "W")]
    )
    assert F not in steps(play, "h")  # diagonally into the passage at E5
    play.apply(Step("g", F))
    assert play.state.pieces["g"].square == (4, 4)
    assert steps(play, "g") == {F}  # no rotation in a passage


def test_terrain_specifics_passage_arrow_direction(tmp_path):
    # the passage at G3 runs north-south: entered from the north, never across from the west
    play = start(
        tmp_path, WATER, [("g", "tank", "G2", "S"), ("h", "tank", "F3", "E")], [("r", "tank", "J10", "W")]
    )
    assert F in steps(play, "g") and F not in steps(play, "h")


def test_terrain_specifics_buildings_block_movement(tmp_path):
    play = start(tmp_path, WATER, [("g", "tank", "E6", "S")], [("r", "tank", "J10", "W")])
    assert F not in steps(play, "g")


def test_terrain_specifics_vehicles_pass_diagonally_next_to_a_building_corner(tmp_path):
    play = start(tmp_path, WATER, [("g", "tank", "D7", "NE")], [("r", "tank", "J10", "W")])
    play.apply(Step("g", F))  # past the corner of the building at E7
    assert play.state.pieces["g"].square == (4, 5)


def test_destroyed_vehicles_stay_in_place_and_block_movement(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "B1", "W"), ("r2", "tank", "J9", "W")]
    )
    play.state.pieces["r"].destroyed = True
    assert F not in steps(play, "g")


GAP = ["." * 10] * 3 + ["....B.....", ".....B...."] + ["." * 10] * 5


def test_terrain_specifics_an_unmarked_diagonal_gap_between_buildings_is_open(tmp_path):
    """Terrain Specifics: 'In general, vehicles can pass diagonally next to a corner of a
    building. The exception are narrow passages ... marked with white double-headed arrows.'
    Two buildings touching at a corner, with no arrow, leave the diagonal open to movement
    and to fire (Line of Sight counts only the squares on the line)."""
    play = start(tmp_path, GAP, [("g", "tank", "E5", "NE")], [("r", "tank", "H2", "SW")])
    assert Fire("g", "r") in play.legal_actions()  # F4 and G3 between, the corners E4/F5 aside
    play.apply(Step("g", StepKind.forward))
    assert play.state.pieces["g"].square == (5, 3)
