"""What one side knows now (fog of war, 4.3.2.2): a frozen value built by the play state for
that side, the only view of the game a bot gets besides its briefing (briefing.py) and the
legal actions.

It holds the side's own blocks in full; the enemy blocks it can see as upright blocks at
their locations, with what they are (type, losses, markers) only once revealed, and no block
id unless revealed; nothing of enemy blocks off the map or in an underground insert the side
has no map of (8.1.10); the turn, phase, night and initiative; the impulse under way (its
limit only for the side's own force); its own activated block's record; the fight under way
as publicly declared (8.2.7.1); wrecks; control as the side sees it; the counters on the map
face down until revealed (its own barricades and mines face up, the enemy's mines unseen
until scouted), toxic clouds and the population each side has eliminated (5.2).

A revealed enemy block is named by its `identity`: its index in the enemy's order of battle
as the briefing publishes it. A hidden one has none, so the observation never tells which
hidden block is which.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from operator import attrgetter, itemgetter
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from ...model.cards import BlockType
from ...model.scenario import Side, SupportRow
from ..ruleset import Decision
from . import fortified as fortification
from . import no_mans_land, obstructions, support, third_dimension
from .counters import Kind
from .game import BlockInfo, Game
from .situation import Situation, visible_layers
from .state import AdvanceChoice, BlockState, Fight, Phase, Withdrawal, other

#: the play's log: its entries, JSON-ready
Log = Sequence[Mapping[str, Any]]

#: the log entries that declare a fight (8.2.7.1): the firer, the target and the weapon
#: are shown to both sides
FIGHT_DECLARATIONS = ("Fire", "Assault", "OpportunityFire")


class FightKind(StrEnum):
    fire = "fire"
    assault = "assault"
    opportunity = "opportunity"


@dataclass(frozen=True)
class Markers:
    """A block's markers (4.3.3)."""

    activated: bool = False
    reaction: bool = False
    completed: bool = False

    @property
    def reacted(self) -> bool:
        """It may react no more this turn: a Reaction or a Completed marker."""
        return self.reaction or self.completed


@dataclass(frozen=True)
class OwnBlock:
    """One of the side's own blocks, everything about it."""

    id: str
    type: BlockType | None  # None: a dummy (5.2.1)
    location: str | None  # None: off the map (to enter, mounted, eliminated)
    losses: int
    revealed: bool
    markers: Markers
    mounted_in: str | None
    eliminated: bool

    @property
    def on_map(self) -> bool:
        return self.location is not None and not self.eliminated


@dataclass(frozen=True)
class EnemyBlock:
    """An enemy block the side can see on the map: upright, it is only a block at a place;
    laid flat (revealed), its identity, type, losses and markers are shown."""

    location: str
    revealed: bool
    identity: int | None = None  # index in the briefing's enemy order of battle, once revealed
    type: BlockType | None = None
    losses: int | None = None
    markers: Markers | None = None
    moving: bool = False  # the enemy's activated block, moved in plain sight


@dataclass(frozen=True)
class ImpulseView:
    """The impulse under way (3.2, 7.1.1): the force and how many blocks it has activated;
    how many it may activate only for the side's own force."""

    side: Side
    force: str
    activated: int
    limit: int | None


@dataclass(frozen=True)
class OwnActivation:
    """The side's own activated block (7.1.2, 8.1.13): MP spent, whether its whole move so
    far was out of enemy sight, and the MP spent when it acted (None: no action yet)."""

    block: str
    spent: int
    unseen: bool
    acted_at: int | None

    @property
    def acted(self) -> bool:
        return self.acted_at is not None


@dataclass(frozen=True)
class DeclaredFight:
    """The fight under way, or the one whose withdrawal or advance is being decided, as it
    was declared in the open (8.2.7.1): who fires from where with which weapon, at which
    location. The firer is named by id if it is the side's own block, by identity if it is
    a revealed enemy block."""

    kind: FightKind
    firer_side: Side
    firer_at: str | None
    weapon: str
    target_at: str | None
    firer: str | None = None  # the side's own block
    firer_identity: int | None = None  # a revealed enemy block


@dataclass(frozen=True)
class CounterView:
    """A counter on the map as the side sees it (5.2): face down (`kind` None) until it is
    revealed, unless it is the side's own barricade or mine. An enemy AT mine is not shown
    until scouted (5.2.2: its location is written on paper)."""

    location: str
    kind: str | None
    revealed: bool
    owner: Side | None = None  # a side's barricade or mine; None: No Man's Land


@dataclass(frozen=True)
class Strike:
    """A 3D action that fell this turn (7.3.3.3), seen by both sides: the side that requested
    it, its support card and its target; what it hit is in the blocks and counters."""

    side: Side
    support: str
    target: str
    #: its effect rings on the map: (EP from the target, OSL, the locations that far)
    rings: tuple[tuple[int, int, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class SupportLeft:
    """A row of the side's own 3D matrix as the rules count it: the missions left for the
    game (the scenario's and those events added, less those a T or T+1 result or an
    interception spent; a U spends none, 7.3.3.1, 7.3.3.5) and the requests it may still
    make of it this turn (the matrix's second number, 7.3.1); None for an air-defence row,
    which is rolled on an enemy's announcement, never requested."""

    support: str
    missions: int
    requests: int | None


@dataclass(frozen=True)
class Observation:
    side: Side
    turn: int
    phase: Phase
    night: bool
    initiative: Side
    active: Side  # whose impulse or set-up it is
    decision: Decision | None  # the side's own decision, None while the other decides
    impulse: ImpulseView | None
    activation: OwnActivation | None  # the side's own activated block
    enemy_active_at: str | None  # where the enemy's activated block stands
    fight: DeclaredFight | None
    own: tuple[OwnBlock, ...]  # in the order of battle's order
    enemies: tuple[EnemyBlock, ...]  # by location: the order tells nothing
    wrecks: tuple[str, ...]
    #: who holds each location the side sees a block in (2.3): the last side through holds
    #: a location too, which a player remembers from what it saw
    control: tuple[tuple[str, Side], ...]
    counters: tuple[CounterView, ...] = ()  # by location
    toxic_clouds: tuple[str, ...] = ()  # 5.2.4.4
    #: population counters each side has eliminated (5.2.3.3), both sides' known to all
    collateral: tuple[tuple[Side, int], ...] = ()
    smoke: tuple[str, ...] = ()  # hexes under Smoke counters (5.2.4.3), in sight of all
    #: the hexes the wrecks cover, 3 downwind from each (5.2.4.5): LOS obstacles
    wreck_hexes: tuple[str, ...] = ()
    breaches: tuple[str, ...] = ()  # breach symbols opened (5.2.4.1): markers on the map
    #: the side's own support points: its impulse forces' and its Logistics reserve (8.2.2)
    support: tuple[tuple[str, int], ...] = ()
    #: the side's event cards in hand (6.2.1) and how many the enemy holds (their backs)
    hand: tuple[str, ...] = ()
    enemy_hand: int = 0
    #: event cards played so far, both sides' (face up on the table once played)
    events_played: tuple[str, ...] = ()
    #: the side's own T+1 3D missions to come: (support, target, turn) (7.3.3.1)
    missions: tuple[tuple[str, str, int], ...] = ()
    #: locations lit by flares this turn, seen by all (7.3.3.4)
    lit: tuple[str, ...] = ()
    #: the 3D actions that fell this turn, both sides' (7.3.3.3: in the open)
    strikes: tuple[Strike, ...] = ()
    #: the side's own T+1 mission it is carrying, cancelling or adjusting: (support, target)
    deciding: tuple[str, str] | None = None
    #: the enemy's T+1 missions to come as the side knows them: (support, target, turn), the
    #: support and target None unless an aircraft announced them (7.3.3.1, 7.3.3.5)
    enemy_missions: tuple[tuple[str | None, str | None, int], ...] = ()
    #: locations under Fortified markers (5.2.4.2), both sides', on the map for all to see
    fortified: tuple[str, ...] = ()
    #: the side's own armour cover pairs (10.4): (foot block, vehicle), the foot block in the
    #: vehicle's hex; the enemy sees two blocks there
    pairs: tuple[tuple[str, str], ...] = ()
    #: the side's own 3D matrix and air defence, what is left of each row (7.3.3); the
    #: enemy's use of its matrix is known only by what 7.3 reveals (strikes, announcements)
    support_left: tuple[SupportLeft, ...] = ()
    #: the side's own impulse forces that have started an impulse this turn, the one under
    #: way included: their blocks act no more this turn once it ends (7.1.1)
    forces_used: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        def markers(m: Markers | None) -> dict[str, bool] | None:
            return (
                None
                if m is None
                else {"activated": m.activated, "reaction": m.reaction, "completed": m.completed}
            )

        fight = self.fight
        return {
            "side": self.side.value,
            "turn": self.turn,
            "phase": self.phase.value,
            "night": self.night,
            "initiative": self.initiative.value,
            "active": self.active.value,
            "decision": None
            if self.decision is None
            else {
                "side": self.decision.side.value,
                "kind": self.decision.kind.value,
                "prompt": self.decision.prompt,
            },
            "impulse": None
            if self.impulse is None
            else {
                "side": self.impulse.side.value,
                "force": self.impulse.force,
                "activated": self.impulse.activated,
                "limit": self.impulse.limit,
            },
            "activation": None
            if self.activation is None
            else {
                "block": self.activation.block,
                "spent": self.activation.spent,
                "unseen": self.activation.unseen,
                "acted_at": self.activation.acted_at,
            },
            "enemy_active_at": self.enemy_active_at,
            "fight": None
            if fight is None
            else {
                "kind": fight.kind.value,
                "firer_side": fight.firer_side.value,
                "firer_at": fight.firer_at,
                "weapon": fight.weapon,
                "target_at": fight.target_at,
                "firer": fight.firer,
                "firer_identity": fight.firer_identity,
            },
            "own": [
                {
                    "id": b.id,
                    "type": None if b.type is None else b.type.value,
                    "location": b.location,
                    "losses": b.losses,
                    "revealed": b.revealed,
                    "markers": markers(b.markers),
                    "mounted_in": b.mounted_in,
                    "eliminated": b.eliminated,
                }
                for b in self.own
            ],
            "enemies": [
                {
                    "location": e.location,
                    "revealed": e.revealed,
                    "identity": e.identity,
                    "type": None if e.type is None else e.type.value,
                    "losses": e.losses,
                    "markers": markers(e.markers),
                    "moving": e.moving,
                }
                for e in self.enemies
            ],
            "wrecks": list(self.wrecks),
            "control": [[loc, side.value] for loc, side in self.control],
            "counters": [
                {
                    "location": c.location,
                    "kind": c.kind,
                    "revealed": c.revealed,
                    "owner": None if c.owner is None else c.owner.value,
                }
                for c in self.counters
            ],
            "toxic_clouds": list(self.toxic_clouds),
            "collateral": [[side.value, n] for side, n in self.collateral],
            "smoke": list(self.smoke),
            "wreck_hexes": list(self.wreck_hexes),
            "breaches": list(self.breaches),
            "support": [[pool, n] for pool, n in self.support],
            "hand": list(self.hand),
            "enemy_hand": self.enemy_hand,
            "events_played": list(self.events_played),
            "missions": [list(m) for m in self.missions],
            "lit": list(self.lit),
            "strikes": [
                {
                    "side": k.side.value,
                    "support": k.support,
                    "target": k.target,
                    "rings": [[d, osl, list(locs)] for d, osl, locs in k.rings],
                }
                for k in self.strikes
            ],
            "deciding": None if self.deciding is None else list(self.deciding),
            "enemy_missions": [list(m) for m in self.enemy_missions],
            "fortified": list(self.fortified),
            "pairs": [list(p) for p in self.pairs],
            "support_left": [
                {"support": r.support, "missions": r.missions, "requests": r.requests}
                for r in self.support_left
            ],
            "forces_used": list(self.forces_used),
        }


#: every combination of markers, built once: observations are built at every decision
MARKERS = {(a, r, c): Markers(a, r, c) for a in (False, True) for r in (False, True) for c in (False, True)}
# blocks change little from one decision to the next: equal values are shared (a small
# bounded cache, not a frozen dataclass built for every block at every decision), found by
# a tuple of plain values (hashed without a call to the dataclasses' own __hash__)
_OWN_BLOCKS: dict[tuple[object, ...], OwnBlock] = {}
_ENEMY_BLOCKS: dict[tuple[object, ...], tuple[tuple[object, ...], EnemyBlock]] = {}
_COUNTER_VIEWS: dict[tuple[object, ...], CounterView] = {}
#: how many blocks each of them keeps at most (emptied when full)
_MAX_SHARED = 4096

_B = TypeVar("_B")


def _share(cache: dict[tuple[object, ...], _B], key: tuple[object, ...], value: _B) -> None:
    if len(cache) >= _MAX_SHARED:
        cache.clear()
    cache[key] = value


def identities(play: Situation, side: Side) -> dict[str, int]:
    """The enemy blocks of `side` by id -> their index in the order of battle the briefing
    publishes (the game's order of that side's blocks). Worked out once per game and side
    (every observation asks): shared, never to be changed."""
    by_side = _IDENTITIES.setdefault(play.game, {})
    found = by_side.get(side)
    if found is None:
        found = by_side[side] = {
            bid: n for n, bid in enumerate(bid for bid, info in play.game.blocks.items() if info.side == side)
        }
    return found


#: `identities` per game and side
_IDENTITIES: WeakKeyDictionary[Game, dict[Side, dict[str, int]]] = WeakKeyDictionary()

Rings = tuple[tuple[int, int, tuple[str, ...]], ...]
#: third_dimension.rings per game and (support card, target): they depend on the game's
#: cards and map alone, and a strike's are shown in every observation of its turn (an EP
#: search and a sort each time otherwise)
_RINGS: WeakKeyDictionary[Game, dict[tuple[str, str], Rings]] = WeakKeyDictionary()


def _rings(play: Situation, support: str, target: str) -> Rings:
    memo = _RINGS.setdefault(play.game, {})
    found = memo.get((support, target))
    if found is None:
        found = memo[(support, target)] = third_dimension.rings(play, support, target)
    return found


def observe(play: Situation, side: Side, decision: Decision | None, log: Log) -> Observation:
    """What `side` knows of `play` now; `decision`: whose choice it is, `log`: the play's
    log, where the fight a withdrawal follows was declared."""
    g, s = play.game, play.state
    enemy_side = other(side)
    ident = identities(play, enemy_side)
    mover = s.activation.block if s.activation is not None else None
    own: list[OwnBlock] = []
    enemies: list[tuple[tuple[object, ...], EnemyBlock]] = []
    enemy_blocks, own_views = _ENEMY_BLOCKS, _OWN_BLOCKS
    visible = visible_layers(g, side)
    for bid, b in s.blocks.items():
        info = g.blocks[bid]
        if info.side == side:
            # `_own_block`, its lookup inline (asked for every own block at every decision)
            own_key = (bid, None if info.dummy else info.profile.type, _OWN_KEY(b))
            own_view = own_views.get(own_key)
            own.append(own_view if own_view is not None else _own_block(bid, info, b))
        elif b.location and not b.eliminated and visible[b.location]:
            moving = bid == mover
            key: tuple[object, ...]
            if b.revealed:
                marks = (b.activated, b.reaction, b.completed)
                key = (b.location, ident[bid], info.profile.type, b.losses, marks, moving)
            else:
                key = (b.location, moving)
            seen = enemy_blocks.get(key)
            if seen is None:
                if b.revealed:
                    markers = MARKERS[(b.activated, b.reaction, b.completed)]
                    kind = info.profile.type
                    view = EnemyBlock(b.location, True, ident[bid], kind, b.losses, markers, moving)
                else:
                    view = EnemyBlock(b.location, False, moving=moving)
                seen = (_enemy_order(view), view)
                _share(enemy_blocks, key, seen)
            enemies.append(seen)
    # by location, the state's order would tell which hidden block is which; where two share
    # one in passing (8.1.1), the moving one first (the one a fire there targets), then the
    # upright one, then by identity (`_enemy_order`, kept with each shared view)
    enemies.sort(key=_FIRST)
    act = s.activation
    own_act = enemy_at = None
    if act is not None:
        if g.blocks[act.block].side == side:
            own_act = OwnActivation(act.block, act.spent, act.unseen, act.acted_at)
        else:
            enemy_at = s.blocks[act.block].location
    impulse = None
    if s.impulse is not None:
        force_side = g.forces[s.impulse.force].side
        impulse = ImpulseView(
            force_side,
            s.impulse.force,
            len(s.impulse.activated),
            s.impulse.limit if force_side == side else None,
        )
    control = {b.location: side for b in own if b.location and not b.eliminated and b.type is not None}
    control.update((e.location, enemy_side) for _, e in enemies)
    return Observation(
        side=side,
        turn=s.turn,
        phase=s.phase,
        night=play.night(),
        initiative=s.initiative,
        active=s.active,
        # the other side's decisions are its own business: which reactions the rules offer
        # it depends on what its hidden blocks are
        decision=decision if decision is not None and decision.side == side else None,
        impulse=impulse,
        activation=own_act,
        enemy_active_at=enemy_at,
        fight=declared_fight(play, side, ident, log),
        own=tuple(own),
        enemies=tuple(e for _, e in enemies),
        wrecks=tuple(sorted(s.wrecks)),
        control=tuple(sorted(control.items())),
        counters=counters_seen(play, side),
        toxic_clouds=tuple(sorted(s.nml.toxic_clouds)),
        collateral=tuple(sorted(s.nml.collateral.items())),
        smoke=tuple(sorted(s.smoke)),
        wreck_hexes=tuple(sorted(obstructions.wreck_hexes(play.game, s))),
        breaches=tuple(sorted(obstructions.opened_breaches(play.game, s))),
        support=own_support(play, side),
        hand=tuple(s.events.hand.get(side, ())),
        enemy_hand=len(s.events.hand.get(enemy_side, ())),
        events_played=tuple(s.events.played),
        missions=third_dimension.pending_view(play, side),
        lit=tuple(sorted(s.third.lit)),
        strikes=tuple(
            Strike(by, sup, at, _rings(play, sup, at)) for turn, by, sup, at in play.strikes if turn == s.turn
        ),
        deciding=third_dimension.deciding_view(play, side),
        enemy_missions=third_dimension.enemy_pending_view(play, side),
        fortified=tuple(sorted(fortification.locations(play.game) | s.advanced.fortified)),  # 13.4
        pairs=tuple(sorted((f, v) for f, v in s.pairs.items() if g.blocks[f].side == side)),  # 10.4
        support_left=support_left(play, side),
        forces_used=tuple(sorted(f for f in s.used_forces if g.forces[f].side == side)),  # 7.1.1
    )


def _enemy_order(e: EnemyBlock) -> tuple[object, ...]:
    """Where an enemy block comes in an observation (`observe`)."""
    return (e.location, not e.moving, e.revealed, -1 if e.identity is None else e.identity)


_FIRST = itemgetter(0)


def own_blocks(play: Situation, side: Side) -> tuple[OwnBlock, ...]:
    """`observe(play, side, ...).own` alone: the side's own blocks, the same values in the
    same order, without the rest of the observation (a balance run's record follows only
    each side's own blocks after every action: bots/balance.py)."""
    blocks = play.game.blocks
    return tuple(
        _own_block(bid, info, b) for bid, b in play.state.blocks.items() if (info := blocks[bid]).side == side
    )


#: what of a block's state its side sees (`_own_block`'s key: one C call a block)
_OWN_KEY = attrgetter(
    "location", "losses", "revealed", "activated", "reaction", "completed", "mounted_in", "eliminated"
)


def _own_block(bid: str, info: BlockInfo, b: BlockState) -> OwnBlock:
    """The side's view of its own block `bid`, shared with every equal one (_OWN_BLOCKS)."""
    kind = None if info.dummy else info.profile.type
    key = (bid, kind, _OWN_KEY(b))
    block = _OWN_BLOCKS.get(key)
    if block is None:
        markers = MARKERS[(b.activated, b.reaction, b.completed)]
        block = OwnBlock(bid, kind, b.location, b.losses, b.revealed, markers, b.mounted_in, b.eliminated)
        _share(_OWN_BLOCKS, key, block)
    return block


#: per game and side, the rows of its 3D matrix then of its air defence (True for those)
_MATRIX_ROWS: WeakKeyDictionary[Game, dict[Side, tuple[tuple[SupportRow, bool], ...]]] = WeakKeyDictionary()


def support_left(play: Situation, side: Side) -> tuple[SupportLeft, ...]:
    """What is left of each row of `side`'s 3D matrix and air defence (7.3.3), as
    third_dimension.missions_left counts it. While this turn's resolution sequence waits for
    a decision (`first` set), the request sequence is still to come and the requests counted
    are last turn's: every request is left."""
    by_side = _MATRIX_ROWS.setdefault(play.game, {})
    rows = by_side.get(side)
    if rows is None:
        rows = by_side[side] = tuple(
            [(r, False) for r in third_dimension.matrix(play, side)]
            + [(r, True) for r in third_dimension.air_defence(play, side)]
        )
    waiting = play.state.third.first is not None
    key = (side, waiting, third_dimension.counted(play))
    last = _LAST_LEFT.get(play.game)
    if last is not None and key in last:
        return last[key]
    found = tuple(
        SupportLeft(
            r.support,
            third_dimension.missions_left(play, side, r),
            None if air else r.per_turn if waiting else third_dimension.requests_left(play, side, r),
        )
        for r, air in rows
    )
    if last is None or len(last) >= _MAX_SHARED:
        last = _LAST_LEFT[play.game] = {}
    last[key] = found
    return found


#: per game, `support_left` by side and what it was counted from (`third_dimension.counted`)
_LAST_LEFT: WeakKeyDictionary[Game, dict[tuple[object, ...], tuple[SupportLeft, ...]]] = WeakKeyDictionary()


def own_support(play: Situation, side: Side) -> tuple[tuple[str, int], ...]:
    """`side`'s support pools and their points (8.2.2): the play-aid boxes a player keeps."""
    # the pools' points are the state's `support` where it has them, the scenario's
    # otherwise: kept per side with the state's `support` they were read from
    key = tuple(play.state.support.items())
    by_side = _LAST_SUPPORT.setdefault(play.game, {})
    last = by_side.get(side)
    if last is not None and last[0] == key:
        return last[1]
    pools = [f.id for f in play.game.side_forces(side)]
    if support.logistics_block(play, side) is not None:
        pools.append(support.logistics_key(side))
    found = tuple((pool, support.points(play, pool)) for pool in pools)
    by_side[side] = (key, found)
    return found


#: per game and side, the last `own_support` and the state's `support` it was read from
_LAST_SUPPORT: WeakKeyDictionary[Game, dict[Side, tuple[tuple[object, ...], tuple[tuple[str, int], ...]]]] = (
    WeakKeyDictionary()
)


def counters_seen(play: Situation, side: Side) -> tuple[CounterView, ...]:
    """The counters on the map as `side` sees them: face up once revealed or its own, face
    down otherwise; the enemy's AT mines not at all until scouted (5.2.2, 5.2.3)."""
    nml = play.state.nml
    # the same counters as the last time this side looked: the same views (every
    # observation asks, and counters change a few times a game)
    seen = tuple(map(_COUNTER_SEEN, nml.counters.values()))
    by_side = _LAST_SEEN.setdefault(play.game, {})
    last = by_side.get(side)
    if last is not None and last[0] == seen:
        return last[1]
    out = []
    views = _COUNTER_VIEWS
    visible = visible_layers(play.game, side)
    for c in nml.counters.values():
        if c.location is None or not visible[c.location]:
            continue
        known = no_mans_land.seen_by(c, side)
        if c.kind in (Kind.at_mine, Kind.ap_mine) and not known:
            continue
        key = (c.location, c.kind.value if known else None, c.revealed, c.owner)
        view = views.get(key)
        if view is None:  # (shared as the blocks are, `_OWN_BLOCKS`)
            view = CounterView(*key)
            _share(views, key, view)
        out.append(view)
    found = tuple(sorted(out, key=lambda v: (v.location, v.kind or "", v.owner or "")))
    by_side[side] = (seen, found)
    return found


#: what of a counter `counters_seen` reads
_COUNTER_SEEN = attrgetter("location", "kind", "revealed", "owner", "placed_by")
#: per game, the last `counters_seen` worked out and what it was worked out from
_LAST_SEEN: WeakKeyDictionary[Game, dict[Side, tuple[tuple[object, ...], tuple[CounterView, ...]]]] = (
    WeakKeyDictionary()
)


def declared_fight(play: Situation, side: Side, ident: dict[str, int], log: Log) -> DeclaredFight | None:
    """The fight a pending decision stems from, as declared (8.2.7.1): the fight waiting for
    a reaction, or the one a withdrawal or an advance follows (its declaration is the last
    in the log). None while no fight is being decided."""
    g, s = play.game, play.state
    if not s.pending:
        return None
    top = s.pending[-1]
    firer: str | None
    if isinstance(top, Fight):
        kind, firer, weapon = FightKind(top.kind), top.firer, top.weapon
        target_at = s.blocks[top.target].location
    elif isinstance(top, Withdrawal | AdvanceChoice):
        entry = next((e for e in reversed(log) if e.get("action") in FIGHT_DECLARATIONS), None)
        if entry is None:
            return None
        weapon = str(entry.get("weapon", ""))
        if entry["action"] == "OpportunityFire":
            kind, firer = FightKind.opportunity, str(entry["block"])
            mover = s.activation.block if s.activation is not None else None
            target_at = s.blocks[mover].location if mover is not None else None
        else:
            # the active block fired or assaulted; its activation may have ended since (a
            # withdrawal ends it)
            kind = FightKind.assault if entry["action"] == "Assault" else FightKind.fire
            target_at = str(entry["target"])
            firer = s.activation.block if s.activation is not None else None
    else:
        return None
    if firer is None:
        return DeclaredFight(
            kind=kind, firer_side=s.active, firer_at=None, weapon=weapon, target_at=target_at
        )
    firer_side = g.blocks[firer].side
    fb = s.blocks[firer]
    seen = fb.on_map and fb.location and (firer_side == side or play.visible_layer(side, fb.location))
    return DeclaredFight(
        kind=kind,
        firer_side=firer_side,
        firer_at=fb.location if seen else None,
        weapon=weapon,
        target_at=target_at,
        firer=firer if firer_side == side else None,
        firer_identity=ident.get(firer) if firer_side != side and fb.revealed else None,
    )


def closed_to_movement(obs: Observation) -> tuple[frozenset[str], frozenset[str]]:
    """(barricades, impassable) as the side knows them from its observation, the same as the
    play's `counters.closed` (5.2.3.1, 5.2.3.3, 5.2.3.5): for a bot's routes. A face-down
    counter of a side can only be a barricade block (its mines are never shown face down);
    a face-down No Man's Land counter is not entered until revealed."""
    barricades, impassable = set(), set()
    for c in obs.counters:
        if c.kind == "barricade" or (c.kind is None and c.owner is not None):
            barricades.add(c.location)
        elif c.kind in ("ied_uxo", "population") or (c.kind is None and c.owner is None):
            impassable.add(c.location)
    return frozenset(barricades), frozenset(impassable)
