"""Where things stand: a play's state with its static game and its dice, and the questions
the sequence of play (play.py), the fights (fight.py) and the weapons effect (effects.py) all
ask of it: who is where, who sees whom, how far, who is in contact; and the markers and
removals they all apply.

This module imports none of those three: they import it, so the rules have no import circle
and no module reaches into another's private methods.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable
from operator import attrgetter
from typing import TypeVar
from weakref import WeakKeyDictionary

from ...battlefield import Dynamic
from ...battlefield.los import clear_past_counters, los
from ...battlefield.movement import Mover, ep_from, ep_within
from ...model.cards import Weapon
from ...model.scenario import Side
from . import activation, counters, obstructions
from .game import Game
from .state import State
from .tables import CombatTables

#: the LOS answers `Situation.sees` keeps at most for one set of counters
_MAX_LOS_ANSWERS = 200_000
#: how many sets of counters a game's LOS answers are kept for (the most recently used)
_MAX_COUNTER_SETS = 32
#: a game's LOS answers per set of counters in play, shared by every play of that game: an
#: answer depends on nothing else (the battlefield and the counters), so the scenario's own
#: counters, standing all game, are looked at once per process rather than once per game,
#: and answers survive a smoke counter placed and removed again
_SHARED_LOS: WeakKeyDictionary[Game, OrderedDict[obstructions.Obstructions, dict[tuple[str, str], bool]]] = (
    WeakKeyDictionary()
)
#: a game's LOS answers worked out with counters near the line (`Situation._sees`), keyed by
#: the pair, those counters and the breaches opened
_NEAR_LOS: WeakKeyDictionary[Game, dict[tuple[object, ...], bool]] = WeakKeyDictionary()


class _Unset:
    """The mark of an answer not yet worked out. One object, kept by identity through a copy
    of a play (`copy.deepcopy`, pickling): it reduces to its module-level name, so a copy's
    `is _UNSET` still holds (a plain `object()` would be copied into a new one)."""

    def __reduce__(self) -> str:
        return "_UNSET"


_UNSET = _Unset()
#: what the summaries of where the enemy stands read of a block (`enemy_blocks`): one C
#: call per block, where the summaries themselves are a loop in Python
_PLACE = attrgetter("location", "eliminated")
#: `enemy_blocks` for one side: the (location, eliminated) of every block not of the side,
#: in the state's order, and the summaries worked out from them
_EnemyCensus = tuple[tuple[tuple[str | None, bool], ...], list[tuple[str, str]], set[str]]
#: `seen_by_enemy`'s answers for one side and what they hold for: the counters in play
#: (`_obstructions`), the enemy locations, the answers, the locations' LOS table bits
#: (`_los_bits`), and the set `enemy_locations` gave them in
_SeenAnswers = tuple[
    obstructions.Obstructions, frozenset[str], dict[str, bool], int, set[str], tuple[tuple[str, int], ...]
]
_T = TypeVar("_T")
#: a d10's faces and their chances (`Situation.chance_outcomes`)
CHANCE_OUTCOMES: tuple[tuple[int, float], ...] = tuple((face, 0.1) for face in range(10))


#: per game and side, the blocks others climb over (8.1.6, 8.1.7): a vehicle or a block with
#: a ladder, never a dummy; what a block is never changes, only where it stands
_CLIMB_HELPERS: WeakKeyDictionary[Game, dict[Side, tuple[str, ...]]] = WeakKeyDictionary()


def _climb_helpers(game: Game, side: Side) -> tuple[str, ...]:
    by_side = _CLIMB_HELPERS.get(game)
    if by_side is None:
        by_side = _CLIMB_HELPERS[game] = {}
    found = by_side.get(side)
    if found is None:
        found = by_side[side] = tuple(
            bid
            for bid, info in game.blocks.items()
            if info.side == side and not info.dummy and activation.helps_climb(info.profile)
        )
    return found


#: per game and side, whether the side has the map of each location's layer (`visible_layer`)
_VISIBLE: WeakKeyDictionary[Game, dict[Side, dict[str, bool]]] = WeakKeyDictionary()


def visible_layers(game: Game, side: Side) -> dict[str, bool]:
    """`Situation.visible_layer` of every location id (aliases too): the map and who knows
    which insert never change during a game, and observations ask of every block."""
    by_side = _VISIBLE.setdefault(game, {})
    found = by_side.get(side)
    if found is None:
        known = game.insert_known_by
        found = by_side[side] = {
            ident: loc.layer == "surface" or side in known.get(loc.layer, frozenset())
            for ident, loc in game.battlefield.by_id.items()
        }
    return found


def _answers(game: Game, blockers: obstructions.Obstructions) -> dict[tuple[str, str], bool]:
    """The LOS answers kept for `game` with `blockers` in play (filled by `Situation._sees`)."""
    sets = _SHARED_LOS.get(game)
    if sets is None:
        sets = _SHARED_LOS[game] = OrderedDict()
    found = sets.get(blockers)
    if found is None:
        found = sets[blockers] = {}
        while len(sets) > _MAX_COUNTER_SETS:
            sets.popitem(last=False)
    else:
        sets.move_to_end(blockers)
    return found


class Situation:
    """A game's state, its static game and the one seeded generator of its dice."""

    def __init__(self, game: Game, state: State, seed: int):
        self.game = game
        self.state = state
        self.seed = seed
        self.rng = random.Random(seed)
        #: faces a caller chose for the next rolls (`set_dice`), taken before the RNG is asked
        self._dice: list[int] = []
        self._rolls: list[int] = []
        #: the table rows the rolls were read on (the log entry's `rows`)
        self._rows: list[dict[str, object]] = []
        #: situation summaries while legal actions are worked out (the state stands still)
        self._memo: dict[tuple[object, ...], object] | None = None
        #: LOS answers with the counters placed on the map (`sees`), for `_blockers`
        self._blocked_los: dict[tuple[str, str], bool] = {}
        self._blockers = obstructions.NONE
        #: whether `_blockers` holds a counter, and the rooms behind its opened breaches
        self._blocking = False
        self._breach_rooms: frozenset[str | None] = frozenset()
        self._blockers_key: object = _UNSET
        self._blocker_dots: list[tuple[str, float, float, tuple[str, bool, bool, bool]]] = []
        #: per side, the answers of `seen_by_enemy` and what they hold for: the counters in
        #: play (`_obstructions`), the enemy locations and their LOS table bits
        self._seen: dict[Side, _SeenAnswers] = {}
        #: the ids of the blocks of the state (in its order) and, per side, those not of
        #: the side (`_not_of`)
        self._not_of_side: tuple[tuple[str, ...], dict[Side, tuple[str, ...]]] | None = None
        #: per side, where the enemy stands and what that gives (`enemy_blocks`), kept
        #: while it stands there: a friendly move leaves it as it was
        self._enemy_census: dict[Side, _EnemyCensus] = {}
        #: `fight.usable_weapons`'s answers, kept per game there (what a block is and the
        #: game's tables never change) and looked up once a play here: asked some 3,000
        #: times a game, a look-up in the per-game weak dictionary each time is a third of it
        self.usable_kept: dict[tuple[str, bool, int, bool, bool], list[Weapon]] | None = None
        #: per target location, the friends able to support a fire at it and what that
        #: holds for (`advanced_combat.supported_fires`, which keeps it: the same at every
        #: step of an activation, where only the active block moves)
        self.supporters_kept: dict[str, tuple[tuple[object, ...], str | None, bool, list[str]]] = {}
        #: how each block moves (`mover`), as asked
        self._movers: dict[str, Mover] = {}
        #: the last `Dynamic` built for each side (`_dynamic`)
        self._last_dynamic: dict[Side, Dynamic] = {}
        #: the 3D actions that fell, (turn, side, support, target) in order (7.3.3.3): a strike
        #: falls in the open, so observations show this turn's to both sides. A record, not
        #: state: no rule reads it, so the state and its digest stay as they were
        self.strikes: list[tuple[int, Side, str, str]] = []

    @property
    def combat(self) -> CombatTables:
        """The combat tables this game plays with."""
        return self.game.tables.combat

    # -- dice ------------------------------------------------------------------------------
    def chance_outcomes(self) -> tuple[tuple[int, float], ...]:
        """The outcomes of the next roll and their probabilities (OpenSpiel's chance node):
        every roll of these rules is a d10, 0-9, each face a tenth. A caller enumerating
        them forces one with `set_dice` before applying the action that rolls."""
        return CHANCE_OUTCOMES

    def set_dice(self, faces: list[int]) -> None:
        """The next rolls give `faces`, in order, whatever the RNG holds (a search trying
        each chance outcome); the rolls after them come from the RNG again. The RNG is not
        advanced for a forced face, so the dice after it are the ones it would have given
        next."""
        bad = [f for f in faces if f not in range(10)]
        if bad:
            raise ValueError(f"a d10 shows 0-9, not {bad}")
        self._dice = list(faces)

    def roll(self, table: str | None = None) -> int:
        """A d10, 0-9, written into the log entry of the action being applied; `table`: the
        d10 table of the combat tables it is read on (`quality.recruit`), whose row the
        entry names beside it."""
        r = self._dice.pop(0) if self._dice else self.rng.randrange(10)
        self._rolls.append(r)
        if table is not None:
            self.read_on(table, -1)
        return r

    def read_on(self, table: str, *dice: int, row: str | None = None) -> None:
        """Dice of the action being applied (indexes into its rolls, negative from the last)
        were read on `table`: the log entry names the row (`row`, else the row of the d10
        table that the first die reads) so the game report can say which row each roll used."""
        count = len(self._rolls)
        index = [d % count for d in dice]
        label = row if row is not None else self.combat.row_label(table, self._rolls[index[0]])
        self._rows.append({"table": table, "row": label, "dice": index})

    def still(self, key: tuple[object, ...], build: Callable[[], _T]) -> _T:
        """`build()`, worked out once while legal actions are (the state stands still: what
        is asked for several blocks or steps is kept under `key`), else each time."""
        memo = self._memo
        if memo is None:
            return build()
        if key in memo:
            return memo[key]  # type: ignore[return-value]  # (no typing.cast: a call)
        found = memo[key] = build()
        return found

    # -- blocks ----------------------------------------------------------------------------
    def side_of(self, block: str) -> Side:
        return self.game.blocks[block].side

    def weapon(self, block: str, weapon_id: str) -> Weapon:
        return next(w for w in self.game.blocks[block].profile.weapons if w.id == weapon_id)

    def night(self) -> bool:
        return self.state.turn in self.game.scenario.night_turns

    # (the comprehensions over every block below read `location and not eliminated`, which
    # is `on_map and location`, without a property call per block: they run at every step)
    def occupied(self) -> set[str]:
        return {b.location for b in self.state.blocks.values() if b.location and not b.eliminated}

    def others_at(self, block: str) -> set[str]:
        """Locations held by blocks other than `block` (and the block paired with it in its
        hex, 10.4)."""
        return self.still(("others", block), lambda: self._others_at(block))

    def _others_at(self, block: str) -> set[str]:
        pairs = self.state.pairs
        mate = block
        if pairs:
            mate = pairs.get(block) or next((f for f, v in pairs.items() if v == block), block)
        return {
            b.location
            for bid, b in self.state.blocks.items()
            if b.location and not b.eliminated and bid != block and bid != mate
        }

    def block_at(self, location: str, side: Side) -> str | None:
        """The block of `side` at `location` (the one moving, when two share it in passing)."""
        if self._memo is not None:  # legal actions ask it of many locations: all found at once
            return self.still(("block_at", side), lambda: self._blocks_at(side)).get(location)
        s = self.state
        info = self.game.blocks
        found = None
        for bid, b in s.blocks.items():
            if b.location == location and not b.eliminated and info[bid].side == side:
                if s.activation is not None and bid == s.activation.block:
                    return bid
                if found is None or bid not in s.pairs:
                    found = bid  # a Foot unit block covered by a vehicle is not targeted (10.4.1)
        return found

    def _blocks_at(self, side: Side) -> dict[str, str]:
        """`block_at` of every location holding a block of `side`, in one pass."""
        s = self.state
        info = self.game.blocks
        moving = s.activation.block if s.activation is not None else None
        found: dict[str, str] = {}
        settled: set[str] = set()
        for bid, b in s.blocks.items():
            loc = b.location
            if not loc or b.eliminated or info[bid].side != side or loc in settled:
                continue
            if bid == moving:
                found[loc] = bid
                settled.add(loc)
            elif loc not in found or bid not in s.pairs:
                found[loc] = bid
        return found

    def enemy_locations(self, side: Side) -> set[str]:
        """The locations of the blocks not of `side` on the map (to be read, not changed:
        the set is kept, `enemy_blocks`)."""
        return self._census(side)[2]

    def enemy_blocks(self, side: Side) -> list[tuple[str, str]]:
        """(block, location) of every block not of `side` on the map, in the state's order
        (to be read, not changed: the list is kept while they stand where they stand)."""
        return self._census(side)[1]

    def _census(self, side: Side) -> _EnemyCensus:
        """`enemy_blocks` and `enemy_locations` for `side`, worked out again only when a
        block not of the side has come, gone or moved (its location and whether it is
        eliminated are all they read of it): asked at every step of a move and at every
        opportunity, where only the moving side's blocks change. The key is complete: the
        ids are those of the state now (`_not_of`), and the sides of blocks never change.
        While legal actions are worked out the state stands still: checked once then
        (`still`'s memo, looked up by hand: asked for each side at every question)."""
        memo = self._memo
        if memo is not None:
            asked = memo.get(("census", side))
            if asked is not None:
                return asked  # type: ignore[return-value]  # (no typing.cast: a call)
        ids = self._not_of(side)
        places = tuple(map(_PLACE, map(self.state.blocks.__getitem__, ids)))
        kept = self._enemy_census.get(side)
        if kept is None or kept[0] != places:
            found = [(bid, loc) for bid, (loc, gone) in zip(ids, places, strict=True) if loc and not gone]
            # (the set is filled in the state's order, as a comprehension over the blocks does)
            kept = self._enemy_census[side] = (places, found, {loc for _, loc in found})
        if memo is not None:
            memo[("census", side)] = kept
        return kept

    def _not_of(self, side: Side) -> tuple[str, ...]:
        """The ids of the blocks not of `side`, in the state's order: listed again only when
        the state's blocks are other ones (what a block is never changes)."""
        blocks = self.state.blocks
        keys = tuple(blocks)
        kept = self._not_of_side
        if kept is None or kept[0] != keys:
            info = self.game.blocks
            kept = self._not_of_side = (
                keys,
                {s: tuple(bid for bid in keys if info[bid].side != s) for s in Side},
            )
        return kept[1][side]

    def mover(self, block: str) -> Mover:
        found = self._movers.get(block)
        if found is None:  # (what a block is never changes: worked out once a play)
            found = self._movers[block] = activation.mover_of(self.game.blocks[block].profile)
        return found

    def dynamic(self, side: Side) -> Dynamic:
        """What the battlefield needs to know of the situation for `side`'s moves: friendly
        vehicles and ladder blocks to climb over (8.1.6, 8.1.7), barricades and IED/UXO
        counters (5.2.3)."""
        return self.still(("dynamic", side), lambda: self._dynamic(side))

    def _dynamic(self, side: Side) -> Dynamic:
        g, s = self.game, self.state
        blocks = s.blocks
        helpers = frozenset(
            loc
            for bid in _climb_helpers(g, side)
            if (loc := blocks[bid].location) and not blocks[bid].eliminated
        )
        barricades, impassable = counters.closed(s.nml)  # 5.2.3.1, 5.2.3.3, 5.2.3.5
        opened = obstructions.opened_breaches(g, s)  # 5.2.4.1
        # the same situation as last time for this side: the same Dynamic, so that what
        # step_cost keeps for the last one it priced (by identity) still holds
        last = self._last_dynamic.get(side)
        if (
            last is not None
            and last.helpers == helpers
            and last.barricades == barricades
            and last.impassable == impassable
            and last.opened_breaches == opened
        ):
            return last
        found = self._last_dynamic[side] = Dynamic(
            helpers=helpers, barricades=barricades, impassable=impassable, opened_breaches=opened
        )
        return found

    # -- sight and distance ----------------------------------------------------------------
    def visible_layer(self, side: Side, location: str) -> bool:
        """Whether `side` has the map of `location`'s layer: the surface, or an underground
        insert it knows (8.1.10)."""
        layer = self.game.battlefield.location(location).layer
        return layer == "surface" or side in self.game.insert_known_by.get(layer, frozenset())

    def sees(self, a: str, b: str) -> bool:
        """LOS now: the static table, with the counters placed on the map that block it and
        the breaches opened (`obstructions.blocking`). Asked very often: the answers are kept
        while the same counters stand."""
        return self._sees(self._obstructions(), a, b)

    def _sees(self, blockers: obstructions.Obstructions, a: str, b: str) -> bool:
        """`sees` with the counters in play already looked up (`_obstructions`)."""
        bf = self.game.battlefield
        if blockers is self._blockers:  # (as it always is: what `_obstructions` worked out)
            blocking, rooms = self._blocking, self._breach_rooms
        else:
            blocking, rooms = bool(blockers), obstructions.breach_rooms(self.game, blockers.breaches)
        if not blocking and not blockers.breaches:
            return bf.los_table.clear(a, b)
        key = (a, b) if a < b else (b, a)
        seen = self._blocked_los.get(key)
        if seen is not None:
            return seen
        if a in rooms or b in rooms:  # an end behind an opened breach (breach_rooms)
            seen = los(bf, a, b, blockers.dynamic()).clear  # into a room through a breach (5.2.4.1)
        elif not bf.los_table.clear(a, b):
            seen = False  # counters only add obstacles
        elif not blockers or not (near := self._blockers_near(a, b)):
            seen = True
        else:
            # only the counters near the line can block it (`_blockers_near`): the answer
            # holds wherever the same ones stand near it, whatever stands elsewhere
            wide = (key, near, blockers.breaches)
            answers = _NEAR_LOS.get(self.game)
            if answers is None:
                answers = _NEAR_LOS[self.game] = {}
            found = answers.get(wide)
            if found is None:
                # the static table sees it clear: only the counters are left to judge
                found = clear_past_counters(bf, a, b, blockers.dynamic())
                if len(answers) >= _MAX_LOS_ANSWERS:
                    answers.clear()
                answers[wide] = found
            seen = found
        if len(self._blocked_los) >= _MAX_LOS_ANSWERS:
            self._blocked_los.clear()
        self._blocked_los[key] = seen
        return seen

    def _obstructions(self) -> obstructions.Obstructions:
        """`obstructions.blocking` now, built again only when the counters placed in play
        change (the answers then are those kept for the new counters, `_SHARED_LOS`)."""
        memo = self._memo
        if memo is None:
            return self._placed_obstructions()
        # while legal actions are worked out nothing is placed: kept (`still`'s memo, looked
        # up by hand here as every LOS question asks)
        found = memo.get(("obstructions",))
        if found is None:
            found = memo[("obstructions",)] = self._placed_obstructions()
        return found  # type: ignore[return-value]  # (no typing.cast: a call)

    def _placed_obstructions(self) -> obstructions.Obstructions:
        s = self.state
        kept = self._blockers_key
        if kept is None:
            if not (s.smoke or s.wrecks or s.breaches):
                return self._blockers
        elif kept is not _UNSET:
            # (the sets compared with the frozensets kept, none made at each question)
            smoke: frozenset[str]
            wrecks: frozenset[str]
            breaches: frozenset[str]
            smoke, wrecks, breaches = kept  # type: ignore[misc]  # (no typing.cast: a call)
            if s.smoke == smoke and s.wrecks == wrecks and s.breaches == breaches:
                return self._blockers
        key = (
            (frozenset(s.smoke), frozenset(s.wrecks), frozenset(s.breaches))
            if (s.smoke or s.wrecks or s.breaches)
            else None
        )
        if key != kept or kept is _UNSET:
            self._blockers_key = key
            self._blockers = obstructions.blocking(self.game, s)
            self._blocking = bool(self._blockers)
            self._breach_rooms = obstructions.breach_rooms(self.game, self._blockers.breaches)
            self._blocked_los = _answers(self.game, self._blockers)
            bf = self.game.battlefield
            found = self._blockers
            self._blocker_dots = [
                (
                    loc.layer,
                    loc.centre[0],
                    loc.centre[1],
                    (loc.id, loc.id in found.smoke, loc.id in found.wrecks, loc.id in found.vehicles),
                )
                for loc in (bf.location(x) for x in sorted(found.locations))
            ]
        return self._blockers

    def _blockers_near(self, a: str, b: str) -> tuple[tuple[str, bool, bool, bool], ...]:
        """The blocking counters standing within two hex sizes of the line a-b (location,
        smoke, wreck, Vehicles), in location order: only those can block it."""
        bf = self.game.battlefield
        la, lb = bf.location(a), bf.location(b)
        if la.layer != lb.layer:
            return ()
        (ax, ay), (bx, by) = la.centre, lb.centre
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy or 1e-9
        reach = bf.hex_size.get(la.layer, 10.0) * 2
        reach2 = reach * reach
        near = []
        for layer, wx, wy, tag in self._blocker_dots:
            if layer != la.layer:
                continue
            t = max(0.0, min(1.0, ((wx - ax) * dx + (wy - ay) * dy) / length2))
            px, py = ax + t * dx - wx, ay + t * dy - wy
            if px * px + py * py <= reach2:
                near.append(tag)
        return tuple(near)

    def counters_in_play(self) -> obstructions.Obstructions:
        """The counters that block or open lines of sight now (`sees` reads them and the
        static map alone): equal ones, equal answers."""
        return self._obstructions()

    def ep(self, a: str, b: str, limit: int) -> int | None:
        return ep_within(self.game.battlefield, a, b, limit)

    def seen_by_enemy(self, side: Side, location: str) -> bool:
        """Whether any enemy block on the map has `location` in its line of sight. Asked
        for every step of a move and every location a passing block might stop at, again
        at each step: the answers depend on where the enemy stands and on the counters in
        play alone, so they are kept while both stay as they are."""
        kept = self._seen_answers(side)
        found = kept[2].get(location)
        if found is None:
            found = kept[2][location] = self._seen_by_enemy(location, kept)
        return found

    def enemy_sight(self, side: Side) -> Callable[[str], bool]:
        """`seen_by_enemy` for `side`, of one location after another while nothing changes
        (the state stands as it is now): what its answers hold for is checked once, not at
        each location."""
        kept = self._seen_answers(side)
        answers = kept[2]

        def seen(location: str) -> bool:
            found = answers.get(location)
            if found is None:
                found = answers[location] = self._seen_by_enemy(location, kept)
            return found

        return seen

    def _seen_answers(self, side: Side) -> _SeenAnswers:
        """The `seen_by_enemy` answers kept for `side` (`_seen`), begun afresh when the
        counters in play or the enemy locations they hold for are no longer those of now;
        while legal actions are worked out the state stands still, and they are checked
        against it once (`still`'s memo, looked up by hand: asked at every step of a move)."""
        memo = self._memo
        if memo is not None:
            asked = memo.get(("seen", side))
            if asked is not None:
                return asked  # type: ignore[return-value]  # (no typing.cast: a call)
        enemies = self.enemy_locations(side)
        blockers = self._obstructions()
        kept = self._seen.get(side)
        # (the very set the answers were begun with holds the same: `enemy_locations` keeps
        # one while the enemy stays where it is, and nobody changes it)
        if kept is None or kept[0] is not blockers or (kept[4] is not enemies and kept[1] != enemies):
            frozen = frozenset(enemies)
            bit = self.game.battlefield.los_table.bit_of
            masks = tuple((there, 1 << bit(there)) for there in frozen)  # (in the frozenset's order)
            kept = self._seen[side] = (blockers, frozen, {}, self._los_bits(enemies), enemies, masks)
        if memo is not None:
            memo[("seen", side)] = kept
        return kept

    def _seen_by_enemy(self, location: str, kept: _SeenAnswers) -> bool:
        """`seen_by_enemy`, given the answers kept (`_seen_answers`): the counters in play,
        the enemy locations, the LOS table's bits of those locations (`_los_bits`) and each
        location with its own bit's mask (in the enemy locations' order)."""
        blockers, enemies, _, bits, _, masks = kept
        table = self.game.battlefield.los_table
        row = table.built_row(location)
        if blockers.breaches:
            rooms = (
                self._breach_rooms
                if blockers is self._blockers
                else obstructions.breach_rooms(self.game, blockers.breaches)
            )
            if row is None or location in rooms:
                return any(self._sees(blockers, location, there) for there in enemies)
            # a pair with neither end behind an opened breach is judged as with no breach
            # (`_sees`): one the static table says is blocked stays so, and is not asked
            bit = table.bit_of
            return any(
                ((row >> bit(there)) & 1 or there in rooms) and self._sees(blockers, location, there)
                for there in enemies
            )
        # no breach opened: counters only add obstacles, so a pair the static table says
        # is blocked stays so (as `sees` has it), and only the others need a closer look
        if row is None:
            clear = table.clear
            if not blockers:
                return any(clear(location, there) for there in enemies)
            return any(clear(location, there) and self._sees(blockers, location, there) for there in enemies)
        # the static answers for every enemy at once: the location's row of the table
        # against the enemies' bits (`clear`, one pair at a time, reads the same bits)
        if not row & bits:
            return False  # no enemy in the location's static sight: counters add obstacles only
        if not blockers:
            return True
        # (each enemy's bit read from its mask: no look-up of the bit per enemy and location)
        return any(row & mask and self._sees(blockers, location, there) for there, mask in masks)

    def static_sight(self, location: str) -> int | None:
        """The LOS table's row of `location` (`LosTable.built_row`) when it may answer `sees`
        from there in the negative: with no breach opened, counters only add obstacles, so a
        location whose bit is not set is not seen. None: ask `sees`."""
        if self._obstructions().breaches:
            return None
        return self.game.battlefield.los_table.built_row(location)

    def _los_bits(self, locations: set[str]) -> int:
        """The LOS table's bits of these locations (a row's bits, `LosTable.built_row`)."""
        bit = self.game.battlefield.los_table.bit_of
        mask = 0
        for there in locations:
            mask |= 1 << bit(there)
        return mask

    def close(self, a: str, b: str) -> bool:
        """Within 3 EP and in line of sight: in contact (2.3, 3.1.1, 8.1.12)."""
        return self.ep(a, b, self.combat.contact) is not None and self.sees(a, b)

    def contact(self, block: str) -> None:
        """8.1.12: a block within 3 EP of an enemy block and in its line of sight, or in the
        same room, is in contact: both are revealed. A dummy revealed is removed (5.2.1)."""
        g, s = self.game, self.state
        bf = g.battlefield
        me = s.blocks[block]
        here = bf.location(me.location or "")
        side = g.blocks[block].side
        # `close` for each enemy, with the EP row from here looked up once
        reach = ep_from(bf, here.id)
        limit = self.combat.contact
        inside = here.interior
        by_id = bf.by_id  # (the state's locations are the map's: looked up without a call)
        # (the enemy on the map as it stood before any was revealed: revealing one, or
        # removing it as a dummy, changes none of the others)
        for bid, loc in self.enemy_blocks(side):
            there = by_id[loc]
            same_room = (
                inside and there.interior and here.room == there.room and here.building == there.building
            )
            d = reach.get(there.id)
            if same_room or (d is not None and d <= limit and self.sees(here.id, there.id)):
                me.revealed = True
                self.reveal(bid)

    # -- markers and removals --------------------------------------------------------------
    def reveal(self, block: str) -> None:
        """Lay a block flat (4.3.2.2); a dummy revealed is removed from the game (5.2.1)."""
        if self.game.blocks[block].dummy:
            self.remove(block)
        else:
            self.state.blocks[block].revealed = True

    def remove(self, dummy: str) -> None:
        """A dummy scouted, fired on or met is removed from the game (5.2.1)."""
        b = self.state.blocks[dummy]
        b.eliminated, b.location, b.revealed = True, None, True

    def mark_activated(self, block: str) -> None:
        """4.3.3: Activated, or Completed on a block that has reacted already."""
        b = self.state.blocks[block]
        if b.reaction:
            b.reaction, b.completed = False, True
        elif not b.completed:
            b.activated = True

    def mark_reaction(self, block: str) -> None:
        """4.3.3: Reaction, or Completed on a block already activated."""
        b = self.state.blocks[block]
        if b.activated:
            b.activated, b.completed = False, True
        elif not b.completed:
            b.reaction = True

    def end_activation(self) -> None:
        """Activated marker, or Completed if it has reacted already (4.3.3)."""
        s = self.state
        act = s.activation
        assert act is not None
        if not s.blocks[act.block].eliminated:
            self.mark_activated(act.block)
        s.activation = None

    def eliminate(self, block: str, by: str | None) -> None:
        """4.3.2.1: removed; a vehicle leaves a wreck (5.2.4.5) and takes its passengers with
        it; the winner gains 1 OSL (8.2.7.6); a fallen platoon leader limits its force to 3
        activations (7.1.1)."""
        g, s = self.game, self.state
        b = s.blocks[block]
        if b.eliminated:
            return
        info = g.blocks[block]
        where = b.location
        b.eliminated, b.location = True, None
        b.activated = b.reaction = b.completed = False
        b.losses = min(b.losses, info.levels)
        if info.vehicle and where:
            s.wrecks.add(where)
        for passenger in s.blocks.values():
            if passenger.mounted_in == block:
                passenger.eliminated = True
                passenger.mounted_in = None
                # gone with its vehicle: no marker stays on it (the invariant, 4.3.3)
                passenger.activated = passenger.reaction = passenger.completed = False
        if info.force and g.forces[info.force].leader == block:
            s.eliminated_leaders.add(info.force)
        if by is not None and s.blocks[by].on_map:
            s.blocks[by].losses = max(0, s.blocks[by].losses - 1)
        if s.activation is not None and s.activation.block == block:
            s.activation = None
