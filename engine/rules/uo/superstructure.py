"""Superstructure transport (11.1, an advanced rule): a foot block may ride on a vehicle's
superstructure. It mounts and dismounts as a passenger does (8.2.4: adjacent hexes, the
capacity, both blocks' actions one after the other; `Ride` instead of `Mount`), with three
differences:

- the vehicle targeted, the rider does not share its losses (8.2.4.5): it suffers only the
  weapon's area of effect, the heavy weapons effect around the target, and a 3D action's
  rings, as a soft block at the vehicle's location;
- the rider is not a separate target on the map (it rides with the vehicle, off the map like
  any passenger), so the rule's other case, "if the Foot unit block is targeted", does not
  arise here (docs/rules.md);
- a vehicle carrying a rider has no out-of-sight movement (8.1.13).

A vehicle eliminated sets its riders down on its location (they were outside it), unless
another block stands there, when they fall with it.
"""

from __future__ import annotations

from ...model.cards import Protection, Weapon
from ...model.scenario import AdvancedRule
from . import transport
from .actions import Mount, Ride
from .situation import Situation


def on(sit: Situation) -> bool:
    return AdvancedRule.superstructure in sit.game.scenario.advanced_rules


def riders(sit: Situation, vehicle: str) -> list[str]:
    adv = sit.state.advanced
    if not adv.riders:
        return []
    return [p for p in transport.passengers(sit, vehicle) if p in adv.riders]


def carries(sit: Situation, vehicle: str) -> bool:
    """Whether `vehicle` has a rider on its superstructure (no move out of sight, 11.1)."""
    return bool(riders(sit, vehicle))


def choices(sit: Situation, block: str) -> list[Ride]:
    """Riding open to the active foot block: where it could mount (8.2.4.3)."""
    if not on(sit):
        return []
    return [Ride(m.vehicle) for m in transport.mount_choices(sit, block)]


def ride(sit: Situation, action: Ride) -> None:
    act = sit.state.activation
    assert act is not None
    block = act.block
    transport.mount(sit, Mount(action.vehicle))
    sit.state.advanced.riders.add(block)


def _suffer(sit: Situation, rider: str, osl: int) -> None:
    b = sit.state.blocks[rider]
    if osl <= 0 or b.eliminated:
        return
    b.losses += osl
    if b.losses >= sit.game.blocks[rider].levels:
        sit.eliminate(rider, by=None)
        b.mounted_in = None
        sit.state.advanced.riders.discard(rider)


def fired_at(sit: Situation, w: Weapon, location: str) -> None:
    """A fire with `w` at `location`: the riders of a vehicle there suffer the heavy weapons
    effect around the target (11.1), a light weapon nothing."""
    if not sit.state.advanced.riders or not w.area_of_effect.target_radius():
        return  # a light weapon (a heavy one always reaches its target's location, 4.3.7.2)
    table = sit.game.tables.weapons_effect.losses.heavy.around_target
    for bid, b in list(sit.state.blocks.items()):
        if b.on_map and b.location == location and sit.game.blocks[bid].vehicle:
            for rider in riders(sit, bid):
                _suffer(sit, rider, table.of(Protection.soft))


def struck_from_above(sit: Situation, vehicle: str, osl: int) -> None:
    """A 3D action's ring took `osl` at the vehicle's location: its riders suffer it (11.1)."""
    for rider in riders(sit, vehicle):
        _suffer(sit, rider, osl)


def set_down(sit: Situation, vehicle: str) -> list[str]:
    """Before `vehicle` is eliminated: its riders leave it (returns them, for `place` once
    the vehicle is gone)."""
    out = riders(sit, vehicle)
    for rider in out:
        sit.state.blocks[rider].mounted_in = None
        sit.state.advanced.riders.discard(rider)
    return out


def place(sit: Situation, riders_left: list[str], where: str | None) -> None:
    """The riders of an eliminated vehicle: the first on its location if free, the others
    (one block a location, 8.1.1) eliminated with it."""
    s = sit.state
    for rider in riders_left:
        b = s.blocks[rider]
        if where is None or where in sit.occupied():
            sit.eliminate(rider, by=None)
            continue
        b.location, b.revealed = where, True
        where = None


def dismounted(sit: Situation, block: str) -> None:
    sit.state.advanced.riders.discard(block)


def check(sit: Situation) -> list[str]:
    """Invariant: a rider is mounted in a vehicle."""
    s = sit.state
    return [
        f"{r} rides a superstructure but is not mounted (11.1)"
        for r in sorted(s.advanced.riders)
        if s.blocks[r].mounted_in is None or s.blocks[r].eliminated
    ]
