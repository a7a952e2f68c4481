"""Saving: the format-keeping writer (edits written into the file's text) vs the plain writer.

Each figure is one save of the sample scenario or sheet after one field edit, to a file in a
temporary folder (atomic write included), repeated; min and median are printed. The
format-keeping figures include reading the result back to check it (see roundtrip.py).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.io import roundtrip
from engine.io.files import load_document, save_document

from .timing import fmt

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "maps" / "A-harbour.yaml"
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
REPEAT = 7


def _times(fn: Callable[[], Any], repeat: int = REPEAT) -> list[float]:
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def _edited(path: Path, edit: Callable[[Any], None]) -> tuple[Any, Any]:
    loaded = load_document(path)
    assert loaded.model is not None
    source = loaded.source
    edit(loaded.model)
    return loaded.model, source


def _deep_edit(model: Any) -> None:
    """A field deep in the file: a wall point of the sheet, a block of the scenario."""
    if hasattr(model, "walls"):
        wall = model.walls[len(model.walls) // 2]
        x, y = wall.points[0]
        wall.points[0] = (x + 1.0, y)
    else:
        model.sides.red.impulse_forces[0].name += " (edited)"


def _add_item(model: Any) -> None:
    """An object added: a copy of the sheet's first building, or of red's first force."""
    if hasattr(model, "buildings"):
        model.buildings.append(model.buildings[0].model_copy(update={"id": "99"}))
    else:
        forces = model.sides.red.impulse_forces
        forces.append(forces[0].model_copy(update={"id": "r-new"}))


def _save_with(model: Any, target: Path, source: Any = None) -> Callable[[], Any]:
    return lambda: save_document(model, target, source=source)


def _whole_tree(model: Any, target: Path, source: Any) -> Callable[[], Any]:
    """The format-keeping writer without cutting the file into parts (one ruamel round trip
    of the whole file), for comparison."""

    def save() -> None:
        parts = roundtrip._render_parts
        roundtrip._render_parts = lambda *args: None  # type: ignore[assignment]
        try:
            save_document(model, target, source=source)
        finally:
            roundtrip._render_parts = parts  # type: ignore[assignment]

    return save


def run() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for label, path in (("scenario", SCENARIO), ("sheet", SHEET)):
            target = Path(tmp) / path.name
            edits: list[tuple[str, Callable[[Any], None]]] = [
                ("title edit", lambda m: setattr(m, "title", m.title + " (edited)")),
                ("deep edit", _deep_edit),
                ("add an item", _add_item),
            ]
            for what, edit in edits:
                model, source = _edited(path, edit)
                target.write_bytes(path.read_bytes())
                rows = [
                    ("plain writer", _times(_save_with(model, target))),
                    ("format-keeping", _times(_save_with(model, target, source))),
                    ("same, one whole tree", _times(_whole_tree(model, target, source), repeat=3)),
                ]
                for name, times in rows:
                    case = f"{label}, {what}: {name}"
                    print(f"  {case:<44} min {fmt(min(times))}  median {fmt(statistics.median(times))}")


if __name__ == "__main__":
    run()
