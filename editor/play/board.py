"""The board: the editor's map canvas (editor/canvas) - a sheet, or every sheet of the
assembly (assembly.py) - with the game drawn over it as a layer of items
(editor/play/items.py), from one side's observation and briefing only.

Clicks are turned into offers (offers.py) here: an own block offered, a highlighted
location, an enemy block targeted. A click with one offer plays it; with several, a menu
names them where the click was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from PySide6.QtCore import QPoint, QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QMouseEvent, QPen
from PySide6.QtWidgets import (
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsLineItem,
    QGraphicsSimpleTextItem,
    QMenu,
)

from engine.battlefield import Battlefield
from engine.battlefield.compile import Placement
from engine.model.scenario import Side
from engine.model.sheet import MapSheet
from engine.rules.uo.briefing import Briefing
from engine.rules.uo.observation import Markers, Observation

from ..canvas import SheetScene, SheetView
from ..export.source import PlacedSheet
from .assembly import SheetPicture, assembly_rect
from .estimates import reach_hint, target_info
from .items import (
    SYMBOL,
    Z_TARGET,
    BlockItem,
    BlockLook,
    ChipItem,
    CounterItem,
    LitItem,
    PlaceItem,
    ReachItem,
    RingItem,
    TargetItem,
)
from .marks import Mark, StrikeLook
from .offers import Offer, Offers


@dataclass(frozen=True)
class Layer:
    """A map the board can show: the surface (every sheet of the assembly) or an
    underground insert."""

    label: str
    layer: str  # battlefield layer: "surface" or the insert's id
    sheet: MapSheet  # the first sheet (an insert: itself)
    base_dir: Path | None
    placement: Placement = field(default_factory=Placement)
    #: the assembly's further surface sheets, each at its place
    others: tuple[PlacedSheet, ...] = ()

    @property
    def placed(self) -> list[PlacedSheet]:
        return [PlacedSheet(self.sheet, self.placement, self.base_dir), *self.others]

    @property
    def assembled(self) -> bool:
        """More than one sheet, or one not where its own frame is: drawn as an assembly."""
        return bool(self.others) or self.placement != Placement()


def marker_letters(m: Markers | None) -> str:
    if m is None:
        return ""
    return ("A" if m.activated else "") + ("R" if m.reaction else "") + ("C" if m.completed else "")


def looks(observations: Iterable[Observation], briefings: dict[Side, Briefing]) -> list[BlockLook]:
    """The blocks to draw: each observation's own blocks in full, and, from a single side's
    view, the enemy blocks it sees (blank unless revealed)."""
    out: list[BlockLook] = []
    obs_list = list(observations)
    for obs in obs_list:
        brief = briefings[obs.side]
        # armour cover pairs (10.4): each block's partner, marked P on both
        partner = {a: b for pair in getattr(obs, "pairs", ()) for a, b in (pair, pair[::-1])}
        for b in obs.own:
            if not b.on_map or b.location is None:
                continue
            info = brief.own[b.id]
            paired = f", in an armour cover pair with {partner[b.id]} (10.4)" if b.id in partner else ""
            out.append(
                BlockLook(
                    side=obs.side,
                    location=b.location,
                    key=b.id,
                    own=True,
                    symbol=SYMBOL[b.type],
                    levels=info.levels,
                    losses=b.losses,
                    markers=marker_letters(b.markers) + ("P" if paired else ""),
                    revealed=b.revealed,
                    tip=f"{b.id}: {info.profile.name} ({'dummy' if b.type is None else b.type.value}), "
                    f"{info.levels - b.losses}/{info.levels} OSL{'' if b.revealed else ', hidden'}{paired}",
                )
            )
    if len(obs_list) == 1:
        obs = obs_list[0]
        brief = briefings[obs.side]
        for n, e in enumerate(obs.enemies):
            if e.revealed and e.identity is not None:
                pub = brief.enemy[e.identity]
                out.append(
                    BlockLook(
                        side=brief.enemy_side,
                        location=e.location,
                        key=f"enemy@{e.location}#{n}",
                        own=False,
                        symbol=SYMBOL[e.type],
                        levels=pub.profile.osl_levels,
                        losses=e.losses or 0,
                        markers=marker_letters(e.markers),
                        tip=f"enemy {pub.profile.name} ({pub.type.value}), "
                        f"{pub.profile.osl_levels - (e.losses or 0)}/{pub.profile.osl_levels} OSL",
                    )
                )
            else:
                out.append(
                    BlockLook(
                        side=brief.enemy_side,
                        location=e.location,
                        key=f"enemy@{e.location}#{n}",
                        own=False,
                        symbol=None,
                        tip="an enemy block (hidden)",
                    )
                )
    return out


class BoardView(SheetView):
    """The map canvas in play: shows one layer, the blocks on it, and what may be clicked."""

    #: an offer the player picked (by a click, or a click then a menu entry)
    picked = Signal(object)

    def __init__(self, parent: object = None):
        self.board_scene = SheetScene(parent)
        super().__init__(self.board_scene)
        self.setDragMode(SheetView.DragMode.NoDrag)
        self.bf: Battlefield | None = None
        self.layer: Layer | None = None
        self.block_items: list[BlockItem] = []
        self.overlay: list[QGraphicsItem] = []
        #: what is drawn, by what it shows: kept from one redraw to the next when unchanged
        self._drawn: dict[tuple[object, ...], QGraphicsItem] = {}
        self.offers: Offers | None = None
        self.selected: str | None = None  # the off-map block chosen to set up or bring on
        self.block_size = 5.0
        self.menu: QMenu | None = None
        #: an assembly's sheets (none when the board shows one sheet in its own frame)
        self.sheet_pictures: list[SheetPicture] = []

    # -- drawing ---------------------------------------------------------------------------
    def show_layer(self, layer: Layer, bf: Battlefield) -> None:
        self.bf = bf
        self.layer = layer
        for picture in self.sheet_pictures:
            if picture.scene() is self.board_scene:
                self.board_scene.removeItem(picture)
        self.sheet_pictures = []
        if layer.assembled:
            # the battlefield's assembly frame: each sheet drawn at its place
            self.board_scene.set_sheet(None)
            self.sheet_pictures = [SheetPicture(p) for p in layer.placed]
            for picture in self.sheet_pictures:
                self.board_scene.addItem(picture)
            self.board_scene.setSceneRect(assembly_rect(self.sheet_pictures))
        else:
            self.board_scene.set_sheet(layer.sheet, layer.base_dir)
        for item in self.board_scene.items():
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, False)
        for item in self._drawn.values():
            if item.scene() is self.board_scene:
                self.board_scene.removeItem(item)
        self._drawn = {}
        self.block_items, self.overlay = [], []
        self.block_size = min(p.sheet.grid.size for p in layer.placed) * 1.35  # nearly fills its hex
        self.fit_sheet()

    def fit_sheet(self) -> None:
        """Show the whole map: the sheet, or the whole assembly."""
        if self.sheet_pictures:
            self.fitInView(self.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
            self._fitted = True
        else:
            super().fit_sheet()

    def centre(self, location: str) -> tuple[float, float] | None:
        if self.bf is None or self.layer is None:
            return None
        try:
            loc = self.bf.location(location)
        except KeyError:
            return None
        if loc.layer != self.layer.layer:
            return None
        return loc.centre

    def draw(
        self,
        blocks: list[BlockLook],
        marks: Iterable[Mark],
        offers: Offers | None,
        selected: str | None,
        active: str | None,
        fight: tuple[str, str] | None = None,
        strikes: Iterable[StrikeLook] = (),
        lit: Iterable[str] = (),
        planned: Iterable[tuple[str, str]] = (),
    ) -> None:
        """Redraw the game layer: blocks, counters and markers (`marks`), this turn's 3D
        strikes with their rings, the flare-lit locations, the side's own planned T+1
        missions (target, label) and, for a human's decision, its offers. Items whose look
        did not change stay: only what changed is repainted (a click repaints a few blocks,
        not the whole map)."""
        self.offers, self.selected = offers, selected
        size = self.block_size
        wanted: dict[tuple[object, ...], Callable[[], QGraphicsItem]] = {}
        by_place: dict[str, int] = {}
        offered = offers.blocks() if offers is not None else set()
        for look in blocks:
            c = self.centre(look.location)
            if c is None:
                continue
            n = by_place.get(look.location, 0)
            by_place[look.location] = n + 1
            pos = (c[0] + n * size * 0.35, c[1] - n * size * 0.35)  # passing through (8.1.1)
            key: tuple[object, ...] = ("block", look, pos, look.key in offered, look.key == active)
            wanted[key] = partial(self._block, look, pos, look.key in offered, look.key == active)
        chips: dict[str, int] = {}
        for mark in marks:
            if self.centre(mark.location) is None:
                continue
            n = chips.get(mark.location, 0)
            chips[mark.location] = n + 1
            wanted[("mark", mark, n)] = partial(self._chip, mark, n)
        for strike in strikes:
            if self.centre(strike.target) is not None:
                wanted[("strike", strike)] = partial(self._ring, strike)
        shown_lit = tuple(sorted(loc for loc in lit if self.centre(loc) is not None))
        if shown_lit:
            wanted[("lit", shown_lit)] = partial(self._lit, shown_lit)
        for target, label in planned:
            if self.centre(target) is not None:
                wanted[("planned", target, label)] = partial(self._planned, target, label)
        if fight is not None and self.centre(fight[0]) is not None and self.centre(fight[1]) is not None:
            wanted[("fight", *fight)] = partial(self._fight_line, *fight)
        if offers is not None and self.bf is not None:
            places = offers.places(selected)
            further = tuple(
                (self.bf.location(loc).outline, mp)
                for loc, mp in sorted(reach_hint(offers.observation, offers.briefing).items())
                if loc not in places and self.centre(loc) is not None
            )
            if further:
                wanted[("reach", further)] = partial(ReachItem, list(further), size)
            for loc, offer in places.items():
                if self.centre(loc) is None:
                    continue
                label = f"{offer.mp} MP" if offer.mp is not None else ""
                tip = " / ".join(o.label for o in offers.at_place(loc, selected))
                wanted[("place", loc, label, tip)] = partial(self._place, loc, label, tip)
            for loc in offers.targets():
                c = self.centre(loc)
                if c is None:
                    continue
                tip = self.target_tip(loc)
                wanted[("target", loc, tip)] = partial(TargetItem, loc, c, size, tip)
        scene = self.board_scene
        for key in list(self._drawn):
            if key not in wanted:
                scene.removeItem(self._drawn.pop(key))
        for key, make in wanted.items():
            if key not in self._drawn:
                item = make()
                scene.addItem(item)
                self._drawn[key] = item
        self.block_items = [i for i in self._drawn.values() if isinstance(i, BlockItem)]
        self.overlay = [i for i in self._drawn.values() if not isinstance(i, BlockItem)]

    def _block(self, look: BlockLook, pos: tuple[float, float], offered: bool, active: bool) -> BlockItem:
        item = BlockItem(look, self.block_size)
        item.setPos(*pos)
        item.offered = offered
        item.selected_block = active
        return item

    def _fight_line(self, firer_at: str, target_at: str) -> QGraphicsItem:
        """The fight declared (8.2.7.1): a red line from the firer to its target."""
        a, b = self.centre(firer_at), self.centre(target_at)
        assert a is not None and b is not None
        item = QGraphicsLineItem(a[0], a[1], b[0], b[1])
        pen = QPen(QColor(213, 0, 0, 200), self.block_size * 0.12)
        pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setZValue(Z_TARGET)
        return item

    def _place(self, loc: str, label: str, tip: str) -> PlaceItem:
        assert self.bf is not None
        item = PlaceItem(loc, self.bf.location(loc).outline, label, self.block_size)
        item.setToolTip(tip)
        return item

    def target_tip(self, location: str) -> str:
        """What a target offers: each fire, assault or scout, as the engine's legal actions
        name it (the range band and firepower are in the entry's label when known)."""
        assert self.offers is not None
        obs, brief = self.offers.observation, self.offers.briefing
        lines = []
        for o in self.offers.at_target(location):
            info = target_info(o.action, obs, brief)
            lines.append(f"{o.label}: {info}" if info else o.label)
        return "\n".join(lines)

    def _outline(self, location: str) -> tuple[tuple[float, float], ...] | None:
        assert self.bf is not None
        loc = self.bf.location(location)
        if self.layer is None or loc.layer != self.layer.layer:
            return None
        return loc.outline

    def _chip(self, mark: Mark, n: int) -> ChipItem:
        c = self.centre(mark.location)
        assert c is not None
        return ChipItem(mark.text, mark.kind, c, self.block_size, n, mark.tip)

    def _ring(self, strike: StrikeLook) -> RingItem:
        c = self.centre(strike.target)
        assert c is not None
        cells = [
            (outline, cell.taken, cell.fortified)
            for cell in strike.cells
            if (outline := self._outline(cell.location)) is not None
        ]
        area = [o for loc in strike.area if (o := self._outline(loc)) is not None]
        lines = [strike.tip] + [
            f"{cell.location}: {cell.distance} EP, {cell.taken} OSL"
            + (f" (fortified: {cell.osl} less 1)" if cell.fortified else "")
            for cell in strike.cells
        ]
        here = next((cell.taken for cell in strike.cells if cell.location == strike.target), None)
        # the target's own number is under the blocks there: said with the card's name
        label = strike.name if here is None else f"{strike.name}: -{here} OSL on {strike.target}"
        return RingItem(cells, area, c, label, self.block_size, "\n".join(lines))

    def _lit(self, locations: tuple[str, ...]) -> LitItem:
        return LitItem([o for loc in locations if (o := self._outline(loc)) is not None])

    def _planned(self, target: str, label: str) -> QGraphicsItem:
        """An own T+1 mission to come (7.3.3.1): a dashed circle on its target, named."""
        c = self.centre(target)
        assert c is not None
        r = self.block_size * 1.05
        item = QGraphicsEllipseItem(c[0] - r, c[1] - r, 2 * r, 2 * r)
        pen = QPen(QColor("#6a1b9a"), self.block_size * 0.08)
        pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        item.setZValue(Z_TARGET - 1)
        item.setToolTip(label)
        text = QGraphicsSimpleTextItem(label, item)
        font = QFont()
        font.setPointSizeF(max(0.5, self.block_size * 0.28))
        font.setBold(True)
        text.setFont(font)
        text.setBrush(QBrush(QColor("#6a1b9a")))
        br = text.boundingRect()
        text.setPos(c[0] - br.width() / 2, c[1] + self.block_size * 1.15)
        return item

    def _counter(self, loc: str, text: str, colour: QColor) -> CounterItem:
        c = self.centre(loc)
        assert c is not None
        return CounterItem(text, c, self.block_size, colour)

    def flash(self, blocks: Iterable[str], locations: Iterable[str]) -> None:
        """Mark the blocks a hovered log entry names (by id, or standing at its locations)."""
        ids, locs = set(blocks), set(locations)
        for item in self.block_items:
            on = item.look.key in ids or item.look.location in locs
            if on != item.flash:
                item.flash = on
                item.update()

    # -- clicks ----------------------------------------------------------------------------
    def offers_at(self, scene_pos: QPointF) -> list[Offer]:
        """What a click at `scene_pos` offers: an offered own block, or a target; else every
        place under it (a roof and the room below share their outline: both are named)."""
        if self.offers is None:
            return []
        places: list[Offer] = []
        for item in self.board_scene.items(scene_pos):
            if isinstance(item, BlockItem):
                if item.look.own and (found := self.offers.at_block(item.look.key)):
                    return found
                if not item.look.own and (found := self.offers.at_target(item.look.location)):
                    return found
            elif isinstance(item, TargetItem):
                return self.offers.at_target(item.location)
            elif isinstance(item, PlaceItem) and item.contains(item.mapFromScene(scene_pos)):
                places += [o for o in self.offers.at_place(item.location, self.selected) if o not in places]
        return places

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        found = self.offers_at(self.mapToScene(event.position().toPoint()))
        event.accept()
        if len(found) == 1:
            self.picked.emit(found[0])
        elif found:
            self.show_menu(found, event.position().toPoint())

    def show_menu(self, found: list[Offer], at: QPoint) -> None:
        """Several offers at one place (weapons, fire or assault): a menu names them."""
        menu = QMenu(self)
        menu.setObjectName("offer_menu")
        for offer in found:
            action = menu.addAction(offer.label)
            action.triggered.connect(lambda _=False, o=offer: self.picked.emit(o))
        self.menu = menu
        menu.popup(self.viewport().mapToGlobal(at))

    def point_of(self, location: str) -> QPoint | None:
        """Where `location`'s centre is in the viewport (for tests and the in-place prompt)."""
        c = self.centre(location)
        if c is None:
            return None
        return self.mapFromScene(QPointF(*c))

    def point_of_block(self, key: str) -> QPoint | None:
        for item in self.block_items:
            if item.look.key == key:
                return self.mapFromScene(item.scenePos())
        return None


__all__ = ["BoardView", "Layer", "looks"]
