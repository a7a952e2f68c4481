"""Urban Battle's file formats (ub-board/1, ub-units/1, ub-mission/1): the samples load and
save back unchanged, each names its format, and what the schema refuses is located."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.io.files import dumps, load_document
from engine.model.square_board import SquareBoard, column_name, parse_square, square_name
from engine.model.ub_mission import Mission
from engine.model.ub_units import UnitChart

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = [
    (ROOT / "maps" / "ub" / "two-segments.yaml", SquareBoard),
    (ROOT / "cards" / "ub" / "units.yaml", UnitChart),
    (ROOT / "scenarios" / "ub" / "street-duel.yaml", Mission),
    (ROOT / "scenarios" / "ub" / "river-crossing.yaml", Mission),
]


@pytest.mark.parametrize(("path", "model"), SAMPLES, ids=lambda v: getattr(v, "stem", ""))
def test_samples_load_and_save_back_the_same_data(path: Path, model: type) -> None:
    doc = load_document(path)
    assert doc.problems == [] and isinstance(doc.model, model)
    again = load_document(path.with_suffix(".yaml"), dumps(doc.model, ".yaml"))
    assert again.model == doc.model


def test_square_names_follow_the_printed_coordinates() -> None:
    assert square_name((0, 0)) == "A1" and square_name((23, 9)) == "X10"
    assert parse_square("C7") == (2, 6) and parse_square("AB12") == (27, 11)
    assert column_name(26) == "AA"
    with pytest.raises(ValueError):
        parse_square("7C")


def test_a_mission_with_another_rule_set_is_refused(tmp_path: Path) -> None:
    data = json.loads(json.dumps(load_document(SAMPLES[2][0]).data))
    data["rules"] = "urban-operations"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    problems = load_document(path).problems
    assert problems and problems[0].pointer == "/rules"


def test_a_facing_is_one_of_eight_directions(tmp_path: Path) -> None:
    data = json.loads(json.dumps(load_document(SAMPLES[2][0]).data))
    data["forces"]["green"]["units"][0]["facing"] = "NNE"
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    assert load_document(path).problems[0].pointer == "/forces/green/units/0/facing"


def test_grid_geometry_in_millimetres_for_the_editor() -> None:
    board = load_document(SAMPLES[0][0]).model
    assert isinstance(board, SquareBoard)
    assert board.grid.kind == "square" and board.grid.size == 25.0 and board.grid.origin == (10.0, 10.0)
