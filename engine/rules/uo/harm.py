"""Losses from a weapons effect (8.2.1.3), one home for fires' friendly fire (effects.py),
explosions and toxic clouds (no_mans_land.py, mines.py)."""

from __future__ import annotations

from ...model.cards import Protection
from . import fortified, transport
from .situation import Situation


def suffer(sit: Situation, block: str, osl: int, *, by: str | None = None, from_above: bool = False) -> None:
    """`block` loses `osl` levels from a weapons effect and receives an Activated marker
    (8.2.1.3, and the card: "activates the block"); an armoured or MBT block never goes
    below its operational level this way (8.2.1.3). The moving block is marked when its
    activation ends. `from_above`: 3D fire, which a fortified location reduces by 1 OSL
    instead of the d10 (5.2.4.2)."""
    s = sit.state
    b = s.blocks[block]
    if not b.on_map or osl <= 0:
        return
    info = sit.game.blocks[block]
    if info.dummy:
        return  # 5.2.1: only scouting and a direct fire reveal a dummy
    n = osl
    if info.profile.protection != Protection.soft:
        n = min(n, max(0, 1 - b.losses))
    if from_above:
        n = max(0, n - 1) if fortified.at(sit, b.location) else n
    elif n > 0 and fortified.shrugs_off(sit, block):
        n = 0  # 5.2.4.2: a d10 of 0-7 in a fortified location: the loss does not apply
    b.losses += n
    if info.vehicle:
        transport.share_losses(sit, block, n)  # 8.2.4.5: its passengers lose as much
    if b.losses >= info.levels:
        sit.eliminate(block, by=by)
        return
    active = s.activation.block if s.activation is not None else None
    if block != active:
        sit.mark_activated(block)


def poisoned(sit: Situation, block: str, osl: int) -> None:
    """A toxic cloud's loss (5.2.3.2: "any block that crosses the cloud loses 1 OSL, as well
    as any block located in the cloud when it is placed"): no weapons effect, so no fortified
    roll (5.2.4.2), no Activated marker and no floor for armour (8.2.1.3); mounted blocks
    share a vehicle's (8.2.4.5)."""
    b = sit.state.blocks[block]
    info = sit.game.blocks[block]
    if not b.on_map or osl <= 0 or info.dummy:
        return
    b.losses += osl
    if info.vehicle:
        transport.share_losses(sit, block, osl)
    if b.losses >= info.levels:
        sit.eliminate(block, by=None)
