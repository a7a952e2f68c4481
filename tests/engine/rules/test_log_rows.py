"""The table row each roll used (issue 12 item 5): a log entry names, beside its dice, the row
of the rule table each die was read on (`rows`, rule-set neutral: table, row, dice). It is
optional, so logs written before it still read and replay; a replay checks it when present."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.bots.runner import make_bot, play_game
from engine.model.log import LogEntry
from engine.model.scenario import Side
from engine.rules.log import ReplayMismatch, actions_digest, make_log, read_log, replay, write_log
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
FIGHTS = ("Fire", "Assault", "ReturnFire", "CoverFire", "OpportunityFire")


@pytest.fixture(scope="module")
def played() -> Play:
    game = URBAN_OPERATIONS.load(SCENARIO)
    return play_game(
        game, make_bot("heuristic", game, 4, Side.green), make_bot("random", game, 4, Side.red), 4
    )


def entries(play: Play, *kinds: str) -> list[dict[str, Any]]:
    return [e for e in play.log if e["action"] in kinds and e["rolls"]]


def test_8_2_7_5_a_fight_names_both_critical_rows_and_the_result_row(played: Play) -> None:
    tables = played.game.tables.combat
    fights = [e for e in entries(played, *FIGHTS) if len(e["rolls"]) >= 2]
    assert fights
    for e in fights:
        firer, target = e["rows"][0], e["rows"][1]
        assert firer["table"].startswith("critical_hits.") and firer["dice"] == [0]
        assert target["table"].startswith("critical_hits.") and target["dice"] == [1]
        for row in (firer, target):
            assert row["row"] == tables.row_label(row["table"], e["rolls"][row["dice"][0]])
        destroyed = "destruction" in firer["row"] or "destruction" in target["row"]
        result = [r for r in e["rows"] if r["table"].startswith("combat_results.")]
        assert (result == []) == destroyed, e
        for r in result:
            assert r["dice"] == [0, 1]
            assert r["row"].split(":")[0] in ("firer wins", "target wins", "equality")


def test_4_3_8_and_8_3_2_losses_name_the_quality_and_withdrawal_rows(played: Play) -> None:
    tables = played.game.tables.combat
    seen: set[str] = set()
    for e in played.log:
        for row in e.get("rows", []):
            table = row["table"]
            if table.startswith(("quality.", "withdrawal.")):
                seen.add(table.split(".")[0])
                assert row["row"] == tables.row_label(table, e["rolls"][row["dice"][0]])
    assert seen == {"quality", "withdrawal"}
    withdrawals = entries(played, "Withdraw")
    assert withdrawals and all(e["rows"][0]["table"] == "withdrawal.losses" for e in withdrawals)


def test_every_named_die_is_one_of_the_entrys_rolls(played: Play) -> None:
    for e in played.log:
        for row in e.get("rows", []):
            assert all(0 <= d < len(e["rolls"]) for d in row["dice"])
    assert not any("rows" in e for e in played.log if not e["rolls"]), "no rows without dice"


def test_row_labels_say_what_the_row_says() -> None:
    tables = URBAN_OPERATIONS.load(SCENARIO).tables.combat
    assert tables.row_label("critical_hits.soft", 7) == "7-8: +1 FP"
    assert tables.row_label("critical_hits.soft", 9) == "9: opponent loses the fight, 1 more OSL"
    assert tables.row_label("critical_hits.armoured", 9) == "9: destruction"
    assert tables.row_label("critical_hits.soft", 0) == "0-6: no critical hit"
    assert tables.row_label("quality.recruit", 2) == "0-3: one more OSL lost"
    assert tables.row_label("quality.elite", 8) == "6-9: one less OSL lost"


def test_the_written_log_keeps_its_rows_and_replays(played: Play, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_log(make_log(played, played.game, SCENARIO, {"green": "heuristic", "red": "random"}, path), path)
    text = path.read_text("utf-8")
    assert '"rows": [{"table": "critical_hits.' in text
    log = read_log(path)
    assert any(e.rows for e in log.actions)
    assert replay(log, path).state.digest() == played.digest()


def test_a_log_written_before_rows_still_reads_and_replays(played: Play, tmp_path: Path) -> None:
    """An older log: no entry names rows, its actions' digest made without them."""
    path = tmp_path / "old.json"
    write_log(make_log(played, played.game, SCENARIO, {"green": "heuristic", "red": "random"}, path), path)
    doc = json.loads(path.read_text("utf-8"))
    for e in doc["actions"]:
        e.pop("rows", None)
    doc["actions_digest"] = actions_digest(doc["actions"])
    path.write_text(json.dumps(doc), "utf-8")
    log = read_log(path)
    assert all(e.rows is None for e in log.actions)
    assert replay(log, path).state.digest() == played.digest()
    assert "rows" not in LogEntry.model_validate({"action": "Pass", "rolls": []}).model_dump(
        exclude_unset=True
    )


def test_a_log_whose_row_was_edited_does_not_replay(played: Play, tmp_path: Path) -> None:
    path = tmp_path / "edited.json"
    write_log(make_log(played, played.game, SCENARIO, {"green": "heuristic", "red": "random"}, path), path)
    doc = json.loads(path.read_text("utf-8"))
    entry = next(e for e in doc["actions"] if e.get("rows"))
    entry["rows"][0]["row"] = "9: destruction"
    doc["actions_digest"] = actions_digest(doc["actions"])  # even with a digest to match
    path.write_text(json.dumps(doc), "utf-8")
    with pytest.raises(ReplayMismatch, match="read on"):
        replay(read_log(path), path)
