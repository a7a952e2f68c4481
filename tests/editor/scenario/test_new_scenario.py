"""File > New scenario (issue 11 item 1): sheets and an insert picked, a sheet dragged in
the assembly view snaps where the edge half hexes join (5.1.1) and is turned round, the
sides named; the scenario opens untitled with empty orders of battle and a default victory
block, and once saved in its folder it validates."""

from __future__ import annotations

import shutil

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QPushButton

from engine.lint.runner import validate_paths
from engine.model.scenario import Scenario
from tests.editor.conftest import DATA, ROOT

from .input import click, click_check, type_in_line

LEFT = Qt.MouseButton.LeftButton


def _drag(widget, start: QPoint, end: QPoint, steps: int = 6) -> None:
    """Press, move with the button held (QTest's mouseMove carries no buttons), release."""

    def send(kind: QEvent.Type, at: QPoint, buttons: Qt.MouseButton) -> None:
        pos = QPointF(at)
        event = QMouseEvent(kind, pos, widget.mapToGlobal(pos), LEFT, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(widget, event)

    send(QEvent.Type.MouseButtonPress, start, LEFT)
    for k in range(1, steps + 1):
        at = start + (end - start) * k / steps
        send(QEvent.Type.MouseMove, at, LEFT)
    send(QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)


def _maps(tmp_path):
    maps = tmp_path / "maps"
    maps.mkdir()
    shutil.copy(ROOT / "maps" / "A-harbour.yaml", maps / "A-harbour.yaml")
    shutil.copy(ROOT / "maps" / "U-sewers.yaml", maps / "U-sewers.yaml")
    # a second sheet: the test town T, without its lettered manholes (the insert links to
    # sheet A's)
    text = (DATA / "town.yaml").read_text(encoding="utf-8")
    (maps / "T-town.yaml").write_text(text.split("manholes:")[0], encoding="utf-8")
    return maps


def test_5_1_1_new_scenario_from_two_sheets_and_an_insert(window, qtbot, monkeypatch, tmp_path):
    maps = _maps(tmp_path)
    window.resize(1600, 1000)
    click(qtbot, window.start_page.button_new_scenario)
    dialog = window.scenario_ui.new_dialog
    assert dialog is not None and dialog.isVisible()
    picks = iter([maps / "A-harbour.yaml", maps / "T-town.yaml", maps / "U-sewers.yaml"])
    monkeypatch.setattr(
        "editor.scenario.new_scenario_dialog.QFileDialog.getOpenFileName",
        lambda *a, **k: (str(next(picks)), ""),
    )
    click(qtbot, dialog.findChild(QPushButton, "add_sheet"))
    click(qtbot, dialog.findChild(QPushButton, "add_sheet"))
    click(qtbot, dialog.findChild(QPushButton, "add_insert"))
    # only red has the sewer map (8.1.10)
    click_check(qtbot, dialog.knows["green"])
    (_pa, _a), (_pb, b) = dialog.sheets
    # T came in to the right of A, where A's last half-hex column meets T's first
    assert (b.x(), b.y()) == (560.0, 0.0)
    # drag T below A, a little off: it snaps flush under A's bottom edge
    view = dialog.view
    start = view.mapFromScene(b.sceneBoundingRect().center())
    end = view.mapFromScene(b.sceneBoundingRect().center() + QPointF(-553.0, 397.0))
    _drag(view.viewport(), start, end)
    assert (b.x(), b.y()) == (0.0, 390.0)
    # T turned round
    click(qtbot, dialog.findChild(QPushButton, "turn_sheet"))
    assert b.rotation_deg == 180
    type_in_line(qtbot, dialog.green_name, "Coalition")
    type_in_line(qtbot, dialog.red_name, "Brotherhood")
    assert dialog.folder.text() == str(maps.resolve())
    type_in_line(qtbot, dialog.folder, str(tmp_path))
    click(qtbot, dialog.buttons.button(QDialogButtonBox.StandardButton.Ok))

    doc = window.document
    model = doc.model
    assert isinstance(model, Scenario) and doc.path is None
    assert window.windowTitle().startswith("untitled scenario")
    assert [(s.file, tuple(s.position), s.rotation) for s in model.map.sheets] == [
        ("maps/A-harbour.yaml", (0.0, 0.0), 0),
        ("maps/T-town.yaml", (0.0, 390.0), 180),
    ]
    assert [(u.file, u.known_by) for u in model.map.underground] == [("maps/U-sewers.yaml", ["red"])]
    assert (model.sides.green.name, model.sides.red.name) == ("Coalition", "Brotherhood")
    assert all(not f.blocks for s in (model.sides.green, model.sides.red) for f in s.impulse_forces)
    assert model.victory.conditions[0].kind == "control" and model.victory.levels
    assert window.scenario_ui.dock.isVisible()
    assert len(window.session.sheets) == 3 and window.scene.sheet.id == "A"

    target = tmp_path / "new.yaml"
    monkeypatch.setattr("editor.main_window.QFileDialog.getSaveFileName", lambda *a, **k: (str(target), ""))
    assert window.save()
    problems = [(p.code, p.pointer) for p in validate_paths([target]).problems if p.severity == "error"]
    # what is left to do, said by the Validation dock: the orders of battle are empty, so
    # each side's impulse force lacks its platoon leader (3.2)
    assert problems == [("L314", "/sides/green/impulse_forces/0"), ("L314", "/sides/red/impulse_forces/0")]


def test_overlapping_sheets_are_refused(window, qtbot, tmp_path):
    maps = _maps(tmp_path)
    window.scenario_ui.new_scenario()
    dialog = window.scenario_ui.new_dialog
    dialog.add_sheet(maps / "A-harbour.yaml")
    dialog.add_sheet(maps / "T-town.yaml")
    b = dialog.sheets[1][1]
    view = dialog.view
    start = view.mapFromScene(b.sceneBoundingRect().center())
    end = view.mapFromScene(b.sceneBoundingRect().center() + QPointF(-300.0, 0.0))
    _drag(view.viewport(), start, end)
    assert dialog.problem.text() == "sheets overlap: A and T"
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    # a file that is no surface sheet is refused, said
    assert not dialog.add_sheet(maps / "U-sewers.yaml")
    assert dialog.problem.text() == "U-sewers.yaml is not a surface map sheet"
    dialog.reject()
