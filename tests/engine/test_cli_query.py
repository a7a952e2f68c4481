"""`uo query los|path|reach|distance` (DESIGN.md contract): JSON shapes, dynamic inputs,
exit code 2 for an unknown location or an unusable file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = str(ROOT / "scenarios" / "harbour-crossing.yaml")
SHEET = str(ROOT / "maps" / "A-harbour.yaml")
INSERT = str(ROOT / "maps" / "U-sewers.yaml")


def query(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, Any, str]:
    code = main(["query", *args])
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 and out.startswith("{") else out), err


def test_query_los_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "los", SCENARIO, "A0101", "A0102")
    assert code == 0
    assert set(out) == {"from", "to", "clear", "reason", "rule", "blocker", "point", "via"}
    assert (out["from"], out["to"], out["clear"], out["rule"]) == ("A0101", "A0102", True, "5.1.7")
    assert out["blocker"] is None and out["point"] is None


def test_query_los_takes_dynamic_blockers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "los", SCENARIO, "A0101", "A0103")
    assert code == 0 and out["clear"]
    code, out, _ = query(capsys, "los", SCENARIO, "A0101", "A0103", "--smoke", "A0102")
    assert code == 0
    assert (out["clear"], out["rule"], out["blocker"]) == (False, "5.1.7.2", "smoke in A0102")
    assert isinstance(out["point"], list) and len(out["point"]) == 2


def test_query_los_into_a_room_names_the_aperture(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.battlefield import compile_file
    from engine.battlefield.los import los

    bf = compile_file(SCENARIO)
    room = next(ap.interior for ap in bf.apertures.values() if ap.interior and ap.kind != "breach")
    seen = next(loc.id for loc in bf.locations if loc.kind == "hex" and los(bf, loc.id, room).clear)
    code, out, _ = query(capsys, "los", SCENARIO, seen, room)
    assert code == 0 and out["clear"] and out["via"] in bf.apertures


def test_query_path_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "path", SCENARIO, "32.2", "35.R")
    assert code == 0
    assert set(out) == {"from", "to", "unit", "ladder", "mp", "path"}
    assert (out["unit"], out["ladder"], out["mp"]) == ("foot", False, 6)
    assert out["path"] == ["32.2", "32.R", "35.R"]
    code, out, _ = query(capsys, "path", SCENARIO, "A0101", "32.2", "--unit", "vehicle")
    assert code == 0 and (out["mp"], out["path"]) == (None, [])
    code, out, _ = query(capsys, "path", SCENARIO, "A0101", "A0103", "--unit", "foot", "--ladder")
    assert code == 0 and out["ladder"] is True and out["mp"] == 2


def test_query_reach_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "reach", SHEET, "A0101", "--mp", "1")
    assert code == 0
    assert set(out) == {"from", "unit", "mp", "locations"}
    assert out["locations"] == {"A0101": 0, "A0102": 1, "A0201": 1}
    code, out, _ = query(capsys, "reach", SCENARIO, "A0101", "--mp", "2", "--impassable", "A0102")
    assert code == 0 and "A0102" not in out["locations"]


def test_query_distance_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "distance", SCENARIO, "A0101", "A0105")
    assert code == 0
    assert out == {"from": "A0101", "to": "A0105", "ep": 4}
    code, out, _ = query(capsys, "distance", INSERT, "U0301", "U0303")
    assert code == 0 and out["ep"] == 2


def test_query_text_format(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = query(capsys, "distance", SCENARIO, "A0101", "A0105", "--format", "text")
    assert code == 0
    assert "ep: 4" in out.splitlines()


@pytest.mark.parametrize(
    "args",
    [
        ("los", SCENARIO, "A0101", "Z9999"),
        ("los", SCENARIO, "Z9999", "A0101"),
        ("path", SCENARIO, "A0101", "99.9"),
        ("reach", SCENARIO, "nowhere", "--mp", "3"),
        ("distance", SHEET, "A0101", "U0301"),  # the sheet alone has no insert
    ],
)
def test_query_unknown_location_exits_2(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    code, out, err = query(capsys, *args)
    assert code == 2
    assert out == ""
    assert "no location" in err


def test_query_unusable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_text("schema: uo-map/1\nid: [\n")
    invalid = tmp_path / "invalid.yaml"
    invalid.write_text("schema: uo-map/1\nid: a\nsize: [10, 10]\n")
    lost = tmp_path / "lost.yaml"
    lost.write_text((ROOT / "scenarios" / "harbour-crossing.yaml").read_text())
    cards = ROOT / "scenarios" / "cards" / "units.yaml"
    for path in (junk, invalid, tmp_path / "missing.yaml", cards, lost):
        code, out, err = query(capsys, "los", str(path), "A0101", "A0102")
        assert code == 2, path
        assert out == ""
        assert "error" in err, err


def test_query_exit_code_from_the_command_line() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    result = subprocess.run(
        [sys.executable, "-m", "engine.cli", "query", "los", SCENARIO, "A0101", "Z9999"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert result.returncode == 2
    assert result.stdout == ""
