"""The sheet is drawn by a few batched layers; the items of the model objects draw nothing
unless selected, and the layers follow edits and the Layers panel."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsItem

from editor.canvas.batch import BatchItem
from editor.canvas.layers import Layer
from editor.commands.add_remove import RemoveObjects

NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents


def render(window, rect: QRectF, scale: float) -> QImage:
    """The view's picture of `rect` (sheet mm) at `scale` pixels per mm, antialiased as
    on screen."""
    view = window.view
    QApplication.processEvents()
    view.zoom(scale / view.current_scale())
    view.centerOn(rect.center())
    QApplication.processEvents()  # scroll bars come and go with the zoom
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHints(view.renderHints())
    view.render(painter)
    painter.end()
    return image


def painted(window) -> set[str]:
    return {p for p, item in window.scene.items_by_pointer.items() if not item.flags() & NO_CONTENTS}


def test_an_edit_redraws_the_layer_and_undo_restores_it(window, sheet_file):
    window.load(sheet_file)
    wall = window.scene.sheet.walls[0]
    (x1, y1), (x2, y2) = wall.points[0], wall.points[1]
    area = QRectF(QPointF(x1, y1), QPointF(x2, y2)).normalized().adjusted(-5, -5, 5, 5)
    before = render(window, area, 6.0)
    document = window.document
    document.undo_stack.push(RemoveObjects(document, "Remove wall", ["/walls/0"]))
    assert wall not in window.scene.sheet.walls
    after = render(window, area, 6.0)
    assert after != before
    document.undo_stack.undo()
    assert render(window, area, 6.0) == before


def test_only_selected_items_paint_themselves(window, sheet_file):
    window.load(sheet_file)
    scene = window.scene
    assert painted(window) == set()
    area = scene.items_by_pointer["/buildings/0"].sceneBoundingRect()
    plain = render(window, area, 4.0)
    scene.select_pointers(["/buildings/0", "/walls/3"])
    assert painted(window) == {"/buildings/0", "/walls/3"}
    assert render(window, area, 4.0) != plain  # the halo
    # an edit rebuilds the items: the selection, and who paints, survive it
    window.show_sheet(window.sheet_index)
    assert painted(window) == {"/buildings/0", "/walls/3"}
    scene.clearSelection()
    assert painted(window) == set()
    assert render(window, area, 4.0) == plain


def test_layer_toggles_hide_the_batched_layers(window, sheet_file):
    window.load(sheet_file)
    panel = window.digitising.panel

    def shown() -> dict[str, set[bool]]:
        out: dict[str, set[bool]] = {}
        for item in window.scene.items():
            if isinstance(item, BatchItem):
                out.setdefault(str(item.layer), set()).add(item.isVisible())
        return out

    assert set(shown()) == {Layer.buildings, Layer.walls, Layer.apertures, Layer.manholes}
    panel.toggles[Layer.walls].setChecked(False)
    panel.toggles[Layer.manholes].setChecked(False)
    assert shown() == {
        Layer.buildings: {True},
        Layer.walls: {False},
        Layer.apertures: {True},
        Layer.manholes: {False},
    }
    # and after an edit rebuilds them
    window.show_sheet(window.sheet_index)
    assert shown()[Layer.walls] == {False}
    panel.toggles[Layer.walls].setChecked(True)
    assert shown()[Layer.walls] == {True}
