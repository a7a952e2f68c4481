"""House-rule tables (issue 10 item 6): a scenario names rule table files that replace the
shipped ones for its games. scenarios/house-rules-demo.yaml plays the harbour maps with a
terrain chart where a clear hex costs 2 MP (8.1: the card says 1); a broken table is refused
with located problems."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
import yaml

from engine.battlefield import LocKind, StepKind
from engine.battlefield.movement import FOOT, reach
from engine.io.problems import Severity
from engine.lint.runner import validate_paths
from engine.model.scenario import Side
from engine.model.sheet import Terrain
from engine.rules.ruleset import GameSetupError
from engine.rules.uo.game import Game
from engine.rules.uo.play import Activate, Move, Play, StartImpulse
from engine.rules.uo.rule_tables import SHIPPED
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[4]
SCENARIOS = ROOT / "scenarios"
DEMO = SCENARIOS / "house-rules-demo.yaml"
HARBOUR = SCENARIOS / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def shipped() -> Game:
    return Game.load(HARBOUR)


@pytest.fixture(scope="module")
def house() -> Game:
    return Game.load(DEMO)


def test_the_demo_validates_and_its_game_holds_the_house_chart(house: Game, shipped: Game) -> None:
    report = validate_paths([DEMO])
    assert [p for p in report.problems if p.severity == Severity.error] == []
    assert house.tables.terrain.hexes[Terrain.clear].foot == 2
    assert shipped.tables.terrain.hexes[Terrain.clear].foot == 1
    # the battlefield is compiled with the game's chart, not the shipped one
    assert house.battlefield.chart == house.tables.terrain
    assert house.battlefield.digest != shipped.battlefield.digest
    # the other tables are the shipped ones
    assert house.tables.weapons_effect == shipped.tables.weapons_effect
    assert house.digest() != shipped.digest()


def _clear_step(game: Game) -> tuple[str, str]:
    """Two surface hexes of clear terrain sharing an open side, the first step of the map."""
    bf = game.battlefield
    for loc in bf.locations:
        if loc.kind != LocKind.hex or loc.terrain != Terrain.clear:
            continue
        for step in bf.out[loc.index]:
            dst = bf.locations[step.dst]
            if step.kind == StepKind.hex and dst.kind == LocKind.hex and dst.terrain == Terrain.clear:
                return loc.id, dst.id
    raise AssertionError("no two clear hexes side by side")


def _move_cost(game: Game, start: str, dest: str) -> int:
    """MP a green infantry block alone on the map spends moving from `start` to `dest`."""
    play = Play(game, 0)
    rng = random.Random(0)
    while play.state.phase == Phase.setup:
        play.apply(rng.choice(play.legal_actions()))
    # turn 1's events (6) and 3D requests (7.3) are not this test's business
    play.state.events.choices.clear()
    play.state.third.requesting.clear()
    block = next(
        b
        for b in game.blocks.values()
        if b.side == Side.green
        and not b.dummy
        and b.type == "infantry"
        and game.forces[b.force].entry is None
        and not b.mounted_in
    )
    for bid, state in play.state.blocks.items():
        state.location = start if bid == block.id else None
    play.state.active = Side.green
    play.apply(StartImpulse(block.force))
    play.apply(Activate(block.id))
    assert Move(dest) in play.legal_actions()
    play.apply(Move(dest))
    assert play.state.activation is not None
    return play.state.activation.spent


def test_8_1_a_house_rule_terrain_chart_changes_a_move_in_play(house: Game, shipped: Game) -> None:
    start, dest = _clear_step(shipped)
    assert _clear_step(house) == (start, dest)  # the same map
    assert _move_cost(shipped, start, dest) == 1
    assert _move_cost(house, start, dest) == 2


def test_8_1_a_house_rule_terrain_chart_shrinks_a_reach(house: Game, shipped: Game) -> None:
    start, _ = _clear_step(shipped)
    far = reach(shipped.battlefield, start, FOOT, 6)
    near = reach(house.battlefield, start, FOOT, 6)
    assert set(near) < set(far)


# --- broken house rules: located problems ---------------------------------------------------------


def _demo_copy(tmp_path: Path, house_rules: dict[str, str]) -> Path:
    """The demo scenario in `tmp_path`, its maps and cards named by absolute paths, with
    `house_rules` (paths relative to `tmp_path`)."""
    data = yaml.safe_load(DEMO.read_text("utf-8"))
    data["cards"] = [str(SCENARIOS / rel) for rel in data["cards"]]
    for part in ("sheets", "underground"):
        for placement in data["map"][part]:
            placement["file"] = str((SCENARIOS / placement["file"]).resolve())
    data["house_rules"] = house_rules
    path = tmp_path / "demo.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return path


def test_a_broken_house_rule_terrain_chart_gets_a_located_error(tmp_path: Path) -> None:
    chart = tmp_path / "terrain.yaml"
    text = (SCENARIOS / "house-rules" / "spring-thaw-terrain.yaml").read_text("utf-8")
    broken = text.replace(
        "clear:              {foot: 2, vehicle: 2,    ep: 1,",
        "clear:              {foot: 2, vehicle: 2,    ep: -1,",
    )
    assert broken != text
    chart.write_text(broken, "utf-8")
    line = next(i for i, row in enumerate(broken.splitlines(), start=1) if row.startswith("  clear:"))
    scenario = _demo_copy(tmp_path, {"terrain": "terrain.yaml"})
    report = validate_paths([scenario])
    located = [p for p in report.problems if p.code == "L333"]
    assert len(located) == 1
    problem = located[0]
    assert Path(problem.file).name == "terrain.yaml"
    assert (problem.line, problem.pointer) == (line, "/hexes/clear/ep")
    assert problem.col > 1
    assert f"terrain.yaml:{line}:{problem.col}: error L333:" in problem.format()
    with pytest.raises(GameSetupError) as refused:
        Game.load(scenario)
    assert any(p.code == "L333" and p.line == line for p in refused.value.problems)


def test_a_house_rule_combat_table_missing_a_roll_gets_a_located_error(tmp_path: Path) -> None:
    data = yaml.safe_load(SHIPPED["combat"].read_text("utf-8"))
    data["critical_hits"]["mbt"].pop()  # the 9 row
    (tmp_path / "combat.yaml").write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    scenario = _demo_copy(tmp_path, {"combat": "combat.yaml"})
    problems = [p for p in validate_paths([scenario]).problems if p.code == "L333"]
    assert [(Path(p.file).name, p.pointer) for p in problems] == [("combat.yaml", "/critical_hits/mbt")]
    assert problems[0].line > 1 and "no row for roll(s) 9" in problems[0].message
    # the table file validated alone: the same finding, under the rule tables' own code
    alone = validate_paths([tmp_path / "combat.yaml"]).problems
    assert [(p.code, p.pointer) for p in alone] == [("L401", "/critical_hits/mbt")]


def test_a_missing_or_mistyped_house_rule_file_is_located_in_the_scenario(tmp_path: Path) -> None:
    shutil.copy(SHIPPED["weapons_effect"], tmp_path / "effect.yaml")
    scenario = _demo_copy(tmp_path, {"terrain": "nowhere.yaml", "combat": "effect.yaml"})
    problems = {p.pointer: p for p in validate_paths([scenario]).problems if p.code == "L333"}
    assert set(problems) == {"/house_rules/terrain", "/house_rules/combat"}
    assert all(Path(p.file).name == "demo.yaml" and p.line > 1 for p in problems.values())
    assert "uo-weapons-effect/1 file, expected uo-combat/1" in problems["/house_rules/combat"].message


def test_an_unknown_rule_set_is_refused(tmp_path: Path) -> None:
    scenario = _demo_copy(tmp_path, {})
    data = yaml.safe_load(scenario.read_text("utf-8"))
    del data["house_rules"]
    data["rules"] = "urban-skirmish"
    scenario.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    problems = [p for p in validate_paths([scenario]).problems if p.code == "L332"]
    assert len(problems) == 1 and problems[0].pointer == "/rules"
    assert "urban-operations" in problems[0].message  # the names it knows are said


def test_a_scenario_naming_another_rule_sets_files_is_refused(tmp_path: Path) -> None:
    """Urban Battle plays its own mission files (ub-mission/1), never a uo-scenario/1."""
    scenario = _demo_copy(tmp_path, {})
    data = yaml.safe_load(scenario.read_text("utf-8"))
    del data["house_rules"]
    data["rules"] = "urban-battle"
    scenario.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    problems = [p for p in validate_paths([scenario]).problems if p.code == "L332"]
    assert len(problems) == 1 and problems[0].pointer == "/rules"
    assert "ub-mission/1" in problems[0].message


def test_5_1_4_set_ups_are_judged_by_the_house_terrain_chart(tmp_path: Path) -> None:
    """The validator judges where a vehicle may stand by the chart the game plays with: a
    house rule closing clear ground to vehicles makes the minimal scenario's APC misplaced."""
    valid = ROOT / "tests" / "examples" / "valid"
    data = yaml.safe_load((valid / "minimal-scenario.yaml").read_text("utf-8"))
    data["cards"] = [str(valid / rel) for rel in data["cards"]]
    for part in ("sheets", "underground"):
        for placement in data["map"][part]:
            placement["file"] = str(valid / placement["file"])
    plain = tmp_path / "plain.yaml"
    plain.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    chart = yaml.safe_load((ROOT / "engine" / "battlefield" / "data" / "terrain.yaml").read_text("utf-8"))
    chart["hexes"]["clear"]["vehicle"] = None
    (tmp_path / "no-vehicles.yaml").write_text(yaml.safe_dump(chart, sort_keys=False), "utf-8")
    data["house_rules"] = {"terrain": "no-vehicles.yaml"}
    house = tmp_path / "house.yaml"
    house.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    assert not [p for p in validate_paths([plain]).problems if p.code == "L318"]
    flagged = [p for p in validate_paths([house]).problems if p.code == "L318"]
    assert flagged and "g-apc" in flagged[0].message
