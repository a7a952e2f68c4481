"""The game log as a file format (issue 10 item 5) and a replay that catches tampering
(issue 17 item 14): `uo-log/1` is a pydantic model with a generated schema, `uo validate`
checks it with located errors, `uo replay` refuses a log without its dice, with swapped
set-up deploys, or against another scenario, and finds its scenario after a move."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main
from engine.io.schemas import schema_filename, schema_text
from engine.model.log import LOG_FORMAT, GameLog
from engine.rules.log import dump_log, is_game_log, read_log

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A random game of the sample scenario with the scenario folder copied beside it, so
    tests may change and move files freely."""
    root = tmp_path_factory.mktemp("game")
    shutil.copytree(ROOT / "scenarios", root / "scenarios")
    shutil.copytree(ROOT / "maps", root / "maps", ignore=shutil.ignore_patterns("tools"))
    log = root / "logs" / "game.json"
    log.parent.mkdir()
    args = ["play", str(root / "scenarios" / "harbour-crossing.yaml"), "--seed", "3", "--log", str(log)]
    assert main(args) == 0
    return log


def _doc(log: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(log.read_text(encoding="utf-8"))
    return data


def _tampered(log: Path, change: Callable[[dict[str, Any]], None], name: str = "tampered.json") -> Path:
    doc = _doc(log)
    change(doc)
    out = log.parent / name
    out.write_text(json.dumps(doc, indent=1), encoding="utf-8")
    return out


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err and "Traceback" not in err, err
    return err


# --- the format ----------------------------------------------------------------------------


def test_10_5_the_log_is_a_model_with_a_committed_schema() -> None:
    committed = ROOT / "schemas" / schema_filename(LOG_FORMAT)
    assert committed.read_text(encoding="utf-8") == schema_text(LOG_FORMAT)
    schema = json.loads(committed.read_text(encoding="utf-8"))
    entry = schema["$defs"]["LogEntry"]
    assert "rolls" in entry["required"] and "action" in entry["required"]


def test_10_5_a_played_log_reads_back_through_the_model(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = read_log(played)
    assert isinstance(log, GameLog)
    assert (log.rules, log.seed, log.players) == ("urban-operations", 3, {"green": "random", "red": "random"})
    assert (played.parent / log.scenario).resolve() == (
        played.parent.parent / "scenarios" / "harbour-crossing.yaml"
    )
    # every entry holds its rolls, an empty list when no die was rolled
    entries = [
        line for line in played.read_text(encoding="utf-8").splitlines() if line.startswith('  {"action"')
    ]
    assert len(entries) == len(log.actions) > 100
    assert all('"rolls": [' in line for line in entries)
    assert any('"rolls": []' in line for line in entries) and any(
        '"rolls": [' in e and '"rolls": []' not in e for e in entries
    )
    assert dump_log(log) == played.read_text(encoding="utf-8")  # one writer: what is read is what was written
    assert main(["validate", str(played)]) == 0
    assert "1 file checked: ok" in capsys.readouterr().err


def test_10_5_uo_validate_locates_a_bad_log_entry(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["actions"][5]["rolls"] = [12]
        doc["seed"] = "x"

    bad = _tampered(played, change)
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    lines = bad.read_text(encoding="utf-8").splitlines()
    seed_line = next(i for i, line in enumerate(lines, 1) if '"seed"' in line)
    assert f"{bad}:{seed_line}:" in out and "[/seed]" in out
    assert "[/actions/5/rolls/0]" in out


def test_10_5_a_log_of_100000_nested_brackets_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text(
        '{"schema": "uo-log/1", "actions": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8"
    )
    for command in (["replay", str(deep)], ["validate", str(deep)]):
        assert main(command) == 2
        out, err = capsys.readouterr()
        assert f"{deep}:1:" in out + err and "P004" in out + err and "Traceback" not in err


def test_10_5_a_file_of_another_format_is_no_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SCENARIO)]) == 2
    assert "not a game log: a uo-scenario/1 file" in _one_line(capsys)
    assert not is_game_log(SCENARIO)


# --- replay tampering (17.14) -------------------------------------------------------------------


def test_17_14_the_log_replays_ok(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(played)]) == 0
    assert capsys.readouterr().out.startswith(f"replay ok: {len(_doc(played)['actions'])} actions")


def test_17_14_a_log_without_its_rolls_is_refused(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def change(doc: dict[str, Any]) -> None:
        for entry in doc["actions"]:
            entry.pop("rolls")

    bad = _tampered(played, change)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "S101" in err and "[/actions/0]" in err and "rolls" in err


def test_17_14_one_roll_changed_is_a_mismatch(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doc(played)
    i = next(i for i, entry in enumerate(doc["actions"]) if entry["rolls"])

    def change(doc: dict[str, Any]) -> None:
        doc["actions"][i]["rolls"][0] = (doc["actions"][i]["rolls"][0] + 1) % 10

    assert main(["replay", str(_tampered(played, change))]) == 1
    assert f"action {i}: rolled" in _one_line(capsys)


def test_17_14_swapped_setup_deploys_do_not_replay_ok(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = _doc(played)
    deploys = [i for i, e in enumerate(doc["actions"]) if e["action"] == "Deploy"]
    a = deploys[0]
    b = next(i for i in deploys[1:] if doc["actions"][i]["location"] != doc["actions"][a]["location"])

    def change(doc: dict[str, Any]) -> None:
        acts = doc["actions"]
        acts[a]["location"], acts[b]["location"] = acts[b]["location"], acts[a]["location"]

    code = main(["replay", str(_tampered(played, change))])
    err = _one_line(capsys)
    assert code in (1, 2) and "replay ok" not in err
    assert "another final state" in err or "is not legal now" in err


def test_17_14_reordered_setup_deploys_do_not_replay_ok(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two deploys of one side swapped in order make an equivalent game (each block still
    goes where it went), so no rule and no final state can tell: the actions' digest does."""
    doc = _doc(played)
    deploys = [i for i, e in enumerate(doc["actions"]) if e["action"] == "Deploy"]
    a, b = deploys[0], deploys[1]

    def change(doc: dict[str, Any]) -> None:
        acts = doc["actions"]
        acts[a], acts[b] = acts[b], acts[a]

    assert main(["replay", str(_tampered(played, change))]) == 1
    assert "actions are not those recorded" in _one_line(capsys)


def test_17_14_another_scenario_is_named_as_such(played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenarios = played.parent.parent / "scenarios"
    other = played.parent.parent / "other"
    shutil.copytree(scenarios, other / "scenarios")
    shutil.copytree(played.parent.parent / "maps", other / "maps")
    edited = other / "scenarios" / "harbour-crossing.yaml"
    edited.write_text(
        edited.read_text(encoding="utf-8").replace("title: ", "title: Edited ", 1), encoding="utf-8"
    )
    moved = other / "logs" / "game.json"
    moved.parent.mkdir()
    shutil.copy(played, moved)
    assert main(["replay", str(moved)]) == 2
    err = _one_line(capsys)
    assert "is not the scenario this log was played with" in err and "harbour-crossing.yaml" in err
    assert "is not legal now" not in err
    # a comment or CRLF line ends are no other scenario: the digest is of the data
    shutil.copy(scenarios / "harbour-crossing.yaml", edited)
    sheet = other / "maps" / "A-harbour.yaml"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_bytes(("# a comment\n" + text).replace("\n", "\r\n").encode("utf-8"))
    assert main(["replay", str(moved)]) == 0
    capsys.readouterr()
    # a value changed in a sheet it names is another scenario
    sheet.write_text(
        text.replace("title: 'Porto Sale: the harbour'", "title: 'Porto Sale'", 1), encoding="utf-8"
    )
    assert main(["replay", str(moved)]) == 2
    assert "is not the scenario this log was played with" in _one_line(capsys)


def test_17_14_other_shipped_rule_tables_are_named_as_such(
    played: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(doc: dict[str, Any]) -> None:
        doc["tables_digest"] = "0" * 64

    assert main(["replay", str(_tampered(played, change))]) == 2
    assert "the rule tables shipped with the studio differ" in _one_line(capsys)


def test_17_14_a_moved_log_finds_its_scenario_with_scenario_option(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    moved = tmp_path / "elsewhere" / "game.json"
    moved.parent.mkdir()
    shutil.copy(played, moved)
    assert main(["replay", str(moved)]) == 2
    err = _one_line(capsys)
    assert "cannot read file" in err and "--scenario FILE" in err
    scenario = played.parent.parent / "scenarios" / "harbour-crossing.yaml"
    assert main(["replay", str(moved), "--scenario", str(scenario)]) == 0
    assert capsys.readouterr().out.startswith("replay ok")
    # and the wrong one given is named
    assert main(["replay", str(moved), "--scenario", str(ROOT / "maps" / "A-harbour.yaml")]) == 2
    assert "is not the scenario this log was played with" in _one_line(capsys)


def test_17_14_a_log_moved_with_its_scenario_folder_replays(
    played: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The scenario is recorded relative to the log: the two move together."""
    moved = tmp_path / "moved"
    shutil.copytree(played.parent.parent, moved, ignore=shutil.ignore_patterns("other", "tampered.json"))
    assert main(["replay", str(moved / "logs" / "game.json")]) == 0
    assert capsys.readouterr().out.startswith("replay ok")


def test_10_5_make_log_names_the_scenario_relative_to_the_log(tmp_path: Path) -> None:
    from engine.rules.log import make_log, replay_actions
    from engine.rules.uo.ruleset import URBAN_OPERATIONS

    game = URBAN_OPERATIONS.load(SCENARIO)
    state = URBAN_OPERATIONS.start(game, 1)
    for _ in range(5):  # a few set-up actions are enough for the document's shape
        state.apply(state.legal_actions()[0])
    players = {"green": "human", "red": "random"}
    log = make_log(state, game, SCENARIO, players, tmp_path / "logs" / "g.json")
    assert (tmp_path / "logs" / log.scenario).resolve() == SCENARIO.resolve()
    assert (log.seed, log.players, len(log.actions)) == (1, players, 5)
    assert log.final == state.digest() and log.final_parts == state.digest_parts()
    assert make_log(state, game, Path("scenarios/x.yaml"), players).scenario == "scenarios/x.yaml"
    again = replay_actions(URBAN_OPERATIONS, game, 1, [a.model_dump() for a in log.actions])
    assert again.digest() == log.final
