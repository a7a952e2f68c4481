"""Saving from the editor: only edited documents are written, each keeping what the user
wrote (17.3); every save failure is said in a dialog and loses nothing (17.2); files changed
by another program are noticed and never silently overwritten (17.6)."""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from editor.commands.set_property import SetProperty
from editor.disk_watch import KEEP, RELOAD
from editor.main_window import MainWindow
from engine.io.files import load_document

from .conftest import DATA, ROOT


def changed_lines(before: bytes, after: bytes) -> list[str]:
    diff = difflib.unified_diff(before.decode().split("\n"), after.decode().split("\n"), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and not line.startswith(("---", "+++"))]


def set_title(window: MainWindow, document, title: str) -> None:
    document.undo_stack.push(SetProperty(document, "Title", [("/title", document.model.title, title)]))


@pytest.fixture
def samples(tmp_path: Path) -> Path:
    """A copy of the sample scenario with its sheets and card libraries."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps", ignore=shutil.ignore_patterns("tools"))
    shutil.copytree(ROOT / "scenarios", tmp_path / "scenarios")
    return tmp_path


@pytest.fixture
def town(tmp_path: Path) -> Path:
    path = tmp_path / "town.yaml"
    shutil.copy(DATA / "town.yaml", path)
    return path


@pytest.fixture
def dialogs(monkeypatch):
    """Error dialogs recorded instead of shown; the unsaved-changes question answered Save."""
    state: dict[str, list] = {"errors": [], "asked": []}

    def critical(_parent, title, text, *args, **kwargs):
        state["errors"].append(f"{title}: {text}")
        return QMessageBox.StandardButton.Ok

    def question(_parent, _title, text, *args, **kwargs):
        state["asked"].append(text)
        return QMessageBox.StandardButton.Save

    monkeypatch.setattr(QMessageBox, "critical", critical)
    monkeypatch.setattr(QMessageBox, "question", question)
    return state


def answer_next_box(button_text: str) -> list[str]:
    """Click `button_text` in the next message box shown (a real, modal dialog); returns
    the texts of the boxes answered."""
    seen: list[str] = []
    timer = QTimer()

    def poll() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                for button in widget.buttons():
                    if button.text().replace("&", "") == button_text:
                        seen.append(widget.text())
                        timer.stop()
                        button.click()
                        return

    timer.timeout.connect(poll)
    timer.start(10)
    _TIMERS.append(timer)  # alive until it has answered
    return seen


_TIMERS: list[QTimer] = []


def write_elsewhere(path: Path, text: str) -> None:
    """Another program saves the file the way editors do: a new file renamed over it."""
    tmp = path.with_name(path.name + ".other")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


# --- 17.3: only what changed, as the user wrote it ------------------------------------------


def test_17_3_a_scenario_session_saves_only_the_edited_sheet(window, samples, dialogs) -> None:
    scenario = samples / "scenarios" / "harbour-crossing.yaml"
    sheet = samples / "maps" / "A-harbour.yaml"
    files = sorted(p for p in samples.rglob("*.yaml"))
    before = {p: p.read_bytes() for p in files}
    assert window.open_file(scenario)
    entry = window.session.sheets[0]
    assert entry.path == sheet.resolve()
    set_title(window, entry.document, "Porto Sale after the storm")
    assert window.save()
    assert dialogs["errors"] == []
    for path in files:
        if path == sheet:
            assert changed_lines(before[path], path.read_bytes()) == [
                "-title: 'Porto Sale: the harbour'",
                "+title: 'Porto Sale after the storm'",
            ]
        else:
            assert path.read_bytes() == before[path], path
    assert "A-harbour.yaml" in window.statusBar().currentMessage()
    assert not window.isWindowModified()
    # nothing edited since: Save writes nothing
    os.utime(sheet, (1, 1))
    assert window.save()
    assert sheet.stat().st_mtime == 1


def test_17_3_undo_to_the_saved_state_and_redo_give_the_same_bytes(window, town, dialogs) -> None:
    before = town.read_bytes()
    assert window.open_file(town)
    document = window.document
    set_title(window, document, "Edited town")
    assert window.unsaved_texts()[document.path] == document.text()
    edited_text = document.text()
    assert changed_lines(before, edited_text.encode()) == ["-title: Test town", "+title: Edited town"]
    document.undo_stack.undo()
    assert window.unsaved_texts() == {} and document.text().encode() == before
    document.undo_stack.redo()
    assert window.save()
    edited = town.read_bytes()
    assert edited == edited_text.encode()
    assert b"size: [300, 200]" in edited  # integers stay integers
    document.undo_stack.undo()  # back to the state of the first file: dirty again
    assert window.save()
    assert town.read_bytes() == before
    document.undo_stack.redo()
    assert window.save()
    assert town.read_bytes() == edited


# --- 17.2: failures are said, nothing is lost -----------------------------------------------


def test_17_2_a_failed_save_is_shown_and_keeps_the_edits(window, town, dialogs) -> None:
    before = town.read_bytes()
    assert window.open_file(town)
    set_title(window, window.document, "bad \ud800 title")  # what UTF-8 cannot hold
    assert not window.save()
    assert len(dialogs["errors"]) == 1
    assert str(town.resolve()) in dialogs["errors"][0] and "UTF-8" in dialogs["errors"][0]
    assert ".tmp" not in dialogs["errors"][0]
    assert window.document.is_dirty and window.isWindowModified()
    assert town.read_bytes() == before
    assert sorted(p.name for p in town.parent.iterdir()) == ["settings.ini", "town.yaml"]
    # Quit > Save: the save fails again, the window stays open with the edits
    assert not window.close()
    assert window.isVisible() and window.document.is_dirty
    assert len(dialogs["errors"]) == 2 and len(dialogs["asked"]) == 1


def test_17_15_a_write_error_names_the_users_file_not_the_temporary(
    window, town, dialogs, monkeypatch
) -> None:
    import engine.io.files as files

    def disk_full(src, dst):
        raise OSError(28, "No space left on device", src)  # as the OS names it: the temporary

    assert window.open_file(town)
    set_title(window, window.document, "Edited town")
    monkeypatch.setattr(files.os, "replace", disk_full)
    assert not window.save()
    assert dialogs["errors"] == [f"Cannot save: {town.resolve()}: No space left on device"]
    assert window.document.is_dirty
    assert sorted(p.name for p in town.parent.iterdir()) == ["settings.ini", "town.yaml"]


def test_17_2_a_json_sheet_with_a_lone_surrogate_does_not_open(window, tmp_path, dialogs) -> None:
    path = tmp_path / "sheet.json"
    path.write_text('{"schema": "uo-map/1", "id": "A", "title": "x\\ud800"}', encoding="utf-8")
    assert not window.open_file(path)
    assert len(dialogs["errors"]) == 1 and "sheet.json:1:" in dialogs["errors"][0]
    assert "surrogate" in dialogs["errors"][0]


# --- 17.6: changes made elsewhere ------------------------------------------------------------


def test_17_6_save_asks_before_overwriting_a_file_changed_elsewhere(window, town, dialogs) -> None:
    assert window.open_file(town)
    window.disk_watch.watcher.blockSignals(True)  # only the check at save time, here
    set_title(window, window.document, "Mine")
    theirs = town.read_text(encoding="utf-8").replace("Test town", "Theirs")
    write_elsewhere(town, theirs)
    asked = answer_next_box("Cancel")
    assert not window.save()
    assert "changed on disk" in asked[-1]
    assert town.read_text(encoding="utf-8") == theirs and window.document.is_dirty
    asked = answer_next_box("Overwrite")
    assert window.save()
    assert "changed on disk" in asked[-1]
    assert load_document(town).model.title == "Mine" and not window.document.is_dirty
    # saved by us: no question any more
    set_title(window, window.document, "Mine again")
    assert window.save()


def test_17_6_an_edited_file_changed_elsewhere_offers_reload_or_keep(qtbot, window, town, dialogs) -> None:
    assert window.open_file(town)
    set_title(window, window.document, "Mine")
    write_elsewhere(town, town.read_text(encoding="utf-8").replace("Test town", "Theirs"))
    qtbot.waitUntil(lambda: window.disk_watch.question is not None, timeout=10000)
    assert "town.yaml changed on disk" in window.disk_watch.question.text()
    next(b for b in window.disk_watch.question.buttons() if b.text() == KEEP).click()
    assert window.document.model.title == "Mine" and window.document.is_dirty
    # another change: asked again; this time reload
    write_elsewhere(town, town.read_text(encoding="utf-8").replace("Theirs", "Theirs again"))
    qtbot.waitUntil(lambda: window.disk_watch.question is not None, timeout=10000)
    next(b for b in window.disk_watch.question.buttons() if b.text() == RELOAD).click()
    assert window.document.model.title == "Theirs again" and not window.document.is_dirty
    assert "discarded" in window.statusBar().currentMessage()


def test_17_6_an_unedited_file_changed_elsewhere_is_reloaded(qtbot, window, town, dialogs) -> None:
    assert window.open_file(town)
    write_elsewhere(town, town.read_text(encoding="utf-8").replace("Test town", "Theirs"))
    qtbot.waitUntil(lambda: window.document.model.title == "Theirs", timeout=10000)
    assert not window.document.is_dirty and window.disk_watch.question is None
    # our own saves are not taken for changes made elsewhere
    set_title(window, window.document, "Mine")
    assert window.save()
    assert window.disk_watch.check() is False and window.disk_watch.question is None


def test_17_3_inspector_edit_and_ctrl_s_change_one_line_of_the_sample_sheet(
    qtbot, window, samples, dialogs
) -> None:
    """The round-trip acceptance through the editor, with the keyboard: the sheet's title
    typed in the Inspector, Ctrl+S; Ctrl+Z and Ctrl+S give the file's bytes back."""
    from .canvas_input import key
    from .test_inspector import CTRL, type_into

    sheet = samples / "maps" / "A-harbour.yaml"
    before = sheet.read_bytes()
    assert window.open_file(sheet)
    type_into(qtbot, window.editing.inspector.editors["title"], "Porto Sale, renamed")
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    edited = sheet.read_bytes()
    assert changed_lines(before, edited) == [
        "-title: 'Porto Sale: the harbour'",
        "+title: 'Porto Sale, renamed'",
    ]
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    assert sheet.read_bytes() == before
    window.document.undo_stack.redo()
    key(qtbot, window, Qt.Key.Key_S, CTRL)
    assert sheet.read_bytes() == edited
    assert dialogs["errors"] == [] and not window.isWindowModified()


def test_17_6_a_file_deleted_elsewhere_is_said_and_saved_again(qtbot, window, town, dialogs) -> None:
    assert window.open_file(town)
    set_title(window, window.document, "Mine")
    town.unlink()
    assert window.disk_watch.check() is False and window.disk_watch.question is None
    assert "deleted or moved" in window.statusBar().currentMessage()
    assert window.document.model.title == "Mine"
    answer_next_box("Overwrite")
    assert window.save()
    assert load_document(town).model.title == "Mine"


def commented(text: str) -> tuple[str, int]:
    """`text` with a comment line before every line (block scalars excepted) and at the end
    of every key line that holds a plain value: the hand-commented copy of issue 11."""
    out, n = [], 0
    scalar_indent: int | None = None
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip())
        if scalar_indent is not None and (not line.strip() or indent > scalar_indent):
            out.append(line)  # inside a block scalar: a "#" would be text
            continue
        scalar_indent = None
        if line.strip() and not line.lstrip().startswith("#"):
            n += 1
            out.append(" " * indent + f"# note {n}: before")
            if line.rstrip().endswith(("|", ">", "|-", ">-")):
                scalar_indent = indent
            elif ": " in line and not line.rstrip().endswith((":", "{", "[")) and "'" not in line:
                n += 1
                line += f"  # note {n}: after"
        out.append(line)
    return "\n".join(out), n


def test_11_9_a_hand_commented_scenario_edited_in_the_editor_keeps_every_comment(
    window, samples, dialogs
) -> None:
    scenario = samples / "scenarios" / "harbour-crossing.yaml"
    text, notes = commented(scenario.read_text(encoding="utf-8"))
    scenario.write_text(text, encoding="utf-8")
    before = scenario.read_bytes()
    assert notes > 300
    assert window.open_file(scenario)
    document = window.document
    quality = document.model.sides.red.impulse_forces[0].quality
    document.undo_stack.push(SetProperty(document, "Turns", [("/turns", 8, 9)]))
    document.undo_stack.push(
        SetProperty(
            document, "Quality", [("/sides/red/impulse_forces/0/quality", quality, type(quality)("elite"))]
        )
    )
    assert window.save()
    after = scenario.read_text(encoding="utf-8")
    for n in range(1, notes + 1):
        assert f"# note {n}:" in after
    removed, added = (
        [ln for ln in changed_lines(before, after.encode()) if ln.startswith(sign)] for sign in "-+"
    )
    assert len(removed) == len(added) == 2
    assert "turns: 9" in added[0] and "quality: elite" in added[1]


def test_17_6_while_save_asks_the_watcher_does_not_ask_too(window, town, dialogs) -> None:
    assert window.open_file(town)
    set_title(window, window.document, "Mine")
    write_elsewhere(town, town.read_text(encoding="utf-8").replace("Test town", "Theirs"))
    during: list[object] = []

    def notice_arrives_meanwhile() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible() and not during:
                during.append(window.disk_watch.check())
                during.append(window.disk_watch.question)

    timer = QTimer()
    timer.timeout.connect(notice_arrives_meanwhile)
    timer.start(5)
    answer_next_box("Overwrite")
    assert window.save()
    timer.stop()
    assert during == [False, None]
    assert load_document(town).model.title == "Mine"
