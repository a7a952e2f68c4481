"""Autosave: dirty documents are written to a sidecar on a timer; a sidecar left by a crash
is offered for recovery when the file is opened again; saving or closing cleanly removes it."""

from __future__ import annotations

import os
import shutil

import pytest
from PySide6.QtWidgets import QMessageBox

from editor.autosave import sidecar
from editor.digitise.commands import set_grid
from editor.main_window import MainWindow
from engine.io.files import load_document

from .conftest import DATA


@pytest.fixture
def town(tmp_path):
    path = tmp_path / "town.yaml"
    shutil.copy(DATA / "town.yaml", path)
    return path


@pytest.fixture
def answers(monkeypatch):
    """Answers to the recovery and unsaved-changes questions, and what was asked."""
    state = {"recover": QMessageBox.StandardButton.Yes, "asked": []}

    def question(_parent, title, text, *args, **kwargs):
        state["asked"].append(text)
        if title == "Recover unsaved changes":
            return state["recover"]
        return QMessageBox.StandardButton.Discard

    monkeypatch.setattr(QMessageBox, "question", question)
    return state


def edit(window: MainWindow, columns: int) -> None:
    grid = window.scene.sheet.grid.model_copy(update={"columns": columns})
    window.document.undo_stack.push(set_grid(window.document, grid))


def test_a_dirty_document_is_autosaved_on_the_timer(window, town, answers):
    window.load(town)
    autosave = window.autosave
    assert autosave.timer.isActive()
    autosave.timer.timeout.emit()
    assert not sidecar(town).exists()  # clean: nothing to write
    edit(window, 5)
    autosave.timer.timeout.emit()
    saved = load_document(sidecar(town)).model
    assert saved.grid.columns == 5
    assert load_document(town).model.grid.columns != 5  # the file itself is untouched
    # unchanged since: not written again
    os.utime(sidecar(town), (1, 1))
    autosave.timer.timeout.emit()
    assert sidecar(town).stat().st_mtime == 1


def test_saving_removes_the_autosave(window, town, answers):
    window.load(town)
    edit(window, 5)
    window.autosave.tick()
    assert sidecar(town).exists()
    assert window.save()
    assert not sidecar(town).exists()
    assert load_document(town).model.grid.columns == 5


def test_a_clean_close_removes_the_autosave(window, town, answers):
    window.load(town)
    edit(window, 5)
    window.autosave.tick()
    assert window.close()  # the user discards the changes
    assert not sidecar(town).exists()


def test_after_a_crash_opening_the_file_offers_to_recover(qtbot, settings, town, answers):
    crashed = MainWindow(settings)
    qtbot.addWidget(crashed)
    crashed.load(town)
    edit(crashed, 5)
    crashed.autosave.tick()
    crashed.autosave.timer.stop()
    # the crashed editor never closes; a new one opens the file
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.open_file(town)
    assert len(answers["asked"]) == 1 and "town.yaml" in answers["asked"][0]
    assert window.scene.sheet.grid.columns == 5
    assert window.isWindowModified() and window.document.path == town.resolve()
    # undo gets the saved file back
    window.document.undo_stack.undo()
    assert window.scene.sheet.grid.columns == load_document(town).model.grid.columns
    window.document.undo_stack.redo()
    assert window.save()
    assert not sidecar(town).exists()
    assert load_document(town).model.grid.columns == 5


def test_declining_recovery_deletes_the_autosave(window, town, answers, settings):
    other = MainWindow(settings)
    other.load(town)
    edit(other, 5)
    other.autosave.tick()
    other.autosave.timer.stop()
    answers["recover"] = QMessageBox.StandardButton.No
    assert window.open_file(town)
    assert window.scene.sheet.grid.columns != 5 and not window.isWindowModified()
    assert not sidecar(town).exists()
    other.deleteLater()


def test_an_older_autosave_is_not_offered(window, town, answers):
    sidecar(town).write_text(town.read_text())
    os.utime(sidecar(town), (1, 1))
    assert window.open_file(town)
    assert answers["asked"] == []


def test_untitled_documents_are_autosaved_in_the_app_data_folder(window, tmp_path, monkeypatch, answers):
    monkeypatch.setattr("editor.autosave.untitled_folder", lambda: tmp_path / "appdata")
    window.action_new.trigger()
    edit(window, 5)
    (written,) = window.autosave.tick()
    assert written.parent == tmp_path / "appdata" and written.name.startswith("untitled-sheet-")
    assert load_document(written).model.grid.columns == 5
    # saved under a name at last: the untitled autosave goes
    target = tmp_path / "named.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save()
    assert not written.exists()


def test_an_untitled_document_left_by_a_crash_is_offered_at_start_up(
    qtbot, settings, tmp_path, monkeypatch, answers
):
    monkeypatch.setattr("editor.autosave.untitled_folder", lambda: tmp_path / "appdata")
    crashed = MainWindow(settings)
    crashed.action_new.trigger()
    edit(crashed, 7)
    (written,) = crashed.autosave.tick()
    # the editor that wrote it dies without closing: give its file a pid no process has
    # (above Linux's pid_max of 2**22)
    dead_pid = 2**22 + 12345
    orphan = written.with_name(written.name.replace(f"-{os.getpid()}-", f"-{dead_pid}-"))
    written.rename(orphan)
    crashed.autosave._written.clear()
    crashed.deleteLater()

    answers["recover"] = QMessageBox.StandardButton.Yes
    monkeypatch.setattr(
        QMessageBox,
        "question",
        lambda _p, title, text, *a, **k: answers["asked"].append(text) or QMessageBox.StandardButton.Yes,
    )
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert window.autosave.offer_untitled_recovery()
    assert "untitled sheet" in answers["asked"][-1]
    assert window.document.path is None and window.document.is_dirty
    assert window.document.model.grid.columns == 7
    # saved under a name: the recovered autosave goes
    target = tmp_path / "named.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save()
    assert not orphan.exists()


def test_an_autosave_of_a_running_editor_is_not_offered(window, tmp_path, monkeypatch, answers):
    """Two editors open: one's untitled work in progress is not the other's to recover."""
    monkeypatch.setattr("editor.autosave.untitled_folder", lambda: tmp_path / "appdata")
    window.action_new.trigger()
    edit(window, 6)
    (written,) = window.autosave.tick()
    assert not window.autosave.offer_untitled_recovery()
    assert written.exists()
