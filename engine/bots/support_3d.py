"""The heuristic bot's third-dimension decisions (7.3): which request to make in the initial
phase's request sequence, if any, and whether to carry, cancel or adjust a T+1 mission when
its turn comes (7.3.3.2).

A request is worth what its card's rings (7.3.3.3) are expected to take from the enemy
blocks the side sees, by what those blocks are worth (a goal's holder more: weakened, it may
be cleared), less what a red-symbol card takes from its own blocks in the rings and the
victory points the population there would cost (8.2.1.1). A reconnaissance card is worth
the hidden enemy blocks it would reveal outside buildings (7.3.4). Smoke and flares are left
to the ground (the bot does not plan around them). A mission may come T+1, a turn later: the
enemy blocks may have moved by then, the adjustment then weighs the target again and cancels
it when nothing worth it is left there (its own blocks moved in, the enemy gone).
"""

from __future__ import annotations

from ..model.cards import AffectedSides, Protection, SupportCard, SupportKind
from ..rules.uo.actions import Action, Adjust3D, Cancel3D, Carry3D, EndRequests, Request3D
from ..rules.uo.combat import can_hit
from ..rules.uo.third_dimension import struck_within
from .estimates import holding, population, worth
from .view import View

#: expected worth (OSL of an ordinary block) a request must bring: a mission spent
REQUEST_THRESHOLD = 1.0
#: what a hidden enemy block revealed by a reconnaissance mission is worth
REVEAL_VALUE = 0.25
#: how much of a goal's holding a strike on its holder adds per OSL (it may be cleared)
HOLDER_BONUS = 0.15
SCOUTING = frozenset({SupportKind.helicopter_recon, SupportKind.drone_recon})
#: what an own block's turn is worth when a strike's weapons effect Activates it (8.2.1.3):
#: a strike next to our own vehicles takes their turn
LOST_TURN = 1.0


def strike_value(view: View, support: str, target: str) -> float:
    """Expected worth of `support`'s action falling on `target` now."""
    card = view.brief.support_cards.get(support)
    if card is None:
        return 0.0
    if card.reveals or card.kind in SCOUTING:
        return _reveal_value(view, card, target)
    rings = {r.radius: r.osl for r in card.effect if r.osl > 0}
    if not rings:
        return 0.0  # smoke and flares: no weapons effect
    # the rules' own rings (7.3.3.3: a roof only when its building is targeted)
    row = struck_within(view.know.bf, target, max(rings))
    fortified = frozenset(view.obs.fortified)
    value = 0.0
    for enemy in view.enemies:
        osl = _ring(rings, row, enemy.location)
        if not osl:
            continue
        protection = enemy.info.profile.protection if enemy.info is not None else Protection.soft
        if not can_hit(card.targets, protection):
            continue
        if enemy.location in fortified:
            osl -= 1  # 5.2.4.2: a fortified location takes 1 OSL less from above
        if osl <= 0:
            continue
        if enemy.info is not None:
            osl = min(osl, enemy.info.levels - enemy.losses)
        value += osl * worth(view, enemy.info, enemy.losses, False)
        if enemy.location in view.goal_set:
            value += HOLDER_BONUS * osl * holding(view, enemy.location)
    if card.sides == AffectedSides.both:
        for own in view.own.values():
            if not own.on_map or own.info.dummy or own.location is None:
                continue
            osl = _ring(rings, row, own.location)
            if osl and can_hit(card.targets, own.info.profile.protection):
                # its OSL, and its turn: a block suffering a weapons effect is Activated
                # (8.2.1.3), and the strike falls in the initial phase, before it acts
                value -= osl * worth(view, own.info, own.losses, True) + LOST_TURN
    per = view.brief.collateral.get(view.side, 0)
    if per:
        for where, chance in population(view).items():
            if _ring(rings, row, where):
                value += per * view.know.profile.goal_weight * chance
    return value


def _ring(rings: dict[int, int], row: dict[str, int], location: str) -> int:
    """The OSL the ring reaching `location` takes (0 beyond the card's rings); `row`: the
    rings' locations (`third_dimension.struck_within`)."""
    d = row.get(location)
    return 0 if d is None else rings.get(d, 0)


def _reveal_value(view: View, card: SupportCard, target: str) -> float:
    """The hidden enemy blocks within the card's area outside buildings (7.3.4)."""
    row = view.know.ep_from(target)
    bf = view.know.bf
    value = 0.0
    for enemy in view.enemies:
        if enemy.revealed:
            continue
        d = 0 if enemy.location == target else row.get(enemy.location)
        if d is None or d > card.area or bf.location(enemy.location).interior:
            continue
        value += REVEAL_VALUE * (2.0 if enemy.location in view.goal_set else 1.0)
    return value


def request(view: View, actions: list[Action]) -> Action:
    """The request worth most, if it is worth a mission; else no more requests."""
    best: Action | None = None
    best_value = REQUEST_THRESHOLD
    for action in actions:
        if not isinstance(action, Request3D):
            continue
        value = strike_value(view, action.support, action.target)
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    return next(a for a in actions if isinstance(a, EndRequests))


def adjust(view: View, actions: list[Action]) -> Action:
    """Carry a T+1 mission where it was requested, move it (air-to-ground) where it is worth
    more, or cancel it when it is worth nothing there now (7.3.3.2)."""
    deciding = view.obs.deciding
    options: list[tuple[float, int, str, Action]] = []
    for action in actions:
        if isinstance(action, Carry3D) and deciding is not None:
            options.append((strike_value(view, deciding[0], deciding[1]), 2, "", action))
        elif isinstance(action, Adjust3D) and deciding is not None:
            options.append((strike_value(view, deciding[0], action.target), 1, action.target, action))
        elif isinstance(action, Cancel3D):
            options.append((0.0, 0, "", action))
    # the best value; on a tie carry before adjusting, adjusting before cancelling
    return max(options, key=lambda o: (o[0], o[1], o[2]))[3]
