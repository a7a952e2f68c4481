"""Every invalid example reports its code on its line; the valid examples are clean.

Each `tests/examples/invalid/<CODE>-<name>.yaml` has a sibling `.expect` holding
`CODE LINE`. Parse problems (P*) make the file unusable: exit code 2, except P007
(duplicate key) and P008 (bad character), which are recoverable. Everything else exits 1,
or 0 when the only problems are warnings.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.io.problems import Severity
from engine.lint.docs import PARSE_CODES, REFERENCE_CODES, SCHEMA_CODES
from engine.lint.registry import CHECKS
from engine.lint.runner import validate_paths

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "tests" / "examples"
INVALID = sorted((EXAMPLES / "invalid").glob("*.yaml"))
UO = Path(sys.executable).parent / "uo"

#: Parse problems that leave the file usable.
RECOVERABLE_PARSE = {"P007", "P008"}


def _expected(path: Path) -> tuple[str, int]:
    code, line = path.with_suffix(".expect").read_text().split()
    return code, int(line)


def _exit_code(code: str, severity: Severity) -> int:
    if code.startswith("P") and code not in RECOVERABLE_PARSE:
        return 2
    return 1 if severity == Severity.error else 0


def test_there_are_invalid_examples() -> None:
    assert len(INVALID) > 50


@pytest.mark.parametrize("path", INVALID, ids=[p.stem for p in INVALID])
def test_invalid_example_reports_its_code_on_its_line(path: Path) -> None:
    code, line = _expected(path)
    assert path.stem.startswith(code + "-"), "the file name starts with the expected code"
    report = validate_paths([path])
    mine = [p for p in report.problems if Path(p.file).name == path.name]
    hits = [p for p in mine if p.code == code and p.line == line]
    assert hits, f"expected {code} on line {line}, got:\n" + "\n".join(p.format() for p in report.problems)
    assert report.exit_code == _exit_code(code, hits[0].severity)
    # examples are minimal: the problem they show is the only one
    assert {p.code for p in report.problems} == {code}, "\n".join(p.format() for p in report.problems)


@pytest.mark.parametrize(
    "name",
    ["P002-unsafe-tag", "S102-unknown-field", "L109-zone-with-several-apertures", "L317-stacked-blocks"],
)
def test_cli_reports_example(name: str) -> None:
    path = EXAMPLES / "invalid" / f"{name}.yaml"
    code, line = _expected(path)
    run = subprocess.run(
        [str(UO), "validate", str(path), "--format", "json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    out = json.loads(run.stdout)
    assert run.returncode == out["exit_code"] == (2 if code.startswith("P") else 1)
    assert any(p["code"] == code and p["line"] == line for p in out["problems"]), out


def test_cli_text_format_names_file_line_and_code() -> None:
    path = EXAMPLES / "invalid" / "L111-aperture-off-wall.yaml"
    run = subprocess.run(
        [str(UO), "validate", str(path)], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert run.returncode == 1
    assert "L111-aperture-off-wall.yaml:12:13: error L111: aperture 'b1'" in run.stdout
    assert "[/walls/0/apertures/0/at]" in run.stdout


def test_valid_examples_are_clean() -> None:
    report = validate_paths([EXAMPLES / "valid"])
    assert [p.format() for p in report.problems] == []
    assert report.exit_code == 0
    assert len(report.files) == 4


def test_cli_valid_examples_exit_0() -> None:
    run = subprocess.run(
        [str(UO), "validate", "tests/examples/valid"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_every_code_has_an_invalid_example() -> None:
    examples = {p.stem.split("-", 1)[0] for p in INVALID}
    codes = set(CHECKS) | {c for c, _, _ in REFERENCE_CODES}
    # P000 (no such file) cannot be an example file; S100 needs a rule the schema cannot express
    codes |= {c for c, _, _ in PARSE_CODES + SCHEMA_CODES} - {"P000", "S100"}
    assert sorted(codes - examples) == []


def test_example_names_match_check_names() -> None:
    for path in INVALID:
        code, name = path.stem.split("-", 1)
        if code in CHECKS:
            assert CHECKS[code].name == name, f"{path.name}: the check is named {CHECKS[code].name}"


def test_warnings_do_not_fail_validation() -> None:
    report = validate_paths([EXAMPLES / "invalid" / "L313-zone-without-manhole.yaml"])
    assert [p.severity for p in report.problems] == [Severity.warning]
    assert report.exit_code == 0
