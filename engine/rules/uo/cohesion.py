"""Impulse force cohesion (12.2, an advanced rule): what the fall of the commander and of a
platoon leader does to the impulse forces.

- 12.2.1: the commander eliminated, every force of its side that still has its platoon
  leader may activate only 3 blocks and its leader's +1 (the command modifier, 7.2.2) is
  lost, to the end of the turn.
- 12.2.2: a platoon leader eliminated, its force may activate 4 (elite), 3 (veteran) or 2
  (recruit) blocks a turn to the end of the game (instead of 7.1.1's 3); a veteran or
  recruit force's blocks in the leader's LOS roll a d10 at once for their morale.
"""

from __future__ import annotations

from ...model.scenario import AdvancedRule, Quality
from . import reorganisation, transport
from .situation import Situation

#: 12.2.1: blocks a force may activate while its side's commander has fallen this turn
COMMANDER_FALLEN_LIMIT = 3
#: 12.2.2: blocks a force may activate once its platoon leader is eliminated
LEADERLESS_LIMIT = {Quality.elite: 4, Quality.veteran: 3, Quality.recruit: 2}
#: 12.2.2: d10 -> OSL change of a block in the fallen leader's LOS (- loss, + gain)
MORALE: dict[Quality, tuple[int, ...]] = {
    Quality.veteran: (-2, -2, -1, -1, -1, -1, -1, -1, 0, 1),
    Quality.recruit: (-2, -2, -2, -1, -1, -1, -1, -1, -1, 0),
}


def on(sit: Situation) -> bool:
    return AdvancedRule.impulse_force_cohesion in sit.game.scenario.advanced_rules


def limit(sit: Situation, force: str, base: int) -> int:
    """The command limit of `force` (7.1.1, 7.2.1: `base`) under 12.2."""
    if not on(sit):
        return base
    g, s = sit.game, sit.state
    info = g.forces[force]
    if info.leader is not None and force in s.eliminated_leaders:
        return LEADERLESS_LIMIT[info.quality]
    if info.side in s.advanced.commander_fallen:
        return min(base, COMMANDER_FALLEN_LIMIT)
    return base


def command_bonus_lost(sit: Situation, block: str) -> bool:
    """12.2.1: "the Plt Leader forfeit their +1 combat bonus" for the rest of the turn."""
    return on(sit) and sit.side_of(block) in sit.state.advanced.commander_fallen


def eliminated(sit: Situation, block: str, where: str | None) -> None:
    """A block has just been eliminated at `where`: if it was its side's commander or a
    platoon leader, 12.2 applies from now on."""
    if not on(sit) or where is None:
        return
    g, s = sit.game, sit.state
    info = g.blocks[block]
    if g.commander.get(info.side) == block:
        s.advanced.commander_fallen.add(info.side)
        _lower_impulse(sit)
        return
    force = info.force
    if not force or g.forces[force].leader != block:
        return
    _lower_impulse(sit)
    table = MORALE.get(g.forces[force].quality)
    if table is None:
        return  # an elite force keeps its nerve
    for bid in reorganisation.force_blocks(sit, force):
        b = s.blocks[bid]
        if bid == block or not b.on_map or g.blocks[bid].dummy or not sit.sees(where, b.location or ""):
            continue
        change = table[sit.roll()]
        sit.read_on("cohesion", -1, row=f"{bid}: {change:+d} OSL")
        if change > 0:
            b.losses = max(0, b.losses - change)
        elif change < 0:
            _lose(sit, bid, -change)


def _lose(sit: Situation, block: str, n: int) -> None:
    """A morale loss: no weapons effect (no fortified roll, no floor for armour, no
    marker); mounted blocks share a vehicle's (8.2.4.5)."""
    b = sit.state.blocks[block]
    info = sit.game.blocks[block]
    b.losses += n
    if info.vehicle:
        transport.share_losses(sit, block, n)
    if b.losses >= info.levels:
        sit.eliminate(block, by=None)


def _lower_impulse(sit: Situation) -> None:
    """The impulse under way obeys its new limit at once (no activation is undone)."""
    imp = sit.state.impulse
    if imp is None:
        return
    base = imp.limit
    new = limit(sit, imp.force, base)
    imp.limit = max(len(imp.activated), min(base, new))


def end_turn(sit: Situation) -> None:
    sit.state.advanced.commander_fallen.clear()
