"""The No Man's Land actions of the sequence of play: what the play offers (set-up
placements, the active block's scouting, scattering, placing and destroying) and what it
does on them. The rules themselves are `no_mans_land.py`'s and `mines.py`'s; what happens to
a block entering a location is `arrival.py`'s; play.py calls these."""

from __future__ import annotations

from operator import attrgetter

from ...battlefield.movement import ep_from
from ...model.scenario import Side
from . import arrival, fight, mines, no_mans_land, traps
from .actions import (
    Action,
    Destroy,
    KeepInReserve,
    PlaceCounter,
    ScatterPopulation,
    ScoutCounter,
    ScoutMines,
)
from .counters import Kind
from .situation import Situation
from .state import Phase

NML_ACTIONS = (PlaceCounter, KeepInReserve, ScoutMines, ScoutCounter, ScatterPopulation, Destroy)


def setup_actions(sit: Situation, side: Side) -> list[Action]:
    """Placing the side's barricades and mines at set-up, or keeping the rest (5.2.1,
    5.2.2.1)."""
    if side not in sit.state.nml.placing:
        return []
    out: list[Action] = [PlaceCounter(kind.value, loc) for kind, loc in mines.setup_places(sit, side)]
    out.extend(PlaceCounter(Kind.ap_mine.value, loc) for loc in traps.setup_places(sit, side))  # 13.2
    out.append(KeepInReserve())
    return out


def placing(sit: Situation, side: Side) -> bool:
    """Whether `side` still has something to place at set-up."""
    if side not in sit.state.nml.placing:
        return False
    return bool(mines.setup_places(sit, side) or traps.setup_places(sit, side))


def block_actions(sit: Situation, block: str) -> list[Action]:
    """The No Man's Land actions (8.2) open to the active block that may still act:
    scouting a face-down counter, scattering population, an engineer's placing and
    destroying."""
    s = sit.state
    here = s.blocks[block].location or ""
    out: list[Action] = []
    side = sit.side_of(block)
    hidden = sit.still(("nml hidden", side), lambda: no_mans_land.hidden_locations(sit, side))
    if hidden:
        # `fight.can_scout` of each, with the EP row from here (`Situation.ep`'s) at hand
        ep_row = ep_from(sit.game.battlefield, here)
        for loc in hidden:
            d = ep_row.get(loc)
            if d is not None and fight.scout_in_reach(
                sit, here, loc, d, fight.scouting_range(sit, block, loc)
            ):
                out.append(ScoutCounter(loc))
    out.extend(ScatterPopulation(loc, to) for loc, to in no_mans_land.scatter_options(sit, block))
    out.extend(PlaceCounter(kind.value, loc) for kind, loc in mines.engineer_places(sit, block))
    out.extend(PlaceCounter(Kind.ap_mine.value, loc) for loc in traps.engineer_places(sit, block))  # 13.2
    targets = no_mans_land.destroy_targets(sit, block)
    if targets:
        moves = fight.withdrawal_options(sit, block) or [here]
        out.extend(Destroy(loc, to) for loc in targets for to in moves)
    return out


def start_actions(sit: Situation, block: str) -> list[Action]:
    """Before it moves: a Scout or Engineer may announce it scouts for mines (5.2.2.3)."""
    return [ScoutMines()] if mines.may_scout_mines(sit, block) else []


def apply(sit: Situation, action: Action) -> None:
    s = sit.state
    if isinstance(action, KeepInReserve):
        mines.keep_in_reserve(sit, s.active)
        return
    if isinstance(action, PlaceCounter) and s.phase == Phase.setup:
        _place(sit, s.active, action)
        return
    act = s.activation
    assert act is not None
    block = act.block
    if isinstance(action, ScoutMines):
        mines.start_scouting(sit, block)
        return
    act.acted_at = act.spent  # each of the others is the block's action (8.2)
    if isinstance(action, PlaceCounter):
        _place(sit, sit.side_of(block), action)
    elif isinstance(action, ScoutCounter):
        no_mans_land.scout(sit, block, action.location)
    elif isinstance(action, ScatterPopulation):
        no_mans_land.scatter(sit, action.location, action.to)
    elif isinstance(action, Destroy):
        here = s.blocks[block].location
        no_mans_land.destroy(sit, block, action.location)
        if s.blocks[block].on_map and action.to != here:
            # 8.2.3.2: it must move 2 MP after the destruction, at no MP cost
            s.blocks[block].location = action.to
            act.path.append(action.to)
            s.control[action.to] = sit.side_of(block)
            sit.contact(block)
            arrival.entered(sit, block, action.to, came_from=here)


def _place(sit: Situation, side: Side, action: PlaceCounter) -> None:
    if action.kind == Kind.ap_mine.value:
        traps.place(sit, side, action.location)  # 13.2: two AT mines of the allotment
        left = mines.setup_reserves(sit, side) or traps.affordable(sit, side)
        if sit.state.phase == Phase.setup and not left:
            sit.state.nml.placing.discard(side)
    else:
        mines.place(sit, side, Kind(action.kind), action.location)


def entered(sit: Situation, block: str, location: str) -> None:
    """A block has moved or entered the map into `location` (play.py): `arrival.entered`,
    from the location before it on its activation's path."""
    act = sit.state.activation
    came_from = None
    if act is not None and act.block == block and len(act.path) >= 2:
        came_from = act.path[-2]
    arrival.entered(sit, block, location, came_from=came_from)


#: what a counter's state contributes to `fingerprint`
_COUNTER_KEY = attrgetter("location", "revealed")


def fingerprint(sit: Situation) -> tuple[object, ...]:
    """What of No Man's Land the legal actions depend on (Play._fingerprint)."""
    n = sit.state.nml
    act = sit.state.activation
    return (
        tuple(n.counters),
        tuple(map(_COUNTER_KEY, n.counters.values())),  # (one C call per counter)
        len(n.toxic_clouds),
        tuple(sorted(n.reserve.items())),
        tuple(sorted(n.placing)),
        act is not None and act.scouting_mines,
    )
