"""The terrain chart the battlefield compiles with (`uo-terrain/1`): the shipped one, or a
house-rule file loaded like every file, with located problems when it cannot be used."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battlefield import compile_file
from engine.battlefield.terrain import load_terrain_chart
from engine.io.problems import LoadError
from engine.model.sheet import Terrain
from engine.model.terrain_chart import LocKind

SHIPPED = Path(__file__).resolve().parents[3] / "engine" / "battlefield" / "data" / "terrain.yaml"


def test_the_shipped_chart_is_read_once() -> None:
    chart = load_terrain_chart()
    assert chart is load_terrain_chart()
    assert chart == load_terrain_chart(SHIPPED)
    assert chart.walls.outer_wall.foot == 5  # 8.1.6


def _house_rule(tmp_path: Path, old: str, new: str) -> Path:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "house-terrain.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_4_3_7_a_house_rule_chart_changes_what_compiles(tmp_path: Path, sample_scenario_path: Path) -> None:
    path = _house_rule(tmp_path, "outer_wall: {foot: 5,", "outer_wall: {foot: 4,")
    chart = load_terrain_chart(path)
    assert chart.walls.outer_wall.foot == 4
    shipped, house = compile_file(sample_scenario_path), compile_file(sample_scenario_path, chart=chart)
    assert shipped.digest != house.digest and house.chart is chart

    def outer(bf):  # type: ignore[no-untyped-def]
        return {s.foot for s in bf.steps if s.kind == "outer_wall"}

    assert outer(shipped) == {5} and outer(house) == {4}


def test_a_broken_value_is_located_in_its_file(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "roof_to_roof: 4", "roof_to_roof: -4")
    with pytest.raises(LoadError) as err:
        load_terrain_chart(path)
    (problem,) = err.value.problems
    line = next(i for i, t in enumerate(path.read_text().splitlines(), 1) if "roof_to_roof" in t)
    assert (problem.line, problem.pointer, problem.code) == (line, "/roofs/roof_to_roof", "S106")
    assert problem.file.endswith("house-terrain.yaml")


def test_a_chart_without_costs_for_a_terrain_is_refused(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "  narrows: ", "  # narrows: ")
    with pytest.raises(LoadError) as err:
        load_terrain_chart(path)
    assert any("narrows" in p.message and p.pointer == "/hexes" for p in err.value.problems)


def test_another_format_or_a_broken_file_is_refused_with_a_location(
    tmp_path: Path, sample_sheet_path: Path
) -> None:
    with pytest.raises(LoadError) as err:
        load_terrain_chart(sample_sheet_path)
    assert [(p.code, p.pointer) for p in err.value.problems] == [("P006", "/schema")]
    assert "not a terrain chart" in err.value.problems[0].message
    broken = tmp_path / "broken.yaml"
    broken.write_text("schema: uo-terrain/1\nhexes: [\n", encoding="utf-8")
    with pytest.raises(LoadError) as err:
        load_terrain_chart(broken)
    assert err.value.problems[0].line >= 2
    with pytest.raises(LoadError):
        load_terrain_chart(tmp_path / "missing.yaml")


def test_5_1_4_where_a_vehicle_can_stand_by_the_chart() -> None:
    chart = load_terrain_chart()
    assert chart.vehicle_may_stand(LocKind.hex, Terrain.clear)
    assert not chart.vehicle_may_stand(LocKind.hex, Terrain.narrows)
    assert not chart.vehicle_may_stand(LocKind.hex, Terrain.vehicle_impassable)
    assert chart.vehicle_entry_mp(LocKind.hex, Terrain.water) == 2
    assert not chart.vehicle_may_stand(LocKind.underground, Terrain.sewer)
    assert not chart.vehicle_may_stand(LocKind.room)
    assert chart.vehicle_entry_mp(LocKind.zone, enterable=True) == chart.zone.foot  # 8.1.4
    assert not chart.vehicle_may_stand(LocKind.roof, enterable=True)
