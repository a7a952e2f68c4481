"""Issue 17.15: a huge or many-line title keeps the Outliner's rows one line high; the
full text is in the tooltip."""

from __future__ import annotations

from pathlib import Path

from editor.panels.outliner import ROW_CHARS

from .conftest import DATA


def sheet_titled(tmp_path: Path, title: str) -> Path:
    import json

    text = (DATA / "town.yaml").read_text(encoding="utf-8")
    path = tmp_path / "titled.yaml"
    # JSON string syntax is YAML too: escapes written as the file would hold them
    path.write_text(text.replace("title: Test town", f"title: {json.dumps(title)}"), encoding="utf-8")
    return path


def row_heights(window) -> list[int]:
    outliner = window.outliner
    top = outliner.topLevelItem(0)
    return [outliner.visualItemRect(item).height() for item in (top, top.child(0), top.child(1))]


def test_17_15_a_megabyte_title_of_many_lines_keeps_rows_one_line_high(window, qtbot, tmp_path):
    window.load(DATA / "town.yaml")
    normal = row_heights(window)
    title = ("A long line of a title\n" * 45_000)[:1_000_000]
    window.load(sheet_titled(tmp_path, title))
    assert row_heights(window) == normal
    top = window.outliner.topLevelItem(0)
    assert "\n" not in top.text(0) and len(top.text(0)) <= ROW_CHARS + 10
    assert top.text(0).startswith("Sheet T — A long line of a title A long")
    assert top.text(0).endswith("…")
    tip = top.toolTip(0)
    assert "A long line of a title<br>A long line" in tip and "1,000,010 characters" in tip


def test_17_15_a_short_title_is_shown_whole_and_escaped_in_the_tooltip(window, qtbot, tmp_path):
    window.load(sheet_titled(tmp_path, "<b>Harbour</b>"))
    top = window.outliner.topLevelItem(0)
    assert top.text(0) == "Sheet T — <b>Harbour</b>"
    assert "&lt;b&gt;Harbour&lt;/b&gt;" in top.toolTip(0)
