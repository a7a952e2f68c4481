"""Urban Battle through the rule-set interface: the registry, missions and their validation,
actions in logs, whole games to their end and their replay."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.io.files import load_document
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths
from engine.model.scenario import Side
from engine.rules.log import make_log, replay
from engine.rules.registry import rule_set
from engine.rules.ruleset import GameSetupError
from engine.rules.ub.actions import EndTurn, Fire, FireKind, Repair, Step, StepKind, Turret

from .kit import OPEN, write_game

ROOT = Path(__file__).resolve().parents[4]
MISSIONS = [ROOT / "scenarios/ub/street-duel.yaml", ROOT / "scenarios/ub/river-crossing.yaml"]


def play_random(game, seed):
    rules = rule_set("urban-battle")
    play = rules.start(game, seed)
    rng = random.Random(seed)
    while (d := play.decision) is not None:
        play.observation(d.side)
        play.apply(rng.choice(play.legal_actions()))
    return play


def test_the_registry_names_urban_battle_and_a_mission_without_rules_is_refused(tmp_path):
    assert rule_set("urban-battle").name == "urban-battle"
    path = write_game(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")])
    data = json.loads(path.read_text())
    del data["rules"]
    path.write_text(json.dumps(data))
    assert any("'rules' is a required property" in p.message for p in load_document(path).problems)


@pytest.mark.parametrize("mission", MISSIONS, ids=lambda p: p.stem)
def test_sample_missions_validate_and_play_to_the_end(mission):
    assert validate_paths([mission, ROOT / "maps/ub", ROOT / "cards/ub"]).problems == []
    game = rule_set("urban-battle").load(mission)
    for seed in range(5):
        play = play_random(game, seed)
        assert play.outcome.over


def test_choice_of_units_unequal_effectiveness_is_located(tmp_path):
    path = write_game(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "hull", "J9", "W")], unequal=False)
    with pytest.raises(GameSetupError) as exc:
        rule_set("urban-battle").load(path)
    (problem,) = exc.value.problems
    assert problem.code == "U017" and problem.pointer == "/forces" and "green 4, red 5" in problem.message
    assert problem.file.endswith("mission.json") and problem.line >= 1


def test_setup_squares_checked_on_the_board(tmp_path):
    rows = ["B........."] + ["." * 10] * 9
    green = [("g", "tank", "A1", "E"), ("g2", "tank", "K1", "E"), ("g3", "tank", "B1", "E")]
    red = [("r", "tank", "B1", "W"), ("r2", "nosuch", "C1", "W")]
    path = write_game(tmp_path, rows, green, red)
    with pytest.raises(GameSetupError) as exc:
        rule_set("urban-battle").load(path)
    got = {(p.code, p.pointer) for p in exc.value.problems}
    assert got == {
        ("U013", "/forces/green/units/0/square"),
        ("U012", "/forces/green/units/1/square"),
        ("U014", "/forces/red/units/0/square"),
        ("U011", "/forces/red/units/1/type"),
    }


def test_board_segments_side_by_side_have_the_same_height(tmp_path):
    board = {
        "schema": "ub-board/1",
        "id": "b",
        "title": "B",
        "segments": [{"id": "S1", "rows": ["....", "...."]}, {"id": "S2", "rows": ["....", "...", "...."]}],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    report = validate_paths([path], Workspace())
    assert {(p.code, p.pointer) for p in report.problems} == {
        ("U001", "/segments/1/rows"),
        ("U002", "/segments/1/rows/1"),
    }


def test_board_rows_only_terrain_letters(tmp_path):
    board = {"schema": "ub-board/1", "id": "b", "title": "B", "segments": [{"id": "S1", "rows": ["..Q."]}]}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    assert validate_paths([path]).problems[0].pointer == "/segments/0/rows/0"


@pytest.mark.parametrize(
    "action",
    [
        Step("a", StepKind.reverse),
        Fire("a", "b", FireKind.parabolic),
        Turret("a", -2),
        Repair("a", "b"),
        EndTurn(),
    ],
)
def test_actions_read_back_from_their_log_entries(action):
    rules = rule_set("urban-battle")
    assert rules.action_from_json(rules.action_to_json(action)) == action


def test_a_bad_log_entry_says_what_is_wrong():
    rules = rule_set("urban-battle")
    with pytest.raises(ValueError, match="missing field step"):
        rules.action_from_json({"action": "Step", "unit": "a"})
    with pytest.raises(ValueError, match="unknown action"):
        rules.action_from_json({"action": "Deploy"})


def test_a_game_log_replays_to_the_same_state(tmp_path):
    mission = MISSIONS[0]
    game = rule_set("urban-battle").load(mission)
    play = play_random(game, 7)
    log = make_log(play, game, mission, {"green": "random", "red": "random"}, tmp_path / "g.json")
    replayed = replay(log, tmp_path / "g.json", mission)
    assert replayed.state.digest() == play.digest()


def test_same_seed_same_game():
    game = rule_set("urban-battle").load(MISSIONS[1])
    assert play_random(game, 3).digest() == play_random(game, 3).digest()


def test_observation_is_the_whole_board_for_both_sides():
    game = rule_set("urban-battle").load(MISSIONS[0])
    play = rule_set("urban-battle").start(game, 1)
    seen = play.observation(Side.red).to_json()
    assert len(seen["pieces"]) == 11 and seen["active"] == "green"


def test_a_missing_or_wrong_board_is_located_in_the_mission(tmp_path):
    path = write_game(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")], board="nosuch.json"
    )
    with pytest.raises(GameSetupError) as exc:
        rule_set("urban-battle").load(path)
    assert [p.pointer for p in exc.value.problems] == ["/board"]
    assert "nosuch.json" in exc.value.problems[0].message
    path = write_game(
        tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")], board="units.json"
    )
    with pytest.raises(GameSetupError) as exc:
        rule_set("urban-battle").load(path)
    assert [(p.code, p.pointer) for p in exc.value.problems] == [("U003", "/board")]


def test_unsaved_edits_are_played_instead_of_the_disk(tmp_path):
    path = write_game(tmp_path, OPEN, [("g", "tank", "A1", "E")], [("r", "tank", "J9", "W")])
    data = json.loads(path.read_text())
    data["forces"]["green"]["units"][0]["square"] = "B2"
    game = rule_set("urban-battle").load(path, {path: json.dumps(data)})
    assert game.mission.forces.green.units[0].square == "B2"
