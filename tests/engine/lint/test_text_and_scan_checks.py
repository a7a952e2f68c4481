"""uo validate no longer says ok for a bad scan, an outline of no area, or control characters
and bidirectional overrides in names and titles (issue 17.11, 17.12)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from engine.io.problems import Severity
from engine.lint.runner import validate_paths
from tests.engine.io.test_images import png

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

SHEET = """schema: uo-map/1
id: A
title: {title}
size: [100, 80]
grid: {{size: 10, origin: [10, 10], columns: 6, rows: 4}}
"""


def _sheet_with_scan(folder: Path, image: str) -> Path:
    path = folder / "sheet.yaml"
    path.write_text(
        SHEET.format(title="T") + f"background:\n  image: {json.dumps(image)}\n", encoding="utf-8"
    )
    return path


def _codes(path: Path) -> dict[str, Severity]:
    return {p.code: p.severity for p in validate_paths([path]).problems}


@pytest.mark.parametrize(
    "image,code",
    [
        ("missing.png", "L125"),
        ("folder", "L125"),
        ("/dev/zero", "L125"),
        ("pipe.png", "L125"),
        ("/etc/passwd", "L126"),
        ("../../../../../../../../etc/passwd", "L126"),
        ("cut.png", "L126"),
        ("random.png", "L126"),
        ("big.png", "L127"),
    ],
)
def test_17_11_a_bad_scan_is_reported_on_its_line(tmp_path: Path, image: str, code: str) -> None:
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe.png")
    (tmp_path / "cut.png").write_bytes(png(300, 200)[:-30])
    (tmp_path / "random.png").write_bytes(os.urandom(4096))
    (tmp_path / "big.png").write_bytes(png(20_000, 20_000))
    path = _sheet_with_scan(tmp_path, image)
    report = validate_paths([path])
    mine = [p for p in report.problems if p.code == code]
    assert mine, [p.format() for p in report.problems]
    assert (mine[0].line, mine[0].pointer) == (7, "/background/image")
    assert report.exit_code == 1
    # an absolute path or one leading out of the sheet's folder is also a warning
    outside = image.startswith(("/", ".."))
    assert ("L128" in _codes(path)) == outside


def test_17_11_a_good_scan_beside_the_sheet_is_clean(tmp_path: Path) -> None:
    (tmp_path / "scans").mkdir()
    (tmp_path / "scans" / "a.png").write_bytes(png(64, 48))
    report = validate_paths([_sheet_with_scan(tmp_path, "scans/a.png")])
    assert report.problems == [] and report.exit_code == 0


def test_17_11_a_good_scan_outside_the_folder_is_only_a_warning(tmp_path: Path) -> None:
    (tmp_path / "sheets").mkdir()
    (tmp_path / "a.png").write_bytes(png(64, 48))
    report = validate_paths([_sheet_with_scan(tmp_path / "sheets", "../a.png")])
    assert [(p.code, p.severity) for p in report.problems] == [("L128", Severity.warning)]
    assert report.exit_code == 0
    report = validate_paths([_sheet_with_scan(tmp_path / "sheets", str(tmp_path / "a.png"))])
    assert [(p.code, p.severity) for p in report.problems] == [("L128", Severity.warning)]
    assert "absolute" in report.problems[0].message


@pytest.mark.parametrize(
    "outline",
    [
        "[[35, 15], [50, 15], [65, 15]]",  # on one line
        "[[35, 15], [35, 15], [35, 15]]",  # one point
        "[[35, 15], [65, 15], [50, 15], [35, 15]]",  # there and back
    ],
)
def test_17_12_an_outline_of_no_area_is_refused(tmp_path: Path, outline: str) -> None:
    text = (EXAMPLES / "invalid" / "L124-zero-area-outline.yaml").read_text(encoding="utf-8")
    path = tmp_path / "sheet.yaml"
    path.write_text(text.replace("[[35, 15], [50, 15], [65, 15]]", outline), encoding="utf-8")
    report = validate_paths([path])
    assert "L124" in {p.code for p in report.problems}
    assert report.exit_code == 1


def test_17_12_a_figure_of_eight_is_self_crossing_not_zero_area(tmp_path: Path) -> None:
    text = (EXAMPLES / "invalid" / "L124-zero-area-outline.yaml").read_text(encoding="utf-8")
    path = tmp_path / "sheet.yaml"
    path.write_text(
        text.replace("[[35, 15], [50, 15], [65, 15]]", "[[35, 15], [65, 45], [65, 15], [35, 45]]"),
        encoding="utf-8",
    )
    codes = {p.code for p in validate_paths([path]).problems}
    assert "L102" in codes and "L124" not in codes


@pytest.mark.parametrize(
    "title,char",
    [
        (r'"\0"', "U+0000"),
        (r'"a\x01b"', "U+0001"),
        (r'"\e[31mred"', "U+001B"),
        (r'"x\u0085"', "U+0085"),
        (r'"\u202Eevil"', "U+202E"),
        (r'"name \u2066isolate\u2069"', "U+2066"),
        (r'"\u202A\u202B\u202C\u202D"', "U+202A"),
    ],
)
def test_17_12_escaped_control_and_bidi_characters_are_refused_where_they_are(
    tmp_path: Path, title: str, char: str
) -> None:
    path = tmp_path / "sheet.yaml"
    path.write_text(SHEET.format(title=title), encoding="utf-8")
    report = validate_paths([path])
    (problem,) = report.problems
    assert (problem.code, problem.line, problem.col, problem.pointer) == ("P008", 3, 8, "/title")
    assert char in problem.message
    assert report.exit_code == 1


def test_17_12_bad_characters_in_json_ids_keys_and_other_formats(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(
        '{"schema": "uo-cards/1",\n "unit_cards": [{"id": "rifle\\u202e", "name": "Rifles"}]}',
        encoding="utf-8",
    )
    problems = [p for p in validate_paths([cards]).problems if p.code == "P008"]
    assert [(p.line, p.pointer) for p in problems] == [(2, "/unit_cards/0/id")]
    # a scenario: a terrain-like mapping key
    scenario = tmp_path / "scenario.yaml"
    for f in (EXAMPLES / "valid").glob("minimal-*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "minimal-scenario.yaml").read_text(encoding="utf-8")
    scenario.write_text(text.replace("name: Green company", 'name: "Green\\x07 company"'), encoding="utf-8")
    problems = [p for p in validate_paths([scenario]).problems if p.code == "P008"]
    assert [p.pointer for p in problems] == ["/sides/green/name"]


def test_tabs_and_line_breaks_stay_allowed(tmp_path: Path) -> None:
    path = tmp_path / "sheet.yaml"
    path.write_text(SHEET.format(title=r'"two\tcolumns\r\nand lines"'), encoding="utf-8")
    assert validate_paths([path]).problems == []
