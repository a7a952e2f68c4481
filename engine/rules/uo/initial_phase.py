"""The initial phase's No Man's Land sequences (3.1.1), in the rulebook's order, after the
hide revealed blocks sequence: population movement (13.3, an advanced rule), the IED/UXO
stability check, then the wrecks' (5.2.4.5). The event and 3D action sequences come with the
next rules issue: `events_and_3d_actions` is where they go.

The full initial phase is played from turn 2 (3.1.1's note): play.py calls this at the start
of every turn after the first. Dice rolled here go into the log entry of the action that ended
the turn.
"""

from __future__ import annotations

from ...battlefield import LocKind
from ...geometry.polygons import bearing
from ...model.scenario import AdvancedRule
from . import events, no_mans_land, obstructions, population_choice, reorganisation, third_dimension
from .counters import Kind
from .situation import Situation

#: 13.3: 0 panic (removed); 1-6 one MP towards that direction (1 = north, then clockwise);
#: 7 stays; 8 red, 9 green moves it as it chooses
PANIC = 0
STAYS = 7
#: 13.3: "If a Population counter cannot move, roll the die again": a bound on the rerolls
#: so a boxed-in counter (no hex it may enter) does not roll for ever
REROLLS = 10


def run(sit: Situation) -> None:
    """3.1.1 from the population movement to the wreck check, then the hook."""
    if AdvancedRule.population_movement in sit.game.scenario.advanced_rules:
        population_movement(sit)
    check_ied_uxo(sit)
    check_wrecks(sit)
    events_and_3d_actions(sit)


def population_movement(sit: Situation) -> None:
    """13.3: each revealed Population counter outside buildings rolls a d10."""
    bf = sit.game.battlefield
    counters = sit.state.nml.counters
    for cid in sorted(counters):
        c = counters[cid]
        if c.kind != Kind.population or not c.revealed or c.location is None:
            continue
        if bf.location(c.location).kind != LocKind.hex:
            continue  # "a Population counter inside a building does not move"
        for _ in range(REROLLS):
            roll = sit.roll()
            if roll == PANIC:
                c.location = None
                break
            if roll == STAYS:
                break
            if roll > STAYS:
                # 8 and 9: the red or green player moves it as it chooses, the turn's first
                # decision (population_choice.py); one that cannot move rolls again
                if population_choice.rolled(sit, cid, roll):
                    break
                continue
            to = _towards(sit, c.location, roll - 1)
            if to is not None:
                c.location = to
                break


def _towards(sit: Situation, location: str, direction: int) -> str | None:
    """The adjacent hex in the die's direction (0 = the first clockwise from north, 13.3),
    if the counter may go there by a 1 MP step of a foot unit (a wall in the way stops it)
    and it holds no block and no counter."""
    bf = sit.game.battlefield
    here = bf.location(location)
    want = sorted(d % 360.0 for d in obstructions.hex_directions(bf, here.layer))[direction]
    taken = sit.occupied() | {c.location for c in sit.state.nml.counters.values() if c.location}
    for step in bf.out[here.index]:
        there = bf.locations[step.dst]
        if there.kind != LocKind.hex or step.foot != 1 or there.id in taken:
            continue
        off = abs((bearing(here.centre, there.centre) - want + 180.0) % 360.0 - 180.0)
        if off < 1.0:
            return there.id
    return None


def check_ied_uxo(sit: Situation) -> None:
    """3.1.1, 5.2.3.1: each IED/UXO revealed by a weapon or a close movement rolls a d10;
    0-3, it explodes within 2 EP (every block and counter, 8.2.1.1) and leaves the game."""
    counters = sit.state.nml.counters
    for cid in sorted(counters):
        c = counters[cid]
        unstable = c.kind == Kind.ied_uxo and c.unstable and c.location is not None
        if unstable and sit.roll() < no_mans_land.EXPLODES_UNDER:
            no_mans_land.explode(sit, cid, sides=None, exclude=None, by=None)


def check_wrecks(sit: Situation) -> None:
    """3.1.1, 5.2.4.5: the wreck of each vehicle destroyed in the game rolls a d10 like an
    IED/UXO; it stays on the map after exploding."""
    for where in sorted(sit.state.wrecks):
        if sit.roll() < no_mans_land.EXPLODES_UNDER:
            no_mans_land.explode(sit, None, sides=None, exclude=None, by=None, at=where)


def events_and_3d_actions(sit: Situation) -> None:
    """3.1.1: the event sequence (events.py), the 3D actions' resolution and request
    sequences (third_dimension.py), then the order of battle reorganisation (12.1, an
    advanced rule: reorganisation.py), the side with the scenario's initiative for this
    turn first."""
    first = sit.game.initiative(sit.state.turn)
    events.event_sequence(sit, first)
    third_dimension.begin(sit, first)  # resolution (7.3.3.2-7.3.3.3), then requests
    # 12.1: the order of battle reorganisation sequence, decided once the 3D requests are
    reorganisation.begin(sit, first)
    population_choice.settle(sit)  # 13.3: choices whose counter has gone since its die
