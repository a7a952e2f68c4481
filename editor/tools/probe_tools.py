"""Probes that ask the rules engine about the sheet being drawn: line of sight between two
locations (with the engine's verdict, reason and rule) and the reach of a foot or vehicle
block. They read the model and never change it, so they push no commands."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QWidget,
)

from engine.battlefield import Battlefield, Placement, compile_sheets
from engine.battlefield.los import LosResult, los
from engine.battlefield.movement import Mover, Unit, reach
from engine.geometry.polygons import contains_point
from engine.model.sheet import MapSheet, SheetKind

from ..canvas.locator import Locator
from .base import Tool, ToolEvent
from .overlays import Z_OVERLAY, cosmetic

CLEAR = QColor("#1f9d55")
BLOCKED = QColor("#d64545")
REACH_NEAR = QColor(40, 160, 90, 110)
REACH_FAR = QColor(230, 180, 40, 90)


def battlefield_of(sheet: MapSheet) -> Battlefield:
    """The compiled battlefield of one sheet (cached by content: recompiled after edits)."""
    if sheet.kind == SheetKind.underground:
        return compile_sheets([], [sheet])
    return compile_sheets([(sheet, Placement())])


def location_at(sheet: MapSheet, bf: Battlefield, p: tuple[float, float], roof: bool) -> str | None:
    """The location under a point: with `roof`, the roof of the building under it."""
    if roof:
        for building in sheet.buildings:
            if contains_point(building.outline, p) and f"{building.id}.R" in bf.by_id:
                return f"{building.id}.R"
    ident = Locator(sheet).location_at(*p)
    return ident if ident in bf.by_id else None


class _Overlay:
    """Overlay items of a probe, removed together."""

    def __init__(self, scene: QGraphicsScene):
        self.scene = scene
        self.items: list[QGraphicsItem] = []

    def add(self, item: QGraphicsItem) -> QGraphicsItem:
        item.setZValue(Z_OVERLAY)
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self.items.clear()


def _dot(at: tuple[float, float], colour: QColor, radius: float) -> QGraphicsPathItem:
    path = QPainterPath()
    path.addEllipse(QRectF(at[0] - radius, at[1] - radius, 2 * radius, 2 * radius))
    item = QGraphicsPathItem(path)
    item.setPen(cosmetic(colour, 2.0))
    item.setBrush(QBrush(colour))
    return item


class _Probe(Tool):
    """A tool that asks about the location clicked (Shift: the roof of the building)."""

    def picked(self, event: ToolEvent, what: str) -> str | None:
        sheet = self.ctx.sheet
        if sheet is None or event.button != Qt.MouseButton.LeftButton:
            return None
        ident = location_at(sheet, battlefield_of(sheet), event.pos, roof=event.shift)
        if ident is None:
            self.ctx.show_status(f"{what}: not a location (hexes under buildings are not locations)")
        return ident


class LosProbeTool(_Probe):
    name = "Line of sight"
    key = "I"
    tip = "Click two locations to see their line of sight (Shift-click: the roof of a building)"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.first: str | None = None
        self.result: LosResult | None = None
        self.pair: tuple[str, str] | None = None
        self.overlay = _Overlay(ctx.scene)
        self.verdict = QLabel()

    def make_options(self) -> QWidget:
        return self.verdict

    def mouse_press(self, event: ToolEvent) -> None:
        ident = self.picked(event, "Line of sight")
        sheet = self.ctx.sheet
        if ident is None or sheet is None:
            return
        bf = battlefield_of(sheet)
        if self.first is None or self.pair is not None:
            self.overlay.clear()
            self.first, self.pair, self.result = ident, None, None
            self.overlay.add(_dot(bf.location(ident).centre, CLEAR, sheet.grid.size * 0.18))
            self._say(f"From {ident}: click the other location")
            return
        self.probe(self.first, ident)

    def probe(self, a: str, b: str) -> LosResult:
        """Ask the engine and draw the answer (also used by tests and scripts)."""
        sheet = self.ctx.sheet
        assert sheet is not None
        bf = battlefield_of(sheet)
        result = los(bf, a, b)
        self.first, self.pair, self.result = a, (a, b), result
        self.overlay.clear()
        pa, pb = bf.location(a).centre, bf.location(b).centre
        if result.via is not None:  # into a building: the line runs to the aperture
            ap = bf.apertures[result.via].at
            pb = ap if bf.location(b).interior else pb
            pa = ap if bf.location(a).interior else pa
        colour = CLEAR if result.clear else BLOCKED
        line = QPainterPath(QPointF(*pa))
        line.lineTo(QPointF(*pb))
        item = QGraphicsPathItem(line)
        item.setPen(cosmetic(colour, 2.5, dashed=not result.clear))
        self.overlay.add(item)
        r = sheet.grid.size * 0.18
        self.overlay.add(_dot(bf.location(a).centre, colour, r))
        self.overlay.add(_dot(bf.location(b).centre, colour, r))
        if result.point is not None:
            x, y = result.point
            cross = QPainterPath(QPointF(x - r * 1.5, y - r * 1.5))
            cross.lineTo(QPointF(x + r * 1.5, y + r * 1.5))
            cross.moveTo(QPointF(x - r * 1.5, y + r * 1.5))
            cross.lineTo(QPointF(x + r * 1.5, y - r * 1.5))
            mark = QGraphicsPathItem(cross)
            mark.setPen(cosmetic(BLOCKED, 3.0))
            self.overlay.add(mark)
        verdict = "clear" if result.clear else "blocked"
        self._say(f"{a} → {b}: {verdict} — {result.reason} ({result.rule})")
        return result

    def _say(self, text: str) -> None:
        self.verdict.setText(text)
        self.ctx.show_status(f"Line of sight: {text}")

    def cancel(self) -> None:
        self.first = None

    def deactivate(self) -> None:
        super().deactivate()
        self.overlay.clear()
        self.pair = None

    def model_changed(self) -> None:
        if self.pair is not None and self.ctx.sheet is not None:
            bf = battlefield_of(self.ctx.sheet)
            if all(ident in bf.by_id for ident in self.pair):
                self.probe(*self.pair)  # the map changed: ask again
            else:
                self.overlay.clear()
                self.pair = None


class ReachTool(_Probe):
    name = "Reach"
    key = "N"
    tip = "Click a location to shade where a block can go with the MP set in the options"

    def __init__(self, ctx):
        super().__init__(ctx)
        self.overlay = _Overlay(ctx.scene)
        self.origin: str | None = None
        self.reached: dict[str, int] = {}

    def make_options(self) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.unit = QComboBox()
        self.unit.addItems([u.value for u in Unit])
        self.ladder = QCheckBox("ladder")
        self.mp = QSpinBox()
        self.mp.setRange(0, 99)
        self.mp.setValue(6)
        self.mp.setSuffix(" MP")
        self.summary = QLabel()
        for w in (QLabel("Block:"), self.unit, self.ladder, self.mp, self.summary):
            row.addWidget(w)
        self.unit.currentTextChanged.connect(self._redo)
        self.ladder.toggled.connect(self._redo)
        self.mp.valueChanged.connect(self._redo)
        return box

    def mouse_press(self, event: ToolEvent) -> None:
        ident = self.picked(event, "Reach")
        if ident is not None:
            self.show_reach(ident)

    def show_reach(self, origin: str) -> dict[str, int]:
        sheet = self.ctx.sheet
        assert sheet is not None
        self.options_widget()
        bf = battlefield_of(sheet)
        mover = Mover(Unit(self.unit.currentText()), self.ladder.isChecked())
        budget = self.mp.value()
        self.origin = origin
        self.reached = reach(bf, origin, mover, budget)
        self.overlay.clear()
        font = QFont()
        font.setPointSizeF(max(sheet.grid.size * 0.35, 1.0))
        for ident, cost in self.reached.items():
            loc = bf.location(ident)
            t = cost / budget if budget else 0.0
            colour = QColor(
                int(REACH_NEAR.red() + (REACH_FAR.red() - REACH_NEAR.red()) * t),
                int(REACH_NEAR.green() + (REACH_FAR.green() - REACH_NEAR.green()) * t),
                int(REACH_NEAR.blue() + (REACH_FAR.blue() - REACH_NEAR.blue()) * t),
                REACH_NEAR.alpha(),
            )
            path = QPainterPath(QPointF(*loc.outline[0]))
            for p in loc.outline[1:]:
                path.lineTo(QPointF(*p))
            path.closeSubpath()
            shade = QGraphicsPathItem(path)
            shade.setPen(QPen(Qt.PenStyle.NoPen))
            shade.setBrush(QBrush(colour))
            self.overlay.add(shade)
            label = QGraphicsSimpleTextItem(str(cost))
            label.setFont(font)
            rect = label.boundingRect()
            label.setPos(loc.centre[0] - rect.width() / 2, loc.centre[1] - rect.height() / 2)
            self.overlay.add(label)
        text = f"{len(self.reached)} locations within {budget} MP of {origin} ({mover.unit.value}"
        text += ", ladder)" if mover.ladder else ")"
        self.summary.setText(text)
        self.ctx.show_status(f"Reach: {text}")
        return self.reached

    def _redo(self) -> None:
        if self.origin is not None and self.ctx.sheet is not None:
            self.show_reach(self.origin)

    def deactivate(self) -> None:
        super().deactivate()
        self.overlay.clear()
        self.origin = None

    def model_changed(self) -> None:
        if self.origin is not None and self.ctx.sheet is not None:
            if self.origin in battlefield_of(self.ctx.sheet).by_id:
                self.show_reach(self.origin)
            else:
                self.overlay.clear()
                self.origin = None
