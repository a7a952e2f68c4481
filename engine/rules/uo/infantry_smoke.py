"""Infantry smoke (10.1, an advanced rule): Infantry and Engineer blocks throw smoke grenades.

"The player announces he is firing smoke, which counts as one action. The block can throw
the smoke grenade within a 3 EPs range. Place the Smoke counter as for a 3D action or vehicle
fire action. A smoke grenade can be tossed over any obstacle, but can be thrown inside a
building only through an aperture."

- The counters go down as a vehicle's smoke fire puts them (8.2.7.8): the targeted hex and
  the next ones downwind, 3 hexes in all (`obstructions.plume`), lifted at the end of the
  turn (5.2.4.3, `smoke.lift`).
- Over any obstacle: from outside a building no line of sight is needed, only the 3 EP. From
  inside one the grenade leaves through an aperture: the targeted hex must be in the
  thrower's line of sight (LOS out of a building runs through its apertures, 5.1.7).
- Smoke counters are hex obstacles (5.1.7.1), so the engine offers hexes only, never a room
  or zone: smoke thrown into a room has no counter the LOS rules could read.
- As a fire declaration, the thrower is revealed (8.2.7.1). No die, no weapons effect.
- Which hexes are offered: within 3 EP, holding a known enemy block or next to one (as
  `smoke.choices` offers where a screen matters).
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...model.cards import BlockType
from ...model.scenario import AdvancedRule
from . import obstructions
from .actions import SmokeGrenade
from .situation import Situation

#: who throws smoke grenades (10.1: "only the Infantry and Engineers blocks")
THROWERS = frozenset({BlockType.infantry, BlockType.engineer})
#: how far a grenade goes, in EP (10.1)
GRENADE_EP = 3


def may_throw(sit: Situation, block: str) -> bool:
    info = sit.game.blocks[block]
    return (
        AdvancedRule.infantry_smoke in sit.game.scenario.advanced_rules
        and not info.dummy
        and info.type in THROWERS
    )


def reaches(sit: Situation, block: str, target: str) -> bool:
    """Within 3 EP; from inside a building only to a hex it sees (through an aperture)."""
    bf = sit.game.battlefield
    here = sit.state.blocks[block].location or ""
    there = bf.location(target)
    if there.kind != LocKind.hex or there.layer != bf.location(here).layer:
        return False
    if sit.ep(here, target, GRENADE_EP) is None:
        return False
    return not bf.location(here).interior or sit.sees(here, target)


def choices(sit: Situation, block: str) -> list[SmokeGrenade]:
    if not may_throw(sit, block):
        return []
    bf = sit.game.battlefield
    side = sit.side_of(block)
    aims: set[str] = set()
    for there in sit.enemy_locations(side):
        if not sit.visible_layer(side, there):
            continue
        if bf.location(there).kind == LocKind.hex:
            aims.add(there)
            aims.update(obstructions.hex_neighbours(bf, there))
    return [SmokeGrenade(aim) for aim in sorted(aims) if reaches(sit, block, aim)]


def apply(sit: Situation, action: SmokeGrenade) -> None:
    s = sit.state
    act = s.activation
    assert act is not None
    act.acted_at = act.spent  # one action (10.1)
    s.blocks[act.block].revealed = True  # announced as a fire (8.2.7.1)
    bf = sit.game.battlefield
    s.smoke |= obstructions.plume(bf, action.target, sit.game.scenario.wind, obstructions.SMOKE_HEXES)
