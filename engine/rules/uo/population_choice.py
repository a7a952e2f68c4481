"""Population movement by a player's choice (13.3, an advanced rule): a revealed Population
counter whose d10 gave 8 is moved 1 MP by the red player, 9 by the green player, in the
direction of its choice. The die is rolled in the population movement sequence
(initial_phase.py); the choice waits in `Advanced.population` and is made as the turn's
first decision, before the event and 3D choices (docs/rules.md)."""

from __future__ import annotations

from ...battlefield import LocKind
from ...model.scenario import Side
from .actions import MovePopulation
from .advanced_state import PopulationChoice
from .counters import Kind
from .situation import Situation

#: 13.3: 8, the red player moves it; 9, the green player
CHOOSER = {8: Side.red, 9: Side.green}


def options(sit: Situation, location: str) -> list[str]:
    """The adjacent hexes a Population counter at `location` may move to by 1 MP: a foot
    unit's 1 MP step, nothing standing there (no block, no counter)."""
    bf = sit.game.battlefield
    taken = sit.occupied() | {c.location for c in sit.state.nml.counters.values() if c.location}
    out = set()
    for step in bf.out[bf.location(location).index]:
        there = bf.locations[step.dst]
        if there.kind == LocKind.hex and step.foot == 1 and there.id not in taken:
            out.add(there.id)
    return sorted(out)


def rolled(sit: Situation, counter: str, roll: int) -> bool:
    """The counter's d10 gave 8 or 9: its chooser will move it; False if it cannot move
    (13.3: "roll the die again")."""
    c = sit.state.nml.counters[counter]
    if c.location is None or not options(sit, c.location):
        return False
    sit.state.advanced.population.append(PopulationChoice(counter, CHOOSER[roll]))
    return True


def settle(sit: Situation) -> None:
    """Choices whose counter has gone or can no longer move are dropped (an explosion, a 3D
    strike or a block may have changed things since the die)."""
    waiting = sit.state.advanced.population
    counters = sit.state.nml.counters
    while waiting:
        c = counters[waiting[0].counter]
        if c.location is not None and c.kind == Kind.population and options(sit, c.location):
            return
        waiting.pop(0)


def decider(sit: Situation) -> Side | None:
    waiting = sit.state.advanced.population
    return waiting[0].side if waiting else None


def actions(sit: Situation) -> list[MovePopulation]:
    first = sit.state.advanced.population[0]
    where = sit.state.nml.counters[first.counter].location or ""
    return [MovePopulation(where, to) for to in options(sit, where)]


def apply(sit: Situation, action: MovePopulation) -> None:
    first = sit.state.advanced.population.pop(0)
    sit.state.nml.counters[first.counter].location = action.to
    settle(sit)
