"""The Select tool with real mouse and keyboard events: selecting, moving (one undo entry
per drag), deleting, copy and paste, and the fire-arc handles."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.io.files import dumps

from .canvas_input import click, drag, key, use_tool, zoom_on
from .conftest import DATA

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def town(window):
    window.load(DATA / "town.yaml")
    zoom_on(window, (150, 100), 4.0)
    return window


def test_click_shift_click_and_rubber_band_select(town, qtbot):
    use_tool(qtbot, town, "V")
    click(qtbot, town, (200, 140))  # inside room 2.1
    assert town.scene.selected_pointers() == ["/buildings/1/rooms/0"]
    click(qtbot, town, (75, 60), SHIFT)  # room 1.1 too
    assert town.scene.selected_pointers() == ["/buildings/0/rooms/0", "/buildings/1/rooms/0"]
    click(qtbot, town, (75, 60), CTRL)  # and off again
    assert town.scene.selected_pointers() == ["/buildings/1/rooms/0"]
    # Alt-click picks what lies under the selected room: its building
    click(qtbot, town, (200, 140), Qt.KeyboardModifier.AltModifier)
    assert town.scene.selected_pointers() == ["/buildings/1"]
    # a box around building 2 (and its breach arc) selects it and what it holds, nothing else
    drag(qtbot, town, [(160, 100), (280, 180)])
    selected = town.scene.selected_pointers()
    assert "/buildings/1" in selected and "/walls/4" in selected and "/walls/4/apertures/0" in selected
    assert not any(p.startswith("/buildings/0") for p in selected)
    click(qtbot, town, (20, 180))  # empty ground
    assert town.scene.selected_pointers() == []
    assert town.editing.inspector.title.text() == "Sheet"


def test_a_drag_moves_the_selection_as_one_undo_entry(town, qtbot):
    doc = town.document
    before = dumps(doc.model)
    use_tool(qtbot, town, "V")
    drag(qtbot, town, [(180, 165), (180, 150)])  # a manhole-free spot of room 2.1, up 15 mm
    room = doc.model.buildings[1].rooms[0]
    assert doc.undo_stack.count() == 1
    assert doc.undo_stack.undoText() == "Move room 2.1"
    # the corner nearest the grab point snapped (here: stayed on the building's corner line)
    assert room.outline[0][1] == pytest.approx(95, abs=1.0)
    drag(qtbot, town, [(180, 150), (185, 150)])
    assert doc.undo_stack.count() == 2  # a second drag is a second entry
    key(qtbot, town, Qt.Key.Key_Z, CTRL)
    key(qtbot, town, Qt.Key.Key_Z, CTRL)
    assert dumps(doc.model) == before
    assert town.scene.selected_pointers() == ["/buildings/1/rooms/0"]


def test_a_wall_moves_with_its_apertures_and_an_aperture_slides_along_its_wall(town, qtbot):
    doc = town.document
    use_tool(qtbot, town, "V")
    click(qtbot, town, (78, 37))  # the arrow of door d1, on facade w1 ([60, 40] to [130, 40])
    assert town.scene.selected_pointers() == ["/walls/0/apertures/0"]
    drag(qtbot, town, [(78, 37), (88, 47)])
    door = doc.model.walls[0].apertures[0]
    assert door.at[1] == 40.0 and door.at[0] == pytest.approx(88, abs=0.5)
    assert doc.undo_stack.count() == 1


def test_delete_removes_the_selection_and_undo_puts_it_back(town, qtbot):
    doc = town.document
    before = dumps(doc.model)
    use_tool(qtbot, town, "V")
    click(qtbot, town, (200, 140))
    click(qtbot, town, (95, 85), SHIFT)  # partition w3
    assert town.scene.selected_pointers() == ["/buildings/1/rooms/0", "/walls/2"]
    key(qtbot, town, Qt.Key.Key_Delete)
    assert doc.model.buildings[1].rooms == []
    assert [w.id for w in doc.model.walls] == ["w1", "w2", "w4", "w5"]
    assert doc.undo_stack.count() == 1
    key(qtbot, town, Qt.Key.Key_Z, CTRL)
    assert dumps(doc.model) == before
    key(qtbot, town, Qt.Key.Key_Y, CTRL)
    assert [w.id for w in doc.model.walls] == ["w1", "w2", "w4", "w5"]


def test_copy_paste_gives_fresh_ids_and_an_offset(town, qtbot):
    doc = town.document
    use_tool(qtbot, town, "V")
    click(qtbot, town, (210, 112))  # the tag corner of building 2 (its room is under the tag)
    click(qtbot, town, (200, 140), Qt.KeyboardModifier.AltModifier)
    assert town.scene.selected_pointers() == ["/buildings/1"]
    click(qtbot, town, (250, 160), SHIFT)  # and its facade w5
    assert town.scene.selected_pointers() == ["/buildings/1", "/walls/4"]
    key(qtbot, town, Qt.Key.Key_C, CTRL)
    key(qtbot, town, Qt.Key.Key_V, CTRL)
    sheet = doc.model
    pasted, source = sheet.buildings[2], sheet.buildings[1]
    assert pasted.id == "3" and [r.id for r in pasted.rooms] == ["3.1"]
    dx = pasted.outline[0][0] - source.outline[0][0]
    assert dx == pytest.approx(1.5 * sheet.grid.size, abs=1e-3)
    wall = sheet.walls[5]
    assert wall.id == "w6" and wall.apertures[0].id == "b2"
    assert wall.apertures[0].interior == "3.1"  # follows the pasted building
    assert town.scene.selected_pointers() == ["/buildings/2", "/walls/5"]
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Paste 2 objects"
    key(qtbot, town, Qt.Key.Key_V, CTRL)  # a second paste goes one step further
    assert sheet.buildings[3].id == "4"
    assert sheet.buildings[3].outline[0][0] - source.outline[0][0] == pytest.approx(2 * dx, abs=1e-3)


def test_fire_arc_handles_drag_as_one_entry(town, qtbot):
    doc = town.document
    use_tool(qtbot, town, "V")
    click(qtbot, town, (78, 37))
    door = doc.model.walls[0].apertures[0]
    assert (door.arc.start, door.arc.end) == (300, 60)
    tool = town.editing.select_tool
    handles = tool.arc_handle_points()
    assert len(town.editing.select_tool.arc_handles.items) == 2
    x, y = door.at
    end = handles["end"]
    # drag the end edge round to due east (90 degrees), through a few positions
    drag(qtbot, town, [end, (x + 10, y - 5), (x + 12, y)])
    assert (door.arc.start, door.arc.end) == (300, 90)
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Change fire arc of d1"
    key(qtbot, town, Qt.Key.Key_Z, CTRL)
    assert doc.model.walls[0].apertures[0].arc.end == 60
