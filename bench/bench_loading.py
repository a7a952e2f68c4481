"""Loading and validation: located loader vs plain yaml.safe_load, hostile inputs refused, and
opening in the editor as a whole process (issue 14: the sample <= 1.2 s to its first frame;
`python -m bench.bench_loading open` prints those rows alone).

The whole-process rows start `uo edit FILE` as the `uo` command does (engine.cli, then the
editor: FIRST_FRAME) in a new Python each run and stop it when the file's first frame is
painted (the canvas, or the start page of an empty editor): wall seconds from the process's
start (as the user waits) and its CPU seconds (all threads; validation starts after that
frame, on its own thread), min and median of PROCESS_RUNS runs after one to warm the file
cache, with the load average before and after. Settings (recent files) and autosaves go to a
temporary folder (a user's first start); compiled battlefields to the user's cache, as they would.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
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
    whole_process()


#: `uo edit FILE` up to the first painted frame of the file, then an exit without tearing
#: down: the modules imported in the order `uo edit` imports them (engine.cli, then
#: editor.app from its edit command), the application wrapped to watch for that frame
FIRST_FRAME = """
import os
import sys

from engine.cli import main  # as the `uo` command starts

import editor.app as editor_app  # as `uo edit` imports it (engine/cli/commands.py)
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QGraphicsView


class FirstFrame(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and (
            isinstance(watched.parent(), QGraphicsView) or type(watched).__name__ == "StartPage"
        ):
            QTimer.singleShot(0, lambda: os._exit(0))  # once this frame is painted
        return False


first = FirstFrame()
made = editor_app.application


def application():
    app = made()
    app.installEventFilter(first)
    return app


editor_app.application = application
sys.exit(main(["edit", *sys.argv[1:]]))
"""
PROCESS_RUNS = 5
PROCESS_TARGET = 1.2


def first_start(folder: str) -> dict[str, str]:
    """The environment of a user's first start, settings and autosaves in `folder`: no
    recent files, no autosave to offer back (its dialog would wait), Qt offscreen."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return env | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": folder, "XDG_DATA_HOME": folder}


def first_frame(file: Path | None, env: dict[str, str]) -> tuple[float, float]:
    """One whole `uo edit [FILE]` process to its first frame: (wall, CPU) seconds."""
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", FIRST_FRAME, *([str(file)] if file else [])],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=ROOT,
        env=env,
    )
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"uo edit {file or ''} did not reach its first frame")
    return wall, usage.ru_utime + usage.ru_stime


def whole_process() -> None:
    print(f"  uo edit FILE, process start to the first painted frame ({PROCESS_RUNS} runs):")
    files = (("empty editor", None), ("the sample sheet", SHEET), ("the sample scenario", SCENARIO))
    for label, file in files:
        with tempfile.TemporaryDirectory() as folder:
            env = first_start(folder)
            first_frame(file, env)  # the file cache, the compiled modules, the battlefield cache
            before = os.getloadavg()[0]
            runs = [first_frame(file, env) for _ in range(PROCESS_RUNS)]
        walls, cpus = [w for w, _ in runs], [c for _, c in runs]
        ratio = min(walls) / PROCESS_TARGET
        target = f"; ratio to the {PROCESS_TARGET} s target {ratio:.2f} (wall min)" if file else ""
        print(
            f"    {label:<20} wall min {min(walls):.2f} s, median {statistics.median(walls):.2f} s;"
            f" CPU min {min(cpus):.2f} s, median {statistics.median(cpus):.2f} s{target};"
            f" load {before:.1f} before, {os.getloadavg()[0]:.1f} after on {os.cpu_count()} cores"
        )


def _try(path: Path) -> None:
    with contextlib.suppress(LoadError):
        load_document(path)


if __name__ == "__main__":
    # `python -m bench.bench_loading open`: the whole-process rows only
    whole_process() if sys.argv[1:] == ["open"] else run()
