"""Victory page: conditions (control locations, control buildings, destroy, collateral)
and levels in tables, the most points each side can reach (engine/rules/uo/attainable.py)
so an unreachable level is red before any playtest; selecting a condition highlights its
objectives on the map."""

from __future__ import annotations

from collections.abc import Callable, Collection
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.model.cards import BlockType
from engine.model.scenario import (
    Collateral,
    ControlBuildings,
    ControlLocations,
    Destroy,
    Side,
    VictoryLevel,
)
from engine.rules.uo.attainable import Attainable, max_attainable

from ..commands.model_checks import Refused, built
from .edits import ScenarioEdits
from .fields import COVERED, DOUBLED, ProblemLabel
from .tables import fill, make_table

CONDITION_COLUMNS = ["Id", "Kind", "Side", "Objectives", "Count", "Points", "Description", "Most it adds"]
LEVEL_COLUMNS = ["Side", "Level", "Min points", "Reachable"]
KIND_NAMES = {
    "control": "control locations",
    "control_buildings": "control buildings",
    "destroy": "destroy",
    "collateral": "collateral",
}
CONDITION_TYPES: dict[str, Any] = {
    "control": ControlLocations,
    "control_buildings": ControlBuildings,
    "destroy": Destroy,
    "collateral": Collateral,
}
TYPE_NAMES = {t.value for t in BlockType}


class MapFacts:
    """What the victory page asks of the assembled map (None when it could not be built)."""

    def __init__(
        self,
        is_location: Callable[[str], bool] | None = None,
        buildings: Collection[str] | None = None,
        first_hex: str | None = None,
    ):
        self.is_location = is_location
        self.buildings = buildings
        self.first_hex = first_hex


def objectives(cond: Any) -> list[str]:
    if isinstance(cond, ControlLocations):
        return list(cond.locations)
    if isinstance(cond, ControlBuildings):
        return list(cond.buildings)
    if isinstance(cond, Destroy):
        return [*cond.blocks, *(t.value for t in cond.block_types)]
    return []


def _split(text: str) -> list[str]:
    return [t for t in text.replace(",", " ").split() if t]


class VictoryPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.edits: ScenarioEdits | None = None
        self.base_dir: Path | None = None
        self.attainable: Attainable | None = None
        #: the map's locations and buildings, asked for at each refresh
        self.map_facts: Callable[[], MapFacts] = MapFacts
        #: shows a condition's objectives on the map: (locations, buildings, block ids)
        self.highlight: Callable[[list[str], list[str], list[str]], None] = lambda _l, _b, _k: None
        self.problem = ProblemLabel()

        self.conditions = make_table("victory_conditions", CONDITION_COLUMNS, stretch=6)
        self.conditions.itemChanged.connect(self._condition_typed)
        self.conditions.itemSelectionChanged.connect(self._show_objectives)
        adds = QHBoxLayout()
        for kind, name in KIND_NAMES.items():
            button = QPushButton(f"Add {name}")
            button.setObjectName(f"add_{kind}")
            button.clicked.connect(lambda _c=False, k=kind: self.add_condition(k))
            adds.addWidget(button)
        remove = QPushButton("Remove")
        remove.setObjectName("remove_condition")
        remove.clicked.connect(self.remove_condition)
        adds.addWidget(remove)
        adds.addStretch()
        cond_box = QGroupBox("Conditions (1.3): points scored at the end of the last turn")
        cond_layout = QVBoxLayout(cond_box)
        cond_layout.addWidget(self.conditions)
        cond_layout.addLayout(adds)

        self.levels = make_table("victory_levels", LEVEL_COLUMNS, stretch=3)
        self.levels.itemChanged.connect(self._level_typed)
        add_level = QPushButton("Add level")
        add_level.setObjectName("add_level")
        add_level.clicked.connect(self.add_level)
        remove_level = QPushButton("Remove level")
        remove_level.setObjectName("remove_level")
        remove_level.clicked.connect(self.remove_level)
        level_buttons = QHBoxLayout()
        level_buttons.addWidget(add_level)
        level_buttons.addWidget(remove_level)
        level_buttons.addStretch()
        self.most = QLabel()
        self.most.setObjectName("most_points")
        self.most.setWordWrap(True)
        level_box = QGroupBox("Levels, checked in order; none reached: undecided")
        level_layout = QVBoxLayout(level_box)
        level_layout.addWidget(self.most)
        level_layout.addWidget(self.levels)
        level_layout.addLayout(level_buttons)

        columns = QHBoxLayout()
        columns.addWidget(cond_box, 5)
        columns.addWidget(level_box, 2)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 2)
        outer.addLayout(columns, 1)
        outer.addWidget(self.problem)
        self.problem.say("")

    def set_document(self, edits: ScenarioEdits | None, base_dir: Path | None) -> None:
        self.edits = edits
        self.base_dir = base_dir
        self.refresh()

    def refresh(self) -> None:
        if self.edits is None:
            return
        s = self.edits.scenario
        facts = self.map_facts()
        reach = max_attainable(s, facts.is_location, facts.buildings)
        self.attainable = reach
        rows, colours, tips = [], {}, {}
        for r, (cond, got) in enumerate(zip(s.victory.conditions, reach.conditions, strict=True)):
            count = str(cond.count) if isinstance(cond, Destroy) else ""
            points = str(cond.per_population) + " each" if isinstance(cond, Collateral) else str(cond.points)
            rows.append(
                [
                    cond.id,
                    KIND_NAMES[cond.kind],
                    cond.side.value,
                    ", ".join(objectives(cond))
                    if not isinstance(cond, Collateral)
                    else "population eliminated",
                    count,
                    points,
                    cond.description,
                    str(got.points) if got.reachable else f"0: {got.reason}",
                ]
            )
            if not got.reachable:
                colours[(r, 7)] = colours[(r, 3)] = DOUBLED
                tips[(r, 3)] = got.reason
        editable = {0, 2, 3, 4, 5, 6}
        fill(self.conditions, rows, editable, colours, tips)
        level_rows, level_colours = [], {}
        for r, level in enumerate(reach.levels):
            most = reach.points[level.side]
            level_rows.append(
                [
                    level.side.value,
                    level.level,
                    str(level.min_points),
                    f"yes (most {most})" if level.reachable else f"no (most {most})",
                ]
            )
            level_colours[(r, 3)] = COVERED if level.reachable else DOUBLED
        fill(self.levels, level_rows, {0, 1, 2}, level_colours)
        self.most.setText(
            "Most points each side can reach: "
            + " · ".join(f"<b>{side.value} {reach.points[side]}</b>" for side in Side)
        )
        self._show_objectives()

    # -- the map ---------------------------------------------------------------------------
    def _show_objectives(self) -> None:
        if self.edits is None:
            return
        r = self.conditions.currentRow()
        conditions = self.edits.scenario.victory.conditions
        if not 0 <= r < len(conditions) or not self.conditions.selectedItems():
            self.highlight([], [], [])
            return
        cond = conditions[r]
        if isinstance(cond, ControlLocations):
            self.highlight(list(cond.locations), [], [])
        elif isinstance(cond, ControlBuildings):
            self.highlight([], list(cond.buildings), [])
        elif isinstance(cond, Destroy):
            self.highlight([], [], list(cond.blocks))
        else:
            self.highlight([], [], [])

    # -- editing ---------------------------------------------------------------------------
    def _refuse(self, text: str) -> None:
        self.problem.say(text)
        self.refresh()

    def _condition_typed(self, item: QTableWidgetItem) -> None:
        if self.edits is None:
            return
        r, c = item.row(), item.column()
        cond = self.edits.scenario.victory.conditions[r]
        data = cond.model_dump(mode="json", exclude_unset=True)
        data["kind"] = cond.kind
        text = item.text().strip()
        column = CONDITION_COLUMNS[c]
        try:
            if column == "Id":
                data["id"] = text
            elif column == "Side":
                data["side"] = text.lower()
            elif column == "Description":
                data["description"] = text
            elif column == "Count":
                if not isinstance(cond, Destroy):
                    return
                data["count"] = int(text) if text.isdigit() else text
            elif column == "Points":
                number = text.removesuffix("each").strip()
                value: Any = int(number) if number.lstrip("-").isdigit() else number
                data["per_population" if isinstance(cond, Collateral) else "points"] = value
            elif column == "Objectives":
                names = _split(text)
                if isinstance(cond, ControlLocations):
                    data["locations"] = names
                elif isinstance(cond, ControlBuildings):
                    data["buildings"] = names
                elif isinstance(cond, Destroy):
                    data["blocks"] = [n for n in names if n not in TYPE_NAMES]
                    data["block_types"] = [n for n in names if n in TYPE_NAMES]
                else:
                    return
            new = built(CONDITION_TYPES[cond.kind], data)
        except Refused as exc:
            self._refuse(f"condition {cond.id}, {column.lower()}: {exc}")
            return
        self.problem.say("")
        self.edits.change(
            f"Victory condition {cond.id}: {column.lower()}", [(f"/victory/conditions/{r}", new)]
        )

    def _unique_id(self) -> str:
        assert self.edits is not None
        taken = {c.id for c in self.edits.scenario.victory.conditions}
        n = 1
        while f"v{n}" in taken:
            n += 1
        return f"v{n}"

    def add_condition(self, kind: str) -> None:
        if self.edits is None:
            return
        data: dict[str, Any] = {"kind": kind, "id": self._unique_id(), "side": "green"}
        if kind == "control":
            data["locations"] = [self.map_facts().first_hex or "A0101"]
        elif kind == "control_buildings":
            facts = self.map_facts()
            data["buildings"] = [next(iter(sorted(facts.buildings or [])), "1")]
        elif kind == "destroy":
            data["block_types"] = ["infantry"]
        conditions = self.edits.scenario.victory.conditions
        self.edits.add(
            f"Add {KIND_NAMES[kind]} condition",
            f"/victory/conditions/{len(conditions)}",
            CONDITION_TYPES[kind].model_validate(data),
        )
        self.conditions.setCurrentCell(len(conditions), 3)

    def remove_condition(self) -> None:
        r = self.conditions.currentRow()
        if self.edits is None or not 0 <= r < len(self.edits.scenario.victory.conditions):
            return
        if len(self.edits.scenario.victory.conditions) == 1:
            self.problem.say("a scenario needs at least one victory condition: add another first")
            return
        cond = self.edits.scenario.victory.conditions[r]
        self.edits.remove(f"Remove victory condition {cond.id}", [f"/victory/conditions/{r}"])

    def _level_typed(self, item: QTableWidgetItem) -> None:
        if self.edits is None:
            return
        r, c = item.row(), item.column()
        level = self.edits.scenario.victory.levels[r]
        data = level.model_dump(mode="json")
        text = item.text().strip()
        column = LEVEL_COLUMNS[c]
        try:
            if column == "Side":
                data["side"] = text.lower()
            elif column == "Level":
                data["level"] = text.lower()
            elif column == "Min points":
                data["min_points"] = int(text) if text.lstrip("-").isdigit() else text
            new = built(VictoryLevel, data)
        except Refused as exc:
            self._refuse(f"level {r + 1}, {column.lower()}: {exc}")
            return
        self.problem.say("")
        self.edits.change(f"Victory level {r + 1}: {column.lower()}", [(f"/victory/levels/{r}", new)])

    def add_level(self) -> None:
        if self.edits is None:
            return
        levels = self.edits.scenario.victory.levels
        level = VictoryLevel(side=Side.green, level="total", min_points=1)  # type: ignore[arg-type]
        self.edits.add("Add victory level", f"/victory/levels/{len(levels)}", level)

    def remove_level(self) -> None:
        r = self.levels.currentRow()
        if self.edits is None or not 0 <= r < len(self.edits.scenario.victory.levels):
            return
        self.edits.remove(f"Remove victory level {r + 1}", [f"/victory/levels/{r}"])
