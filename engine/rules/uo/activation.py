"""What an activated block may do with its movement points (7.1.2, 8.1), as functions over
values: the play state and the bots ask the same questions with what each of them knows.
"""

from __future__ import annotations

from ...battlefield.movement import Mover, Unit
from ...model.cards import VEHICLE_TYPES, BlockProfile, BlockType, Protection

#: MP of an activation (7.1.2, 8.1): with an action, moving only, and entirely out of sight
WITH_ACTION = {Unit.foot: 3, Unit.vehicle: 6}
MOVE_ONLY = {Unit.foot: 6, Unit.vehicle: 12}
OUT_OF_SIGHT = {Unit.foot: 9, Unit.vehicle: 18}
#: blocks a foot block climbs over to cross an outer wall or reach a roof (8.1.6, 8.1.7)
CLIMBABLE = frozenset({BlockType.apc, BlockType.mbt})


def unit_of(profile: BlockProfile) -> Unit:
    """Foot or vehicle: which column of the terrain chart the block moves by."""
    return Unit.vehicle if profile.type in VEHICLE_TYPES else Unit.foot


def mover_of(profile: BlockProfile) -> Mover:
    """How a block moves: its unit class, and whether it carries a ladder (8.1.6, 8.1.7)."""
    key = (unit_of(profile), profile.ladder)
    found = _MOVERS.get(key)
    if found is None:
        found = _MOVERS[key] = Mover(*key)
    return found


#: the movers made (a frozen value: four at most, shared rather than made at every question)
_MOVERS: dict[tuple[Unit, bool], Mover] = {}


def helps_climb(profile: BlockProfile) -> bool:
    """A friendly block others climb over to an outer wall or a roof (8.1.6, 8.1.7): an APC,
    a tank, or a block with a ladder."""
    return profile.type in CLIMBABLE or profile.ladder


def fire_and_move(profile: BlockProfile) -> bool:
    """Armoured vehicles and tanks may move, fire, then move on within 6 MP (8.1.15)."""
    return profile.type in VEHICLE_TYPES and profile.protection != Protection.soft


def activation_budget(
    unit: Unit,
    *,
    spent: int,
    acted_at: int | None,
    fire_and_move: bool,
    unseen: bool,
    night: bool,
    underground: bool,
) -> int:
    """The MP an activation may spend in all (7.1.2, 8.1, 8.1.13, 8.1.15, 9.1): 3 / 6 with an
    action, before or after it (a block that moved, then acted, moves no more unless it may
    fire and move: then it spends the 3 / 6 in all); 6 / 12 moving only; 9 / 18 if the whole
    move stays out of every enemy's sight, except at night and underground. `spent`: MP spent
    so far; `acted_at`: MP spent when it acted (None: no action yet); `unseen`: the move,
    the next step included, is out of sight."""
    if acted_at is not None:
        if acted_at > 0 and not fire_and_move:
            return spent
        return WITH_ACTION[unit]
    if unseen and not night and not underground:
        return OUT_OF_SIGHT[unit]
    return MOVE_ONLY[unit]


def may_still_act(unit: Unit, *, spent: int, acted_at: int | None) -> bool:
    """An action (fire, assault, scouting) is open while the block has not acted and has
    spent no more than the 3 / 6 MP an activation with an action allows (7.1.2)."""
    return acted_at is None and spent <= WITH_ACTION[unit]
