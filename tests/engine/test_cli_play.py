"""`uo play` and `uo replay` (docs/cli.md): a game's outcome, its log, and a replay that
checks the log ends in the same state; bad logs refused with located problems; `--log` never
replaces an input of the game or a file that is no game log (issue 17 item 1)."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("logs") / "game.json"
    args = ["play", str(SCENARIO), "--green", "random", "--red", "random", "--seed", "3", "--log", str(out)]
    assert main(args) == 0
    return out


def _error_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err and "\n" not in err and "Traceback" not in err, err
    return err


def test_play_prints_the_outcome_and_writes_a_log(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(log_file.read_text(encoding="utf-8"))
    assert doc["schema"] == "uo-log/1"
    assert doc["seed"] == 3 and doc["players"] == {"green": "random", "red": "random"}
    assert doc["actions"] and all("action" in a for a in doc["actions"])
    assert len(doc["final"]) == 64
    # the scenario is named relative to the log's folder: the two can move together
    assert (log_file.parent / doc["scenario"]).resolve() == SCENARIO.resolve()
    assert main(["play", str(SCENARIO), "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "harbour-crossing, seed 3: green random vs red random" in out
    assert f"game over after turn 8: {len(doc['actions'])} actions" in out
    assert "points: green " in out and "result: " in out


def test_replay_of_the_log_exits_0(log_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(log_file)]) == 0
    n = len(json.loads(log_file.read_text(encoding="utf-8"))["actions"])
    assert capsys.readouterr().out.strip() == f"replay ok: {n} actions, same scenario, dice and final state"


def _tampered(log_file: Path, tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> Path:
    doc = json.loads(log_file.read_text(encoding="utf-8"))
    change(doc)
    out = tmp_path / "tampered.json"
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def test_a_log_with_an_illegal_action_exits_2_naming_it(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["actions"][40] = {"action": "Move", "location": "A0101", "rolls": []}

    bad = _tampered(log_file, tmp_path, change)
    assert main(["replay", str(bad)]) == 2
    assert _error_line(capsys).startswith(f"{bad}: action 40: Move(location='A0101') is not legal now")


def test_a_log_whose_final_state_differs_exits_1(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["actions"] = doc["actions"][:-5]

    bad = _tampered(log_file, tmp_path, change)
    assert main(["replay", str(bad)]) == 1
    assert "replay mismatch" in _error_line(capsys)


def test_a_log_with_other_dice_exits_1(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["seed"] = 4

    assert main(["replay", str(_tampered(log_file, tmp_path, change))]) in (1, 2)
    _error_line(capsys)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", ":1:2: error P001: JSON syntax"),
        ("[1, 2]", ":1:1: error P006: not a UO Studio file"),
        ('{"schema": "uo-log/1"}', ":1:1: error S101: 'rules' is a required property"),
        ('{"schema": "other/9"}', ":1:12: error P006: unknown format 'other/9'"),
        (
            '{"schema": "uo-log/1", "rules": "urban-operations", "scenario": "s", "seed": "x",'
            ' "scenario_digest": "' + "0" * 64 + '", "tables_digest": "' + "0" * 64 + '",'
            ' "players": {}, "actions": [], "final": "' + "0" * 64 + '"}',
            ":1:78: error S103: 'x' is not of type 'integer' [/seed]",
        ),
    ],
)
def test_a_bad_log_file_exits_2_with_located_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert f"{bad}{message}" in err, err


def test_an_unknown_action_names_its_index(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["actions"][7] = {"action": "Teleport", "to": "A0101", "rolls": []}

    assert main(["replay", str(_tampered(log_file, tmp_path, change))]) == 2
    assert "action 7" in _error_line(capsys)


def test_missing_files_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.json"
    assert main(["replay", str(missing)]) == 2
    assert _error_line(capsys) == f"{missing}:0:0: error P000: cannot read file: no such file"
    assert main(["play", str(tmp_path / "nowhere.yaml"), "--seed", "1"]) == 2
    assert "nowhere.yaml" in capsys.readouterr().err


def test_a_log_whose_scenario_moved_exits_2(
    log_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["scenario"] = "gone/harbour-crossing.yaml"

    assert main(["replay", str(_tampered(log_file, tmp_path, change))]) == 2
    assert "gone/harbour-crossing.yaml" in capsys.readouterr().err


def test_a_broken_scenario_prints_located_problems_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: uo-scenario/1\nid: x\n", encoding="utf-8")
    assert main(["play", str(bad), "--seed", "1"]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:" in err and "error" in err


def test_several_games_sum_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", str(SCENARIO), "--seed", "5", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "2 games (seeds 5-6)" in out
    assert "green: " in out and "undecided: " in out and "95% interval" in out
    assert "average length: " in out and "games/s" in out
    assert main(["play", str(SCENARIO), "--games", "2", "--log", "x.json"]) == 2
    with pytest.raises(SystemExit) as exit_:  # refused by argparse, before anything is read
        main(["play", str(SCENARIO), "--games", "2", "--jobs", "0"])
    assert exit_.value.code == 2


def test_worker_processes_give_the_same_series(capsys: pytest.CaptureFixture[str]) -> None:
    """A series is the same figures for the same seeds however many processes play it."""

    def figures(jobs: str) -> list[str]:
        assert main(["play", str(SCENARIO), "--seed", "7", "--games", "3", "--jobs", jobs]) == 0
        return [line for line in capsys.readouterr().out.splitlines() if not line.startswith("speed")]

    assert figures("1") == figures("2")


# --- --log never replaces what it must not (17.1) ------------------------------------------------


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """A copy of the sample scenario and its maps, which a test may try to overwrite."""
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    shutil.copytree(ROOT / "maps", tmp_path / "maps", ignore=shutil.ignore_patterns("tools"))
    return tmp_path


def _refused(capsys: pytest.CaptureFixture[str], scenario: Path, out: Path, *extra: str) -> str:
    before = out.read_bytes() if out.is_file() else None
    assert main(["play", str(scenario), "--seed", "3", "--log", str(out), *extra]) == 2
    if before is not None:
        assert out.read_bytes() == before  # untouched
    return _error_line(capsys)


def test_17_1_log_never_replaces_an_input_of_the_game(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = workspace / "scenarios" / "harbour-crossing.yaml"
    sheet = workspace / "maps" / "A-harbour.yaml"
    cards = workspace / "scenarios" / "cards" / "units.yaml"
    for target in (scenario, sheet, cards, workspace / "scenarios" / ".." / "maps" / "U-sewers.yaml"):
        for extra in ((), ("--force",)):
            err = _refused(capsys, scenario, target, *extra)
            assert "an input of this game" in err, err
    # the same file under another name: a symlink, a hard link
    link = workspace / "link.json"
    link.symlink_to(sheet)
    assert "an input of this game" in _refused(capsys, scenario, link, "--force")
    hard = workspace / "hard.json"
    os.link(sheet, hard)
    assert "an input of this game" in _refused(capsys, scenario, hard, "--force")
    # the rule tables shipped with the engine are inputs of every game
    shipped = next((ROOT / "engine").glob("**/data/*.yaml"))
    assert "an input of this game" in _refused(capsys, scenario, shipped, "--force")


def test_17_1_log_replaces_an_existing_file_only_if_it_is_a_game_log_or_forced(
    workspace: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = workspace / "scenarios" / "harbour-crossing.yaml"
    notes = workspace / "notes.json"
    notes.write_text('{"my": "notes"}\n', encoding="utf-8")
    assert "is not a game log: pass --force" in _refused(capsys, scenario, notes)
    folder = workspace / "folder.json"
    folder.mkdir()
    assert "not a regular file" in _refused(capsys, scenario, folder, "--force")
    assert "no folder" in _refused(capsys, scenario, workspace / "nowhere" / "game.json")
    assert main(["play", str(scenario), "--seed", "3", "--log", str(notes), "--force"]) == 0
    assert notes.read_text(encoding="utf-8").startswith('{\n "schema": "uo-log/1"')
    capsys.readouterr()
    # a game log is replaced without asking: that is what re-recording a game is
    assert main(["play", str(scenario), "--seed", "4", "--log", str(notes)]) == 0
    assert json.loads(notes.read_text(encoding="utf-8"))["seed"] == 4
