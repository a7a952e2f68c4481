"""Drawing tools with real events: terrain brush strokes, snapping, vertex editing, outlines
that must sit inside their building or room, and cancelling."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from engine.geometry.hexgrid import HexGrid
from engine.geometry.polygons import segment_distance
from engine.io.files import dumps
from engine.model.sheet import Terrain

from .canvas_input import click, double_click, drag, key, trace, use_tool, zoom_on
from .conftest import DATA

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def blank(window):
    window.action_new.trigger()
    zoom_on(window, (100, 80), 5.0)
    return window


def test_a_terrain_stroke_paints_many_hexes_as_one_undo_entry(blank, qtbot):
    doc = blank.document
    grid = HexGrid(doc.model.grid)
    use_tool(qtbot, blank, "T")
    blank.editing.tools.current.set_terrain("water")
    a, b = grid.centre("0405"), grid.centre("0905")
    drag(qtbot, blank, [a, b], steps=2)  # a fast stroke: hexes between are painted too
    painted = doc.model.terrain
    assert set(painted.values()) == {Terrain.water}
    assert {"0405", "0905"} <= set(painted) and len(painted) >= 6
    assert list(painted) == sorted(painted)
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText().startswith("Paint water on")
    # painting the default terrain clears entries
    blank.editing.tools.current.set_terrain("clear")
    click(qtbot, blank, a)
    assert "0405" not in doc.model.terrain and doc.undo_stack.count() == 2
    key(qtbot, blank, Qt.Key.Key_Z, CTRL)
    key(qtbot, blank, Qt.Key.Key_Z, CTRL)
    assert doc.model.terrain == {}


def test_snapping_to_hex_corners_and_edges_toggles_with_s(blank, qtbot):
    doc = blank.document
    grid = HexGrid(doc.model.grid)
    corners = grid.corners("0505")
    near = [(x + 0.6, y - 0.5) for x, y in corners[:3]]
    assert blank.editing.snap_label.text() == "Snap: on"
    use_tool(qtbot, blank, "B")
    trace(qtbot, blank, near)
    outline = doc.model.buildings[0].outline
    assert outline == [(round(x, 3), round(y, 3)) for x, y in corners[:3]]
    # an edge: a click near the middle of the building's first edge lands on it
    use_tool(qtbot, blank, "P")
    (x0, y0), (x1, y1) = outline[0], outline[1]
    mid = ((x0 + x1) / 2 + 0.4, (y0 + y1) / 2 + 0.3)
    inside = ((x0 + x1 + outline[2][0]) / 3, (y0 + y1 + outline[2][1]) / 3)
    trace(qtbot, blank, [mid, inside])
    start = doc.model.walls[0].points[0]
    assert segment_distance(start, outline[0], outline[1]) < 1e-3
    key(qtbot, blank, Qt.Key.Key_S)
    assert blank.editing.snap_label.text() == "Snap: off" and not blank.editing.action_snap.isChecked()
    use_tool(qtbot, blank, "B")
    trace(qtbot, blank, [(150.2, 150.3), (170.2, 150.3), (160.2, 165.4)])
    assert doc.model.buildings[1].outline[0] == pytest.approx((150.2, 150.3), abs=0.2)
    assert doc.model.buildings[1].outline[0] not in [
        tuple(c) for c in grid.corners(grid.label_at(150.2, 150.3))
    ]


def test_escape_cancels_and_backspace_takes_back_a_vertex(blank, qtbot):
    doc = blank.document
    use_tool(qtbot, blank, "B")
    for p in [(60, 60), (90, 60), (90, 90)]:
        click(qtbot, blank, p)
    key(qtbot, blank, Qt.Key.Key_Escape)
    key(qtbot, blank, Qt.Key.Key_Return)
    assert doc.model.buildings == [] and doc.undo_stack.count() == 0
    for p in [(60, 60), (90, 60), (75, 75), (90, 90)]:
        click(qtbot, blank, p)
    key(qtbot, blank, Qt.Key.Key_Backspace)
    key(qtbot, blank, Qt.Key.Key_Backspace)
    click(qtbot, blank, (60, 90))
    click(qtbot, blank, (60, 60))  # the first vertex again closes it
    assert len(doc.model.buildings[0].outline) == 3


def test_rooms_and_zones_must_lie_inside_and_get_printed_ids(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (100, 80), 4.0)
    doc = window.document
    key(qtbot, window, Qt.Key.Key_S)  # free drawing, away from the town's vertices
    use_tool(qtbot, window, "R")
    trace(qtbot, window, [(140, 50), (160, 50), (160, 60)])  # outside every building
    assert "inside a building" in window.editing.hint_label.text()
    key(qtbot, window, Qt.Key.Key_Escape)
    use_tool(qtbot, window, "Z")
    trace(qtbot, window, [(65, 45), (85, 45), (85, 55), (65, 55)], finish="double")  # in room 1.1
    zone = doc.model.buildings[0].rooms[0].zones[0]
    assert zone.id == "1.5"  # 1.1 to 1.4 are taken by the building's rooms and zones
    assert window.scene.selected_pointers() == ["/buildings/0/rooms/0/zones/0"]


def test_zone_limit_splits_a_zone_in_one_entry(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (112, 70), 5.0)
    doc = window.document
    use_tool(qtbot, window, "L")
    trace(qtbot, window, [(112, 40), (112, 70)])  # across zone 1.3, edge to edge
    zones = doc.model.buildings[0].rooms[1].zones
    assert [z.id for z in zones] == ["1.3", "1.5", "1.4"]
    assert doc.model.walls[-1].kind == "zone_limit"
    assert doc.undo_stack.count() == 1
    key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert [z.id for z in doc.model.buildings[0].rooms[1].zones] == ["1.3", "1.4"]
    assert len(doc.model.walls) == 5


def test_vertex_drag_insert_and_delete(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (210, 140), 5.0)
    doc = window.document
    before = dumps(doc.model)
    use_tool(qtbot, window, "E")
    click(qtbot, window, (175, 160))  # inside room 2.1
    assert window.scene.selected_pointers() == ["/buildings/1/rooms/0"]
    assert len(window.editing.tools.current.handles.items) == 4
    drag(qtbot, window, [(250, 170), (255, 175), (262.3, 180.4)])
    outline = doc.model.buildings[1].rooms[0].outline
    assert outline[2] == pytest.approx((262.3, 180.4), abs=0.25)
    assert doc.undo_stack.count() == 1 and doc.undo_stack.undoText() == "Move vertex of room 2.1"
    double_click(qtbot, window, (210, 110))  # on the top edge
    outline = doc.model.buildings[1].rooms[0].outline
    assert len(outline) == 5 and outline[1] == pytest.approx((210, 110), abs=0.25)
    click(qtbot, window, outline[1], Qt.KeyboardModifier.AltModifier)
    assert len(doc.model.buildings[1].rooms[0].outline) == 4
    click(qtbot, window, (170, 170))  # select a vertex, then Delete
    key(qtbot, window, Qt.Key.Key_Delete)
    assert len(doc.model.buildings[1].rooms[0].outline) == 3
    key(qtbot, window, Qt.Key.Key_Delete)  # a polygon keeps three
    assert len(doc.model.buildings[1].rooms[0].outline) == 3
    assert doc.undo_stack.count() == 4
    for _ in range(4):
        key(qtbot, window, Qt.Key.Key_Z, CTRL)
    assert dumps(doc.model) == before


def test_apertures_face_away_from_their_room(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (210, 140), 5.0)
    doc = window.document
    use_tool(qtbot, window, "D")
    window.editing.tools.current.set_kind("window")
    click(qtbot, window, (171, 130))  # the left side of facade w5, room 2.1 to the east
    ap = doc.model.walls[4].apertures[-1]
    assert ap.kind == "window" and ap.id == "win2" and ap.interior == "2.1"
    assert ap.at == pytest.approx((170, 130), abs=0.25) and ap.at[0] == 170
    assert (ap.arc.start, ap.arc.end) == (180, 0)  # centred on west, 270


def test_roof_access_and_manhole_tools(window, qtbot):
    window.load(DATA / "town.yaml")
    zoom_on(window, (150, 100), 4.0)
    doc = window.document
    use_tool(qtbot, window, "U")
    click(qtbot, window, (150, 60))  # outside every building: refused
    assert doc.undo_stack.count() == 0
    drag(qtbot, window, [(200, 140), (200, 150)])  # arrow points south
    access = doc.model.buildings[1].roof_accesses[0]
    assert access.id == "r2" and access.direction == 180
    assert access.at == pytest.approx((200, 140), abs=0.3)
    use_tool(qtbot, window, "M")
    window.editing.tools.current.set_options(None, True)
    grid = HexGrid(doc.model.grid)
    click(qtbot, window, grid.centre("1002"))
    manhole = doc.model.manholes[-1]
    assert (manhole.id, manhole.hex, manhole.letter, manhole.dummy) == ("m3", "1002", None, True)
    assert doc.undo_stack.count() == 2
