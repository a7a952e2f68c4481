"""The strength summary beside the order-of-battle tree: both sides' figures from
engine/rules/uo/strength.py, side by side, so balance shows at a glance as it changes."""

from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser

from engine.model.cards import Protection
from engine.model.scenario import Side
from engine.rules.uo.strength import Strength, band_labels

from ..play.items import SIDE_COLOUR, SYMBOL

CLASS_NAME = {Protection.soft: "vs soft", Protection.armoured: "vs armoured", Protection.mbt: "vs MBT"}


def side_html(name: str, s: Strength) -> str:
    colour = SIDE_COLOUR[s.side].name()
    types = " ".join(f"<b>{n}</b>&nbsp;{SYMBOL.get(t, t.value)}" for t, n in s.by_type.items()) or "no blocks"
    rows = "".join(
        f"<tr><td>{CLASS_NAME[p]}</td>"
        + "".join(f"<td align='right'>{v or '&middot;'}</td>" for v in s.firepower[p])
        + "</tr>"
        for p in Protection
    )
    head = "".join(f"<th align='right'>{b}</th>" for b in band_labels())
    extra = []
    if s.reinforcements:
        extra.append(f"{s.reinforcements} as reinforcements")
    if s.unknown:
        extra.append(f"<span style='color:#c62828'>no card for {escape(', '.join(s.unknown))}</span>")
    return (
        f"<h3 style='color:{colour}; margin:0'>{escape(name)}</h3>"
        f"<p style='margin:2px 0'>{s.blocks} blocks: {types}</p>"
        f"<p style='margin:2px 0'>OSL <b>{s.osl}</b> &nbsp; vehicles <b>{s.vehicles}</b>"
        f" (capacity {s.capacity}) &nbsp; support points <b>{s.support_points}</b>"
        f" + reserve {s.reserve} &nbsp; placed {s.placed}/{s.blocks}, hidden {s.hidden}</p>"
        + (f"<p style='margin:2px 0'>{'; '.join(extra)}</p>" if extra else "")
        + "<table cellspacing='0' cellpadding='2' border='0'>"
        f"<tr><th align='left'>Firepower (EP)</th>{head}</tr>{rows}</table>"
    )


class StrengthSummary(QTextBrowser):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("oob_strength")
        self.setOpenLinks(False)
        self.figures: dict[Side, Strength] = {}
        self._html = ""

    def show_strength(self, names: dict[Side, str], figures: dict[Side, Strength]) -> None:
        self.figures = figures
        parts = [side_html(names[side], figures[side]) for side in Side if side in figures]
        html = "<br>".join(parts)
        if html == self._html:
            return  # most edits change no figure: laying the text out again costs ~5 ms
        self._html = html
        bar = self.verticalScrollBar().value()
        self.setHtml(html)
        self.verticalScrollBar().setValue(bar)
