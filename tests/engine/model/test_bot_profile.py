"""The bot profile format (`uo-bot-profile/1`, engine/model/bot_profile.py): the heuristic
bot's parameters as data, validated like every file with located errors; timings as shares
of the scenario's turns."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from engine.bots.profiles import load_profile, parse, spec
from engine.cli import main
from engine.model.bot_profile import DEFAULT_PROFILE, BotProfile
from engine.rules.ruleset import GameSetupError

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_the_defaults_live_in_the_model_and_a_file_may_name_only_what_it_changes(tmp_path: Path) -> None:
    path = tmp_path / "eager.yaml"
    path.write_text("schema: uo-bot-profile/1\nname: eager\nhunt_from: 0.1\n", encoding="utf-8")
    profile = load_profile(str(path))
    assert profile.hunt_from == 0.1
    assert profile.model_dump(exclude={"name", "hunt_from"}) == DEFAULT_PROFILE.model_dump(
        exclude={"name", "hunt_from"}
    )


def test_a_bad_profile_is_refused_with_the_line_and_field_of_each_problem(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("schema: uo-bot-profile/1\nhunt_from: 1.5\nbogus: 1\n", encoding="utf-8")
    with pytest.raises(GameSetupError) as caught:
        load_profile(str(path))
    text = str(caught.value)
    assert f"{path}:2:" in text and "hunt_from" in text
    assert f"{path}:3:" in text and "bogus" in text
    with pytest.raises(ValidationError):
        BotProfile.model_validate({"schema": "uo-bot-profile/1", "hunters": 0})


def test_timings_are_shares_of_the_game_whatever_its_length() -> None:
    p = DEFAULT_PROFILE
    # a quarter of the game played: turn 3 of 8, turn 4 of 12, turn 2 of 4
    assert [p.first_turn(0.25, n) for n in (8, 12, 4)] == [3, 4, 2]
    assert p.first_turn(0.0, 8) == 1
    # the last quarter: 2 turns of 8, 3 of 12, at least 1 of 2; none for a share of 0
    assert [p.last_turns(0.25, n) for n in (8, 12, 2)] == [2, 3, 1]
    assert p.last_turns(0.0, 8) == 0


def test_a_bot_spec_carries_its_profile_file() -> None:
    assert parse("heuristic") == ("heuristic", None)
    name, path = parse(spec("heuristic", "p.yaml"))
    assert name == "heuristic" and path is not None and Path(path).is_absolute()


def test_uo_play_refuses_a_bad_profile_and_one_for_a_bot_without_parameters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: uo-bot-profile/1\nhold_reach: -1\n", encoding="utf-8")
    assert main(["play", str(SCENARIO), "--green", "heuristic", "--green-profile", str(bad)]) == 2
    assert f"{bad}:2:" in capsys.readouterr().err
    good = tmp_path / "good.yaml"
    good.write_text("schema: uo-bot-profile/1\n", encoding="utf-8")
    assert main(["play", str(SCENARIO), "--red-profile", str(good)]) == 2
    assert "--red-profile is for the heuristic bot" in capsys.readouterr().err
