"""Rubble (13.4, an advanced rule): a building hit by a heavy weapon's fire or a 3D action
aimed at one of its rooms or zones (not its roof) may collapse.

The fire or 3D action is applied first; the location aimed at waits in `Advanced.collapses`
until the action and every decision it opened (reactions, withdrawals) are over, then a d10
is rolled for it: on a 9 part of the building collapses and a second d10 says how: even, the
block there is eliminated and a Barricade counter placed; odd, the block there is eliminated,
a Fortified marker placed and a Breach marker there removed.
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...model.cards import EffectClass, Weapon
from ...model.scenario import AdvancedRule
from .counters import CounterState, Kind
from .situation import Situation

#: 13.4: "If the result of the first die is a 9, a part of the building collapses"
COLLAPSES_ON = 9
#: 13.4: a room or a zone, "but not the roof"
BUILDING_KINDS = frozenset({LocKind.room, LocKind.zone})


def on(sit: Situation) -> bool:
    return AdvancedRule.rubble in sit.game.scenario.advanced_rules


def aimed(sit: Situation, location: str) -> None:
    """A heavy weapon fire or a 3D fire was aimed at `location`: its building may collapse
    once the action is over."""
    if on(sit) and sit.game.battlefield.location(location).kind in BUILDING_KINDS:
        sit.state.advanced.collapses.append(location)


def fired(sit: Situation, w: Weapon, location: str) -> None:
    """A fire with `w` at `location` (its weapons effect applied): heavy weapons only."""
    if w.area_of_effect.effect == EffectClass.heavy:
        aimed(sit, location)


def settle(sit: Situation) -> None:
    """Roll for the collapses waiting, once no decision of the fight is open."""
    s = sit.state
    if s.pending or not s.advanced.collapses:
        return
    waiting, s.advanced.collapses = s.advanced.collapses, []
    for location in waiting:
        if sit.roll() != COLLAPSES_ON:
            sit.read_on("rubble", -1, row=f"{location}: no collapse")
            continue
        even = sit.roll() % 2 == 0
        sit.read_on("rubble", -2, -1, row=f"{location}: collapse, {'barricade' if even else 'fortified'}")
        for bid, b in list(s.blocks.items()):
            if b.on_map and b.location == location:
                sit.eliminate(bid, by=None)
        if even:
            number = 1
            while f"rubble-{number}" in s.nml.counters:
                number += 1
            s.nml.counters[f"rubble-{number}"] = CounterState(Kind.barricade, location, revealed=True)
        else:
            s.advanced.fortified.add(location)
            bf = sit.game.battlefield
            s.breaches -= {
                ap for ap in s.breaches if ap in bf.apertures and bf.apertures[ap].interior == location
            }
