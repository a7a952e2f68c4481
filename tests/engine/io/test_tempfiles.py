"""Issue 17.5: temporary files left by a killed save are removed at the next save of the
same file; a save under way (a young temporary file) and other files are left alone."""

from __future__ import annotations

import os
import time
from pathlib import Path

from engine.io.files import load_document, save_document
from engine.io.tempfiles import STALE_SECONDS, remove_stray_temps, stray_temps

SAMPLE = Path(__file__).resolve().parents[3] / "maps" / "A-harbour.yaml"


def leftover(folder: Path, name: str, age: float) -> Path:
    path = folder / name
    path.write_text("half a sheet")
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_17_5_the_next_save_removes_a_killed_saves_temporary_files(tmp_path):
    target = tmp_path / "A-harbour.yaml"
    target.write_bytes(SAMPLE.read_bytes())
    old = leftover(tmp_path, ".A-harbour.yaml.k3_9xq0a.tmp", 3600)
    young = leftover(tmp_path, ".A-harbour.yaml.b7cd12ef.tmp", 1)  # a save under way elsewhere
    other_file = leftover(tmp_path, ".B-town.yaml.k3_9xq0a.tmp", 3600)
    not_ours = leftover(tmp_path, ".A-harbour.yaml.notes.tmp", 3600)
    save_document(load_document(target).model, target)
    assert not old.exists()
    assert young.exists() and other_file.exists() and not_ours.exists()
    assert stray_temps(target) == [young]


def test_17_5_a_leftover_becomes_stale_after_a_minute(tmp_path):
    target = tmp_path / "x.yaml"
    temp = leftover(tmp_path, ".x.yaml.abcdefgh.tmp", 0)
    now = temp.stat().st_mtime
    assert remove_stray_temps(target, now=now + STALE_SECONDS - 1) == []
    assert remove_stray_temps(target, now=now + STALE_SECONDS) == [temp]
    assert not temp.exists()


def test_17_5_a_folder_named_like_a_leftover_is_not_removed(tmp_path):
    folder = tmp_path / ".x.yaml.abcdefgh.tmp"
    folder.mkdir()
    os.utime(folder, (1, 1))
    assert remove_stray_temps(tmp_path / "x.yaml") == []
    assert folder.is_dir()
