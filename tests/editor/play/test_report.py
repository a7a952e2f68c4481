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
