"""The game report names the table row each roll used (issue 12 item 5), read from the log
entries' `rows`; an older log without them still reads, its dice named by what they were for."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.play.report import report_line, row_text
from engine.bots.runner import make_bot, play_game
from engine.model.scenario import Side
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def log() -> list[dict]:
    game = URBAN_OPERATIONS.load(SAMPLE)
    green, red = make_bot("heuristic", game, 4, Side.green), make_bot("random", game, 4, Side.red)
    return play_game(game, green, red, 4).log


def test_8_2_7_5_each_roll_is_said_with_the_row_it_was_read_on(log: list[dict]) -> None:
    named = [e for e in log if e.get("rows")]
    assert named
    for i, entry in enumerate(named):
        text = report_line(i, entry, Side.green, None).text
        for row in entry["rows"]:
            assert row_text(row) in text, (row, text)
    fight = next(e for e in named if e["action"] in ("Fire", "ReturnFire") and len(e["rolls"]) >= 2)
    text = report_line(0, fight, Side.green, None).text
    firer = text.index(f"firer's d10 {fight['rolls'][0]} → critical hits (")
    target = text.index(f"target's d10 {fight['rolls'][1]} (8.2.7.5) → critical hits (")
    assert firer < target < text.index("combat results (fire) ")


def test_an_older_entry_without_rows_still_reads() -> None:
    entry = {"action": "Withdraw", "rolls": [1]}
    text = report_line(0, entry, Side.red, None, withdrawal_loss=lambda r: 2).text
    assert "withdrawal table (8.3.2) d10 1 → 2 OSL" in text


def test_row_text_names_the_table_and_its_row() -> None:
    row = {"table": "critical_hits.heavy_vs_armour", "row": "7-9: destruction", "dice": [0]}
    assert row_text(row) == "critical hits (heavy vs armour) 7-9: destruction"


def test_a_kind_without_a_sentence_reads_as_words_and_keeps_its_secrets() -> None:
    entry = {"action": "LayFalseTrail", "location": "A0101", "rolls": []}
    assert "Green lay false trail: location A0101" in report_line(0, entry, Side.green, Side.green).text
    hidden = report_line(0, entry, Side.green, Side.red).text
    assert "Green lay false trail" in hidden and "A0101" not in hidden
    mine = {"action": "PlaceCounter", "kind": "at_mine", "location": "A0202", "rolls": []}
    assert "Red places a counter (at_mine) at A0202  [5.2.1]" in report_line(0, mine, Side.red, None).text
    assert "A0202" not in report_line(0, mine, Side.red, Side.green).text  # a mine's place is secret


TITLES = {"sup-mortar": "81mm mortar section", "ev-fisherman": "A fisherman talks"}


def test_7_3_3_1_a_request_reads_with_its_matrix_row_and_keeps_its_support_secret() -> None:
    entry = {
        "action": "Request3D",
        "support": "sup-mortar",
        "requester": "g1-pl",
        "target": "37.3",
        "rolls": [3],
        "rows": [{"table": "3d.sup-mortar", "row": "T+1", "dice": [0]}],
    }
    own = report_line(11, entry, Side.green, Side.green, titles=TITLES).text
    assert "Green requests 81mm mortar section (sup-mortar) by g1-pl on 37.3  [7.3.3.1]" in own
    assert "dice: d10 3 → 3D matrix (sup-mortar) T+1" in own
    enemy = report_line(11, entry, Side.green, Side.red, titles=TITLES).text
    assert "Green requests a 3D action  [7.3.3.1]" in enemy and "d10 3 → 3D matrix T+1" in enemy
    assert "mortar" not in enemy and "37.3" not in enemy  # written on green's sheet


def test_6_2_2_the_initial_phase_dice_read_on_the_events_tables_not_as_a_fight() -> None:
    entry = {
        "action": "Pass",
        "rolls": [4, 9],
        "rows": [
            {"table": "events.green", "row": "4: Nothing happens.", "dice": [0]},
            {"table": "events.red", "row": "9: Sermon at dawn", "dice": [1]},
        ],
    }
    text = report_line(40, entry, Side.red, None).text
    assert "d10 4 → events table (green) 4: Nothing happens.; d10 9 → events table (red) 9: Sermon" in text
    assert "firer" not in text and "target's" not in text
    played = {"action": "PlayEvent", "card": "ev-fisherman", "rolls": []}
    for viewer in (Side.green, Side.red):  # a card played is face up for both (6.2.1)
        said = report_line(41, played, Side.green, viewer, titles=TITLES).text
        assert "Green plays event card A fisherman talks (ev-fisherman)  [6.2.1]" in said
