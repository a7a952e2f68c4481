"""The most victory points each side can score (1.3), from the scenario alone: what the
editor shows beside the victory levels so a level no side can reach is seen before any
playtest.

An upper bound, read the way `victory.score` scores: every condition a side could meet
counts its points once; a condition that takes points away (negative points, collateral)
counts 0, since the side can always avoid meeting it. A condition is out of reach when
what it names is not there: a location or building not on the map (when the map is
given), or fewer enemy blocks in the orders of battle than `count` for a destroy
condition (dummies are no units, 5.2.1, and are not in the orders of battle). Whether two
conditions exclude each other in play (both sides holding one location) is not judged:
each side's figure is its own best case.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from ...model.scenario import (
    Collateral,
    ControlBuildings,
    ControlLocations,
    Destroy,
    Scenario,
    Side,
    VictoryCondition,
)


@dataclass(frozen=True)
class ConditionReach:
    id: str
    side: Side
    #: the most the condition adds to its side's points (0 for a penalty)
    points: int
    reachable: bool
    #: why it cannot be met ("" when it can)
    reason: str = ""


@dataclass(frozen=True)
class LevelReach:
    index: int
    side: Side
    level: str
    min_points: int
    reachable: bool


@dataclass(frozen=True)
class Attainable:
    points: dict[Side, int]
    conditions: list[ConditionReach]
    levels: list[LevelReach]


def _enemy_blocks(scenario: Scenario, side: Side) -> list[tuple[str, str]]:
    """(block id, block type) of every block of the side's enemy, reinforcements too."""
    enemy = scenario.sides.red if side == Side.green else scenario.sides.green
    return [(b.id, str(b.type)) for force in enemy.impulse_forces for b in force.blocks]


def _reach(
    scenario: Scenario,
    cond: VictoryCondition,
    is_location: Callable[[str], bool] | None,
    buildings: Collection[str] | None,
) -> ConditionReach:
    if isinstance(cond, Collateral):
        return ConditionReach(cond.id, cond.side, 0, True)
    gain = max(cond.points, 0)
    reason = ""
    if isinstance(cond, ControlLocations) and is_location is not None:
        missing = [loc for loc in cond.locations if not is_location(loc)]
        if missing:
            reason = f"not on the map: {', '.join(missing)}"
    elif isinstance(cond, ControlBuildings) and buildings is not None:
        missing = [b for b in cond.buildings if b not in buildings]
        if missing:
            reason = f"no building {', '.join(missing)} on the map"
    elif isinstance(cond, Destroy):
        named, types = set(cond.blocks), set(map(str, cond.block_types))
        targets = [bid for bid, kind in _enemy_blocks(scenario, cond.side) if bid in named or kind in types]
        if len(targets) < cond.count:
            reason = f"{cond.count} to destroy, the enemy has {len(targets)} such block(s)"
    if reason:
        return ConditionReach(cond.id, cond.side, 0, False, reason)
    return ConditionReach(cond.id, cond.side, gain, True)


def max_attainable(
    scenario: Scenario,
    is_location: Callable[[str], bool] | None = None,
    buildings: Collection[str] | None = None,
) -> Attainable:
    """Each side's most points, each condition's share and each level's reachability.
    `is_location` and `buildings` describe the assembled map; None: not checked."""
    conditions = [_reach(scenario, c, is_location, buildings) for c in scenario.victory.conditions]
    points = {side: 0 for side in Side}
    for reach in conditions:
        points[reach.side] += reach.points
    levels = [
        LevelReach(k, lv.side, str(lv.level), lv.min_points, lv.min_points <= points[lv.side])
        for k, lv in enumerate(scenario.victory.levels)
    ]
    return Attainable(points, conditions, levels)
