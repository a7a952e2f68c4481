"""The `uo` command's contract (DESIGN.md): exit codes, output formats, located problems."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]


def run_uo(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "engine.cli", *args], capture_output=True, text=True, cwd=cwd, env=env
    )


def test_validate_bundled_content_exits_0() -> None:
    result = run_uo("validate", "maps", "scenarios")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == ""
    assert "ok" in result.stderr
    report = json.loads(run_uo("validate", "--format", "json", "maps", "scenarios").stdout)
    assert {"maps/A-harbour.yaml", "maps/U-sewers.yaml", "scenarios/harbour-crossing.yaml"} <= set(
        report["files"]
    )


def test_validate_reports_located_problems_and_exits_1(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema: uo-map/1\nid: A\nsize: [100, 100]\n"
        "grid: {size: 5, origin: [5, 5], columns: 3, rows: 3}\nwalls: 7\n"
    )
    assert main(["validate", str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:5:8: error S103:" in out
    assert "[/walls]" in out


def test_validate_json_format(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "schema: uo-map/1\nid: a\nsize: [100, 100]\ngrid: {size: 5, origin: [5, 5], columns: 3, rows: 3}\n"
    )
    assert main(["validate", "--format", "json", str(bad)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["exit_code"] == 1
    (problem,) = report["problems"]
    assert problem["code"] == "S105"
    assert (problem["line"], problem["col"], problem["pointer"]) == (2, 5, "/id")


def test_validate_unusable_input_exits_2(tmp_path: Path, capsys) -> None:
    junk = tmp_path / "junk.yaml"
    junk.write_bytes(b"\x00\x01\x02")
    assert main(["validate", str(junk)]) == 2
    assert main(["validate", str(tmp_path / "missing.yaml")]) == 2
    other = tmp_path / "other.yaml"
    other.write_text("name: not ours\n")
    assert main(["validate", str(other)]) == 2
    assert "P006" in capsys.readouterr().out


def test_validate_folder_walks_model_files(tmp_path: Path, capsys) -> None:
    (tmp_path / "notes.txt").write_text("ignored")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cards.yaml").write_text("schema: uo-cards/1\nid: lib\n")
    assert main(["validate", str(tmp_path)]) == 0
    assert "1 file checked: ok" in capsys.readouterr().err


def test_schema_command_writes_all_formats(tmp_path: Path) -> None:
    result = run_uo("schema", "--out", str(tmp_path))
    assert result.returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "uo-cards-1.schema.json",
        "uo-map-1.schema.json",
        "uo-scenario-1.schema.json",
    ]
