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
