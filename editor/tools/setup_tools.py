"""Setting a scenario up on the map (issue 11 item 4), one tool with five modes chosen in
its options: deployment areas painted as sets of locations (a stroke over hexes, a click
on a room or zone), a reinforcement's entry hexes, No Man's Land counters, a side's
environment allotments and control objectives, each picked on the map; a sixth mode,
Blocks, selects a block drawn on the map in the order of battle and sets it up elsewhere
when dragged (refused where it may not stand, as a drop from the tree is).

A click adds the location under the cursor, Shift+click (or a Shift stroke) takes it away;
one stroke is one undo entry. The tool edits the open scenario's document, never the sheet
shown on the canvas; its locations are the ones the compiled battlefield knows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QWidget

from engine.model.scenario import (
    ControlLocations,
    CounterKind,
    DeploymentArea,
    Entry,
    Environment,
    NoMansLandCounter,
    Scenario,
)

from ..commands import AddObjects, ChangeValues, RemoveObjects
from .base import Tool, ToolContext, ToolEvent
from .keep_keys import KeepKeys

if TYPE_CHECKING:
    from ..document import Document


class SetupStroke(ChangeValues):
    """Changes of one stroke of the set-up tool: merged into one undo entry."""

    MERGE_ID = 1101


@dataclass(frozen=True)
class BlockHooks:
    """What the Blocks mode asks of the order-of-battle dock."""

    #: the pointers of the blocks drawn at a point of the canvas (the top one first)
    at: Callable[[tuple[float, float]], list[str]]
    select: Callable[[list[str]], None]
    #: set blocks up at the location under a point; False (and a status message) if refused
    place: Callable[[list[str], tuple[float, float]], bool]


@dataclass(frozen=True)
class Mode:
    key: str
    label: str
    tip: str


MODES = [
    Mode("deployment", "Deployment area", "paint a side's deployment area: click or stroke over locations"),
    Mode("entry", "Entry hexes", "pick a reinforcement's entry hexes"),
    Mode("nml", "NML counter", "place a No Man's Land counter; Shift+click removes the counters there"),
    Mode("allotment", "Allotment", "place a side's environment counters fixed by the scenario"),
    Mode("objective", "Objective", "pick the locations a control condition names"),
    Mode(
        "blocks",
        "Blocks",
        "click a block to select it in the order of battle, drag it to set it up elsewhere",
    ),
]
NEW_AREA = "(new area)"
ALLOTMENTS = list(Environment.model_fields)


class SetupTool(Tool):
    name = "Set-up"
    key = "K"
    tip = "Set-up"

    def __init__(
        self,
        ctx: ToolContext,
        document: Callable[[], Document | None],
        is_location: Callable[[str], bool],
        history: Callable[[bool], None] = lambda _on: None,
        blocks: BlockHooks | None = None,
    ):
        super().__init__(ctx)
        self.scenario_document = document
        self.is_location = is_location
        #: called with True when the tool starts (Edit > Undo then reaches the scenario's
        #: history, which the tool edits) and False when it ends (back to the sheet's)
        self.history = history
        self.blocks = blocks
        self._dragged: list[str] = []
        self._stroke = 0
        self._removing = False
        self._done: set[str] = set()
        self._listed_mode: str | None = None  # the mode the target list was filled for

    # -- options -------------------------------------------------------------------------
    def make_options(self) -> QWidget:
        box = QWidget()
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 0, 0, 0)
        self.mode_box = QComboBox()
        self.mode_box.setObjectName("setup_mode")
        self.mode_box.addItems([m.label for m in MODES])
        self.side_box = QComboBox()
        self.side_box.setObjectName("setup_side")
        self.side_box.addItems(["green", "red"])
        self.target_box = QComboBox()
        self.target_box.setObjectName("setup_target")
        self.target_box.setMinimumContentsLength(14)
        # typed letters choose an item ('r' for red) instead of picking the Room tool
        self._keep_keys = KeepKeys(box)
        for combo in (self.mode_box, self.side_box, self.target_box):
            combo.installEventFilter(self._keep_keys)
        for label, widget in (("Mode", self.mode_box), ("Side", self.side_box), ("", self.target_box)):
            if label:
                row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addStretch(1)
        self.mode_box.currentIndexChanged.connect(self.refresh_targets)
        self.side_box.currentIndexChanged.connect(self.refresh_targets)
        self.target_box.currentIndexChanged.connect(lambda _i: self.update_status())
        return box

    @property
    def mode(self) -> str:
        self.options_widget()
        return MODES[self.mode_box.currentIndex()].key

    @property
    def side(self) -> str:
        self.options_widget()
        return self.side_box.currentText()

    def activate(self) -> None:
        self.refresh_targets()
        super().activate()
        self.history(True)

    def deactivate(self) -> None:
        super().deactivate()
        self.history(False)

    def model_changed(self) -> None:
        self.refresh_targets()

    def refresh_targets(self, _index: int = -1) -> None:
        self.options_widget()
        scenario = self.scenario
        # the choice is kept when the list is refreshed in the same mode; another mode's list
        # starts at its first item (an NML kind and an allotment may share a name: ied_uxo)
        held = self.target_box.currentText() if self._listed_mode == self.mode else ""
        self._listed_mode = self.mode
        items: list[str] = []
        if scenario is not None:
            setup = getattr(scenario.sides, self.side)
            mode = self.mode
            if mode == "deployment":
                items = [a.id for a in setup.deployment] + [NEW_AREA]
            elif mode == "entry":
                items = [f.id for f in setup.impulse_forces]
            elif mode == "nml":
                items = [k.value for k in CounterKind]
            elif mode == "allotment":
                items = ALLOTMENTS
            elif mode == "blocks":
                items = []
            else:
                items = [c.id for c in scenario.victory.conditions if isinstance(c, ControlLocations)]
        self.side_box.setEnabled(self.mode not in ("nml", "objective", "blocks"))
        self.target_box.setVisible(self.mode != "blocks")
        self.target_box.blockSignals(True)
        self.target_box.clear()
        self.target_box.addItems(items)
        if held in items:
            self.target_box.setCurrentText(held)
        self.target_box.blockSignals(False)
        if self.active:
            self.update_status()

    def status_text(self) -> str:
        if self.scenario is None:
            return "Set-up: open a scenario to set it up on its map"
        mode = next(m for m in MODES if m.key == self.mode)
        return f"Set-up, {mode.label.lower()} {self.target_box.currentText()}: {mode.tip}; Shift takes away"

    # -- the scenario --------------------------------------------------------------------
    @property
    def scenario(self) -> Scenario | None:
        doc = self.scenario_document()
        return doc.model if doc is not None and isinstance(doc.model, Scenario) else None

    def _push(self, command: Any) -> None:
        doc = self.scenario_document()
        if doc is not None:
            doc.undo_stack.push(command)

    # -- events --------------------------------------------------------------------------
    def mouse_press(self, event: ToolEvent) -> None:
        if self.scenario is None:
            self.update_status()
            return
        if self.mode == "blocks":
            self._press_block(event)
            return
        self._stroke += 1
        self._removing = event.shift
        self._done = set()
        self._apply(event)

    def _press_block(self, event: ToolEvent) -> None:
        self._dragged = []
        if self.blocks is None:
            return
        under = self.blocks.at(event.pos)
        if under:
            self._dragged = under[:1]
            self.blocks.select(self._dragged)

    def mouse_move(self, event: ToolEvent) -> None:
        # only painting strokes go on: the other modes take one location a click
        if event.buttons and self.mode in ("deployment", "allotment", "objective", "entry"):
            self._apply(event)

    def mouse_release(self, event: ToolEvent) -> None:
        self._done = set()
        if self.mode == "blocks" and self._dragged and self.blocks is not None:
            if self.blocks.at(event.pos)[:1] != self._dragged:  # dropped somewhere else
                self.blocks.place(self._dragged, event.pos)
            self._dragged = []

    def _apply(self, event: ToolEvent) -> None:
        location = self.ctx.scene.location_at(*event.pos)
        if location is None or location in self._done:
            return
        self._done.add(location)
        if not self.is_location(location):
            self.ctx.show_status(f"{location} is not a location of the scenario's map")
            return
        getattr(self, f"_{self.mode}")(location)

    def _toggle_list(self, pointer: str, held: list[str], location: str, text: str, min_one: bool) -> None:
        if self._removing:
            if location not in held:
                return
            if min_one and len(held) == 1:
                self.ctx.show_status(f"{text}: the last location stays (remove the whole item instead)")
                return
            new = [x for x in held if x != location]
        else:
            if location in held:
                return
            new = [*held, location]
        self._push(
            SetupStroke(self.scenario_document(), text, [(pointer, held, new)], ("setup", self._stroke))
        )

    def _deployment(self, location: str) -> None:
        scenario = self.scenario
        assert scenario is not None
        setup = getattr(scenario.sides, self.side)
        target = self.target_box.currentText()
        base = f"/sides/{self.side}/deployment"
        ids = [a.id for a in setup.deployment]
        if target == NEW_AREA or target not in ids:
            if self._removing:
                return
            n = 1
            while f"{self.side}-area{n}" in ids:
                n += 1
            area = DeploymentArea(id=f"{self.side}-area{n}", locations=[location])
            # the new area and the rest of the stroke are one undo entry
            held_areas = list(setup.deployment)
            self._push(
                SetupStroke(
                    self.scenario_document(),
                    f"New deployment area {area.id}",
                    [(base, held_areas, [*held_areas, area])],
                    ("setup", self._stroke),
                )
            )
            self.refresh_targets()
            self.target_box.setCurrentText(area.id)
            return
        i = ids.index(target)
        held = list(setup.deployment[i].locations)
        self._toggle_list(f"{base}/{i}/locations", held, location, f"Paint deployment area {target}", True)

    def _entry(self, location: str) -> None:
        scenario = self.scenario
        assert scenario is not None
        forces = getattr(scenario.sides, self.side).impulse_forces
        ids = [f.id for f in forces]
        target = self.target_box.currentText()
        if target not in ids:
            return
        if "." in location or not location[:1].isalpha():
            self.ctx.show_status(f"{location}: reinforcements enter by hexes (7.1.1)")
            return
        f = ids.index(target)
        force = forces[f]
        pointer = f"/sides/{self.side}/impulse_forces/{f}/entry"
        if force.entry is None:
            if self._removing:
                return
            entry = Entry(turn=min(2, scenario.turns), hexes=[location])
            self._push(
                SetupStroke(
                    self.scenario_document(),
                    f"{target} enters at {location}",
                    [(pointer, None, entry)],
                    ("setup", self._stroke),
                )
            )
            return
        held = list(force.entry.hexes)
        self._toggle_list(pointer + "/hexes", held, location, f"Entry hexes of {target}", True)

    def _nml(self, location: str) -> None:
        scenario = self.scenario
        assert scenario is not None
        counters = scenario.no_mans_land
        if self._removing:
            gone = [f"/no_mans_land/{i}" for i, c in enumerate(counters) if c.at == location]
            if gone:
                self._push(
                    RemoveObjects(self.scenario_document(), f"Remove NML counters at {location}", gone)
                )
            return
        kind = self.target_box.currentText()
        ids = {c.id for c in counters}
        n = 1
        while f"nml-{kind}{n}" in ids:
            n += 1
        counter = NoMansLandCounter(id=f"nml-{kind}{n}", kind=CounterKind(kind), at=location)
        self._push(
            AddObjects(
                self.scenario_document(),
                f"Place {counter.id} at {location}",
                [(f"/no_mans_land/{len(counters)}", counter)],
            )
        )

    def _allotment(self, location: str) -> None:
        scenario = self.scenario
        assert scenario is not None
        kind = self.target_box.currentText()
        allotment = getattr(getattr(scenario.sides, self.side).environment, kind)
        pointer = f"/sides/{self.side}/environment/{kind}"
        held = list(allotment.locations)
        if self._removing:
            new = [x for x in held if x != location]
        elif location in held:
            return
        else:
            new = [*held, location]
        if new == held:
            return
        # the count covers the counters placed (at most `count` are fixed by the scenario)
        changes = [(pointer + "/locations", held, new)]
        if len(new) > allotment.count:
            changes.append((pointer + "/count", allotment.count, len(new)))
        text = f"{kind.replace('_', ' ').capitalize()} of {self.side} at {location}"
        self._push(SetupStroke(self.scenario_document(), text, changes, ("setup", self._stroke)))

    def _objective(self, location: str) -> None:
        scenario = self.scenario
        assert scenario is not None
        target = self.target_box.currentText()
        for i, c in enumerate(scenario.victory.conditions):
            if isinstance(c, ControlLocations) and c.id == target:
                held = list(c.locations)
                self._toggle_list(
                    f"/victory/conditions/{i}/locations", held, location, f"Objective {target}", True
                )
                return
        self.ctx.show_status("Set-up: add a control condition on the Victory page first")
