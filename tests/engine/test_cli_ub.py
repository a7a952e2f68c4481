"""The `uo` command on Urban Battle files (issue 15): validate, play, replay, balance and query
go through the rule set the mission names, with no command of their own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
DUEL = ROOT / "scenarios" / "ub" / "street-duel.yaml"
CROSSING = ROOT / "scenarios" / "ub" / "river-crossing.yaml"
BOARD = ROOT / "maps" / "ub" / "two-segments.yaml"


def test_validate_the_sample_board_units_and_missions(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "validate",
                str(ROOT / "maps" / "ub"),
                str(ROOT / "cards" / "ub"),
                str(ROOT / "scenarios" / "ub"),
            ]
        )
        == 0
    )


def test_validate_locates_a_mission_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = CROSSING.read_text().replace("square: L1,", "square: C2,")  # C2: a building
    text = text.replace("../../", str(ROOT) + "/")
    mission = tmp_path / "m.yaml"
    mission.write_text(text)
    assert main(["validate", str(mission)]) == 1
    err = capsys.readouterr().out
    assert "U013" in err and "C2 is not ground a vehicle may stand on" in err and "m.yaml:" in err


@pytest.mark.parametrize("mission", [DUEL, CROSSING], ids=lambda p: p.stem)
def test_play_writes_a_log_that_replays(
    mission: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.json"
    assert (
        main(
            [
                "play",
                str(mission),
                "--green",
                "heuristic",
                "--red",
                "random",
                "--seed",
                "2",
                "--log",
                str(log),
                "--check",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "game over after turn" in out
    assert json.loads(log.read_text())["rules"] == "urban-battle"
    assert main(["replay", str(log)]) == 0
    assert "replay ok" in capsys.readouterr().out


def test_play_a_series_in_two_processes_gives_the_same_figures(capsys: pytest.CaptureFixture[str]) -> None:
    def figures(jobs: str) -> list[str]:
        assert main(["play", str(DUEL), "--seed", "5", "--games", "3", "--jobs", jobs]) == 0
        return [line for line in capsys.readouterr().out.splitlines() if not line.startswith("speed")]

    assert figures("1") == figures("2")


def test_balance_reports_a_mission(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", str(CROSSING), "--games", "4", "--green", "heuristic", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["scenario"] == "river-crossing" and report["games"] == 4


def test_query_los_on_a_mission_with_its_pieces(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "los", str(DUEL), "A1", "D1"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == {"from": "A1", "to": "D1", "clear": True, "reason": None, "blocker": None, "distance": 3}
    assert main(["query", "los", str(DUEL), "A1", "E1"]) == 0  # D1 holds a green light tank
    assert json.loads(capsys.readouterr().out)["blocker"] == "D1"
    assert main(["query", "los", str(DUEL), "A1", "E1", "--no-setup"]) == 0
    assert json.loads(capsys.readouterr().out)["clear"] is True


def test_query_path_goes_round_the_river_by_the_bridge(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "path", str(BOARD), "L2", "R2"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert "O4" in got["path"] and "P4" in got["path"]  # the bridge at O4-P4, not the deep water


def test_query_batch_answers_each_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    lines = '{"query": "distance", "from": "A1", "to": "C9"}\n{"query": "reach", "from": "A1"}\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    assert main(["query", "--batch", str(BOARD)]) == 0
    first, second = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert first == {"from": "A1", "to": "C9", "distance": 8}
    assert "error" in second and second["line"] == 2


def test_terrain_specifics_query_path_for_an_amphibious_vehicle(capsys: pytest.CaptureFixture[str]) -> None:
    """Terrain Specifics: 'The exception are Amphibious Tanks, which can move over any water
    surface, with no restrictions.' `--unit amphibious` (as the docs list it) crosses the river
    where a vehicle goes round by the bridge."""
    assert main(["query", "path", str(BOARD), "M1", "R1", "--unit", "vehicle"]) == 0
    vehicle = json.loads(capsys.readouterr().out)
    assert main(["query", "path", str(BOARD), "M1", "R1", "--unit", "amphibious"]) == 0
    amphibious = json.loads(capsys.readouterr().out)
    assert "P4" in vehicle["path"] and amphibious["path"] == ["M1", "N1", "O1", "P1", "Q1", "R1"]
    assert amphibious["steps"] == 5 < vehicle["steps"]


def test_query_path_unit_kinds_of_the_other_rule_set_are_located_errors(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["query", "path", str(BOARD), "M1", "R1", "--unit", "foot"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{BOARD}: 'unit' foot applies to Urban Operations maps")
    uo = ROOT / "scenarios" / "harbour-crossing.yaml"
    assert main(["query", "path", str(uo), "A0101", "A0102", "--unit", "amphibious"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{uo}: 'unit' amphibious applies to Urban Battle boards")
