"""Issue 14: an edit redraws only the objects its undo command names. Whatever the
command, after it, its undo and its redo, the scene's items and batched layers (and the
outliner's rows) are those a drawing of the sheet from scratch gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, QDataStream, QIODevice, QSettings
from PySide6.QtGui import QBrush, QPainterPath, QPen, QUndoCommand
from PySide6.QtTest import QTest

from editor.canvas.model_item import ModelItem
from editor.canvas.sheet_scene import SheetScene
from editor.commands import (
    AddObjects,
    ChangeValues,
    EditArc,
    EditPoints,
    MoveObjects,
    PaintTerrain,
    RemoveObjects,
    SetProperty,
    SplitRoom,
    pointers,
)
from editor.main_window import MainWindow
from editor.panels.outline import OutlineNode
from engine.model.sheet import Manhole, MapSheet, RoofAccess, Room, Terrain, Wall, WallKind, Zone

from ..conftest import DATA, SAMPLE_SHEET, _forget_edits


def path_sig(path: QPainterPath | tuple[float, ...]) -> bytes:
    """A path's exact elements and fill rule (the same drawing code gives the same bytes)."""
    if isinstance(path, tuple):
        return repr(path).encode()
    data = QByteArray()
    stream = QDataStream(data, QIODevice.OpenModeFlag.WriteOnly)
    stream << path
    return bytes(data.data())


def pen_sig(pen: QPen) -> tuple[Any, ...]:
    return (
        pen.color().rgba(),
        round(pen.widthF(), 6),
        pen.style(),
        pen.joinStyle(),
        tuple(pen.dashPattern()),
    )


def brush_sig(brush: QBrush) -> tuple[Any, ...]:
    return (brush.color().rgba(), brush.style())


def picture(scene: SheetScene) -> dict[str, Any]:
    """What the scene draws and how it answers clicks, as plain values."""
    items = [
        (
            type(item).__name__,
            item.pointer,
            path_sig(item.path()),
            item.zValue(),
            pen_sig(item.pen()),
            brush_sig(item.brush()),
            item.toolTip(),
            [(p.key, p.z, p.rank, path_sig(p.path)) for p in item.parts()],
        )
        for item in scene.model_items()
    ]
    layers = {
        layer: {
            key: (pen_sig(batch.pen), brush_sig(batch.brush), sorted(path_sig(s) for s in batch.shapes()))
            for key, batch in batches.items()
        }
        for layer, batches in scene.layer_batches().items()
    }
    hexes = scene._hex_item
    assert hexes is not None
    terrain = sorted(
        (brush_sig(batch.brush), sorted(path_sig(s) for s in batch.shapes()))
        for batch in hexes.terrain + hexes.marker_dots
    )
    return {
        "items": items,
        "layers": layers,
        "pointers": list(scene.items_by_pointer),
        "lowered": sorted(hexes.lowered),
        "labels": sorted(path_sig(s) for s in hexes.labels.shapes()),
        "terrain": terrain,
        "dots": sorted(path_sig(s) for s in hexes.dots.shapes()),
        "specks": sorted((p.x(), p.y()) for p in hexes.dot_points),
    }


#: (sheet, its fresh picture) of the sheet every test starts from: each test's undo comes
#: back to it, and drawing it whole once per module instead of once per test is a third of
#: the module's fresh drawings
_PRISTINE: list[tuple[MapSheet, dict[str, Any]]] = []


def fresh_picture(scene: SheetScene, sheet: MapSheet) -> dict[str, Any]:
    """The picture of `sheet` drawn whole (set_sheet builds every model item afresh; the
    hex grid is kept while the grid is the same, as in the editor)."""
    if _PRISTINE and sheet == _PRISTINE[0][0]:
        return _PRISTINE[0][1]
    scene.set_sheet(sheet)
    return picture(scene)


def rows(window) -> list[tuple[int, str, str, str]]:
    out = []
    outliner = window.outliner

    def walk(item, depth: int) -> None:
        node = outliner.node(item)
        out.append((depth, item.text(0), node.pointer, item.toolTip(0)))
        for i in range(item.childCount()):
            walk(item.child(i), depth + 1)

    for i in range(outliner.topLevelItemCount()):
        walk(outliner.topLevelItem(i), 0)
    return out


def fresh_rows(window) -> list[tuple[int, str, str, str]]:
    from editor.panels.outliner import one_line, tooltip

    out = []

    def walk(node: OutlineNode, depth: int) -> None:
        tip = tooltip(node.text, node.pointer or (node.source.name if node.source else ""))
        out.append((depth, one_line(node.text), node.pointer, tip))
        for child in node.children:
            walk(child, depth + 1)

    walk(window.session.outline(), 0)
    return out


def check(window, fresh: SheetScene | None) -> None:
    """The window's scene and outliner are those a drawing of its sheet from scratch gives
    (`fresh` None: the sheet as opened, whose fresh picture is kept)."""
    scene = window.scene
    assert picture(scene) == (fresh_picture(fresh, scene.sheet) if fresh else _PRISTINE[0][1])
    # nothing left behind in the scene, nothing missing
    in_scene = {id(i) for i in scene.items() if isinstance(i, ModelItem)}
    assert in_scene == {id(i) for i in scene.model_items()}
    assert rows(window) == fresh_rows(window)


# -- one command of each kind --------------------------------------------------------------
Build = Callable[[Any, MapSheet], QUndoCommand]


def _wall_with_apertures(sheet: MapSheet) -> int:
    return next(i for i, w in enumerate(sheet.walls) if len(w.apertures) >= 2)


def _shifted(obj: Any, dx: float) -> Any:
    new = pointers.copy(obj)
    if hasattr(new, "outline"):
        new.outline = [(x + dx, y) for x, y in new.outline]
        for room in getattr(new, "rooms", []):
            room.outline = [(x + dx, y) for x, y in room.outline]
    if hasattr(new, "points"):
        new.points = [(x + dx, y) for x, y in new.points]
        for ap in new.apertures:
            ap.at = (ap.at[0] + dx, ap.at[1])
    return new


def add_building(doc, sheet):
    new = _shifted(sheet.buildings[1], 40.0)
    new.id = "T1"
    return AddObjects(doc, "Add building", [("/buildings/0", new)])


def move_building(doc, sheet):
    return MoveObjects(doc, "Move", [("/buildings/2", sheet.buildings[2], _shifted(sheet.buildings[2], 3.0))])


def delete_building(doc, sheet):
    return RemoveObjects(doc, "Delete", ["/buildings/1"])


def building_level(doc, sheet):
    return SetProperty(doc, "Level", [("/buildings/0/level", sheet.buildings[0].level, 1)])


def rename_building(doc, sheet):
    return SetProperty(doc, "Id", [("/buildings/3/id", sheet.buildings[3].id, "99")])


def add_wall(doc, sheet):
    wall = Wall(id="T-W", kind=WallKind.outer_wall, points=[(20.0, 20.0), (60.0, 25.0)])
    return AddObjects(doc, "Add wall", [("/walls/2", wall)])


def move_wall(doc, sheet):
    w = _wall_with_apertures(sheet)
    return MoveObjects(doc, "Move", [(f"/walls/{w}", sheet.walls[w], _shifted(sheet.walls[w], 2.0))])


def delete_wall(doc, sheet):
    return RemoveObjects(doc, "Delete", [f"/walls/{_wall_with_apertures(sheet)}"])


def wall_kind(doc, sheet):
    return SetProperty(doc, "Kind", [("/walls/0/kind", sheet.walls[0].kind, WallKind.zone_limit)])


def wall_vertex(doc, sheet):
    points = [list(p) for p in sheet.walls[4].points]
    moved = [(x + 1.5, y - 1.0) for x, y in points]
    return EditPoints(doc, "Vertex", [("/walls/4/points", sheet.walls[4].points, moved)], merge_key="drag")


def add_aperture(doc, sheet):
    w = _wall_with_apertures(sheet)
    ap = pointers.copy(sheet.walls[w].apertures[0])
    ap.id = "T-ap"
    return AddObjects(doc, "Add aperture", [(f"/walls/{w}/apertures/0", ap)])


def delete_aperture(doc, sheet):
    return RemoveObjects(doc, "Delete", [f"/walls/{_wall_with_apertures(sheet)}/apertures/1"])


def edit_arc(doc, sheet):
    w = _wall_with_apertures(sheet)
    arc = sheet.walls[w].apertures[0].arc
    new = pointers.copy(arc)
    new.end = (arc.end + 30) % 360
    return EditArc(doc, "Arc", [(f"/walls/{w}/apertures/0/arc", arc, new)], merge_key="arc")


def add_room(doc, sheet):
    b = sheet.buildings[0]
    room = Room(id=f"{b.id}.99", outline=[(p[0] + 1, p[1] + 1) for p in b.rooms[0].outline])
    return AddObjects(doc, "Add room", [("/buildings/0/rooms/0", room)])


def delete_room(doc, sheet):
    return RemoveObjects(doc, "Delete", ["/buildings/2/rooms/0"])


def room_vertex(doc, sheet):
    room = sheet.buildings[1].rooms[0]
    moved = [(x + 0.7, y) if i == 0 else (x, y) for i, (x, y) in enumerate(room.outline)]
    return EditPoints(doc, "Vertex", [("/buildings/1/rooms/0/outline", room.outline, moved)])


def add_zone(doc, sheet):
    room = sheet.buildings[0].rooms[0]
    zone = Zone(id=f"{sheet.buildings[0].id}.98", outline=list(room.outline))
    return AddObjects(doc, "Add zone", [("/buildings/0/rooms/0/zones/0", zone)])


def split_room(doc, sheet):
    room = sheet.buildings[0].rooms[0]
    x0, x1 = min(p[0] for p in room.outline), max(p[0] for p in room.outline)
    y0, y1 = min(p[1] for p in room.outline), max(p[1] for p in room.outline)
    mid = (x0 + x1) / 2
    b = sheet.buildings[0].id
    left = Zone(id=f"{b}.97", outline=[(x0, y0), (mid, y0), (mid, y1), (x0, y1)])
    right = Zone(id=f"{b}.96", outline=[(mid, y0), (x1, y0), (x1, y1), (mid, y1)])
    wall = Wall(id="T-Z", kind=WallKind.zone_limit, points=[(mid, y0), (mid, y1)])
    return SplitRoom(
        doc,
        "Split",
        "/buildings/0/rooms/0/zones",
        room.zones,
        [left, right],
        f"/walls/{len(sheet.walls)}",
        wall,
    )


def add_roof_access(doc, sheet):
    b = sheet.buildings[2]
    at = b.rooms[0].outline[0]
    access = RoofAccess(id="T-R", at=(at[0] + 2, at[1] + 2), direction=45.0)
    return AddObjects(doc, "Add roof access", [("/buildings/2/roof_accesses/0", access)])


def add_manhole(doc, sheet):
    return AddObjects(doc, "Add manhole", [("/manholes/0", Manhole(id="T-M", hex="0405", letter="A"))])


def delete_manhole(doc, sheet):
    return RemoveObjects(doc, "Delete", ["/manholes/0"])


def manhole_dummy(doc, sheet):
    return SetProperty(
        doc, "Dummy", [("/manholes/1/dummy", sheet.manholes[1].dummy, not sheet.manholes[1].dummy)]
    )


def paint_terrain(doc, sheet):
    new = dict(sheet.terrain)
    new["0303"] = Terrain.woods
    new["0304"] = Terrain.water
    new["0305"] = Terrain.hillock
    new["0306"] = Terrain.narrows  # a marker dot instead of the centre dot
    cleared = next(label for label, kind in new.items() if kind != Terrain.water)
    del new[cleared]  # back to the default
    return PaintTerrain(doc, "Paint", [("/terrain", dict(sheet.terrain), new)], merge_key="stroke")


def default_terrain(doc, sheet):
    return SetProperty(doc, "Default", [("/default_terrain", sheet.default_terrain, Terrain.woods)])


def sheet_title(doc, sheet):
    return SetProperty(doc, "Title", [("/title", sheet.title, "Renamed")])


def grid_size(doc, sheet):
    return SetProperty(doc, "Grid", [("/grid/size", sheet.grid.size, sheet.grid.size * 1.1)])


def walls_reversed(doc, sheet):
    return ChangeValues(doc, "Reorder", [("/walls", sheet.walls, list(reversed(sheet.walls)))])


COMMANDS: list[Build] = [
    add_building,
    move_building,
    delete_building,
    building_level,
    rename_building,
    add_wall,
    move_wall,
    delete_wall,
    wall_kind,
    wall_vertex,
    add_aperture,
    delete_aperture,
    edit_arc,
    add_room,
    delete_room,
    room_vertex,
    add_zone,
    split_room,
    add_roof_access,
    add_manhole,
    delete_manhole,
    manhole_dummy,
    paint_terrain,
    default_terrain,
    sheet_title,
    grid_size,
    walls_reversed,
]


@pytest.fixture(scope="module")
def fresh(qapp):
    scene = SheetScene()
    yield scene
    scene.set_sheet(None)


@pytest.fixture(scope="module")
def loaded(qapp, tmp_path_factory, fresh):
    """One window with the sample sheet open for the module (opening it was a third of each
    test's time); each test starts from the sheet as opened (see `editing`)."""
    settings = QSettings(str(tmp_path_factory.mktemp("gui") / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings)
    window.resize(1200, 800)
    window.show()
    assert QTest.qWaitForWindowExposed(window)
    window.load(SAMPLE_SHEET if SAMPLE_SHEET.is_file() else DATA / "town.yaml")
    assert window.scene.sheet is not None
    sheet = window.document.model
    _PRISTINE[:] = [(pointers.copy(sheet), fresh_picture(fresh, sheet))]
    yield window
    _PRISTINE.clear()
    _forget_edits(window)
    window.close()
    window.deleteLater()


@pytest.fixture
def editing(loaded):
    """The module's window, its edits of the test before undone: the sheet as opened, the
    scene as a fresh drawing of it, an empty undo history."""
    window = loaded
    stack = window.document.undo_stack
    stack.setIndex(0)
    assert window.document.model == _PRISTINE[0][0]
    check(window, None)
    stack.clear()
    # selected objects keep their selection through an edit
    window.scene.select_pointers(["/buildings/2", "/walls/5"])
    return window


@pytest.mark.parametrize("build", COMMANDS, ids=[c.__name__ for c in COMMANDS])
def test_14_an_edit_its_undo_and_redo_leave_the_scene_as_a_fresh_drawing(editing, fresh, build: Build):
    window = editing
    document = window.document
    document.undo_stack.push(build(document, document.model))
    check(window, fresh)
    document.undo_stack.undo()
    check(window, fresh)
    document.undo_stack.redo()
    check(window, fresh)


def test_14_several_commands_undone_at_once_leave_the_scene_as_a_fresh_drawing(editing, fresh):
    window = editing
    document = window.document
    stack = document.undo_stack
    for build in (move_building, add_wall, add_aperture, delete_building, building_level, add_manhole):
        stack.push(build(document, document.model))
    check(window, fresh)
    stack.setIndex(1)  # the History view clicked: five commands undone in one step
    check(window, fresh)
    stack.setIndex(4)
    check(window, fresh)


def test_14_a_drag_merged_into_one_command_leaves_the_scene_as_a_fresh_drawing(editing, fresh):
    window = editing
    document = window.document
    for dx in (0.5, 0.5, -2.0):
        sheet = document.model
        document.undo_stack.push(
            MoveObjects(
                document,
                "Move",
                [("/buildings/2", sheet.buildings[2], _shifted(sheet.buildings[2], dx))],
                "drag",
            )
        )
        check(window, fresh)
    assert document.undo_stack.count() == 1
    document.undo_stack.undo()
    check(window, fresh)


def test_14_an_edit_keeps_the_items_of_the_objects_it_did_not_touch(editing):
    window = editing
    scene = window.scene
    document = window.document
    before = dict(scene.items_by_pointer)
    document.undo_stack.push(move_building(document, document.model))
    changed = {p for p, item in scene.items_by_pointer.items() if before.get(p) is not item}
    assert changed and all(p.startswith("/buildings/2") for p in changed)
    # the selection is kept, by the objects' pointers
    assert scene.selected_pointers() == ["/buildings/2", "/walls/5"]
    # an insertion renumbers the items after it, without drawing them again
    wall = before["/walls/0"]
    document.undo_stack.push(add_building(document, document.model))
    assert scene.items_by_pointer["/walls/0"] is wall
    assert scene.items_by_pointer["/buildings/4"] is before["/buildings/3"]
    assert scene.items_by_pointer["/buildings/4"].pointer == "/buildings/4"
