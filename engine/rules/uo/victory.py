"""Victory (1.3): who controls what (2.3), which of the scenario's conditions are met, the
points each side scores and the victory level reached.

`score` reads a state as if the game ended there: the result counts once the last turn is
over (`Phase.over`; 1.3: "in a given number of turns"), but a bot or the editor may call
it at any time to see how things stand.

Interpretations:

- Control (2.3) "by the side having a block present or being the last to have moved
  through it": a block present decides; only when no block is there does the last side
  through (`State.control`, kept by play) hold it. Blocks of both sides in one location
  (an assault under way, 8.2.8) decide nothing yet: the location keeps its last holder.
  Dummy blocks (5.2.1) are environment blocks, no troops: their presence decides nothing
  (a bluff must not take an objective); what `State.control` records still stands.
- Control of a building: every room and zone of it (the divided room itself is no
  location, 2.3). Its roof counts only against: an enemy-held roof denies the building (a
  roof is one of its locations, 2.3), an unheld one does not, since a side that cleared
  every room should not have to climb onto the roof (8.1.7, 8.1.8) merely to claim it.
- Destroy: the named enemy blocks and the enemy blocks of the listed types both qualify
  (the field docs read "or"); at least `count` of them eliminated meets it. Only the enemy's
  blocks count, and dummies are no unit to destroy.
- Levels: checked in the scenario's order, the first whose side has enough points wins;
  none reached, the game is undecided.
"""

from __future__ import annotations

from collections import defaultdict

from ...battlefield import LocKind
from ...model.scenario import (
    Collateral,
    ControlBuildings,
    ControlLocations,
    Destroy,
    Side,
    VictoryCondition,
)
from ..ruleset import Outcome, Result, VictoryLevel
from .game import Game
from .state import Phase, State, other

__all__ = ["Outcome", "building_locations", "controller", "score"]


def _presence(game: Game, state: State) -> dict[str, set[Side]]:
    """Location -> the sides with a unit block there (2.3)."""
    present: dict[str, set[Side]] = defaultdict(set)
    for bid, block in state.blocks.items():
        info = game.blocks[bid]
        if block.on_map and block.location is not None and not info.dummy:
            present[block.location].add(info.side)
    return present


def _controller(state: State, present: dict[str, set[Side]], location: str) -> Side | None:
    sides = present.get(location, set())
    if len(sides) == 1:
        return next(iter(sides))
    return state.control.get(location)


def controller(game: Game, state: State, location: str) -> Side | None:
    """The side controlling `location` (2.3), None if nobody has held it."""
    return _controller(state, _presence(game, state), location)


def building_locations(game: Game, building: str) -> list[str]:
    """The rooms and zones a side must control to control `building`."""
    return [loc.id for loc in game.battlefield.locations if loc.building == building and loc.interior]


def _roof(game: Game, building: str) -> str | None:
    return next(
        (
            loc.id
            for loc in game.battlefield.locations
            if loc.building == building and loc.kind == LocKind.roof
        ),
        None,
    )


def _met(game: Game, state: State, present: dict[str, set[Side]], cond: VictoryCondition) -> bool:
    if isinstance(cond, ControlLocations):
        return all(_controller(state, present, loc) == cond.side for loc in cond.locations)
    if isinstance(cond, ControlBuildings):
        for building in cond.buildings:
            rooms = building_locations(game, building)
            if not rooms:
                return False  # not on the map (validation says so, L309): nothing to hold
            if any(_controller(state, present, loc) != cond.side for loc in rooms):
                return False
            roof = _roof(game, building)
            if roof is not None and _controller(state, present, roof) == other(cond.side):
                return False
        return True
    if isinstance(cond, Destroy):
        named = set(cond.blocks)
        types = set(cond.block_types)
        destroyed = sum(
            1
            for bid, info in game.blocks.items()
            if info.side != cond.side
            and not info.dummy
            and (bid in named or info.type in types)
            and state.blocks[bid].eliminated
        )
        return destroyed >= cond.count
    # Collateral (5.2.3.3: "any Population counter eliminated by a side's action may cause a
    # penalty"): met once the side has eliminated one; the points are per counter (_points)
    assert isinstance(cond, Collateral)
    return state.nml.collateral.get(cond.side, 0) > 0


def _points(cond: VictoryCondition, met: bool, state: State) -> int:
    if isinstance(cond, Collateral):
        return cond.per_population * state.nml.collateral.get(cond.side, 0)
    return cond.points if met else 0


def score(game: Game, state: State) -> Outcome:
    """Conditions met, points per side and the victory level reached (1.3); the result is
    `ongoing` until the last turn is over."""
    present = _presence(game, state)
    points = {side: 0 for side in Side}
    conditions: dict[str, bool] = {}
    for cond in game.scenario.victory.conditions:
        met = _met(game, state, present, cond)
        conditions[cond.id] = met
        points[cond.side] += _points(cond, met, state)
    over = state.phase == Phase.over
    for level in game.scenario.victory.levels:
        if points[level.side] >= level.min_points:
            result = Result.victory if over else Result.ongoing
            return Outcome(result, level.side, VictoryLevel(level.level.value), points, conditions)
    return Outcome(Result.undecided if over else Result.ongoing, None, None, points, conditions)
