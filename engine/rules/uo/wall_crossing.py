"""Crossing walls (11.2, an advanced rule): an opportunity fire on a foot block that has just
crossed an outer wall (not through a breach), fired in the hex it entered, earns +3 instead
of 8.3.1's +2; the block may withdraw, with -1 on the withdrawal table."""

from __future__ import annotations

from ...battlefield import StepKind
from ...model.scenario import AdvancedRule
from .situation import Situation
from .state import Fight

#: 11.2: +3 instead of +2: one more than the opportunity modifier
EXTRA_FP = 1
#: 11.2: "with a -1 DRM penalty" on the withdrawal table (8.3.2)
WITHDRAWAL_DRM = -1


def on(sit: Situation) -> bool:
    return AdvancedRule.crossing_walls in sit.game.scenario.advanced_rules


def moved(sit: Situation, block: str, location: str, kind: StepKind) -> None:
    """The active block has stepped into `location` by a step of `kind`."""
    if not on(sit):
        return
    crossing = kind == StepKind.outer_wall and not sit.game.blocks[block].vehicle
    sit.state.advanced.wall_crossing = (block, location) if crossing else None


def _crossing(sit: Situation, block: str) -> bool:
    wc = sit.state.advanced.wall_crossing
    return wc is not None and wc == (block, sit.state.blocks[block].location)


def fire_bonus(sit: Situation, p: Fight) -> int:
    """The extra FP of an opportunity fire on a block that has just crossed a wall."""
    if p.kind != "opportunity" or not on(sit):
        return 0
    return EXTRA_FP if _crossing(sit, p.target) else 0


def withdrawal_drm(sit: Situation, block: str) -> int:
    """The DRM on the withdrawal table of `block`: the mover under opportunity fire in the
    hex it entered over a wall (only the mover withdraws from an opportunity fire there)."""
    act = sit.state.activation
    if not on(sit) or act is None or act.block != block:
        return 0
    return WITHDRAWAL_DRM if _crossing(sit, block) else 0
