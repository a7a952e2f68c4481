"""What the heuristic bot knows at one decision: its briefing (the map, the scenario as
published, its own order of battle, the enemy's as published) and the observation (fog of
war), indexed for the estimates; and its memory of the game so far (control as it saw it,
its plan, what it learnt of the map).

Nothing here reads the play state: a hidden enemy block is a block at a place, a revealed
one its entry in the enemy's published order of battle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import is_

from ..battlefield import Dynamic, StepKind
from ..battlefield.los import clear_past_counters
from ..battlefield.movement import Mover
from ..model.cards import BlockType, Protection
from ..model.scenario import Side
from ..rules.uo.activation import mover_of
from ..rules.uo.briefing import Briefing, PublishedBlock
from ..rules.uo.combat import LEADERS
from ..rules.uo.effects import Hit
from ..rules.uo.game import BlockInfo
from ..rules.uo.observation import EnemyBlock, Observation, OwnBlock, closed_to_movement
from .knowledge import Counters, Knowledge

#: blocks that keep their post: command post, logistics, observer
STAY = frozenset({BlockType.command_post, BlockType.logistics, BlockType.jfo})
#: a deny goal (the enemy's objective) counts as this much farther than an own one
DENY_OFFSET = 4
#: ... and this much when every victory level of ours is checked before the enemy's (1.3):
#: what the enemy scores then matters only if we fall short of ours
DENY_OFFSET_LATE = 12

#: sets of identified enemy blocks whose hidden firepower the memory keeps
MAX_HIDDEN_FP = 32
#: our blocks as the view made them, kept to be reused while the observation shows them so
MAX_KEPT_BLOCKS = 1024
#: our shots' weapons effects on our own blocks kept (estimates.friendly_fire)
MAX_FRIENDLY_HITS = 4096

#: what the firepower of a hidden enemy block is kept by: (EP, target, assault, inside)
HiddenKey = tuple[int, Protection, bool, bool]
#: ... and what is kept: (average on foot, sum of the vehicles', number of vehicles)
HiddenFp = tuple[float, int, int]

#: where the enemy blocks stand as a view sees them: sorted (location, key, reacted)
Placed = tuple[tuple[str, str, bool], ...]
#: where the enemy stands as a view sees it: (night, where its blocks stand)
Signature = tuple[bool, Placed]

#: a search state: a location's index, and whether the move so far was out of sight
SearchState = tuple[int, bool]
Search = tuple[SearchState, dict[SearchState, float], dict[SearchState, int], dict[SearchState, SearchState]]


@dataclass(slots=True)
class Enemy:
    key: str  # "#<identity>" once revealed, else "hidden@<location>"
    location: str
    revealed: bool
    info: PublishedBlock | None  # once revealed, its unit card is known (8.2.7.1)
    losses: int
    reacted: bool = False  # a revealed block's Reaction or Completed marker (4.3.3)


#: an enemy block's gun: what it sees within fire range (the EP to a location, None out of
#: sight or range), the firepower it brings by EP on a block of one protection, the block
Gun = tuple[Callable[[str], int | None], dict[int, float], Enemy]


@dataclass(slots=True)
class Own:
    id: str
    info: BlockInfo
    location: str | None
    losses: int
    activated: bool
    reaction: bool
    completed: bool
    eliminated: bool
    mounted: bool

    @property
    def on_map(self) -> bool:
        return self.location is not None and not self.eliminated


@dataclass
class Memory:
    """What the bot keeps from one decision to the next, for one game."""

    active: str | None = None  # own block it activated last
    plan: list[str] | None = None  # locations still to move through
    plan_block: str | None = None
    avoid: set[str] = field(default_factory=set)  # locations found closed to us (hidden counters)
    #: who holds each location as far as this side has seen (2.3)
    control: dict[str, Side] = field(default_factory=dict)
    attacks: bool | None = None  # the side's posture, fixed at its first decision
    sees: dict[tuple[str, str, frozenset[str]], bool] = field(default_factory=dict)
    adjacent: dict[str, frozenset[str]] = field(default_factory=dict)
    #: what depends only on where the enemy stands, kept while it stays put
    signature: Signature | None = None
    #: (the enemy blocks identified, hidden ones where a vehicle can stand) at the signature
    hidden: tuple[frozenset[int], int] | None = None
    exposure: dict[Protection, dict[str, float]] = field(default_factory=dict)
    seen: dict[str, bool] = field(default_factory=dict)
    #: the same by location index, for the move search (None: not asked yet)
    seen_at: list[bool | None] | None = None
    risk: dict[Protection, dict[str, float]] = field(default_factory=dict)
    #: the same risks by location index, for the move search
    risk_rows: dict[Protection, list[float | None]] = field(default_factory=dict)
    unknown_fp: dict[tuple[int, Protection, bool, bool, bool], float] = field(default_factory=dict)
    #: the firepower of the enemy's unidentified blocks (estimates._hidden_fp), by the
    #: identities standing revealed and the night
    hidden_fp: dict[tuple[frozenset[int], bool], dict[HiddenKey, HiddenFp]] = field(default_factory=dict)
    #: the firepower each enemy block brings on a block of a protection, by EP
    threat: dict[tuple[str, Protection], dict[int, float]] = field(default_factory=dict)
    #: the goals and MP fields of each block (View.goal_fields, routes.goal_fields) by
    #: what they depend on (decisions.reuse), and the goals of each block that walks to
    #: them wherever it stands (decisions._targets): kept across the decisions of a standstill
    goal_fields: dict[
        tuple[object, ...],
        tuple[dict[tuple[str, str | None], list[tuple[str, int, list[int]]]], dict[str, set[str]]],
    ] = field(default_factory=dict)
    #: the last view's blocks, by the observation's own (shared while they do not change):
    #: (our blocks, View.own, View.own_at), and (the enemy's, View.enemies, View.enemy_at,
    #: View.identified), reused while the same; our blocks made, by the block's id()
    own_seen: tuple[tuple[OwnBlock, ...], dict[str, Own], dict[str, str]] | None = None
    enemies_seen: (
        tuple[tuple[EnemyBlock, ...], list[Enemy], dict[str, Enemy], frozenset[int], Placed] | None
    ) = None
    own_made: dict[int, tuple[OwnBlock, Own]] = field(default_factory=dict)
    #: the last counters and breaches seen, with what View._counters made of them
    counters_seen: tuple[object, frozenset[str], frozenset[str], frozenset[str], Counters] | None = None
    #: the weapons effect of a shot on our own blocks (effects.hits), by the shooter and
    #: its weapon's id, where from and at, assault, the wrecks and where our other blocks
    #: stand (estimates.friendly_fire)
    friendly_hits: dict[tuple[object, ...], list[Hit]] = field(default_factory=dict)
    #: the enemy guns of the last view (View.guns)
    guns: dict[tuple[Protection, bool], list[Gun]] = field(default_factory=dict)
    #: the goals (View._goals: they depend on the briefing alone)
    goals: tuple[list[tuple[str, int]], frozenset[str], frozenset[str]] | None = None
    #: the turn, and the locations our blocks stood in during it (errands.unseen)
    visited: tuple[int, set[str]] = field(default_factory=lambda: (0, set()))
    #: the block and goal the last errand plan was made for (errands.next_errand)
    errand_planned: tuple[str, str] | None = None


def _same(kept: tuple[object, ...], now: tuple[object, ...]) -> bool:
    """Whether two tuples hold the very same objects."""
    return len(kept) == len(now) and all(map(is_, kept, now))


def _no_walk(blocks: Iterable[str]) -> float:
    return 0.0


class View:
    """One decision's picture of the game for the bot's side: briefing and observation,
    indexed, with the per-decision caches of the estimates."""

    def __init__(self, know: Knowledge, obs: Observation, mem: Memory):
        brief = know.brief
        self.brief: Briefing = brief
        self.know = know
        self.obs = obs
        self.mem = mem
        self._ep_rows = know.ep_table.rows
        self._clear = know.bf.los_table.clear  # (the static LOS, asked tens of thousands of times)
        self._interior = know.interior
        self.side = obs.side
        self.enemy_side = brief.enemy_side
        self.turn = obs.turn
        self.night = obs.night
        self.wrecks = frozenset(obs.wrecks)
        self._own_blocks(obs)
        enemies_same = self._enemy_blocks(obs)
        self._counters(obs)
        self.own_active: str | None = obs.activation.block if obs.activation is not None else None
        #: what marking these blocks Activated costs in walks lost (estimates.friendly_fire):
        #: nothing until the bot's errands are attached (errands.attach; they plan moves, so
        #: the estimates below them cannot ask them)
        self.walks_lost: Callable[[Iterable[str]], float] = _no_walk
        self.enemy_active_at: str | None = obs.enemy_active_at
        if mem.goals is None:
            mem.goals = self._goals()
        #: the goals: where we score, where the enemy does (farther by the deny offset), roofs
        self.goals, self.goal_set, self.roofs = mem.goals
        if know.hunts:
            hunted = self._hunt_goals()
            if hunted:
                self.goals = self.goals + hunted
                self.goal_set = self.goal_set | frozenset(loc for loc, _ in hunted)
        #: how much safety still matters against the clock: 1 early, 0.25 on the last turn
        left = brief.turns - self.turn
        self.caution = min(1.0, (left + 1) / 4)
        #: who holds each location as far as this side has seen (2.3)
        self.control: dict[str, Side] = mem.control
        self.goal_worth: dict[str, float] = {}
        self.targets: dict[str, set[str]] = {}
        self.goal_fields: dict[str, list[tuple[str, int, list[int]]]] = {}
        self.search: dict[tuple[str, str], Search] = {}
        self.prog: dict[str, Callable[[int], float]] = {}
        #: force -> how near its blocks are to their goals (routes.front)
        self.fronts: dict[str | None, float | None] = {}
        self.vehicle_places: int | None = None  # hidden enemy blocks where a vehicle can stand
        #: what movement needs to know of the situation for our moves (routes.dynamic)
        self.dynamic: Dynamic | None = None
        #: goal closed by a barricade -> the engineer that opens it (routes.engineer_goals)
        self.engineers: dict[str, str] | None = None
        #: No Man's Land counters that may be population: location -> chance (estimates)
        self.population: dict[str, float] | None = None
        self._see_control()
        signature = (self.night, self._placed)
        moved = signature != mem.signature
        if moved:
            self._enemy_moved(signature)
        #: what a hidden enemy brings on average (estimates.unknown_fp): it depends on
        #: which enemy blocks stand revealed where, so it is kept with the rest
        self.unknown_fp = mem.unknown_fp
        self._enemy_rows: list[tuple[Enemy, dict[str, int]]] | None = None
        self._enemy_sights: list[tuple[Enemy, dict[str, int]]] | None = None
        self._enemy_bits: int | None = None
        if moved or not enemies_same:
            mem.guns = {}
        #: (protection, only those that may react) -> the enemy guns (estimates.guns): the
        #: last view's while the very same enemy blocks stand where they stood
        self.guns: dict[tuple[Protection, bool], list[Gun]] = mem.guns

    def release(self) -> None:
        """Unhook what refers back to this view, once its decision is made: the errands'
        pricing of our shots is a function of the view (errands.attach), a reference cycle
        that left the view and all it built (its observation, its estimates' tables: some
        150,000 objects a game) to the cyclic collector, whose young generation they
        swelled (a tenth of a game's CPU went to collecting them); unhooked, they are freed
        at once by their reference counts."""
        self.walks_lost = _no_walk

    def _own_blocks(self, obs: Observation) -> bool:
        """Our blocks, by id and where they stand; whether they are the last view's (the
        observation shares the blocks that did not change: theirs are reused)."""
        mem = self.mem
        kept = mem.own_seen
        if kept is not None and _same(kept[0], obs.own):
            self.own, self.own_at = kept[1], kept[2]
            return True
        made = mem.own_made
        brief_own = self.brief.own
        self.own = {}
        self.own_at = {}
        for b in obs.own:
            got = made.get(id(b))
            if got is not None and got[0] is b:
                own = got[1]
            else:
                own = Own(
                    b.id,
                    brief_own[b.id],
                    b.location,
                    b.losses,
                    b.markers.activated,
                    b.markers.reaction,
                    b.markers.completed,
                    b.eliminated,
                    b.mounted_in is not None,
                )
                if len(made) >= MAX_KEPT_BLOCKS:
                    made.clear()
                made[id(b)] = (b, own)  # (the block kept with it: its id is not reused)
            self.own[b.id] = own
            if own.on_map and not own.info.dummy and own.location:
                self.own_at.setdefault(own.location, b.id)
        mem.own_seen = (obs.own, self.own, self.own_at)
        return False

    def _enemy_blocks(self, obs: Observation) -> bool:
        """The enemy blocks we see, by where they stand, and those identified; whether they
        are the last view's (then its are reused)."""
        mem = self.mem
        kept = mem.enemies_seen
        if kept is not None and _same(kept[0], obs.enemies):
            _, self.enemies, self.enemy_at, self.identified, self._placed = kept
            return True
        enemy_info = self.brief.enemy
        self.enemies = []
        self.enemy_at = {}
        taken: set[str] = set()
        for e in obs.enemies:
            if e.identity is not None:
                key = f"#{e.identity}"
            else:
                key = f"hidden@{e.location}"
                while key in taken:
                    key += "+"
            taken.add(key)
            enemy = Enemy(
                key,
                e.location,
                e.revealed,
                enemy_info[e.identity] if e.identity is not None else None,
                e.losses or 0,
                e.markers is not None and e.markers.reacted,
            )
            self.enemies.append(enemy)
            self.enemy_at.setdefault(enemy.location, enemy)
        #: enemy blocks standing revealed: a hidden one is none of them
        self.identified = frozenset(e.info.identity for e in self.enemies if e.info is not None)
        #: where each stands, as the signature has them
        self._placed = tuple(sorted((e.location, e.key, e.reacted) for e in self.enemies))
        mem.enemies_seen = (obs.enemies, self.enemies, self.enemy_at, self.identified, self._placed)
        return False

    def _counters(self, obs: Observation) -> None:
        """The counters closing locations to movement (5.2.3.1, 5.2.3.3, 5.2.3.5) as the side
        knows them (the scenario's face-up ones and those the observation shows) and the
        breaches opened in play (5.2.4.1); the distance fields' counters set from them."""
        mem = self.mem
        kept = mem.counters_seen
        if kept is None or kept[0] != (obs.counters, obs.breaches):
            brief = self.brief
            barricades, impassable = closed_to_movement(obs)
            # the distance fields leave population out: it moves (5.2.3.3, 13.3), and each new
            # set of counters means new fields; the move search prices it where it stands
            people = frozenset(c.location for c in obs.counters if c.kind == "population")
            barricades, impassable = brief.barricades | barricades, brief.impassable | impassable
            breaches = frozenset(obs.breaches)
            kept = mem.counters_seen = (
                (obs.counters, obs.breaches),
                barricades,
                impassable,
                breaches,
                (barricades, impassable - people, breaches),
            )
        _, self.barricades, self.impassable, self.breaches, self.know.counters = kept

    def _goals(self) -> tuple[list[tuple[str, int]], frozenset[str], frozenset[str]]:
        """(the goals with how much farther each counts, their locations, the roofs among
        them): where the side scores for holding, then where the enemy does (to deny them),
        and the roofs: of our buildings, to take back from the enemy; of theirs, to deny them."""
        objectives = self.know.objectives[self.side]
        deny = DENY_OFFSET if self._enemy_levels_first() else DENY_OFFSET_LATE
        goals = [(loc, 0) for loc in objectives.hold] + [(loc, deny) for loc in objectives.deny]
        roofs = frozenset(objectives.roofs)
        goals += [(loc, 0) for loc in objectives.roofs]
        goals += [(loc, deny) for loc in objectives.enemy_roofs if loc not in roofs]
        return goals, frozenset(loc for loc, _ in goals), roofs

    def _hunt_goals(self) -> list[tuple[str, int]]:
        """Where the enemy blocks that may score for us stand, for a side that must destroy
        to win (Knowledge.hunts): the revealed ones it scores for, and every hidden one (any
        may be one). Every enemy block on the map stands upright where it is (8.2.7.1), so
        these are where they are, not guesses; the fights themselves are weighed as any
        (estimates.wanted)."""
        out: list[tuple[str, int]] = []
        seen: set[str] = set()
        for enemy in self.enemies:
            loc = enemy.location
            if loc in seen or loc in self.impassable:
                continue
            info = enemy.info
            # (estimates.wanted's test for an enemy block; estimates imports this module)
            if info is None or info.wanted or info.type in self.know.objectives[self.side].target_types:
                seen.add(loc)
                out.append((loc, 0))
        return out

    def _enemy_moved(self, signature: Signature) -> None:
        """Forget what depended on where the enemy stood. By the same night, the blocks
        that did not move, react or show themselves bring what they brought: only the
        exposure and risks of the places the blocks that did see (before or now) are
        forgotten, with those blocks' firepower; and every hidden block's, when what a
        hidden block may be changed (which stand identified, how many hidden ones stand
        where a vehicle can). A new night forgets everything."""
        mem = self.mem
        know = self.know
        places = sum(1 for e in self.enemies if e.info is None and know.holds_vehicle(e.location))
        self.vehicle_places = places  # (estimates.vehicle_share's count, made now)
        hidden = (self.identified, places)
        old = mem.signature
        if not isinstance(old, tuple) or old[0] != signature[0]:
            mem.exposure, mem.seen, mem.risk, mem.risk_rows = {}, {}, {}, {}
            mem.seen_at = None
            mem.unknown_fp, mem.threat = {}, {}
        else:
            changed = set(old[1]) ^ set(signature[1])
            # the blocks that moved or showed what they are (not those that only reacted or
            # had their markers taken off: their guns and firepower hold, and so do the
            # exposure and what is seen; the risks, of blocks that may still react, do not)
            moved = {(loc, key) for loc, key, _ in old[1]} ^ {(loc, key) for loc, key, _ in signature[1]}
            if mem.hidden != hidden:
                # what a hidden block may be has changed: every hidden one's firepower
                changed.update(e for e in old[1] if e[1].startswith("hidden@"))
                changed.update(e for e in signature[1] if e[1].startswith("hidden@"))
                moved.update((e[0], e[1]) for e in changed if e[1].startswith("hidden@"))
                mem.unknown_fp = {}
            row = know.sight_table.row
            seeing = {loc for loc, _, _ in changed}  # where the blocks that changed stand, or stood
            stale: set[str] = set()  # what they see: the risks there
            for loc in seeing:
                stale.update(row(loc))
            stale_exposed: set[str] = set()  # what those that moved see: the exposure there
            for loc in {loc for loc, _ in moved}:
                stale_exposed.update(row(loc))
            for known, gone in ((mem.exposure, stale_exposed), (mem.risk, stale)):
                if 2 * len(gone) > len(know.bf):
                    known.clear()  # most of the map: forgetting it all is quicker (and as exact)
                    continue
                for kept in known.values():
                    if len(gone) < len(kept):
                        for loc in gone:
                            kept.pop(loc, None)
                    else:
                        for loc in [loc for loc in kept if loc in gone]:
                            del kept[loc]
            if 2 * len(stale) > len(know.bf):
                mem.risk_rows = {}
            elif mem.risk_rows:
                indexes: set[int] = set()
                for loc in seeing:
                    indexes.update(know.sight_table.indexes(loc))
                for risks in mem.risk_rows.values():
                    for i in indexes:
                        risks[i] = None
            keys = {key for _, key in moved}
            mem.threat = {k: v for k, v in mem.threat.items() if k[0] not in keys}
            if moved:
                mem.seen, mem.seen_at = {}, None  # (seen at any range)
        mem.signature = signature
        mem.hidden = hidden

    def _enemy_levels_first(self) -> bool:
        """Whether some victory level of the enemy's is checked before every one of ours (1.3:
        the first level reached wins): then what it scores matters even when we score ours."""
        sides = [level.side for level in self.brief.levels]
        return self.side not in sides or (
            self.enemy_side in sides and sides.index(self.enemy_side) < sides.index(self.side)
        )

    def _see_control(self) -> None:
        """Control as this side sees it (2.3): a block present holds a location, and the
        last side seen there keeps it. Our blocks are seen at every step of their moves."""
        # (each in one C call: a view is made at every decision)
        self.control.update(dict.fromkeys(self.enemy_at, self.enemy_side))
        self.control.update(dict.fromkeys(self.own_at, self.side))

    # -- the map -----------------------------------------------------------------------------
    def sees(self, a: str, b: str) -> bool:
        """LOS now: the static table, then the wrecks, which only ever add obstacles."""
        if not self._clear(a, b):
            return False
        if not self.wrecks:
            return True
        bf = self.know.bf
        key = (a, b, self.wrecks) if a < b else (b, a, self.wrecks)
        got = self.mem.sees.get(key)
        if got is None:
            # the static line is clear: only the wreck hexes it may meet are left to judge
            # (the rule's own shortcut, exactly `los(...).clear`), and the answer holds
            # wherever the others stand
            near = self.know.wrecks_near(a, b, self.wrecks)
            if not near:
                got = True
            else:
                wide = (key[0], key[1], near)
                got = self.mem.sees.get(wide)
                if got is None:
                    got = self.mem.sees[wide] = clear_past_counters(bf, a, b, Dynamic(wrecks=near))
            self.mem.sees[key] = got
        return got

    def sees_on(self, line: int | None, bit: int, a: str, b: str) -> bool:
        """`sees(a, b)`, given `line`, the static LOS table's built row of `a` or of `b` (the
        table is reciprocal, as LOS is, 5.1.7; None: not built), and the other's `bit` in
        it: a bit test, `sees` asked only where a wreck may block the line (for callers
        that ask from one place to many)."""
        if line is None:
            return self.sees(a, b)
        if not (line >> bit) & 1:
            return False
        return not self.wrecks or self.sees(a, b)

    def enemy_rows(self) -> list[tuple[Enemy, dict[str, int]]]:
        """Each enemy block with the EP distances from where it stands."""
        got = self._enemy_rows
        if got is None:
            row = self.know.ep_from
            got = self._enemy_rows = [(enemy, row(enemy.location)) for enemy in self.enemies]
        return got

    def enemy_sights(self) -> list[tuple[Enemy, dict[str, int]]]:
        """Each enemy block with what it sees within fire range, at what EP (static map)."""
        got = self._enemy_sights
        if got is None:
            row = self.know.sight_table.row
            got = self._enemy_sights = [(enemy, row(enemy.location)) for enemy in self.enemies]
        return got

    def enemy_bits(self) -> int:
        """The LOS table's bits of the locations the enemy blocks stand at (a row's bits,
        `LosTable.built_row`): whether any sees a location, in one test of its row."""
        got = self._enemy_bits
        if got is None:
            bit = self.know.bf.los_table.bit_of
            got = 0
            for enemy in self.enemies:
                got |= 1 << bit(enemy.location)
            self._enemy_bits = got
        return got

    def adjacent(self, location: str) -> frozenset[str]:
        """Where an assault could go from `location` (8.2.8: a way to move between, never by
        a ladder between a roof and the street)."""
        got = self.mem.adjacent.get(location)
        if got is None:
            bf = self.know.bf
            got = self.mem.adjacent[location] = frozenset(
                bf.locations[s.dst].id
                for s in bf.out[bf.location(location).index]
                if s.kind not in (StepKind.climb, StepKind.effect)
            )
        return got

    def ep(self, a: str, b: str) -> int | None:
        return self._ep_rows[a].get(b)  # (a row not fetched yet is, by the lookup)

    def interior(self, location: str) -> bool:
        return self._interior[location]

    def side_attacks(self) -> bool:
        """A side attacks when most of what it scores for holding is not its own when the
        game begins; it keeps to that posture for the game."""
        if self.mem.attacks is None:
            hold = self.know.objectives[self.side].hold
            held = sum(1 for loc in hold if self.control.get(loc) == self.side)
            # a side that must destroy to win goes for the enemy's blocks
            self.mem.attacks = held * 2 < len(hold) or self.know.hunts
        return self.mem.attacks


def mover(info: BlockInfo) -> Mover:
    return mover_of(info.profile)


def role(view: View, info: BlockInfo) -> str:
    """What a block does: keep its post, follow its blocks as a leader, attack or hold."""
    if info.type in STAY:
        return "stay"
    if info.type in LEADERS:
        return "leader"
    return "attack" if view.side_attacks() else "hold"
