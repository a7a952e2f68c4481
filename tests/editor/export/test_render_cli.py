"""`uo render` (issue 11 item 10): the same exports from the command line, refusals with
exit 2 naming what is wrong."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from engine.cli import main

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    for name in ("crossing.yaml", "town.yaml", "sewers.yaml", "cards.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path / "crossing.yaml"


def test_render_writes_each_output(qapp, scenario: Path, tmp_path: Path, capsys):
    png, svg, pdf = tmp_path / "m.png", tmp_path / "m.svg", tmp_path / "p.pdf"
    assert main(["render", str(scenario), "--png", str(png), "--svg", str(svg), "--pdf", str(pdf)]) == 0
    # 150 dpi by default: a 300 x 200 mm sheet
    assert (QImage(str(png)).width(), QImage(str(png)).height()) == (1772, 1181)
    assert svg.read_bytes().lstrip().startswith(b"<?xml")
    assert pdf.read_bytes().startswith(b"%PDF-")
    out = capsys.readouterr().out
    assert f"{png}: 1772 x 1181 px at 150 dpi" in out and f"{pdf}: " in out


def test_render_a_sheet_at_a_dpi(qapp, tmp_path: Path):
    png = tmp_path / "sheet.png"
    assert main(["render", str(DATA / "town.yaml"), "--png", str(png), "--dpi", "30"]) == 0
    assert QImage(str(png)).width() == round(300 / 25.4 * 30)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "name an output"),
        (["--png", "out.jpg"], "--png writes a .png file"),
        (["--svg", "o.svg", "--dpi", "100"], "--dpi only applies with --png"),
        (["--png", "o.png", "--dpi", "5000"], "--dpi must be 1200 or less"),
        (["--png", "o.png", "--dpi", "0"], "must be 1 or more"),
    ],
)
def test_render_refuses_options_that_do_not_go_together(scenario: Path, capsys, args, message):
    with pytest.raises(SystemExit) as exc:
        main(["render", str(scenario), *args])
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_render_refuses_a_card_library_and_its_own_inputs(qapp, scenario: Path, capsys):
    assert main(["render", str(scenario.with_name("cards.yaml")), "--png", "x.png"]) == 2
    assert "P006 a sheet or a scenario is needed, a card library" in capsys.readouterr().err.replace(":", "")
    before = scenario.with_name("town.yaml").read_bytes()
    assert main(["render", str(scenario), "--svg", str(scenario.with_name("town.svg"))]) == 0
    town = scenario.with_name("town.yaml")
    assert main(["render", str(scenario), "--pdf", str(town.with_suffix(".pdf"))]) == 0
    assert town.read_bytes() == before


def test_render_into_a_folder_that_does_not_exist_says_so(qapp, scenario: Path, tmp_path: Path, capsys):
    out = tmp_path / "missing" / "pack.pdf"
    assert main(["render", str(scenario), "--pdf", str(out)]) == 2
    assert f"uo render: {out}: the folder {out.parent} does not exist" in capsys.readouterr().err
