"""Hex numbers stay readable: a number whose usual place (near the top edge) is covered by
an aperture's arrow, a roof access, a manhole or a building's tag moves to the bottom edge
(issue 17, first impressions: "13▼4")."""

from __future__ import annotations

from editor.canvas.building_items import BuildingTagItem, RoofAccessItem
from editor.canvas.manhole_item import ManholeItem
from editor.canvas.wall_items import ApertureItem
from editor.commands import SetProperty

from .conftest import SAMPLE_SHEET

SYMBOLS = (ApertureItem, RoofAccessItem, ManholeItem, BuildingTagItem)


def symbol_rects(window):
    return [
        item.mapRectToScene(item.path().boundingRect())
        for item in window.scene.items_by_pointer.values()
        if isinstance(item, SYMBOLS)
    ]


def covered_numbers(window) -> list[str]:
    grid_item = window.scene._hex_item
    rects = symbol_rects(window)
    return [
        label
        for label in grid_item._label_paths
        if any(r.intersects(grid_item.label_rect(label)) for r in rects)
    ]


def test_hex_numbers_make_way_for_arrows_and_dots(window):
    window.load(SAMPLE_SHEET)
    grid_item = window.scene._hex_item
    assert len(grid_item.lowered) > 10  # the sample has many doors on hex tops
    # the door of building 32's south front points down through 1206's number place
    assert "1206" in grid_item.lowered
    top = grid_item._label_paths["1206"].boundingRect()
    assert any(r.intersects(top) for r in symbol_rects(window))
    # every number is clear of every symbol, but those covered in both places
    for label in covered_numbers(window):
        bottom = grid_item._label_paths[label].boundingRect().translated(0, grid_item._label_drop)
        assert any(r.intersects(bottom) for r in symbol_rects(window)), label
    assert "0709" not in grid_item.lowered  # a clear hex keeps its number at the top


def test_a_number_goes_back_up_when_the_arrow_goes(window):
    window.load(SAMPLE_SHEET)
    grid_item = window.scene._hex_item
    lowered = set(grid_item.lowered)
    doc = window.document
    walls = doc.model.walls
    w = next(i for i, wall in enumerate(walls) if wall.apertures)
    change = (f"/walls/{w}/apertures", walls[w].apertures, [])
    doc.undo_stack.push(SetProperty(doc, "Remove apertures", [change]))
    assert window.scene._hex_item.lowered < lowered
    doc.undo_stack.undo()
    assert window.scene._hex_item.lowered == lowered
