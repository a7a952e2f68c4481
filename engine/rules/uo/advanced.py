"""The advanced rules of movement, command and environment (11-13) as the play meets them:
what they add to the decisions and the actions, and what they do when blocks fall, move or
are fired at. Each rule is its own module and acts only when the scenario lists it in
`advanced_rules`; play.py only asks here and hands over.

- 11.1 superstructure.py, 11.2 wall_crossing.py
- 12.1 reorganisation.py, 12.2 cohesion.py
- 13.1 underground_blocking.py, 13.2 traps.py, 13.3 population_choice.py (with
  initial_phase.py's population movement), 13.4 rubble.py
"""

from __future__ import annotations

from collections.abc import Callable

from ...model.scenario import Side
from . import (
    cohesion,
    population_choice,
    reorganisation,
    superstructure,
    traps,
    underground_blocking,
)
from .actions import (
    Action,
    Assault,
    BlockEntry,
    EndReorganisation,
    Fire,
    MovePopulation,
    Ride,
    Transfer,
)
from .situation import Situation

#: the action classes this module applies
ADVANCED_ACTIONS = (Ride, Transfer, EndReorganisation, BlockEntry, MovePopulation)
#: a block entering a location (`Play.entered`)
Entered = Callable[[str, str], None]


def first_decider(sit: Situation) -> Side | None:
    """Decisions that come before the events' and 3D choices: population moves (13.3)."""
    return population_choice.decider(sit)


def sequence_decider(sit: Situation) -> Side | None:
    """Decisions that come after the 3D request sequence: the order of battle
    reorganisation (12.1)."""
    return reorganisation.decider(sit)


def decision_actions(sit: Situation) -> list[Action] | None:
    """The legal actions of a decision of this module's, None if none is open."""
    if population_choice.decider(sit) is not None:
        return list(population_choice.actions(sit))
    return None


def sequence_actions(sit: Situation) -> list[Action] | None:
    if reorganisation.decider(sit) is not None:
        return list(reorganisation.actions(sit))
    return None


def block_actions(sit: Situation, block: str) -> list[Action]:
    """What the active block that may still act can do under these rules."""
    out: list[Action] = []
    out.extend(superstructure.choices(sit, block))
    out.extend(BlockEntry(m) for m in underground_blocking.choices(sit, block))
    return out


def allowed(sit: Situation, block: str, action: Action) -> bool:
    """12.1: no fire or assault by a force reorganised this turn."""
    if isinstance(action, (Fire, Assault)):
        return reorganisation.may_fire(sit, block)
    return True


def apply(sit: Situation, action: Action) -> None:
    s = sit.state
    if isinstance(action, MovePopulation):
        population_choice.apply(sit, action)
    elif isinstance(action, (Transfer, EndReorganisation)):
        reorganisation.apply(sit, action)
    elif isinstance(action, Ride):
        superstructure.ride(sit, action)
    elif isinstance(action, BlockEntry):
        act = s.activation
        assert act is not None
        act.acted_at = act.spent  # the engineer's action (8.2.3)
        underground_blocking.demolish(sit, action.manhole)


def eliminated(sit: Situation, block: str, where: str | None) -> None:
    cohesion.eliminated(sit, block, where)


def command_limit(sit: Situation, force: str, base: int) -> int:
    return cohesion.limit(sit, force, base)


def end_turn(sit: Situation) -> None:
    """The final phase (3.1.5): this turn's penalties end."""
    reorganisation.end_turn(sit)
    cohesion.end_turn(sit)
    sit.state.advanced.wall_crossing = None


def fingerprint(sit: Situation) -> object:
    """What of these rules' state the legal actions depend on (Play._fingerprint)."""
    adv = sit.state.advanced
    if adv == type(adv)():
        return None
    return (
        tuple(sorted(adv.riders)),
        tuple(sorted(adv.attached.items())),
        tuple(adv.reorganising),
        tuple(sorted(adv.reorganised)),
        tuple(sorted(adv.transferred)),
        tuple(sorted(adv.commander_fallen)),
        tuple((c.counter, c.side) for c in adv.population),
        tuple(sorted(adv.fortified)),
    )


def check(sit: Situation) -> list[str]:
    """Invariants of these rules (invariants.py)."""
    problems = []
    problems.extend(reorganisation.check(sit))
    problems.extend(superstructure.check(sit))
    problems.extend(traps.check(sit))
    adv = sit.state.advanced
    for c in adv.population:
        if sit.state.nml.counters[c.counter].kind.value != "population":
            problems.append(f"population choice on {c.counter}, not a Population counter (13.3)")
    if adv.collapses and not sit.state.pending:
        problems.append(f"collapses {adv.collapses} left unrolled (13.4)")
    return problems
