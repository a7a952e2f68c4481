"""Rulebook: Optional Rules (Pushing, Repairing, Command Tank, Moving All Vehicles, Random
Speed, Rotating Turrets, Missed Shot)."""

from __future__ import annotations

import pytest

from engine.rules.ruleset import IllegalAction
from engine.rules.ub.actions import (
    Fire,
    FireKind,
    Repair,
    SpeedRoll,
    Step,
    StepKind,
    Turret,
    action_from_json,
)

from .kit import OPEN, Dice, start

F = StepKind.forward


def test_pushing_a_dozer_pushes_a_wreck_one_square_for_two_steps(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "dozer", "A1", "E")],
        [("w", "tank", "B1", "N"), ("r", "tank", "J9", "W")],
        optional_rules=["pushing"],
    )
    play.state.pieces["w"].destroyed = True
    play.apply(Step("g", F))
    assert play.state.pieces["g"].square == (1, 0) and play.state.pieces["w"].square == (2, 0)
    assert play.state.pieces["w"].facing == 0 and play.state.spent == 2  # same orientation


def test_pushing_needs_an_empty_square_behind_and_a_dozer_blade(tmp_path):
    greens = [("g", "dozer", "A1", "E"), ("t", "tank", "A3", "E")]
    reds = [
        ("w", "tank", "B1", "N"),
        ("x", "tank", "C1", "N"),
        ("w2", "tank", "B3", "N"),
        ("r", "tank", "J9", "W"),
    ]
    play = start(tmp_path, OPEN, greens, reds, optional_rules=["pushing"])
    for wid in ("w", "x", "w2"):
        play.state.pieces[wid].destroyed = True
    moves = {a for a in play.legal_actions() if isinstance(a, Step) and a.step is F}
    assert Step("g", F) not in moves  # two wrecks in a row
    assert Step("t", F) not in moves  # no blade


def test_pushing_off_without_the_optional_rule(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "dozer", "A1", "E")], [("w", "tank", "B1", "N"), ("r", "tank", "J9", "W")]
    )
    play.state.pieces["w"].destroyed = True
    with pytest.raises(IllegalAction):
        play.apply(Step("g", F))


def test_repairing_an_arv_facing_an_adjacent_wreck_removes_the_marker(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("arv", "arv", "A1", "E"), ("g", "tank", "B1", "N")],
        [("r", "tank", "J9", "W")],
        optional_rules=["repairing"],
    )
    play.state.pieces["g"].destroyed = True
    play.apply(Repair("arv", "g"))
    assert not play.state.pieces["g"].destroyed
    acts = play.legal_actions()
    assert not any(getattr(a, "unit", None) in ("arv", "g") for a in acts)  # both move again next round


def test_repairing_not_after_moving_this_round(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("arv", "arv", "A2", "NE"), ("g", "tank", "B1", "N")],
        [("r", "tank", "J9", "W")],
        optional_rules=["repairing"],
    )
    play.state.pieces["g"].destroyed = True
    play.apply(Step("arv", StepKind.left))
    play.apply(Step("arv", StepKind.right))
    assert Repair("arv", "g") not in play.legal_actions()


def test_command_tank_adds_one_movement_while_it_lives(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g1", "tank", "A1", "E"), ("g2", "tank", "A3", "E")],
        [("r", "tank", "J9", "W")],
        optional_rules=["command_tank"],
    )
    assert play.limit() == 2
    path = tmp_path / "mission.json"
    import json

    data = json.loads(path.read_text())
    data["forces"]["green"]["units"][0]["command"] = True
    path.write_text(json.dumps(data))
    from engine.rules.ub.game import UbGame
    from engine.rules.ub.play import UbPlay

    play = UbPlay(UbGame.load(path), 1)
    assert play.limit() == 3
    play.state.pieces["g1"].destroyed = True
    assert play.limit() == 1  # one active vehicle, no command tank


def test_moving_all_vehicles_others_make_a_single_step(tmp_path):
    greens = [(f"g{i}", "tank", f"A{i + 1}", "E") for i in range(3)]
    play = start(tmp_path, OPEN, greens, [("r", "tank", "J10", "W")], optional_rules=["moving_all"])
    play.apply(Step("g0", F))
    play.apply(Step("g1", F))  # the limit (3 active: 2)
    play.apply(Step("g2", F))
    assert play.state.pieces["g2"].square == (1, 2)
    assert not any(isinstance(a, Step) and a.unit == "g2" for a in play.legal_actions())


def test_random_speed_die_changes_the_speed_for_the_round(tmp_path):
    """Random Speed: 'Each time a vehicle is about to move, roll a speed die ... The die
    modifies the vehicle's speed in that Round': the roll is its own step, before any Step."""
    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "A1", "E")],
        [("r", "tank", "J10", "W")],
        optional_rules=["random_speed"],
    )
    assert [a for a in play.legal_actions() if getattr(a, "unit", None) == "g"][:1] == [SpeedRoll("g")]
    assert not any(isinstance(a, Step) for a in play.legal_actions())
    play.rng = Dice(5)  # face 5: +2
    play.apply(SpeedRoll("g"))
    assert play.state.allowance == 6 and play.log[-1] == {"action": "SpeedRoll", "unit": "g", "rolls": [5]}
    for _ in range(6):
        play.apply(Step("g", F))
    assert play.state.pieces["g"].square == (6, 0)
    assert not any(isinstance(a, Step) and a.unit == "g" for a in play.legal_actions())


WATER = ["~" * 10] + ["." * 10] * 9


def test_random_speed_roll_then_choose_on_water(tmp_path):
    """Random Speed: 'roll a speed die ... The die modifies the vehicle's speed in that
    Round'. A speed-2 vehicle on white-dot water (two speed points a Step) may still move when
    the die is kind; before the roll it is offered the roll, not nothing."""
    play = start(
        tmp_path,
        WATER,
        [("g", "slow", "A1", "E")],
        [("r", "tank", "J10", "W")],
        optional_rules=["random_speed"],
    )
    assert SpeedRoll("g") in play.legal_actions()
    play.rng = Dice(3)  # face 3: +1, speed 3
    play.apply(SpeedRoll("g"))
    assert Step("g", F) in play.legal_actions()
    play.apply(Step("g", F))  # from water: two points
    assert play.state.pieces["g"].square == (1, 0) and play.state.spent == 2


def test_random_speed_roll_replays(tmp_path):
    """Random Speed: the die is rolled by the game's dice and the log replays it."""
    from engine.rules.ub.play import UbPlay

    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "A1", "E")],
        [("r", "tank", "J10", "W")],
        seed=7,
        optional_rules=["random_speed"],
    )
    play.apply(SpeedRoll("g"))
    play.apply(Step("g", F))
    again = UbPlay(play.game, seed=7)
    for entry in play.log:
        again.apply(action_from_json(entry))
    assert again.log == play.log and again.digest() == play.digest()


def test_rotating_turrets_fire_only_where_the_turret_points(tmp_path):
    reds = [("n", "tank", "E1", "S"), ("e", "tank", "J5", "W")]
    play = start(tmp_path, OPEN, [("g", "tank", "E5", "N")], reds, optional_rules=["rotating_turrets"])
    fire = {a.target for a in play.legal_actions() if isinstance(a, Fire)}
    assert fire == {"n"}
    assert {a.turn for a in play.legal_actions() if isinstance(a, Turret)} == {-3, -2, -1, 1, 2, 3}
    play.apply(Turret("g", 2))
    assert {a.target for a in play.legal_actions() if isinstance(a, Fire)} == {"e"}


def test_rotating_turrets_turning_first_still_lets_the_vehicle_move(tmp_path):
    """Rotating Turrets: 'Firing is performed *after* rotating the turret.' Only firing must
    follow the turn; nothing forbids moving after it, and the move still counts as the
    vehicle's movement (Unit Activation)."""
    reds = [("e", "tank", "J4", "W")]
    play = start(tmp_path, OPEN, [("g", "tank", "E5", "N")], reds, optional_rules=["rotating_turrets"])
    play.apply(Turret("g", 2))
    assert Step("g", StepKind.forward) in play.legal_actions()
    assert not any(isinstance(a, Turret) for a in play.legal_actions())  # one turn a Round
    play.apply(Step("g", StepKind.forward))  # E4: the turret, pointing east, sees J4
    assert play.state.moved == ["g"] and play.state.spent == 1
    play.apply(Fire("g", "e"))
    assert not any(isinstance(a, Step) and a.unit == "g" for a in play.legal_actions())


def test_rotating_turrets_turn_with_the_hull(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "E5", "N")],
        [("e", "tank", "J5", "W")],
        optional_rules=["rotating_turrets"],
    )
    play.apply(Step("g", StepKind.right))
    play.apply(Step("g", StepKind.right))  # hull east, turret still straight ahead
    assert {a.target for a in play.legal_actions() if isinstance(a, Fire)} == {"e"}


def test_rotating_turrets_two_steps_in_realistic_mode(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "E5", "N")],
        [("e", "tank", "J5", "W")],
        optional_rules=["rotating_turrets"],
        firing_mode="realistic",
    )
    assert {a.turn for a in play.legal_actions() if isinstance(a, Turret)} == {-2, -1, 1, 2}


def test_missed_shot_destroys_the_vehicle_where_the_spinner_points(tmp_path):
    greens = [("g", "howitzer", "A1", "S"), ("g2", "tank", "B9", "N")]
    play = start(
        tmp_path,
        OPEN,
        greens,
        [("r", "tank", "A8", "N")],
        optional_rules=["missed_shot"],
        firing_mode="realistic",
    )
    play.rng = Dice(1, 3)  # 1 x 3 = 3 < 7: miss; spinner 3 = south-east of A8: B9, an ally
    play.apply(Fire("g", "r", FireKind.parabolic))
    assert not play.state.pieces["r"].destroyed and play.state.pieces["g2"].destroyed
    assert play.log[-1]["rolls"] == [1, 3]


def test_missed_shot_only_in_realistic_mode(tmp_path):
    greens = [("g", "howitzer", "A1", "S"), ("g2", "tank", "B9", "N")]
    play = start(tmp_path, OPEN, greens, [("r", "tank", "A8", "N")], optional_rules=["missed_shot"])
    play.rng = Dice(1, 3)
    play.apply(Fire("g", "r", FireKind.parabolic))
    assert not play.state.pieces["g2"].destroyed and play.log[-1]["rolls"] == [1]


PASSAGE = ["." * 10] * 3 + ["B|B......."] + ["." * 10] * 6


def _backward_turret_in_passage(tmp_path, mode):
    greens = [("g", "tank", "B4", "S")]
    reds = [("n", "tank", "B1", "S"), ("s", "tank", "B8", "N")]
    play = start(tmp_path, PASSAGE, greens, reds, optional_rules=["rotating_turrets"], firing_mode=mode)
    # it entered with the turret straight backward, which the rule allows ('cannot enter a
    # narrow passage if its turret is not facing straight forward or backward')
    play.state.pieces["g"].turret = 4
    return {a.target for a in play.legal_actions() if isinstance(a, Fire) and a.unit == "g"}


def test_rotating_turrets_backward_turret_in_a_passage_fires_where_it_points(tmp_path):
    """Rotating Turrets: 'The tank fires only in a single direction the turret is pointing at.'"""
    assert _backward_turret_in_passage(tmp_path, "basic") == {"n"}


def test_rotating_turrets_backward_turret_at_the_passage_mouth_realistic(tmp_path):
    """Rotating Turrets, Realistic Mode: the passage still allows only the line the turret
    points along ('a vehicle can only fire at targets that are in front of the passage')."""
    assert _backward_turret_in_passage(tmp_path, "realistic") == {"n"}
