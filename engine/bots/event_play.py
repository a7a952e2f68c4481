"""The heuristic bot's event cards (6): which card of its hand to play at a turn decision, and
where an effect chosen by the card's owner falls (6.2.1).

A kept card is played as soon as it helps, since a card still in hand at the end is worth
nothing: support points, extra 3D missions and an early reinforcement at once; the
initiative when the enemy has it; a reveal when hidden enemy blocks stand on or near the
side's goals; an enemy OSL loss when a revealed enemy block is there to take it; an own
OSL gain when enough of its blocks have losses (or on the last turn, any).
"""

from __future__ import annotations

from ..model.cards import EventSide, ExtraMission, Initiative, OslChange, Reinforcement, Reveal, SupportPoints
from ..rules.uo.actions import Action, EventTarget, PlayEvent
from .estimates import holding, worth
from .view import View

#: EP from a goal or an own block within which a hidden enemy block is worth revealing
REVEAL_NEAR = 8


def useful(view: View, card_id: str) -> bool:
    """Whether playing the card from hand helps now."""
    card = view.brief.event_cards.get(card_id)
    effect = card.effect if card is not None else None
    if effect is None:
        return False  # its text only: the bot cannot weigh it
    if isinstance(effect, SupportPoints | ExtraMission):
        return isinstance(effect, ExtraMission) or effect.amount > 0
    if isinstance(effect, Reinforcement):
        force = view.brief.forces.get(effect.force)
        return force is not None and force.entry is not None and force.entry.turn > view.turn
    if isinstance(effect, Initiative):
        return view.obs.initiative != view.side
    if isinstance(effect, Reveal):
        return bool(_reveal_targets(view))
    assert isinstance(effect, OslChange)
    if effect.side == EventSide.enemy:
        return effect.amount < 0 and any(e.info is not None for e in view.enemies)
    if effect.amount <= 0:
        return False
    hurt = sum(1 for own in view.own.values() if own.on_map and own.losses > 0 and not own.info.dummy)
    return hurt >= effect.blocks or (hurt > 0 and view.turn >= view.brief.turns)


def play(view: View, actions: list[Action]) -> Action | None:
    """The first card of the hand worth playing now, in hand order; None: none."""
    for action in actions:
        if isinstance(action, PlayEvent) and useful(view, action.card):
            return action
    return None


def _reveal_targets(view: View) -> dict[str, float]:
    """Hidden enemy blocks worth revealing, by location: on or near a goal, or near one of
    its own blocks, nearer first."""
    out: dict[str, float] = {}
    goals = view.goal_set
    own_places = [own.location for own in view.own.values() if own.on_map and own.location]
    for enemy in view.enemies:
        if enemy.revealed:
            continue
        row = view.know.ep_from(enemy.location)
        near = min(
            (d for loc in (*goals, *own_places) if (d := row.get(loc)) is not None),
            default=None,
        )
        if enemy.location in goals:
            out[enemy.location] = 2.0 + holding(view, enemy.location)
        elif near is not None and near <= REVEAL_NEAR:
            out[enemy.location] = 1.0 - near / (2 * REVEAL_NEAR)
    return out


def target(view: View, actions: list[Action]) -> Action:
    """Where the card's effect falls: the hidden block most worth knowing, the revealed enemy
    block most worth a loss (a goal's holder first), its own block most worth a gain."""
    places = [a for a in actions if isinstance(a, EventTarget)]
    enemies = {e.location: e for e in view.enemies}
    reveals = _reveal_targets(view)

    def value(action: EventTarget) -> float:
        loc = action.location
        enemy = enemies.get(loc)
        if enemy is not None:
            if not enemy.revealed:
                return reveals.get(loc, 0.0)
            return worth(view, enemy.info, enemy.losses, False) + holding(view, loc) * (loc in view.goal_set)
        bid = view.own_at.get(loc)
        if bid is not None:
            own = view.own[bid]
            return worth(view, own.info, own.losses, True) * min(own.losses, 1)
        return 0.0

    return max(places, key=lambda a: (value(a), a.location))
