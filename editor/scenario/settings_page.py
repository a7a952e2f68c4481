"""Settings page: the scenario's identity and texts, turns (night, initiative), wind,
advanced rules and the card libraries it uses. Each control commits one undo entry."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.model.scenario import AdvancedRule, Compass, InitiativeTurn, Scenario, Side

from ..commands.model_checks import Refused
from ..new_scenario import reference
from .advanced_rules import TITLES, label
from .edits import ScenarioEdits
from .fields import MarkdownField, ProblemLabel

NO_SIDE = "—"


class SettingsPage(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.edits: ScenarioEdits | None = None
        #: where card library paths are relative to (the scenario's folder)
        self.base_dir: Path | None = None
        self._filling = False
        self.problem = ProblemLabel()

        self.lines: dict[str, QLineEdit] = {}
        form = QFormLayout()
        for name in ("id", "title", "campaign", "designer"):
            line = QLineEdit()
            line.setObjectName(f"scenario_{name}")
            line.editingFinished.connect(lambda n=name, w=line: self._commit_line(n, w))
            self.lines[name] = line
            form.addRow(name.capitalize(), line)
        self.turns = QSpinBox()
        self.turns.setObjectName("scenario_turns")
        self.turns.setRange(1, 99)
        self.turns.setKeyboardTracking(False)  # one entry for "12", not for "1" then "12"
        self.turns.valueChanged.connect(self._commit_turns)
        form.addRow("Turns", self.turns)
        self.wind = QComboBox()
        self.wind.setObjectName("scenario_wind")
        self.wind.addItems([c.value for c in Compass])
        self.wind.setToolTip("Where smoke and clouds drift (5.2.4.6)")
        self.wind.currentTextChanged.connect(self._commit_wind)
        form.addRow("Wind towards", self.wind)

        self.libraries = QListWidget()
        self.libraries.setObjectName("scenario_cards")
        add = QPushButton("Add…")
        add.setObjectName("add_library")
        add.clicked.connect(lambda: self.add_library())  # clicked(bool) is no path
        remove = QPushButton("Remove")
        remove.setObjectName("remove_library")
        remove.clicked.connect(self.remove_library)
        buttons = QVBoxLayout()
        buttons.addWidget(add)
        buttons.addWidget(remove)
        buttons.addStretch()
        cards_box = QGroupBox("Card libraries in use")
        self.libraries.setMinimumHeight(60)
        cards_layout = QHBoxLayout(cards_box)
        cards_layout.setContentsMargins(6, 4, 6, 4)
        cards_layout.addWidget(self.libraries, 1)
        cards_layout.addLayout(buttons)

        self.briefing = MarkdownField("Briefing")
        self.briefing.committed.connect(lambda text: self._commit("briefing", text, "Edit briefing"))
        self.special_rules = MarkdownField("Special rules")
        self.special_rules.committed.connect(
            lambda text: self._commit("special_rules", text, "Edit special rules")
        )
        texts = QVBoxLayout()
        texts.addWidget(self.briefing)
        texts.addWidget(self.special_rules)

        # one column a turn, so a whole game reads across in three short rows
        self.turn_table = QTableWidget(2, 0)
        self.turn_table.setObjectName("turn_table")
        self.turn_table.setVerticalHeaderLabels(["Night (9)", "Initiative (3.3)"])
        self.turn_table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.turn_table.setFixedHeight(92)
        self.turn_table.verticalHeader().setDefaultSectionSize(26)
        self.turn_table.itemChanged.connect(self._night_toggled)
        turns_box = QGroupBox("Turns (one column a turn)")
        turns_layout = QVBoxLayout(turns_box)
        turns_layout.setContentsMargins(6, 4, 6, 4)
        turns_layout.addWidget(self.turn_table)

        self.rule_boxes: dict[AdvancedRule, QCheckBox] = {}
        rules_box = QGroupBox("Advanced rules")
        grid = QGridLayout(rules_box)
        grid.setVerticalSpacing(1)  # all sixteen in a short dock
        grid.setContentsMargins(6, 4, 6, 4)
        for k, rule in enumerate(TITLES):
            box = QCheckBox(label(rule))
            box.setObjectName(f"rule_{rule.value}")
            box.toggled.connect(lambda on, r=rule: self._toggle_rule(r, on))
            self.rule_boxes[rule] = box
            grid.addWidget(box, k % 8, k // 8)
        left = QVBoxLayout()
        left.addLayout(form)
        left.addWidget(cards_box, 1)
        right = QVBoxLayout()
        right.addWidget(rules_box)
        right.addWidget(turns_box)
        right.addStretch()

        columns = QHBoxLayout()
        columns.addLayout(left, 3)
        columns.addLayout(texts, 5)
        columns.addLayout(right, 4)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 4, 6, 2)
        outer.addLayout(columns)
        outer.addWidget(self.problem)
        self.problem.say("")

    def widget_for(self, field: str) -> QWidget | None:
        """The control editing a scenario field (for a Validation problem on it)."""
        widgets: dict[str, QWidget] = {
            **self.lines,
            "briefing": self.briefing.edit,
            "special_rules": self.special_rules.edit,
            "turns": self.turns,
            "night_turns": self.turn_table,
            "initiative": self.turn_table,
            "wind": self.wind,
            "cards": self.libraries,
        }
        if field == "advanced_rules":
            return next(iter(self.rule_boxes.values()))
        return widgets.get(field)

    # -- filling from the model ------------------------------------------------------------
    def set_document(self, edits: ScenarioEdits | None, base_dir: Path | None) -> None:
        self.edits = edits
        self.base_dir = base_dir
        self.refresh()

    def refresh(self) -> None:
        if self.edits is None:
            return
        s = self.edits.scenario
        self._filling = True
        try:
            for name, line in self.lines.items():
                value = getattr(s, name)
                if line.text() != value and not (line.hasFocus() and line.isModified()):
                    line.setText(value)
            self.turns.setValue(s.turns)
            self.wind.setCurrentText(s.wind.value)
            self.briefing.set_text(s.briefing)
            self.special_rules.set_text(s.special_rules)
            self._fill_turns(s)
            for rule, box in self.rule_boxes.items():
                box.setChecked(rule in s.advanced_rules)
            self.libraries.clear()
            self.libraries.addItems(s.cards)
        finally:
            self._filling = False

    def _fill_turns(self, s: Scenario) -> None:
        table = self.turn_table
        table.blockSignals(True)
        table.setColumnCount(s.turns)
        table.setHorizontalHeaderLabels([str(t) for t in range(1, s.turns + 1)])
        initiative = {it.turn: it.side.value for it in s.initiative}
        for column in range(s.turns):
            turn = column + 1
            item = QTableWidgetItem("☾" if turn in s.night_turns else "")
            item.setToolTip(f"Turn {turn} at night (9)")
            item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
            item.setCheckState(Qt.CheckState.Checked if turn in s.night_turns else Qt.CheckState.Unchecked)
            table.setItem(0, column, item)
            combo = table.cellWidget(1, column)
            if not isinstance(combo, QComboBox):
                combo = QComboBox()
                combo.setObjectName(f"initiative_{turn}")
                combo.addItems([NO_SIDE, Side.green.value, Side.red.value])
                combo.currentTextChanged.connect(lambda text, t=turn: self._set_initiative(t, text))
                table.setCellWidget(1, column, combo)
            combo.blockSignals(True)
            combo.setCurrentText(initiative.get(turn, NO_SIDE))
            combo.blockSignals(False)
        table.blockSignals(False)

    # -- committing ------------------------------------------------------------------------
    def _commit(self, name: str, raw: object, text: str, pointer: str | None = None) -> bool:
        if self.edits is None or self._filling:
            return False
        try:
            self.edits.set_field(text, pointer or f"/{name}", raw)
        except Refused as exc:
            self.problem.say(f"{name.replace('_', ' ')}: {exc}")
            return False
        self.problem.say("")
        return True

    def _commit_line(self, name: str, line: QLineEdit) -> None:
        if not line.isModified():
            return
        line.setModified(False)
        # a refused value stays in the field, in red, for the user to fix: nothing is lost
        ok = self._commit(name, line.text(), f"Set {name}")
        line.setStyleSheet("" if ok else "background: #fbe3e1;")

    def _commit_turns(self, value: int) -> None:
        self._commit("turns", value, "Set turns")

    def _commit_wind(self, value: str) -> None:
        self._commit("wind", value, "Set wind")

    def _night_toggled(self, item: QTableWidgetItem) -> None:
        if self.edits is None or self._filling:
            return
        turn = item.column() + 1
        nights = set(self.edits.scenario.night_turns)
        on = item.checkState() == Qt.CheckState.Checked
        nights = nights | {turn} if on else nights - {turn}
        self._commit("night_turns", sorted(nights), f"Turn {turn} {'at night' if on else 'by day'}")

    def _set_initiative(self, turn: int, side: str) -> None:
        if self.edits is None or self._filling:
            return
        kept = [it for it in self.edits.scenario.initiative if it.turn != turn]
        if side != NO_SIDE:
            kept.append(InitiativeTurn(turn=turn, side=Side(side)))
        kept.sort(key=lambda it: it.turn)
        self._commit("initiative", kept, f"Initiative turn {turn}: {side}")

    def _toggle_rule(self, rule: AdvancedRule, on: bool) -> None:
        if self.edits is None or self._filling:
            return
        rules = [r for r in self.edits.scenario.advanced_rules if r != rule]
        if on:
            rules.append(rule)
        # kept in the rulebook's order, so the file reads like the book
        order = list(AdvancedRule)
        rules.sort(key=order.index)
        section, title = TITLES[rule]
        self._commit("advanced_rules", rules, f"{'Use' if on else 'Drop'} {section} {title}")

    def add_library(self, path: Path | None = None) -> None:
        if self.edits is None:
            return
        if path is None:
            name, _ = QFileDialog.getOpenFileName(
                self, "Card library", str(self.base_dir or ""), "Card libraries (*.yaml *.yml *.json)"
            )
            if not name:
                return
            path = Path(name)
        ref = reference(path, (self.base_dir or path.parent) / "scenario.yaml")
        cards = self.edits.scenario.cards
        if ref in cards:
            self.problem.say(f"{ref} is already in use")
            return
        self._commit("cards", [*cards, ref], f"Use cards {ref}")

    def remove_library(self) -> None:
        row = self.libraries.currentRow()
        if self.edits is None or row < 0:
            return
        cards = list(self.edits.scenario.cards)
        ref = cards.pop(row)
        self._commit("cards", cards, f"Stop using cards {ref}")
