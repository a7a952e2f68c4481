"""Fortified markers (5.2.4.2): set up by the scenario, never removed, and what they give
the block in their location, whichever side it is ("effective in all directions"):

- +1 FP in a fight (the aid card's infrastructure modifier; `fight.modifiers`);
- against a weapons effect (fire lane, area of effect, explosion), a d10: on 0-7 the loss
  does not apply (`harm.suffer`);
- against 3D fire, 1 OSL less than the result (3D actions are the next rules issue's; it
  asks `fortified` here).

Their protection holds after direct and indirect hits and after breaching.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

from .game import Game
from .situation import Situation

#: d10 results on which a fortified block shrugs off a weapons effect (5.2.4.2: "0-7")
PROTECTED_ROLLS = range(0, 8)

_LOCATIONS: WeakKeyDictionary[Game, frozenset[str]] = WeakKeyDictionary()


def locations(game: Game) -> frozenset[str]:
    """Where the scenario sets up Fortified markers, both sides' (5.2.4.2)."""
    found = _LOCATIONS.get(game)
    if found is None:
        sides = game.scenario.sides
        found = _LOCATIONS[game] = frozenset(
            loc for setup in (sides.green, sides.red) for loc in setup.environment.fortified.locations
        )
    return found


def fortified(game: Game, location: str | None) -> bool:
    return location is not None and location in locations(game)


def at(sit: Situation, location: str | None) -> bool:
    """Fortified now: the scenario's markers, and those a collapse left (13.4)."""
    return fortified(sit.game, location) or (
        location is not None and location in sit.state.advanced.fortified
    )


def shrugs_off(sit: Situation, block: str) -> bool:
    """A block in a fortified location hit by a weapons effect rolls a d10: 0-7, the loss
    does not apply (5.2.4.2). No die elsewhere."""
    if not at(sit, sit.state.blocks[block].location):
        return False
    return sit.roll() in PROTECTED_ROLLS
