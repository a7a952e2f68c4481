"""Blocking an underground entry (13.1, an advanced rule): an engineer at ground level next
to (or on) a manhole demolishes the entry; a Barricade counter is placed in each underground
location the manhole leads to (the zone with its letter), and a block there is eliminated.

Only manholes the engineer's side knows lead somewhere for it: the side must have the
insert (8.1.10), so the choice does not tell a side without it which manholes are real.
"""

from __future__ import annotations

from ...battlefield import LocKind, StepKind
from ...model.scenario import AdvancedRule
from . import no_mans_land
from .counters import CounterState, Kind
from .situation import Situation


def on(sit: Situation) -> bool:
    return AdvancedRule.blocking_underground in sit.game.scenario.advanced_rules


def below(sit: Situation, manhole: str) -> list[str]:
    """The underground locations the manhole at hex `manhole` leads to."""
    bf = sit.game.battlefield
    return sorted(
        {bf.locations[st.dst].id for st in bf.out[bf.location(manhole).index] if st.kind == StepKind.manhole}
    )


def _blocked(sit: Situation, location: str) -> bool:
    return any(c.kind == Kind.barricade and c.location == location for c in sit.state.nml.counters.values())


def choices(sit: Situation, block: str) -> list[str]:
    """Manhole hexes the active engineer may demolish: its own hex or an adjacent one, from
    level 0 (the surface: a hex, room or zone, never a roof nor underground), the manhole's
    insert known to its side and not every location below already barricaded."""
    g, s = sit.game, sit.state
    if not on(sit) or g.blocks[block].type not in no_mans_land.ENGINEERS:
        return []
    bf = g.battlefield
    here = bf.location(s.blocks[block].location or "")
    if here.kind in (LocKind.roof, LocKind.underground):
        return []
    side = sit.side_of(block)
    out = []
    for loc in (here.id, *bf.neighbours(here.id)):
        if bf.location(loc).kind != LocKind.hex:
            continue
        under = below(sit, loc)
        if not under or not all(sit.visible_layer(side, u) for u in under):
            continue
        if all(_blocked(sit, u) for u in under):
            continue
        out.append(loc)
    return sorted(set(out))


def demolish(sit: Situation, manhole: str) -> None:
    """13.1: a Barricade counter in each location below (face up), a block there eliminated."""
    s = sit.state
    for loc in below(sit, manhole):
        for bid, b in list(s.blocks.items()):
            if b.on_map and b.location == loc:
                sit.eliminate(bid, by=None)
        if _blocked(sit, loc):
            continue
        number = 1
        while f"entry-barricade-{number}" in s.nml.counters:
            number += 1
        s.nml.counters[f"entry-barricade-{number}"] = CounterState(Kind.barricade, loc, revealed=True)
