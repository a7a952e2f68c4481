"""One home per rule: the validator judges locations and vehicles with the battlefield's
own rules (issue 10 item 3), and the battlefield's shape (item 4): nothing in
engine/battlefield imports the rules engine, nothing attaches attributes to a battlefield."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.battlefield import LocKind, compile_file
from engine.battlefield.terrain import load_terrain_chart
from engine.io.files import load_document
from engine.lint.context import SheetContext, Workspace
from engine.lint.runner import lint_document
from engine.model.sheet import Terrain

from .mapkit import MapKit

ROOT = Path(__file__).resolve().parents[3]
VALID = ROOT / "tests" / "examples" / "valid"
BATTLEFIELD = ROOT / "engine" / "battlefield"


def _engine_imports(path: Path) -> list[str]:
    """Absolute names of the engine modules a battlefield module imports (lazy ones too)."""
    package = ["engine", "battlefield"]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                found.append(".".join(base + ([node.module] if node.module else [])))
            else:
                found.append(node.module or "")
    return found


def test_nothing_in_battlefield_imports_the_rules() -> None:
    files = sorted(BATTLEFIELD.glob("*.py"))
    assert len(files) > 5
    wrong = [
        f"{path.name}: {name}"
        for path in files
        for name in _engine_imports(path)
        if name == "engine.rules" or name.startswith("engine.rules.")
    ]
    assert wrong == []


def test_the_import_check_sees_relative_lazy_and_absolute_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from ..rules.uo import play\n"
        "def f():\n    from ..rules import x\n"
        "import engine.rules.uo.fight\n",
        encoding="utf-8",
    )
    assert sorted(_engine_imports(probe)) == ["engine.rules", "engine.rules.uo", "engine.rules.uo.fight"]


def test_nothing_is_attached_to_a_battlefield_from_outside(sample_scenario_path: Path) -> None:
    bf = compile_file(sample_scenario_path)
    with pytest.raises(AttributeError, match="immutable"):
        bf._ep_from = {}  # type: ignore[attr-defined]
    with pytest.raises(AttributeError, match="immutable"):
        bf.chart = load_terrain_chart()


def _compiled_hexes(kit: MapKit) -> set[str]:
    bf = kit.compile()
    return {loc.id[len(kit.id) :] for loc in bf.locations if loc.kind in (LocKind.hex, LocKind.underground)}


def test_5_1_1_validator_and_compiler_agree_on_which_hexes_are_locations() -> None:
    kit = MapKit(columns=7, rows=6)
    kit.building("1", {"1.1": ["0303", "0304"], "1.2": ["0403"]})
    kit.set_terrain("woods", "0101").set_terrain("narrows", "0601")
    insert = MapKit("U", columns=4, rows=3, kind="underground")
    insert.set_terrain("sewer", "0101", "0201", "0202")
    for sheet_kit in (kit, insert):
        ctx = SheetContext(load_document(Path("probe.yaml"), text=_yaml(sheet_kit)))
        assert ctx.playable == _compiled_hexes(sheet_kit)
    assert {"0303", "0304", "0403"}.isdisjoint(_compiled_hexes(kit))
    assert _compiled_hexes(insert) == {"0101", "0201", "0202"}  # solid rock is no location


def _yaml(kit: MapKit) -> str:
    import json

    return json.dumps(kit.sheet().model_dump(mode="json", by_alias=True))


def test_5_1_4_the_validator_reads_where_vehicles_cannot_go_from_the_chart() -> None:
    """A vehicle set up in narrows was accepted: the check knew only the yellow-dot terrain.
    The chart says no vehicle enters narrows, and the battlefield compiles no vehicle step
    into it; the validator now says so too."""
    sheet_path = VALID / "minimal-sheet.yaml"
    sheet = sheet_path.read_text(encoding="utf-8")
    assert load_terrain_chart().hexes[Terrain.narrows].vehicle is None
    scenario = load_document(VALID / "minimal-scenario.yaml")

    def l318(terrain: str) -> list[str]:
        text = sheet.replace('  "0201": woods\n', f'  "0201": woods\n  "0202": {terrain}\n')
        ws = Workspace({sheet_path: text})
        return [p.pointer for p in lint_document(scenario, ws) if p.code == "L318"]

    assert l318("clear") == []
    assert l318("narrows") == ["/sides/green/impulse_forces/0/blocks/3/at"]
    assert l318("vehicle_impassable") == ["/sides/green/impulse_forces/0/blocks/3/at"]


def test_5_1_4_where_a_vehicle_can_stand_is_where_the_battlefield_lets_it_go(
    sample_scenario_path: Path,
) -> None:
    bf = compile_file(sample_scenario_path)
    chart = bf.chart
    doc = load_document(sample_scenario_path)
    enterable = set()
    for placement in doc.model.map.sheets:  # type: ignore[union-attr]
        sheet = load_document(sample_scenario_path.parent / placement.file).model
        enterable |= {b.id for b in sheet.buildings if b.vehicles_may_enter}  # type: ignore[union-attr]
    entered_by_vehicle = {bf.locations[s.dst].id for s in bf.steps if s.vehicle is not None}
    checked = 0
    for loc in bf.locations:
        if not any(s for s in bf.steps if s.dst == loc.index and s.kind != "effect"):
            continue  # nothing moves in: nothing to compare
        may = chart.vehicle_may_stand(loc.kind, loc.terrain, loc.building in enterable)
        assert may == (loc.id in entered_by_vehicle), loc.id
        checked += 1
    assert checked > 100
