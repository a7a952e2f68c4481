"""The scenario as a PDF briefing pack for a face-to-face playtest: title and briefing,
special rules, the map with set-up and objectives, each side's order of battle with its
unit cards, the events tables and 3D matrices, victory. Text parts are Markdown laid out by
QTextDocument and cut into A4 pages; the map gets a landscape page of its own."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, QSizeF
from PySide6.QtGui import QFont, QPageLayout, QPageSize, QPainter, QPdfWriter, QTextDocument

from engine.model.cards import CardLibrary, UnitCard
from engine.model.scenario import (
    Collateral,
    ControlBuildings,
    ControlLocations,
    Destroy,
    Scenario,
    SideSetup,
    SupportRow,
)

from .images import ExportError, check_target
from .map_paint import paint_map
from .source import ExportSource

PDF_DPI = 300
MARGIN_MM = 14.0
BANDS = ("1", "2-5", "6-10", "11-15", "16-20", "21-25")


def cell(text: object) -> str:
    """A Markdown table cell: pipes escaped, lines joined."""
    return " ".join(str(text).split()).replace("|", "\\|") or " "


def table(header: list[str], rows: list[list[object]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def rolls(values: list[int]) -> str:
    return ", ".join(str(v) for v in sorted(values)) or "-"


def title_part(s: Scenario) -> str:
    facts = [
        ("Campaign", s.campaign),
        ("Designer", s.designer),
        ("Turns", str(s.turns)),
        ("Night turns", ", ".join(str(t) for t in s.night_turns) or "none"),
        ("Wind", s.wind.value),
        ("Initiative", ", ".join(f"turn {i.turn}: {i.side.value}" for i in s.initiative) or "rolled"),
        ("Advanced rules", ", ".join(r.value.replace("_", " ") for r in s.advanced_rules) or "none"),
    ]
    out = [f"# {s.title}\n", "\n".join(f"- **{k}:** {v}" for k, v in facts if v) + "\n"]
    out.append("## Briefing\n\n" + (s.briefing.strip() or "_No briefing._") + "\n")
    out.append("## Special rules\n\n" + (s.special_rules.strip() or "_None._") + "\n")
    return "\n".join(out)


def side_part(s: Scenario, side_name: str, side: SideSetup, cards: dict[str, UnitCard]) -> str:
    out = [f"# {side_name.capitalize()}: {side.name}\n", "## Order of battle\n"]
    for force in side.impulse_forces:
        entry = f", enters turn {force.entry.turn} at {', '.join(force.entry.hexes)}" if force.entry else ""
        out.append(
            f"### {force.name or force.id} ({force.id})\n\nQuality {force.quality.value}, "
            f"{force.support_points} support points{entry}.\n"
        )
        rows: list[list[object]] = [
            [
                b.id + (" (leader)" if b.id == force.platoon_leader else ""),
                b.card,
                b.type.value.replace("_", " "),
                (b.quality or force.quality).value,
                b.at or (f"in {b.mounted_in}" if b.mounted_in else "deployed by the player"),
                "hidden" if b.hidden else "revealed",
            ]
            for b in force.blocks
        ]
        out.append(
            table(["Block", "Card", "Type", "Quality", "Set up", "Shown"], rows) if rows else "_No blocks._\n"
        )
    command = [
        ("Commander", side.commander or "-"),
        ("Command post", side.command_post or "-"),
        ("Logistics", f"{side.logistics.block}, reserve {side.logistics.reserve}" if side.logistics else "-"),
    ]
    env = side.environment
    allot = [
        (name.replace("_", " "), a.count, ", ".join(a.locations))
        for name, a in (
            ("dummies", env.dummies),
            ("barricades", env.barricades),
            ("breach_markers", env.breach_markers),
            ("fortified", env.fortified),
            ("at_mines", env.at_mines),
            ("ied_uxo", env.ied_uxo),
        )
        if a.count
    ]
    out.append(table(["Command", ""], [list(c) for c in command]))
    if side.deployment:
        out.append(
            "\n**Deployment areas:** "
            + "; ".join(f"{d.name or d.id}: {', '.join(d.locations)}" for d in side.deployment)
            + "\n"
        )
    if allot:
        out.append("\n" + table(["Environment", "Count", "Locations"], [list(a) for a in allot]))
    used = []
    for force in side.impulse_forces:
        for block in force.blocks:
            if block.card not in used:
                used.append(block.card)
    out.append("\n## Unit cards\n")
    for card_id in used:
        card = cards.get(card_id)
        if card is None:
            out.append(f"### {card_id}\n\n_Card not found in the scenario's libraries._\n")
            continue
        out.append(card_part(card))
    return "\n".join(out)


def card_part(card: UnitCard) -> str:
    out = [f"### {card.name} ({card.id}, {card.kind.value})\n"]
    for block in card.blocks:
        flags = [
            f"{block.protection.value}",
            f"{block.osl_levels} OSL",
            f"×{block.count}",
            "night equipment" if block.night_equipment else "",
            "ladder" if block.ladder else "",
            f"capacity {block.capacity}" if block.capacity else "",
        ]
        out.append(
            f"**{block.name or block.type.value}** ({block.type.value}): {', '.join(f for f in flags if f)}\n"
        )
        if block.weapons:
            rows: list[list[object]] = []
            for w in block.weapons:
                bands = list(w.firepower) + [None] * (len(BANDS) - len(w.firepower))
                extra = [
                    w.targets.value,
                    f"min {w.min_range}" if w.min_range else "",
                    f"breach {w.breach.value}" if w.breach.value != "none" else "",
                    "smoke" if w.smoke else "",
                    "crit+" if w.critical_bonus else "",
                ]
                rows.append(
                    [w.name, *("-" if v is None else v for v in bands), " ".join(e for e in extra if e)]
                )
            out.append(table(["Weapon", *BANDS, "Notes"], rows))
    if card.notes:
        out.append(card.notes + "\n")
    return "\n".join(out)


def support_rows(rows: list[SupportRow]) -> list[list[object]]:
    return [
        [r.support, r.missions, r.per_turn, rolls(r.unavailable), rolls(r.next_turn), rolls(r.this_turn)]
        for r in rows
    ]


def tables_part(s: Scenario) -> str:
    out = ["# Events and 3D support\n"]
    for name, side in (("Green", s.sides.green), ("Red", s.sides.red)):
        ev = side.events
        out.append(f"## {name}: {side.name}\n")
        out.append(
            f"Event deck: {', '.join(ev.deck) or 'none'}. In hand at start: {', '.join(ev.hand) or 'none'}.\n"
        )
        if ev.table:
            rows: list[list[object]] = [[rolls(r.roll), r.outcome, r.card or ""] for r in ev.table]
            out.append(table(["d10", "Event", "Card"], rows))
        header = ["Support", "Missions", "Per turn", "U", "T+1", "T"]
        if side.support.actions:
            out.append("\n**3D actions matrix**\n\n" + table(header, support_rows(side.support.actions)))
        if side.support.air_defense:
            out.append("\n**Air defence**\n\n" + table(header, support_rows(side.support.air_defense)))
    out.append("# Victory\n")
    rows = []
    for c in s.victory.conditions:
        if isinstance(c, ControlLocations):
            what = "control " + ", ".join(c.locations)
        elif isinstance(c, ControlBuildings):
            what = "control buildings " + ", ".join(c.buildings)
        elif isinstance(c, Destroy):
            named = ", ".join(c.blocks + [t.value for t in c.block_types]) or "enemy blocks"
            what = f"destroy {c.count} of {named}"
        else:
            assert isinstance(c, Collateral)
            what = f"{c.per_population} per population counter eliminated"
        points = c.points if not isinstance(c, Collateral) else ""
        rows.append([c.id, c.side.value, what, points, c.description])
    out.append(table(["Condition", "Side", "What", "Points", "Text"], rows))
    if s.victory.levels:
        levels: list[list[object]] = [[v.side.value, v.level.value, v.min_points] for v in s.victory.levels]
        out.append("\n" + table(["Side", "Victory", "Points at least"], levels))
    return "\n".join(out)


def unit_cards(libraries: list[CardLibrary]) -> dict[str, UnitCard]:
    out: dict[str, UnitCard] = {}
    for library in libraries:
        for card in library.unit_cards:
            out.setdefault(card.id, card)
    return out


class _Pages:
    """A QPdfWriter and its painter, page by page (the first page needs no newPage)."""

    def __init__(self, out: Path, title: str):
        self.writer = QPdfWriter(str(out))
        self.writer.setResolution(PDF_DPI)
        self.writer.setTitle(title)
        self.writer.setCreator("UO Studio")
        self._portrait()
        self.painter = QPainter()
        if not self.painter.begin(self.writer):
            raise ExportError(f"{out}: cannot write the file")
        self.count = 0

    def _portrait(self, orientation: QPageLayout.Orientation = QPageLayout.Orientation.Portrait) -> None:
        margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
        layout = QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4), orientation, margins, QPageLayout.Unit.Millimeter
        )
        self.writer.setPageLayout(layout)

    def page(self, orientation: QPageLayout.Orientation = QPageLayout.Orientation.Portrait) -> QRectF:
        """Start a page; the rectangle inside its margins, in device units."""
        if self.count:
            self._portrait(orientation)
            self.writer.newPage()
        else:
            self._portrait(orientation)
        self.count += 1
        rect = self.writer.pageLayout().paintRectPixels(PDF_DPI)
        return QRectF(0, 0, rect.width(), rect.height())

    def text(self, markdown: str) -> None:
        """Markdown laid out on as many portrait pages as it needs."""
        doc = QTextDocument()
        doc.documentLayout().setPaintDevice(self.writer)
        font = QFont("DejaVu Sans")
        font.setPointSizeF(9.5)
        doc.setDefaultFont(font)
        doc.setDefaultStyleSheet("table { border-collapse: collapse; } td, th { padding: 3px; }")
        doc.setMarkdown(markdown)
        area = self.page()
        doc.setPageSize(QSizeF(area.width(), area.height()))
        for i in range(doc.pageCount()):
            if i:
                self.page()
            self.painter.save()
            self.painter.translate(0, -i * area.height())
            doc.drawContents(self.painter, QRectF(0, i * area.height(), area.width(), area.height()))
            self.painter.restore()

    def map(self, source: ExportSource, caption: str) -> None:
        area = self.page(QPageLayout.Orientation.Landscape)
        font = QFont("DejaVu Sans")
        font.setPointSizeF(12)
        font.setBold(True)
        self.painter.setFont(font)
        line = self.painter.fontMetrics().height() * 1.6
        self.painter.drawText(QRectF(0, 0, area.width(), line), caption)
        paint_map(self.painter, source, QRectF(0, line, area.width(), area.height() - line))

    def close(self) -> None:
        self.painter.end()


def write_pdf(source: ExportSource, out: Path) -> int:
    """Write the briefing pack (a sheet alone: its map page); returns the number of pages."""
    check_target(out)
    pages = _Pages(out, source.title)
    try:
        s = source.scenario
        if s is None:
            pages.map(source, source.title)
            return pages.count
        cards = unit_cards(source.libraries)
        pages.text(title_part(s))
        pages.map(
            source,
            f"{s.title}: set-up and objectives"
            " (blocks in side colour, dashed = hidden; gold rings = objectives)",
        )
        pages.text(side_part(s, "green", s.sides.green, cards))
        pages.text(side_part(s, "red", s.sides.red, cards))
        pages.text(tables_part(s))
        return pages.count
    finally:
        pages.close()
