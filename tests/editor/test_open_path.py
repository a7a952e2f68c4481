"""Issue 14, opening: `uo edit FILE` parses the file once on the GUI thread (the format
check before the editor starts reads only the file's head); validation runs on its own
thread."""

from __future__ import annotations

import threading

import engine.io.files as files
from engine.cli import main

from .conftest import SAMPLE_SHEET


def test_14_uo_edit_parses_the_file_once_on_the_gui_thread(qapp, tmp_path, monkeypatch):
    parsed: list[str] = []
    read_yaml = files.read_yaml

    def counted(text, name, *args, **kwargs):
        if threading.current_thread() is threading.main_thread():
            parsed.append(name)
        return read_yaml(text, name, *args, **kwargs)

    monkeypatch.setattr(files, "read_yaml", counted)
    assert main(["edit", str(SAMPLE_SHEET), "--screenshot", str(tmp_path / "shot.png")]) == 0
    assert sum(name.endswith(SAMPLE_SHEET.name) for name in parsed) == 1


def test_14_the_first_frame_of_a_sheet_imports_no_checker_modules(tmp_path):
    """Opening the sample sheet in a whole editor process (`uo edit FILE`), up to its first
    painted frame, imports nothing only a check or a dock not shown needs: numpy (the outline
    checks and the LOS table), jsonschema (the problems of a bad file), shapely, matplotlib.
    The validation that needs them runs once the frame is painted, on its thread. And the
    engine, pydantic and YAML modules are imported before PySide6 (editor/__init__.py): Qt
    for Python reads the source of every module imported after it, 0.07 s of the start-up."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from bench.bench_loading import FIRST_FRAME

    root = Path(__file__).resolve().parents[2]
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "UO_CACHE_DIR": str(tmp_path / "cache"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    run = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", FIRST_FRAME, str(SAMPLE_SHEET)],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    # in the order their imports end
    order = [line.rsplit("|", 1)[-1].strip() for line in run.stderr.splitlines() if "|" in line]
    imported = set(order)
    assert "editor.canvas.hex_grid_item" in imported  # the import log was seen at all
    assert not {m for m in imported if m.split(".")[0] in {"numpy", "jsonschema", "shapely", "matplotlib"}}
    qt = next(i for i, m in enumerate(order) if m.split(".")[0] in {"PySide6", "shiboken6"})
    late = {m.split(".")[0] for m in order[qt:]} & {"engine", "pydantic", "pydantic_core", "yaml", "ruamel"}
    assert late <= {"pydantic"}, late  # pydantic imports its plugin loader on first use
    assert {m for m in order[qt:] if m.startswith("pydantic")} <= {"pydantic.plugin._loader"}
