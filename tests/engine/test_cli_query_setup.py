"""`uo query` given a scenario takes its set-up's counters (issue 16): the sample's Vehicles
counter in A0908 blocks LOS (5.2.3.4), its Population counter in A1622 and IED/UXO in A2308
are never entered (5.2.3.3, 5.2.3.1), its barricades never crossed (5.2.3.5, and never an
LOS obstacle); options add more, `--no-setup` leaves them out; a sheet has no set-up."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "harbour-crossing.yaml")
SHEET = str(ROOT / "maps" / "A-harbour.yaml")


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("UO_CACHE_DIR", str(tmp_path / "cache"))


def query(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code = main(["query", *args])
    out, err = capsys.readouterr()
    assert code == 0, err
    return json.loads(out)


def test_5_2_3_4_a_scenarios_vehicles_counter_blocks_los_in_a_query(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = query(capsys, "los", SCENARIO, "A0808", "A1008")
    assert not out["clear"] and out["blocker"] == "vehicles counter in A0908"
    assert query(capsys, "los", SCENARIO, "A0808", "A1008", "--no-setup")["clear"]
    assert query(capsys, "los", SHEET, "A0808", "A1008")["clear"]  # a sheet has no counters


def test_5_2_3_3_population_stops_movement_through_its_hex_and_more_can_be_added(
    capsys: pytest.CaptureFixture[str],
) -> None:
    reach = query(capsys, "reach", SCENARIO, "A1621", "--mp", "3")["locations"]
    assert "A1622" not in reach
    assert "A1622" in query(capsys, "reach", SCENARIO, "A1621", "--mp", "3", "--no-setup")["locations"]
    more = query(capsys, "reach", SCENARIO, "A1621", "--mp", "3", "--population", "A1620")["locations"]
    assert "A1620" not in more and "A1622" not in more


def test_5_2_3_1_an_ied_hex_is_never_entered_in_a_query(capsys: pytest.CaptureFixture[str]) -> None:
    out = query(capsys, "path", SCENARIO, "A2307", "A2308")
    assert out["mp"] is None and out["path"] == []
    assert query(capsys, "path", SCENARIO, "A2307", "A2308", "--no-setup")["mp"] is not None


def test_5_2_3_5_a_barricade_of_the_set_up_is_not_crossed_and_does_not_block_los(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = query(capsys, "path", SCENARIO, "A1614", "A1615")
    assert out["mp"] is None  # the No Man's Land barricade in A1615
    assert query(capsys, "path", SCENARIO, "A2107", "A2108")["mp"] is None  # red's, fixed at A2108
    assert (
        query(capsys, "los", SCENARIO, "A1614", "A1616")["clear"]
        == query(capsys, "los", SCENARIO, "A1614", "A1616", "--no-setup")["clear"]
    )


def test_a_batch_query_may_leave_the_set_up_out(capsys: pytest.CaptureFixture[str], monkeypatch: Any) -> None:
    import io

    lines = [
        {"query": "los", "from": "A0808", "to": "A1008"},
        {"query": "los", "from": "A0808", "to": "A1008", "setup": False},
        {"query": "los", "from": "A0808", "to": "A1008", "setup": "no"},
    ]
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(json.dumps(x) + "\n" for x in lines)))
    assert main(["query", "--batch", SCENARIO]) == 0
    answers = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [a.get("clear") for a in answers[:2]] == [False, True]
    assert "'setup' must be true or false" in answers[2]["error"]
