"""Issue 17.8, editor part: validation runs on a worker thread. Opening and editing keep the
event loop running while a check is under way, the dock says "checking…", and the result
of a check overtaken by a newer edit is never shown."""

from __future__ import annotations

import shutil
import threading

from editor.panels import validation as validation_module

from .conftest import DATA, wait_validated
from .test_inspector import type_into


def test_17_8_a_slow_check_leaves_the_editor_usable_and_stale_results_are_dropped(
    window, qtbot, monkeypatch, tmp_path
):
    path = tmp_path / "duplicate-ids.yaml"
    shutil.copy(DATA / "duplicate-ids.yaml", path)
    gate = threading.Event()
    threads: list[threading.Thread] = []
    real = validation_module.validate_paths

    def slow_validate(paths, workspace=None):
        threads.append(threading.current_thread())
        # stands for checks that take seconds (a 20,000-vertex outline): held until released
        assert gate.wait(timeout=60)
        return real(paths, workspace)

    monkeypatch.setattr(validation_module, "validate_paths", slow_validate)
    shown: list[list] = []
    window.validation.validated.connect(shown.append)
    try:
        assert window.open_file(path)  # returns while the check is held
        panel = window.validation
        assert panel.busy and panel.summary.text() == "duplicate-ids.yaml: checking…"
        qtbot.waitUntil(lambda: len(threads) == 1)
        assert threads[0] is not threading.main_thread()
        # the event loop runs: keyboard edits go through, the debounce timer fires
        window.reveal(path.resolve(), "/walls/1")
        inspector = window.editing.inspector
        assert inspector.title.text() == "Wall"
        type_into(qtbot, inspector.editors["id"], "w2")
        assert window.document.model.walls[1].id == "w2"
        qtbot.waitUntil(lambda: not panel.timer.isActive())
        assert panel.busy and "checking" in panel.summary.text()
        assert shown == []
    finally:
        gate.set()
    wait_validated(qtbot, window)
    # only the check of the edited sheet was shown: the first one's L101 never appeared
    assert len(shown) == 1
    assert not any(p.code == "L101" for p in shown[0])
    assert window.validation.summary.text().startswith("duplicate-ids.yaml (with unsaved edits): ")


def test_17_8_a_failing_check_is_said_in_the_panel(window, qtbot, monkeypatch):
    def broken(paths, workspace=None):
        raise RuntimeError("checker bug")

    monkeypatch.setattr(validation_module, "validate_paths", broken)
    window.load(DATA / "town.yaml")
    wait_validated(qtbot, window)
    assert window.validation.summary.text() == "town.yaml: the checks failed (RuntimeError: checker bug)"
