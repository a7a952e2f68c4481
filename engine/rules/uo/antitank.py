"""Antitank weapons in the advanced rules (10.5, 10.6, 10.8): what counts as one, and what
using one costs or earns a Foot unit block. Functions over values and the situation; the
fights (fight.py, `fight_terms.py`) and breaching (breaching.py) ask them.

An antitank weapon is one with the red or black triangle symbol (10.5): the symbol of the
weapons "effective on any kind of target" (4.3.5), `TargetCapability.all` in the card format.
"""

from __future__ import annotations

from ...model.cards import BreachCapability, TargetCapability, Weapon
from ...model.scenario import AdvancedRule
from .situation import Situation

#: OSL a Foot unit block loses for firing an antitank weapon at infantry (10.5) or for
#: opening a breach with one (10.6): "the low availability of ammunition"
AMMUNITION_OSL = 1
#: firepower of a vehicle's return fire against an ambush (10.8)
AMBUSH_FP = 5


def enabled(sit: Situation, rule: AdvancedRule) -> bool:
    """Whether the scenario lists advanced rule `rule` (10-13 act only when listed)."""
    return rule in sit.game.scenario.advanced_rules


def antitank(w: Weapon) -> bool:
    """A weapon with the triangle symbol: effective on any kind of target (4.3.5, 10.5)."""
    return w.targets == TargetCapability.all


def foot(sit: Situation, block: str) -> bool:
    """A Foot unit block: anything but a vehicle (2.3; a dummy stands for one)."""
    return not sit.game.blocks[block].vehicle


def against_infantry(sit: Situation, shooter: str, w: Weapon, target: str) -> bool:
    """10.5: a Foot unit block using an antitank weapon against another Foot unit block
    (it loses 1 OSL just after the combat results are applied)."""
    return (
        enabled(sit, AdvancedRule.antitank_vs_infantry)
        and antitank(w)
        and foot(sit, shooter)
        and foot(sit, target)
        and not sit.game.blocks[target].dummy
    )


def breach_capability(sit: Situation, block: str, w: Weapon) -> BreachCapability:
    """The weapon's breach symbol as breaching reads it (8.2.9): with 10.6 a Foot unit
    block's antitank weapon without one opens breaches remotely."""
    if w.breach != BreachCapability.none:
        return w.breach
    if enabled(sit, AdvancedRule.antitank_breaching) and antitank(w) and foot(sit, block):
        return BreachCapability.remote
    return BreachCapability.none


def breaching_costs(sit: Situation, block: str, w: Weapon) -> bool:
    """10.6: the Foot unit block loses 1 OSL for a breach opened with an antitank weapon
    that 10.6 lent the breach symbol (a weapon with a breach symbol of its own is used as
    the basic rules have it, 8.2.9)."""
    return w.breach == BreachCapability.none and breach_capability(sit, block, w) != BreachCapability.none


def ambush(sit: Situation, kind: str, firer: str, w: Weapon, target: str, reply: str | None) -> bool:
    """10.8: a Foot unit block firing with an antitank weapon on a Vehicle block surprises
    it when the vehicle itself fires back (no enemy Foot unit block covering it instead):
    the vehicle's return fire has a firepower of 5 whatever the range. A fire or an
    opportunity fire, not an assault."""
    g = sit.game
    return (
        enabled(sit, AdvancedRule.ambush_vs_vehicle)
        and kind != "assault"
        and antitank(w)
        and foot(sit, firer)
        and g.blocks[target].vehicle
        and reply == target
    )
