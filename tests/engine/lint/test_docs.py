"""docs/validation.md is generated from the registry and must not go stale."""

from __future__ import annotations

from pathlib import Path

from engine.lint.docs import all_codes, render_codes_markdown
from engine.lint.registry import CHECKS

ROOT = Path(__file__).resolve().parents[3]


def test_validation_doc_is_current() -> None:
    doc = (ROOT / "docs" / "validation.md").read_text(encoding="utf-8")
    assert doc == render_codes_markdown(), (
        "docs/validation.md is stale: run\n"
        "  .venv/bin/python -c 'from engine.lint.docs import render_codes_markdown as r;"
        ' open("docs/validation.md", "w").write(r())\''
    )


def test_every_code_is_listed() -> None:
    doc = render_codes_markdown()
    for code in all_codes():
        assert f"| {code} |" in doc


def test_checks_are_documented() -> None:
    for chk in CHECKS.values():
        assert chk.fn.__doc__, chk.code
        assert chk.summary.endswith((".", ")")), f"{chk.code}: the docstring's first line is the summary"
        assert chk.name == chk.name.lower() and " " not in chk.name and "_" not in chk.name
        assert chk.code[:2] in {"L1", "L2", "L3", "L4"}
        prefix = {"uo-map/1": "L1", "uo-cards/1": "L2", "uo-scenario/1": "L3", "uo-combat/1": "L4"}
        assert prefix[chk.format] == chk.code[:2]
