"""Loading and validation: located loader vs plain yaml.safe_load, and hostile inputs refused."""

from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path

import yaml

from engine.io.files import load_document
from engine.io.problems import LoadError
from engine.lint.context import Workspace
from engine.lint.runner import validate_paths

from .timing import best_of, row

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def _refused(path: Path) -> None:
    try:
        load_document(path)
    except LoadError:
        return
    raise AssertionError(f"{path.name} was not refused")


def run() -> None:
    text = SHEET.read_text(encoding="utf-8")
    baseline = best_of(lambda: yaml.load(text, Loader=yaml.CSafeLoader))
    ours = best_of(lambda: load_document(SHEET))
    row("sample sheet: yaml.safe_load (C) baseline", baseline)
    row("sample sheet: located load + schema + model", ours, f"x{ours / baseline:.1f} of baseline")
    row(
        "sample sheet: full validation (semantic checks)",
        best_of(lambda: validate_paths([SHEET], Workspace())),
    )
    row(
        "sample scenario + references: full validation",
        best_of(lambda: validate_paths([SCENARIO], Workspace())),
    )

    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        bomb = ["schema: uo-map/1", 'a0: &a0 ["lol"]']
        bomb += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
        (d / "bomb.yaml").write_text("\n".join(bomb))
        (d / "deep.yaml").write_text("[" * 1_000_000)
        (d / "deep.json").write_text("[" * 1_000_000)
        big = d / "big.yaml"
        big.write_text(
            "schema: uo-map/1\nterrain:\n" + "".join(f"  k{i}: [1, 2, 3]\n" for i in range(140_000))
        )
        (d / "junk.yaml").write_bytes(bytes(range(256)) * 40_000)
        print("  hostile inputs (each must be refused within a second):")
        for name in ["bomb.yaml", "deep.yaml", "deep.json", "big.yaml", "junk.yaml"]:
            path = d / name
            size = path.stat().st_size
            if name == "big.yaml":
                secs = best_of(lambda p=path: _try(p), repeat=1)
                row(f"  {name} ({size / 1e6:.1f} MB, 560k values)", secs, "refused at 200k: P005")
            else:
                secs = best_of(lambda p=path: _refused(p), repeat=3)
                row(f"  {name} ({size / 1e6:.1f} MB)", secs)


def _try(path: Path) -> None:
    with contextlib.suppress(LoadError):
        load_document(path)
