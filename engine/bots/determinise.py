"""A play state sampled from what one side knows (determinisation, for the search bot): built
from the side's briefing and observation and a random source, never from the true play.

What is known is copied: the turn, phase, initiative, whose impulse, the side's own blocks
in full (place, losses, markers, mounting), its impulse and activated block, the revealed
enemy blocks, control as the side sees it, wrecks, smoke, breaches, toxic clouds, collateral,
the counters face up, its own event hand and the cards played.

What is hidden is sampled or assumed, and said here:
- the identity of each upright enemy block: drawn without replacement from the enemy's
  order of battle as the scenario publishes it (briefing.enemy), less the blocks seen
  revealed, dummies included, and less the blocks of forces whose entry turn is still to
  come (a vehicle only where a vehicle may stand is NOT enforced: the draw is uniform);
- a hidden enemy block has lost nothing and bears no marker (its losses and markers are
  not shown, 4.3.2.2); the enemy blocks not seen anywhere are off the map: still to enter
  if their force's entry turn is to come, else eliminated (a side sees every enemy block on
  the map it has the layer of, 8.1.10: those under an insert it has no map of are missed);
- a face-down counter's kind: drawn from the kinds of the counters set up face down that
  are still unseen, one per face-down counter seen; an enemy counter the side has not seen
  (its mines, 5.2.2.3) is taken to be absent;
- the enemy's hand: as many cards as it holds, dealt from its deck less the cards played;
  the decks' order: shuffled by the play built here (its own seed);
- what the enemy did this turn that the observation does not tell: no enemy force has
  started an impulse yet, no pass is counted, no enemy leader has fallen unless its block
  is seen eliminated, the enemy's support points are the scenario's;
- a fight, an opportunity or a withdrawal under way is not rebuilt, nor 3D missions and
  the advanced rules' sequences: the search bot checks that a sample offers the very
  actions the side was offered and leaves a decision to the heuristic otherwise.

The static game (map, tables, orders of battle) is what `game` gives; of it this module
reads nothing hidden: not where a hidden enemy block was set up, not where the face-down
counters lie, not the dealt hands (test: two true plays giving the same observation give
the same samples).
"""

from __future__ import annotations

import random

from ..model.scenario import Side
from ..rules.uo.briefing import Briefing
from ..rules.uo.counters import CounterState, Kind
from ..rules.uo.game import Game
from ..rules.uo.observation import Observation
from ..rules.uo.play import Play
from ..rules.uo.state import Activation, BlockState, Impulse, other


def enemy_ids(game: Game, side: Side) -> list[str]:
    """The enemy's block ids in the order of battle's order: identity n is the n-th
    (briefing.briefing numbers them so)."""
    return [bid for bid, info in game.blocks.items() if info.side == other(side)]


def determinise(game: Game, briefing: Briefing, observation: Observation, rng: random.Random) -> Play:
    """A play consistent with `observation` (the side's), its hidden parts drawn from `rng`."""
    side, enemy = briefing.side, other(briefing.side)
    o = observation
    play = Play(game, rng.randrange(2**31))  # a fresh deal and set-up: overwritten below
    s = play.state
    s.turn, s.phase, s.active, s.initiative = o.turn, o.phase, o.active, o.initiative
    s.passes = 0
    s.pending = []
    s.control = dict(o.control)
    s.wrecks, s.smoke, s.breaches = set(o.wrecks), set(o.smoke), set(o.breaches)
    # own blocks, as the observation shows them
    for own in o.own:
        s.blocks[own.id] = BlockState(
            location=own.location,
            losses=own.losses,
            revealed=own.revealed,
            activated=own.markers.activated,
            reaction=own.markers.reaction,
            completed=own.markers.completed,
            mounted_in=own.mounted_in,
            eliminated=own.eliminated,
        )
    s.eliminated_leaders = {
        f.id for f in game.forces.values() if f.side == side and f.leader and s.blocks[f.leader].eliminated
    }
    # enemy blocks: the revealed by identity, the hidden drawn from what is left
    ids = enemy_ids(game, side)
    placed: dict[str, BlockState] = {}
    hidden_at: list[str] = []
    for e in o.enemies:
        if e.identity is not None:
            m = e.markers
            placed[ids[e.identity]] = BlockState(
                location=e.location,
                losses=e.losses or 0,
                revealed=True,
                activated=bool(m and m.activated),
                reaction=bool(m and m.reaction),
                completed=bool(m and m.completed),
            )
        else:
            hidden_at.append(e.location)
    later = {f.id for f in game.forces.values() if f.side == enemy and f.entry and f.entry.turn > o.turn}
    to_come = {bid for bid in ids if game.blocks[bid].force in later}
    pool = [bid for bid in ids if bid not in placed and bid not in to_come]
    rng.shuffle(pool)
    for location, bid in zip(hidden_at, pool, strict=False):
        placed[bid] = BlockState(location=location)
    for bid in ids:
        if bid in placed:
            s.blocks[bid] = placed[bid]
        elif bid in to_come:
            s.blocks[bid] = BlockState(location=None, mounted_in=game.blocks[bid].mounted_in)
        else:
            s.blocks[bid] = BlockState(location=None, eliminated=True)
    s.eliminated_leaders |= {
        f.id for f in game.forces.values() if f.side == enemy and f.leader and s.blocks[f.leader].eliminated
    }
    # whose impulse, and the side's own activated block
    s.used_forces = set(o.forces_used)
    s.impulse = None
    if o.impulse is not None:
        mine = o.impulse.side == side
        force = o.impulse.force
        activated = [b.id for b in o.own if b.markers.activated and game.blocks[b.id].force == force]
        if not mine:
            activated = [bid for bid in ids if s.blocks[bid].activated][: o.impulse.activated]
            s.used_forces.add(o.impulse.force)
        limit = o.impulse.limit if o.impulse.limit is not None else play.command_limit(o.impulse.force)
        s.impulse = Impulse(o.impulse.force, limit, activated)
    s.activation = None
    if o.activation is not None:
        here = s.blocks[o.activation.block].location or ""
        s.activation = Activation(o.activation.block, o.activation.spent, o.activation.unseen, [here])
        s.activation.acted_at = o.activation.acted_at
    s.support.update(dict(o.support))
    # the fresh play may stand in a sequence of its first turn (3D requests, an event's
    # targets): the sample is where the observation is, outside them (see above)
    s.third.requesting, s.third.resolving, s.third.first = [], [], None
    s.events.choices = []
    _counters(play, o, rng)
    _events(play, side, o, rng)
    play.log = []  # no history: a search plays on from here
    return play


def _counters(play: Play, o: Observation, rng: random.Random) -> None:
    """The counters as seen; the face-down ones' kinds drawn from those set up face down."""
    nml = play.state.nml
    hidden_kinds = [c.kind for c in nml.counters.values() if not c.revealed and c.owner is None]
    seen_kinds = [Kind(v.kind) for v in o.counters if v.kind is not None and v.owner is None]
    for kind in seen_kinds:  # those turned face up are no longer among the hidden ones
        if kind in hidden_kinds:
            hidden_kinds.remove(kind)
    rng.shuffle(hidden_kinds)
    counters: dict[str, CounterState] = {}
    for n, v in enumerate(o.counters):
        if v.kind is not None:
            kind = Kind(v.kind)
        elif hidden_kinds:
            kind = hidden_kinds.pop()
        else:
            continue
        counters[f"seen-{n}"] = CounterState(kind, v.location, v.revealed, v.owner)
    nml.counters = counters
    nml.toxic_clouds = set(o.toxic_clouds)
    nml.collateral = dict(o.collateral)


def _events(play: Play, side: Side, o: Observation, rng: random.Random) -> None:
    """The side's hand as it holds it; the enemy's dealt from its unplayed cards."""
    ev = play.state.events
    played = set(o.events_played)
    ev.played = list(o.events_played)
    own = list(o.hand)
    cards = [c for c in ev.deck.get(side, []) + ev.hand.get(side, []) if c not in played and c not in own]
    ev.hand[side], ev.deck[side] = own, cards
    enemy = other(side)
    rest = [c for c in ev.deck.get(enemy, []) + ev.hand.get(enemy, []) if c not in played]
    rng.shuffle(rest)
    ev.hand[enemy], ev.deck[enemy] = rest[: o.enemy_hand], rest[o.enemy_hand :]
