"""Events (6): each side's deck and hand (6.1), the event sequence of the initial phase
(3.1.1, 6.2: a card drawn, the events table rolled), and event cards played from hand with
their structured effects.

- Set-up (6.1): the deck is shuffled face down with the game's generator when the play
  starts; the hand is the scenario's.
- Event sequence (6.2): from turn 1 (3.1.1's note), the side with the initiative first, each
  side draws the top card of its deck, then rolls a d10 on its events table if it has one;
  a row naming a card puts that card in hand (6.2.2). A red-title (`immediate`) card is
  played at once; a black-title (`kept`) card stays in hand.
- A kept card is played at its owner's turn decision (no impulse under way: "start an
  impulse or pass", 3.1.3), any number a turn; once played it leaves the game (6.2.1).
- A card's structured effect is applied by the engine; its text stays the players' (a card
  without an effect is played for its text only). Effects "chosen by the card's owner" (OSL
  changes, reveals) are a decision of the owner: an `EventChoice`, one location at a time,
  until the card's count is reached or no location is left.
- Event losses are exact: no quality die (4.3.8 modifies losses of fire and assault).
"""

from __future__ import annotations

from ...model.cards import (
    EventCard,
    EventSide,
    EventTiming,
    ExtraMission,
    Initiative,
    OslChange,
    Reinforcement,
    Reveal,
    SupportPoints,
)
from ...model.scenario import Side
from . import fight, support
from .actions import Action, EventTarget, PlayEvent
from .situation import Situation
from .state import EventChoice, Phase, other


def setup(sit: Situation) -> None:
    """6.1: each side's deck shuffled face down, its hand as the scenario gives it."""
    ev = sit.state.events
    for side in Side:
        events = getattr(sit.game.scenario.sides, side.value).events
        deck = list(events.deck)
        sit.rng.shuffle(deck)
        ev.deck[side] = deck
        ev.hand[side] = list(events.hand)


def card(sit: Situation, card_id: str) -> EventCard | None:
    return sit.game.event_cards.get(card_id)


def event_sequence(sit: Situation, first: Side) -> None:
    """3.1.1, 6.2: `first` (the side with the initiative) then the other draws a card and
    rolls on its events table."""
    for side in (first, other(first)):
        draw(sit, side)
        roll_table(sit, side)


def draw(sit: Situation, side: Side) -> None:
    """6.2.1: the top card of the deck into the hand; a red-title card is played at once."""
    ev = sit.state.events
    deck = ev.deck.get(side, [])
    if deck:
        take(sit, side, deck.pop(0))


def roll_table(sit: Situation, side: Side) -> None:
    """6.2.2: a d10 on the side's events table; the row is named in the log entry, and a
    row naming a card puts it in hand (played at once if red-titled)."""
    table = getattr(sit.game.scenario.sides, side.value).events.table
    if not table:
        return
    r = sit.roll()
    row = next((row for row in table if r in row.roll), None)
    if row is None:  # an incomplete table (lint warns, L321): nothing happens
        return
    sit.read_on(f"events.{side.value}", -1, row=row.outcome)
    ev = sit.state.events
    if row.card is None or row.card in ev.hand.get(side, []) or row.card in ev.played:
        return  # one card of each: once in hand or used (removed from the game), no other
    deck = ev.deck.get(side, [])
    if row.card in deck:
        deck.remove(row.card)  # the one card, taken out of the deck
    take(sit, side, row.card)


def take(sit: Situation, side: Side, card_id: str) -> None:
    ev = sit.state.events
    ev.hand.setdefault(side, []).append(card_id)
    c = card(sit, card_id)
    if c is not None and c.timing == EventTiming.immediate:
        play(sit, side, card_id)


def choices(sit: Situation, side: Side) -> list[Action]:
    """The cards `side` may play now: at its turn decision, during the impulses."""
    s = sit.state
    if s.phase != Phase.impulses or s.impulse is not None or s.activation is not None or s.pending:
        return []
    if s.events.choices:
        return []
    return [PlayEvent(c) for c in dict.fromkeys(s.events.hand.get(side, []))]


def play(sit: Situation, side: Side, card_id: str) -> None:
    """Play a card from `side`'s hand: it leaves the game (6.2.1) and its effect applies."""
    ev = sit.state.events
    ev.hand[side].remove(card_id)
    ev.played.append(card_id)
    c = card(sit, card_id)
    effect = c.effect if c is not None else None
    s = sit.state
    if isinstance(effect, (OslChange, Reveal)):
        count = effect.blocks if isinstance(effect, OslChange) else effect.count
        ev.choices.append(EventChoice(card_id, side, count))
        settle(sit)
    elif isinstance(effect, Reinforcement):
        force = sit.game.forces.get(effect.force)
        if force is not None and force.side == side and force.entry is not None and force.entry.turn > s.turn:
            ev.early.add(force.id)
    elif isinstance(effect, SupportPoints):
        pool = support.logistics_key(side)
        s.support[pool] = max(0, support.points(sit, pool) + effect.amount)
    elif isinstance(effect, ExtraMission):
        ev.extra_missions[effect.support] = ev.extra_missions.get(effect.support, 0) + effect.count
    elif isinstance(effect, Initiative):
        ev.initiative = (s.turn, side)
        s.initiative = side
        if s.phase == Phase.impulses and not s.used_forces and s.passes == 0 and s.impulse is None:
            s.active = side  # before the turn's first impulse: the owner starts it (3.1.3)


def initiative(sit: Situation, default: Side) -> Side:
    """The side with the initiative this turn: an Initiative card played this turn's, else
    the scenario's (3.1.1's initiative determination comes after the event sequence)."""
    given = sit.state.events.initiative
    if given is not None and given[0] == sit.state.turn:
        return given[1]
    return default


def targets(sit: Situation) -> list[str]:
    """The locations the card's owner may still choose for its effect: its own blocks (not
    dummies) for an own OSL change (a gain only where a loss was taken); the enemy's
    revealed blocks for an enemy OSL change (the owner knows no other's strength); the
    enemy's hidden blocks, dummies included, for a reveal (named by location, 4.3.2.2)."""
    ev = sit.state.events
    if not ev.choices:
        return []
    ch = ev.choices[0]
    c = card(sit, ch.card)
    effect = c.effect if c is not None else None
    out = []
    for bid, b in sit.state.blocks.items():
        info = sit.game.blocks[bid]
        if not b.on_map or b.location is None or b.location in ch.chosen:
            continue
        if isinstance(effect, Reveal):
            ok = info.side != ch.side and not b.revealed
        elif isinstance(effect, OslChange):
            own = effect.side == EventSide.own
            if own:
                ok = info.side == ch.side and not info.dummy and (effect.amount < 0 or b.losses > 0)
            else:
                ok = info.side != ch.side and b.revealed and not info.dummy
        else:
            ok = False
        if ok:
            out.append(b.location)
    return sorted(set(out))


def choice_actions(sit: Situation) -> list[Action]:
    return [EventTarget(loc) for loc in targets(sit)]


def apply_target(sit: Situation, action: EventTarget) -> None:
    """The owner's choice: the effect falls on the block at the location; the choice goes
    on while the card's count and locations last."""
    s = sit.state
    ch = s.events.choices[0]
    c = card(sit, ch.card)
    effect = c.effect if c is not None else None
    mine = effect is not None and isinstance(effect, OslChange) and effect.side == EventSide.own
    want = ch.side if mine else other(ch.side)
    block = next(
        bid
        for bid, b in s.blocks.items()
        if b.on_map and b.location == action.location and sit.game.blocks[bid].side == want
    )
    if isinstance(effect, Reveal):
        sit.reveal(block)
    elif isinstance(effect, OslChange):
        if effect.amount < 0:
            fight.lose(sit, block, -effect.amount, by=None, quality=False)
        else:
            b = s.blocks[block]
            b.losses = max(0, b.losses - effect.amount)
    ch.chosen.append(action.location)
    ch.remaining -= 1
    settle(sit)


def settle(sit: Situation) -> None:
    """Close the choices under way that are done: count reached or no location left."""
    ev = sit.state.events
    while ev.choices and (ev.choices[0].remaining <= 0 or not targets(sit)):
        ev.choices.pop(0)


def chooser(sit: Situation) -> Side | None:
    """The side choosing where an event falls, if a choice is under way."""
    ev = sit.state.events
    return ev.choices[0].side if ev.choices else None


def check(sit: Situation) -> list[str]:
    """Invariants (invariants.py): a choice under way is of a played card with something
    left to choose; no card is held more often than the scenario deals it (6.1, 6.2.2)."""
    ev = sit.state.events
    problems = []
    if ev.choices and any(ch.card not in ev.played for ch in ev.choices):
        problems.append("an event choice for a card not played (6.2.1)")
    if ev.choices and (ev.choices[0].remaining <= 0 or not targets(sit)):
        problems.append(f"event choice of {ev.choices[0].card} open with nothing left to choose")
    dealt: dict[str, int] = {}
    for side in Side:
        events = getattr(sit.game.scenario.sides, side.value).events
        for cid in [*events.deck, *events.hand, *(row.card for row in events.table if row.card)]:
            dealt[cid] = dealt.get(cid, 0) + 1
    held = [*ev.played, *(c for d in ev.deck.values() for c in d), *(c for h in ev.hand.values() for c in h)]
    for cid in set(held):
        if held.count(cid) > dealt.get(cid, 0):
            problems.append(f"event card {cid} held {held.count(cid)} times, dealt {dealt.get(cid, 0)}")
    return problems


def fingerprint(sit: Situation) -> tuple[object, ...]:
    """What event actions depend on beyond blocks (`Play._fingerprint`)."""
    ev = sit.state.events
    ch = ev.choices[0] if ev.choices else None
    return (
        tuple(sorted((side.value, tuple(h)) for side, h in ev.hand.items())),
        len(ev.choices),
        None if ch is None else (ch.card, ch.remaining, tuple(ch.chosen)),
    )
