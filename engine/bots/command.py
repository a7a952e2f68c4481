"""The chain of command (7.2.1): an impulse activates up to 7 blocks while the commander is
within 6 EP of the force's platoon leader (the command post deployed), else 5. An attacking
side's impulses nearly always use their whole limit, so the commander's place is worth two
blocks an impulse.

The commander follows its own force's platoon leader (routes.progress) and moves after it
(decisions._commander_wait), so that it ends the impulse where the leader is. But it waited
for a leader that the impulse would never activate (the limit went to blocks wanting it
more): a commander set up far behind the leader stayed there for half the game, and the
impulses activated 5.
"""

from __future__ import annotations

from collections.abc import Callable

from .view import View


def leader_moves(
    view: View, force: str, leader: str, leader_intent: float, intent: Callable[[View, str], float]
) -> bool:
    """Whether the impulse under way, of `force`, will still activate its platoon leader
    with a slot left for the commander after it: fewer of the force's blocks still to
    activate want it more (`intent`, decisions.intent) than the slots left but one. True
    when no impulse of the force is under way (a force being chosen: the wait as before)."""
    imp = view.obs.impulse
    if imp is None or imp.force != force or imp.limit is None:
        return True
    slots = imp.limit - imp.activated - 1  # the commander's, after the leader's
    if slots <= 0:
        return False
    commander = view.brief.commander
    ahead = 0
    for bid in view.brief.forces[force].blocks:
        own = view.own.get(bid)
        if bid in (leader, commander) or own is None or not own.on_map:
            continue
        if own.activated or own.completed:
            continue
        if intent(view, bid) > leader_intent:
            ahead += 1
            if ahead >= slots:
                return False
    return True
