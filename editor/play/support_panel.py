"""The 3D request dock (7.3): in the side's request sequence, the missions it may request
now (a row of its 3D matrix and a Platoon Leader or JFO to ask, 7.3.2), each with what its
card does and what U / T+1 / T cost (7.3.3.1); the one picked shows its targets on the board,
where a click requests it. Also the side's matrix and air defence with what is left of each
row (missions this game, requests this turn, as the rules count them: 7.3.3.1, 7.3.3.5), its
own T+1 missions to come, the one it is carrying, cancelling or adjusting (7.3.3.2), and this
turn's strikes. Built from the observation (what is left: the side's own only), the legal
actions and the scenario's cards and matrix (static)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QListWidget, QListWidgetItem, QScrollArea, QVBoxLayout, QWidget

from engine.model.cards import SupportCard
from engine.model.scenario import SupportRow
from engine.rules.uo.observation import Observation, SupportLeft

from .cards_text import rings_text, rolls_text, row_costs
from .offers import Offers, request_key

KEY_ROLE = Qt.ItemDataRole.UserRole


class SupportPanel(QWidget):
    #: a mission and requester picked (their offers' subject key), or "" for none
    chosen = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("support_panel")
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        outer.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        column = QVBoxLayout(body)
        column.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.status = QLabel()
        self.status.setObjectName("support_status")
        self.status.setWordWrap(True)
        self.requests = QListWidget()
        self.requests.setObjectName("support_requests")
        self.requests.setMaximumHeight(150)
        self.requests.currentItemChanged.connect(self._on_current)
        self.details = QLabel()
        self.details.setObjectName("support_details")
        self.details.setWordWrap(True)
        self.missions = QLabel()
        self.missions.setObjectName("support_missions")
        self.missions.setWordWrap(True)
        self.matrix = QLabel()
        self.matrix.setObjectName("support_matrix")
        self.matrix.setWordWrap(True)
        self.matrix.setTextFormat(Qt.TextFormat.RichText)
        for w in (self.status, self.requests, self.details, self.missions, self.matrix):
            column.addWidget(w)
        self.cards: Mapping[str, SupportCard] = {}
        self.rows: dict[str, SupportRow] = {}
        #: what is left of each observed side's rows, by support (its observation's)
        self.left: dict[str, SupportLeft] = {}
        self._listed: tuple[object, ...] = ()

    @property
    def selected_key(self) -> str:
        """The subject of the picked mission's offers ("" when none is listed)."""
        item = self.requests.currentItem()
        return str(item.data(KEY_ROLE)) if item is not None and self.requests.count() else ""

    def name(self, support: str) -> str:
        card = self.cards.get(support)
        return card.name if card is not None else support

    def show_support(
        self,
        observations: Sequence[Observation],
        offers: Offers | None,
        cards: Mapping[str, SupportCard],
        matrices: Mapping[str, Sequence[SupportRow]],
        air_defence: Mapping[str, Sequence[SupportRow]] | None = None,
    ) -> None:
        """`matrices`: each observed side's 3D matrix rows (side value -> rows);
        `air_defence`: its air-defence rows, likewise."""
        self.cards = cards
        self.rows = {r.support: r for rows in matrices.values() for r in rows}
        self.left = {r.support: r for o in observations for r in o.support_left}
        requests = offers.requests() if offers is not None else []
        # the requests: (mission, requester) once each, with their number of targets
        targets: dict[str, int] = {}
        for o in offers.items if offers is not None else []:
            if o.subject is not None and o.subject.startswith("3D "):
                targets[o.subject] = targets.get(o.subject, 0) + 1
        listed = tuple(
            (r.support, r.requester, targets.get(request_key(r.support, r.requester), 0)) for r in requests
        )
        if listed != self._listed:
            keep = self.selected_key
            self._listed = listed
            self.requests.blockSignals(True)
            self.requests.clear()
            for support, requester, n in listed:
                key = request_key(support, requester)
                item = QListWidgetItem(f"{self.name(support)} ({support}) by {requester}: {n} target(s)")
                item.setData(KEY_ROLE, key)
                self.requests.addItem(item)
                if key == keep:
                    self.requests.setCurrentItem(item)
            if self.requests.currentItem() is None and self.requests.count():
                self.requests.setCurrentRow(0)
            self.requests.blockSignals(False)
            self._on_current()
        else:
            self._show_details()  # what is left changes with each request
        self.requests.setVisible(bool(listed))
        deciding = next((o.deciding for o in observations if o.deciding is not None), None)
        if listed:
            self.status.setText(
                "<b>3D request sequence (7.3.3)</b>: pick a mission and who requests it, then click "
                "one of its targets, highlighted in blue on the board. The d10 says U, T+1 or T."
            )
        elif deciding is not None:
            support, target = deciding
            self.status.setText(
                f"<b>Planned 3D action (7.3.3.2)</b>: {escape(self.name(support))} on {target}: let it "
                "fall, cancel it (its mission stays spent) or, for an air action whose target the "
                "requester sees, click a highlighted location within 10 EP to adjust it."
            )
        else:
            self.status.setText("No 3D decision now.")
        self._show_missions(observations)
        self._show_matrix(observations, matrices, air_defence or {})

    def _on_current(self, *_args: object) -> None:
        self._show_details()
        self.chosen.emit(self.selected_key)

    def _show_details(self) -> None:
        key = self.selected_key
        support = key[3:].split(" by ")[0] if key else ""
        card, row = self.cards.get(support), self.rows.get(support)
        if card is None:
            self.details.setText("")
        else:
            lines = [f"<b>{escape(card.name)}</b> ({card.kind.value.replace('_', ' ')}, {card.domain.value})"]
            lines.append(escape(rings_text(card)))
            if row is not None:
                lines.append(f"{row.missions} mission(s) in the matrix, {row.per_turn} request(s) a turn")
                left = self.left.get(support)
                if left is not None:
                    lines.append(
                        f"<b>Left: {left.missions} mission(s) this game, "
                        f"{left.requests} request(s) this turn</b>"
                    )
                lines += [escape(c) for c in row_costs(row)]
            self.details.setText("<br>".join(lines))

    def _show_missions(self, observations: Sequence[Observation]) -> None:
        lines = []
        for obs in observations:
            for support, target, turn in obs.missions:
                who, name = obs.side.value.capitalize(), escape(self.name(support))
                lines.append(f"{who}: {name} on {target}, falls in turn {turn} (T+1)")
            if len(observations) == 1:  # all-seeing: each side's own list says it all
                enemy = "Red" if obs.side.value == "green" else "Green"
                for support, target, turn in obs.enemy_missions:
                    if support is None or target is None:
                        lines.append(
                            f"{enemy}: a 3D mission falls in turn {turn} (what and where: on its sheet)"
                        )
                    else:
                        name = escape(self.name(support))
                        lines.append(
                            f"{enemy}: {name} on {target}, falls in turn {turn} (announced, 7.3.3.5)"
                        )
        strikes = {(k.side, k.support, k.target) for obs in observations for k in obs.strikes}
        for side, support, target in sorted(strikes, key=lambda k: (k[0].value, k[1], k[2])):
            lines.append(f"Fell this turn: {side.value}'s {escape(self.name(support))} on {target}")
        self.missions.setText("<br>".join(lines) if lines else "No T+1 mission planned; none fell this turn.")

    def _show_matrix(
        self,
        observations: Sequence[Observation],
        matrices: Mapping[str, Sequence[SupportRow]],
        air_defence: Mapping[str, Sequence[SupportRow]],
    ) -> None:
        """Each observed side's matrix and air defence, with what its observation says is
        left of each row: missions this game, requests this turn (7.3.3.1, 7.3.3.5)."""
        parts = []
        for obs in observations:
            side = obs.side.value
            left = {r.support: r for r in obs.support_left}
            rows, air = matrices.get(side, ()), air_defence.get(side, ())
            if not rows and not air:
                continue
            body = "".join(self._matrix_row(r, left.get(r.support), True) for r in rows)
            if air:
                body += "<tr><td colspan=8><i>air defence (7.3.3.5)</i></td></tr>"
                body += "".join(self._matrix_row(r, left.get(r.support), False) for r in air)
            parts.append(
                f"<b>{side.capitalize()}'s 3D matrix (7.3.1)</b>: missions and requests left in bold"
                "<table cellspacing=0 cellpadding=2 border=1>"
                "<tr><th>support</th><th>missions</th><th>left</th><th>a turn</th><th>left this turn</th>"
                "<th>U</th><th>T+1</th><th>T</th></tr>"
                f"{body}</table>"
            )
        self.matrix.setText("".join(parts) or "No 3D matrix.")

    def _matrix_row(self, r: SupportRow, left: SupportLeft | None, requested: bool) -> str:
        """A row of the matrix table; `requested`: a row requests are made of (an air-defence
        row is rolled on the enemy's announcement instead, 7.3.3.5)."""
        missions = "?" if left is None else str(left.missions)
        turn = "?" if left is None else str(left.requests)
        requests = (
            f"<td align=center>{r.per_turn}</td><td align=center><b>{turn}</b></td>"
            if requested
            else "<td align=center>-</td><td align=center>-</td>"
        )
        return (
            f"<tr><td>{escape(self.name(r.support))}</td><td align=center>{r.missions}</td>"
            f"<td align=center><b>{missions}</b></td>{requests}<td>{rolls_text(r.unavailable)}</td>"
            f"<td>{rolls_text(r.next_turn)}</td><td>{rolls_text(r.this_turn)}</td></tr>"
        )
