"""The scenario generator (bench/scengen.py): deterministic, valid for every listed seed,
and its scenarios play to the end."""

from __future__ import annotations

from pathlib import Path

from bench.scengen import BENCH_SEEDS, KINDS, SOAK_SEEDS, generate, info, write_scenario
from engine.bots.series import play_one
from engine.bots.workers import load
from engine.lint.runner import validate_paths


def test_same_seed_same_bytes(tmp_path: Path) -> None:
    a = write_scenario(29, tmp_path / "a").parent
    b = write_scenario(29, tmp_path / "b").parent
    names = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert all((a / n).read_bytes() == (b / n).read_bytes() for n in names)
    assert generate(30)[0]["scenario.yaml"] != generate(29)[0]["scenario.yaml"]


def test_every_listed_seed_validates(tmp_path: Path) -> None:
    paths = [write_scenario(seed, tmp_path / str(seed)) for seed in sorted(set(BENCH_SEEDS + SOAK_SEEDS))]
    report = validate_paths(paths)
    assert [p.format() for p in report.problems] == []
    assert report.exit_code == 0


def test_bench_seeds_cover_what_the_bench_promises() -> None:
    metas = [info(seed) for seed in BENCH_SEEDS]
    assert {m.kind for m in metas} == set(KINDS)
    kinds = {k for m in metas for k in m.victory_kinds}
    assert kinds == {"control", "control_buildings", "destroy", "collateral"}
    assert {m.attacker for m in metas if m.elimination_only} == {"green", "red"}
    assert any(m.night_turns for m in metas) and any(m.sewers for m in metas)
    assert {m.sheets == 1 for m in metas} == {True, False}
    assert any(m.house_rules for m in metas)
    assert len(SOAK_SEEDS) >= 20 and all(4 <= info(s).turns <= 12 for s in SOAK_SEEDS)


def test_a_generated_game_plays_to_the_end(tmp_path: Path) -> None:
    path = write_scenario(7, tmp_path)
    result = play_one(load(str(path)), "random", "random", seed=1, check=True)
    assert result.error is None
    assert result.turns == info(7).turns
