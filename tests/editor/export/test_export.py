"""Print and export (issue 11 item 10): the assembled map as PNG at a chosen resolution and
as SVG, a scenario as a PDF briefing pack; checked on the files written."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from editor.export.briefing import side_part, tables_part, title_part, unit_cards, write_pdf
from editor.export.images import write_png, write_svg
from editor.export.map_paint import OBJECTIVE, SIDE_COLOURS
from editor.export.source import load_source

DATA = Path(__file__).resolve().parents[1] / "data"
SCENARIO = DATA / "crossing.yaml"  # town.yaml: a 300 x 200 mm sheet
SHEET = DATA / "town.yaml"


def pdf_pages(data: bytes) -> int:
    """Page objects of a PDF (Qt writes them uncompressed), not the /Pages tree."""
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", data))


@pytest.mark.parametrize("dpi", [40, 100])
def test_png_has_the_size_of_the_printed_map_at_the_dpi(qapp, tmp_path: Path, dpi: int):
    out = tmp_path / "map.png"
    write_png(load_source(SCENARIO), out, dpi)
    image = QImage(str(out))
    assert (image.width(), image.height()) == (round(300 / 25.4 * dpi), round(200 / 25.4 * dpi))
    assert round(image.dotsPerMeterX() * 0.0254) == dpi


def test_png_shows_the_set_up_in_side_colour(qapp, tmp_path: Path):
    source = load_source(SCENARIO)
    out = tmp_path / "map.png"
    write_png(source, out, 100)
    image = QImage(str(out))
    x, y = source.point_of("T0102")  # green block g1a
    # a little off the centre, beside the printed type mark
    pixel = QColor(image.pixel(round((x - 2.5) / 25.4 * 100), round((y - 2.5) / 25.4 * 100)))
    green = SIDE_COLOURS["green"]
    assert abs(pixel.red() - green.red()) + abs(pixel.green() - green.green()) < 30
    # the building green must control (v1: building 1) is outlined in gold
    (x0, y0), (x1, y1) = source.building_outlines(["1"])[0][:2]
    edge = QColor(image.pixel(round((x0 + x1) / 2 / 25.4 * 100), round((y0 + y1) / 2 / 25.4 * 100)))
    assert (
        abs(edge.red() - OBJECTIVE.red())
        + abs(edge.green() - OBJECTIVE.green())
        + abs(edge.blue() - OBJECTIVE.blue())
        < 40
    )


def test_svg_parses_and_is_drawn_in_millimetres(qapp, tmp_path: Path):
    out = tmp_path / "map.svg"
    write_svg(load_source(SHEET), out)
    root = ET.parse(out).getroot()
    assert root.tag.endswith("svg")
    assert root.get("viewBox") == "0 0 3000 2000"
    assert root.get("width", "").endswith("mm") and float(root.get("width")[:-2]) == pytest.approx(300, abs=1)
    assert len(list(root.iter())) > 100  # the hexes, buildings and walls are drawn


def test_pdf_briefing_pack_has_its_pages(qapp, tmp_path: Path):
    out = tmp_path / "pack.pdf"
    pages = write_pdf(load_source(SCENARIO), out)
    data = out.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF")
    # title and briefing, the map, green, red, events and victory: a page each at least
    assert pages >= 5
    assert pdf_pages(data) == pages
    # the document's title, in the PDF's information dictionary (UTF-16)
    assert b"/Title (\xfe\xff" + "Test crossing".encode("utf-16-be") in data


def test_pdf_of_a_sheet_is_its_map_page(qapp, tmp_path: Path):
    out = tmp_path / "sheet.pdf"
    assert write_pdf(load_source(SHEET), out) == 1
    assert pdf_pages(out.read_bytes()) == 1


def test_briefing_text_holds_every_part_of_the_scenario():
    source = load_source(ROOT_SCENARIO)
    s = source.scenario
    cards = unit_cards(source.libraries)
    title = title_part(s)
    assert s.title in title and "## Briefing" in title and "## Special rules" in title
    green = side_part(s, "green", s.sides.green, cards)
    # each force, each block and the unit cards of the side with their weapons' firepower
    for force in s.sides.green.impulse_forces:
        assert f"({force.id})" in green
        assert all(block.id in green for block in force.blocks)
    assert "### Mechanised rifle platoon (co-mech, platoon)" in green
    assert "| Weapon | 1 | 2-5 | 6-10 | 11-15 | 16-20 | 21-25 | Notes |" in green
    tables = tables_part(s)
    assert "**3D actions matrix**" in tables and "| d10 | Event | Card |" in tables
    assert all(c.id in tables for c in s.victory.conditions)


ROOT_SCENARIO = Path(__file__).resolve().parents[3] / "scenarios" / "harbour-crossing.yaml"


def test_a_sheet_scan_is_found_beside_its_sheet_not_its_scenario(tmp_path: Path):
    (tmp_path / "maps").mkdir()
    for name in ("town.yaml", "sewers.yaml"):
        (tmp_path / "maps" / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "cards.yaml").write_bytes((DATA / "cards.yaml").read_bytes())
    text = SCENARIO.read_text(encoding="utf-8").replace("file: town.yaml", "file: maps/town.yaml")
    (tmp_path / "s.yaml").write_text(
        text.replace("file: sewers.yaml", "file: maps/sewers.yaml"), encoding="utf-8"
    )
    source = load_source(tmp_path / "s.yaml")
    assert source.sheets[0].base_dir == tmp_path / "maps"
