"""The Urban Battle game report: each entry in the rulebook's words with the dice its log
entry recorded (Firing: Basic, Absolute, Parabolic; Random Speed; Missed Shot)."""

from __future__ import annotations

from editor.play.ub_report import report_line
from engine.model.scenario import Side
from engine.rules.ub.actions import EndTurn, Fire, FireKind, SpeedRoll, Step, StepKind
from tests.engine.rules.ub.kit import OPEN, Dice, start


def lines(play, actions):
    """Apply `actions`, returning the report line of each."""
    out = []
    for action in actions:
        side = play.decision.side
        before = play.observation(side)
        play.apply(action)
        out.append(
            report_line(len(play.log) - 1, play.log[-1], side, before, play.observation(side), play.game)
        )
    return out


def test_a_basic_shot_gives_red_purple_fixed_against_armour_and_distance(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "F1", "N")])
    play.rng = Dice(3, 6)  # red 3, purple face 4: 3 + 4 + 5 = 12 vs side 4 + 5 = 9
    (line,) = lines(play, [Fire("g", "r")])
    assert line.text == (
        "1. R1 Green: g (A1) fires direct at r (F1), distance 5: "
        "red 3 + purple 4 + 5 = 12 vs armour side 4 + distance 5 = 9: DESTROYED"
    )
    assert line.pieces == ("g", "r") and line.shot == ("A1", "F1") and line.result == "DESTROYED"


def test_a_red_one_never_destroys(tmp_path):
    play = start(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "C1", "E")])
    play.rng = Dice(1, 6)
    (line,) = lines(play, [Fire("g", "r")])
    assert line.text.endswith("distance 2: red die 1: no effect: missed")


def test_absolute_mode_firepower_without_dice(tmp_path):
    play = start(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "F1", "W")], firing_mode="absolute"
    )
    (line,) = lines(play, [Fire("g", "r")])
    assert line.text.endswith("firepower 11 vs armour front 6 + distance 5 = 11: DESTROYED")


def test_parabolic_fire_die_times_multiplier_and_the_missed_shot_spinner(tmp_path):
    greens = [("g", "howitzer", "A1", "S"), ("g2", "tank", "B9", "N")]
    play = start(
        tmp_path,
        OPEN,
        greens,
        [("r", "tank", "A8", "N")],
        optional_rules=["missed_shot"],
        firing_mode="realistic",
    )
    play.rng = Dice(1, 3)  # 1 x 3 = 3 < 7; the spinner points south-east: B9, an ally
    (line,) = lines(play, [Fire("g", "r", FireKind.parabolic)])
    assert line.text == (
        "1. R1 Green: g (A1) fires parabolic at r (A8), distance 7: "
        "red 1 × 3 = 3 vs distance 7: missed; spinner SE: g2 destroyed"
    )
    assert line.pieces == ("g", "r", "g2") and line.result == "missed, g2 destroyed"


def test_random_speed_die_and_the_round_that_begins(tmp_path):
    play = start(
        tmp_path,
        OPEN,
        [("g", "tank", "A1", "E")],
        [("r", "tank", "J10", "W")],
        optional_rules=["random_speed"],
    )
    play.rng = Dice(5)  # face 5: +2
    roll, first, end, red_end = lines(
        play, [SpeedRoll("g"), Step("g", StepKind.forward), EndTurn(), EndTurn()]
    )
    assert roll.text == "1. R1 Green: g rolls its speed die: +2, speed 6"
    assert first.text == "2. R1 Green: g moves forward A1 → B1"
    assert end.text == "3. R1 Green: ends its turn"
    assert red_end.text == "4. R1 Red: ends its turn; round 2 begins"
    assert play.decision.side is Side.green
