"""Smoke fire (8.2.7.8) and Smoke counters (5.2.4.3): an armoured or MBT block fires smoke
at a hex with a weapon that can (`Weapon.smoke`); Smoke counters cover that hex and the
next ones downwind, 3 hexes in all (`obstructions.drift`); they block LOS at the chart's
smoke level (`obstructions.blocking`) and are removed at the end of the turn (the final
phase, 3.1.5). As for a fire: the firer is revealed, and a blocked LOS ends its activation
with no smoke (8.2.7.2). No weapons effect.

A weapon fires smoke as far as it fires; a smoke-only weapon (no firepower: smoke
dischargers) within the first range band, 5 EP (the rulebook gives it no range).

Which hexes are offered: those the firer sees within the weapon's range (2 EP or more)
holding an enemy block it sees or next to one. The rule lets any hex be aimed at; the
engine offers where a screen matters, so a bot's choice list stays short on a large map.
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...model.cards import Protection, Weapon
from . import combat, obstructions
from .actions import SmokeFire
from .situation import Situation

#: the first range band's reach (4.3.6: 2-5 EP)
FIRST_BAND = 5


def may_fire_smoke(sit: Situation, block: str) -> bool:
    """8.2.7.8: "The armoured and MBT blocks can also conduct a smoke fire"."""
    profile = sit.game.blocks[block].profile
    armour = profile.protection in (Protection.armoured, Protection.mbt)
    return armour and any(w.smoke for w in profile.weapons)


def choices(sit: Situation, block: str) -> list[SmokeFire]:
    if not may_fire_smoke(sit, block):
        return []
    g, s = sit.game, sit.state
    bf = g.battlefield
    here = s.blocks[block].location or ""
    layer = bf.location(here).layer
    side = sit.side_of(block)
    # what the static map hides from here, `sees` would hide too (`Situation.static_sight`)
    row, bit = sit.static_sight(here), bf.los_table.bit_of
    aims: set[str] = set()
    for there in sit.enemy_locations(side):
        loc = bf.location(there)
        if loc.layer != layer or (row is not None and not (row >> bit(there)) & 1):
            continue
        if not sit.sees(here, there):
            continue
        if loc.kind == LocKind.hex:
            aims.add(there)
        aims.update(obstructions.hex_neighbours(bf, there) if loc.kind == LocKind.hex else ())
    out = []
    for aim in sorted(aims):
        if aim == here or (row is not None and not (row >> bit(aim)) & 1) or not sit.sees(here, aim):
            continue
        ep = sit.ep(here, aim, max(smoke_range(w) for w in g.blocks[block].profile.weapons if w.smoke))
        if ep is None or ep < 2:
            continue
        inside = bf.location(here).interior
        for w in g.blocks[block].profile.weapons:
            if w.smoke and ep <= smoke_range(w) and combat.fires_from(w, inside_building=inside):
                out.append(SmokeFire(aim, w.id))
    return out


def smoke_range(w: Weapon) -> int:
    """How far a weapon fires smoke, in EP: as far as it fires (its last band with a
    firepower, 4.3.6), and a smoke-only weapon (no firepower at all, smoke dischargers)
    within the first band, 5 EP."""
    last = max((i for i, fp in enumerate(w.firepower) if fp is not None), default=0)
    return max(FIRST_BAND, FIRST_BAND * last)


def apply(sit: Situation, action: SmokeFire) -> None:
    s = sit.state
    act = s.activation
    assert act is not None
    block = act.block
    act.acted_at = act.spent
    s.blocks[block].revealed = True  # as a fire declaration (8.2.7.1)
    here = s.blocks[block].location or ""
    if not sit.sees(here, action.target):
        sit.end_activation()  # 8.2.7.2: no fire, and its activation is over
        return
    bf = sit.game.battlefield
    s.smoke |= obstructions.plume(bf, action.target, sit.game.scenario.wind, obstructions.SMOKE_HEXES)


def lift(sit: Situation) -> None:
    """The final phase removes the Smoke counters (3.1.5, 5.2.4.3: "removed at the end of the
    turn"), but an exploded AT mine's, placed "until the end of the game" (5.2.2.2: the
    specific rule beats the general one, docs/rules.md)."""
    s = sit.state
    s.smoke.clear()
    s.smoke |= s.lasting_smoke
