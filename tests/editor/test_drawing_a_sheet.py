"""The acceptance test of issue 4: a whole building traced with the mouse and keyboard on a
new sheet, saved, reloaded and validated; then undone to empty and redone to full."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from editor.document import Document
from engine.geometry.hexgrid import HexGrid
from engine.io.files import dumps, load_document
from engine.lint.runner import validate_paths
from engine.model.sheet import (
    Aperture,
    Building,
    FireArc,
    Manhole,
    MapSheet,
    RoofAccess,
    Room,
    Wall,
    Zone,
)

from .canvas_input import click, drag, trace, use_tool, zoom_on


def r(p: tuple[float, float]) -> tuple[float, float]:
    return (round(p[0], 3), round(p[1], 3))


class Plan:
    """A building on hex corners around hex 0505 of a new sheet: room 1 on the left (split
    by a zone limit), rooms 2 and 3 stacked on the right."""

    def __init__(self, sheet: MapSheet):
        grid = HexGrid(sheet.grid)
        s = grid.size
        cx, cy = grid.centre("0505")
        self.grid = grid

        def at(kx: float, y: float) -> tuple[float, float]:
            return r((cx + kx * s, cy + y))

        self.tl, self.tr = at(-0.5, -8), at(2.5, -8)
        self.bl, self.br = at(-0.5, 24), at(2.5, 24)
        self.mid_top, self.mid, self.mid_bottom = at(0.5, -8), at(0.5, 8), at(0.5, 24)
        self.left_mid, self.right_mid = at(-0.5, 8), at(2.5, 8)
        self.room2_centre = at(1.5, 0)
        self.window_at = at(-0.5, 0)  # left side, upper zone
        self.door1_at = at(1.5, -8)  # top side, room 2
        self.door2_at = at(-0.5, 16)  # left side, lower zone
        self.breach_at = at(1.5, 24)  # bottom side, room 3
        self.manhole_hex = "1010"
        # hex corners snapped to are exactly the grid's corners
        assert self.left_mid == r(grid.corners("0505")[2])
        assert self.mid == r(grid.corners("0505")[1])


def draw(window, qtbot) -> Plan:
    window.action_new.trigger()
    plan = Plan(window.scene.sheet)
    zoom_on(window, plan.room2_centre)
    use_tool(qtbot, window, "B")
    trace(qtbot, window, [plan.tl, plan.tr, plan.br, plan.bl], finish="double")
    use_tool(qtbot, window, "R")
    trace(qtbot, window, [plan.tl, plan.mid_top, plan.mid_bottom, plan.bl])
    trace(qtbot, window, [plan.mid_top, plan.tr, plan.right_mid, plan.mid], finish="double")
    trace(qtbot, window, [plan.mid, plan.right_mid, plan.br, plan.mid_bottom])
    use_tool(qtbot, window, "L")  # zone limit across room 1.1
    trace(qtbot, window, [plan.left_mid, plan.mid])
    use_tool(qtbot, window, "W")  # facade on the left, top and right sides
    trace(qtbot, window, [plan.bl, plan.tl, plan.tr, plan.br], finish="double")
    use_tool(qtbot, window, "O")  # outer wall along the bottom
    trace(qtbot, window, [plan.br, plan.bl])
    use_tool(qtbot, window, "P")
    trace(qtbot, window, [plan.mid_top, plan.mid, plan.mid_bottom])
    use_tool(qtbot, window, "D")
    tool = window.editing.tools.current
    for kind, p in [("door", plan.door1_at), ("door", plan.door2_at), ("window", plan.window_at)]:
        tool.set_kind(kind)
        click(qtbot, window, (p[0] + 0.3, p[1] + 0.3))  # near the wall: it snaps onto it
    tool.set_kind("breach")
    click(qtbot, window, (plan.breach_at[0] - 0.4, plan.breach_at[1] - 0.3))
    use_tool(qtbot, window, "U")
    c = plan.room2_centre
    drag(qtbot, window, [c, (c[0] + 5, c[1])])
    use_tool(qtbot, window, "M")
    window.editing.tools.current.set_options("A", False)
    click(qtbot, window, plan.grid.centre(plan.manhole_hex))
    return plan


def expected_sheet(plan: Plan, drawn: MapSheet) -> MapSheet:
    """What was drawn, as a model; free coordinates along walls come from the drawing."""
    sheet = drawn.model_copy(deep=True)
    sheet.buildings = [
        Building(
            id="1",
            outline=[plan.tl, plan.tr, plan.br, plan.bl],
            rooms=[
                Room(
                    id="1.1",
                    outline=[plan.tl, plan.mid_top, plan.mid_bottom, plan.bl],
                    zones=[
                        # the upper part first (reading order), each from where the limit meets it
                        Zone(id="1.4", outline=[plan.left_mid, plan.tl, plan.mid_top, plan.mid]),
                        Zone(id="1.5", outline=[plan.mid, plan.mid_bottom, plan.bl, plan.left_mid]),
                    ],
                ),
                Room(id="1.2", outline=[plan.mid_top, plan.tr, plan.right_mid, plan.mid]),
                Room(id="1.3", outline=[plan.mid, plan.right_mid, plan.br, plan.mid_bottom]),
            ],
            roof_accesses=[RoofAccess(id="r1", at=drawn.buildings[0].roof_accesses[0].at, direction=90)],
        )
    ]
    aps = drawn.walls[1].apertures
    breach = drawn.walls[2].apertures[0]
    sheet.walls = [
        Wall(id="w1", kind="zone_limit", points=[plan.left_mid, plan.mid]),
        Wall(
            id="w2",
            kind="facade",
            points=[plan.bl, plan.tl, plan.tr, plan.br],
            apertures=[
                Aperture(
                    id="d1",
                    kind="door",
                    at=(aps[0].at[0], plan.door1_at[1]),
                    interior="1.2",
                    arc=FireArc(start=270, end=90),
                ),
                Aperture(
                    id="d2",
                    kind="door",
                    at=(plan.door2_at[0], aps[1].at[1]),
                    interior="1.5",
                    arc=FireArc(start=180, end=0),
                ),
                Aperture(
                    id="win1",
                    kind="window",
                    at=(plan.window_at[0], aps[2].at[1]),
                    interior="1.4",
                    arc=FireArc(start=180, end=0),
                ),
            ],
        ),
        Wall(
            id="w3",
            kind="outer_wall",
            points=[plan.br, plan.bl],
            apertures=[
                Aperture(
                    id="b1",
                    kind="breach",
                    at=(breach.at[0], plan.breach_at[1]),
                    interior="1.3",
                    arc=FireArc(start=90, end=270),
                ),
            ],
        ),
        Wall(id="w4", kind="partition", points=[plan.mid_top, plan.mid, plan.mid_bottom]),
    ]
    sheet.manholes = [Manhole(id="m1", hex=plan.manhole_hex, letter="A")]
    return sheet


def test_a_building_traced_with_the_mouse_saves_validates_and_undoes_to_empty(window, qtbot, tmp_path):
    plan = draw(window, qtbot)
    document: Document = window.document
    drawn: MapSheet = document.model
    # free coordinates landed where the mouse was (snapped onto the wall)
    assert drawn.walls[1].apertures[0].at[0] == pytest.approx(plan.door1_at[0] + 0.3, abs=0.3)
    assert drawn.buildings[0].roof_accesses[0].at == pytest.approx(plan.room2_centre, abs=0.3)
    assert drawn == expected_sheet(plan, drawn)

    path = tmp_path / "drawn.yaml"
    document.save(path)
    loaded = load_document(path).model
    assert loaded == expected_sheet(plan, drawn)
    report = validate_paths([path])
    assert [p.format() for p in report.problems if p.severity == "error"] == []
    full = dumps(document.model)
    assert path.read_text(encoding="utf-8") == full

    stack = document.undo_stack
    # one entry per shape, symbol and aperture: the split is one, the roof drag is one
    assert stack.count() == 14
    empty = dumps(
        window.editing.current_document().model.__class__.model_validate(
            {"id": "A", "size": drawn.size, "grid": drawn.grid.model_dump(), "title": drawn.title}
        )
    )
    for _ in range(stack.count()):
        qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stack.index() == 0
    assert dumps(document.model) == empty
    assert window.scene.items_by_pointer == {}
    for _ in range(stack.count()):
        qtbot.keyClick(
            window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
        )
    assert dumps(document.model) == full
    # 4 walls, 4 apertures, the building, 3 rooms, 2 zones, the roof access, the manhole
    assert len(window.scene.items_by_pointer) == 16
