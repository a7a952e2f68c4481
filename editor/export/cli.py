"""`uo render FILE --pdf OUT.pdf | --png OUT.png [--dpi N] | --svg OUT.svg`: the same
exports as File > Export, from files, without a window."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from engine.io.problems import LoadError

from .images import DEFAULT_DPI, ExportError


def run_render(
    file: str, pdf: str | None = None, png: str | None = None, svg: str | None = None, dpi: int | None = None
) -> int:
    # nothing is shown: no display is needed (CI, a server, a terminal over ssh)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from ..app import application

    application()
    from .briefing import write_pdf
    from .images import write_png, write_svg
    from .source import load_source

    try:
        source = load_source(file)
    except LoadError as exc:
        for problem in exc.problems:
            print(problem.format(), file=sys.stderr)
        return 2
    inputs = {p.resolve() for p in _inputs(source)}
    for out in (pdf, png, svg):
        if out is not None and Path(out).resolve() in inputs:
            print(f"uo render: {out} is an input of the render; not overwritten", file=sys.stderr)
            return 2
    try:
        if pdf is not None:
            start = time.perf_counter()
            pages = write_pdf(source, Path(pdf))
            print(f"{pdf}: {pages} pages ({time.perf_counter() - start:.1f} s)")
        if png is not None:
            start = time.perf_counter()
            size = write_png(source, Path(png), dpi or DEFAULT_DPI)
            took = time.perf_counter() - start
            print(f"{png}: {size.width()} x {size.height()} px at {dpi or DEFAULT_DPI} dpi ({took:.1f} s)")
        if svg is not None:
            start = time.perf_counter()
            write_svg(source, Path(svg))
            print(f"{svg}: written ({time.perf_counter() - start:.1f} s)")
    except ExportError as exc:
        print(f"uo render: {exc}", file=sys.stderr)
        return 2
    return 0


def _inputs(source: object) -> list[Path]:
    from .source import ExportSource

    assert isinstance(source, ExportSource)
    out = [source.path] if source.path else []
    if source.scenario is not None and source.path is not None:
        base = source.path.parent
        out += [base / p.file for p in source.scenario.map.sheets]
        out += [base / rel for rel in source.scenario.cards]
    return out
