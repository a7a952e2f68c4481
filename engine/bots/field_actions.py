"""The heuristic bot's actions of the No Man's Land and support rules for its activated block,
each weighed in the same currency as a fire (OSL of an ordinary block, victory points at
GOAL_WEIGHT), so that `decisions.activation` takes the best of all: dismounting near a goal
and mounting for a long way (8.2.4), recovering OSL (8.2.2), opening a breach into a goal's
building (8.2.9), smoke to blind an enemy who sees blocks yet to move (8.2.7.8), scouting a
face-down counter on a goal (8.2.5), scattering population off a goal (8.2.6), scouting for
AT mines ahead of its vehicles (5.2.2.3); and its set-up placing (5.2.1, 5.2.2.1).
Each returns (value, action) for the best of its kind, or None.
"""

from __future__ import annotations

from ..model.cards import BlockType
from ..rules.uo.actions import (
    Action,
    Breach,
    Dismount,
    KeepInReserve,
    Mount,
    PlaceCounter,
    ScatterPopulation,
    ScoutCounter,
    ScoutMines,
    SmokeFire,
    Support,
)
from ..rules.uo.breaching import BLAST_EP, BLAST_OSL, breach_sides, target_of
from ..rules.uo.obstructions import SMOKE_HEXES, plume
from .estimates import holding, worth
from .routes import FAR, engineer_goals, place_score, progress
from .view import View, role

Choice = tuple[float, Action]

#: a passenger is set down once a goal is this near (MP on foot): one activation away
DISMOUNT_NEAR = 8
#: a foot block boards a vehicle only for a way this long (MP): shorter, it walks
MOUNT_FAR = 18
#: the value of a mounting (a turn's walk saved) and of a dismounting at the goal's door
MOUNT_VALUE = 1.0
DISMOUNT_VALUE = 1.0
#: how much a vehicle carrying passengers wants activating
CARRY_INTENT = 0.6
#: what an own block that has yet to move, seen by an enemy the smoke blinds, is worth
SMOKE_SHELTER = 0.2
#: the most a smoke fire is worth (OSL): it shelters, it takes nothing
SMOKE_CAP = 1.2
#: what a smoke fire costs a block with a way to go: its move cut to the MP left after acting
SMOKE_TEMPO = 1.0
#: a breach into a goal's building: the way in, and a share of the room's holding
BREACH_WAY = 0.4
BREACH_PULL = 0.5
#: what knowing a face-down counter on a goal is worth; scattering population off one
SCOUT_COUNTER = 0.5
SCATTER = 0.6
#: "I am scouting" for mines ahead of own vehicles within this many EP (5.2.2.3)
MINE_SCOUT_EP = 3
MINE_SCOUT = 0.3
#: EP from an enemy goal within which a mine, a barricade, is worth placing at set-up
MINE_NEAR = 2
BARRICADE_NEAR = 2


def _index(view: View, location: str) -> int:
    return view.know.bf.location(location).index


def passengers(view: View, vehicle: str) -> list[str]:
    return sorted(b.id for b in view.obs.own if b.mounted_in == vehicle and not b.eliminated)


def dismount(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Set a passenger down next to a goal (within DISMOUNT_NEAR MP of it on foot), or
    anywhere it makes progress on the last turn or when the vehicle goes no farther."""
    best: tuple[float, str, str, Action] | None = None
    last = view.turn >= view.brief.turns
    for action in actions:
        if not isinstance(action, Dismount):
            continue
        prog = progress(view, action.block)(_index(view, action.location))
        if prog >= FAR:
            continue
        if prog > DISMOUNT_NEAR and not last and view.mem.plan:
            continue
        value = DISMOUNT_VALUE + 0.05 * max(0.0, DISMOUNT_NEAR - prog)
        key = (value, action.block, action.location, action)
        if best is None or key[:3] > best[:3]:
            best = key
    return None if best is None else (best[0], best[3])


def mount(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Board an adjacent vehicle of the force for a long way (MOUNT_FAR MP and more)."""
    own = view.own[bid]
    if own.location is None or view.turn >= view.brief.turns:
        return None
    if progress(view, bid)(_index(view, own.location)) < MOUNT_FAR:
        return None
    options = sorted((a for a in actions if isinstance(a, Mount)), key=lambda a: a.vehicle)
    return (MOUNT_VALUE, options[0]) if options else None


def support(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Recover an OSL of the block with losses worth most (8.2.2), or take points from the
    logistics reserve when the platoon's are spent; a moving block gives up its move."""
    best: tuple[float, str, Action] | None = None
    me = view.own[bid]
    for action in actions:
        if not isinstance(action, Support):
            continue
        other = view.own.get(action.block)
        if other is None:
            continue
        healed = [b for b in (me, other) if b.losses > 0]
        if healed:
            value = max(worth(view, b.info, b.losses, True) for b in healed)
        elif other.info.type == BlockType.logistics:
            value = 0.5  # the platoon's points from the reserve (8.2.2)
        else:
            continue
        if action.block != bid and view.mem.plan and role(view, me.info) in ("attack", "hold"):
            value -= 0.3  # its activation ends here
        key = (value, action.block, action)
        if best is None or key[:2] > best[:2]:
            best = key
    return None if best is None else (best[0], best[2])


def breach(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Open a breach into a room of a goal's building not ours (8.2.9), its charge's 1 OSL
    on our blocks within 2 EP (the breacher aside) counted against it."""
    bf = view.know.bf
    goal_buildings = {bf.location(g).building for g in view.goal_set if bf.location(g).interior}
    best: tuple[float, str, str, Action] | None = None
    for action in actions:
        if not isinstance(action, Breach):
            continue
        room = target_of(bf, action.aperture)
        loc = bf.location(room)
        if not loc.interior or loc.building not in goal_buildings or view.control.get(room) == view.side:
            continue
        value = BREACH_WAY + (BREACH_PULL * holding(view, room) if room in view.goal_set else 0.0)
        sides = breach_sides(bf, action.aperture)
        for own in view.own.values():
            if own.id == bid or not own.on_map or own.location is None or own.info.dummy:
                continue
            if any((d := view.ep(at, own.location)) is not None and d <= BLAST_EP for at in sides):
                value -= BLAST_OSL * worth(view, own.info, own.losses, True)
        value -= 0.01 * place_score(view, bid, action.to)
        key = (value, action.aperture, action.to, action)
        if best is None or key[:3] > best[:3]:
            best = key
    return None if best is None else (best[0], best[3])


def smoke(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Smoke that blinds the enemy blocks (their hexes under the drift, 8.2.7.8) which see
    our blocks yet to move this turn: a crossing under cover."""
    waiting = [
        own.location
        for own in view.own.values()
        if own.on_map and own.location and not own.activated and not own.info.dummy and own.id != bid
    ]
    if not waiting:
        return None
    best: tuple[float, str, Action] | None = None
    sights = dict((e.location, row) for e, row in view.enemy_sights())
    for action in actions:
        if not isinstance(action, SmokeFire):
            continue
        covered = plume(view.know.bf, action.target, view.brief.wind, SMOKE_HEXES) | {action.target}
        # each of our blocks an enemy under the smoke saw, once: counted by (enemy, block)
        # pairs, a smoke over a crowd outweighed a tank's assault on a hangar room
        blinded = [row for there, row in sights.items() if there in covered]
        sheltered = {loc for row in blinded for loc in waiting if loc in row}
        value = min(SMOKE_SHELTER * len(sheltered), SMOKE_CAP) - (SMOKE_TEMPO if view.mem.plan else 0.0)
        key = (value, action.target, action)
        if value > 0 and (best is None or key[:2] > best[:2]):
            best = key
    return None if best is None else (best[0], best[2])


def scout_counter(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Scout a face-down counter on one of its goals (8.2.5): until it is known the goal is
    closed to its blocks (a face-down counter is not entered)."""
    for action in sorted((a for a in actions if isinstance(a, ScoutCounter)), key=lambda a: a.location):
        if action.location in view.goal_set:
            return (SCOUT_COUNTER + 0.1 * holding(view, action.location), action)
    return None


def scatter(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """Scatter population standing on a goal (8.2.6) as far from the goals as it may go."""
    best: tuple[float, str, ScatterPopulation] | None = None
    prog = progress(view, bid)
    for action in actions:
        if not isinstance(action, ScatterPopulation) or action.location not in view.goal_set:
            continue
        away = min(prog(_index(view, action.to)), FAR)
        key = (away, action.to, action)
        if best is None or key[:2] > best[:2]:
            best = key
    return None if best is None else (SCATTER + 0.1 * holding(view, best[2].location), best[2])


def scout_mines(view: View, bid: str, actions: list[Action]) -> Choice | None:
    """ "I am scouting" (5.2.2.3) with a block near its goal (its move is short anyway) and
    own vehicles close behind, which an AT mine would stop."""
    if not any(isinstance(a, ScoutMines) for a in actions):
        return None
    own = view.own[bid]
    if own.location is None or progress(view, bid)(_index(view, own.location)) > MINE_SCOUT_EP + 1:
        return None
    if bid in engineer_goals(view).values():
        return None  # an engineer with a barricade to open keeps its MP for it (8.2.3.2)
    near = any(
        other.info.vehicle
        and other.location
        and (d := view.ep(own.location, other.location)) is not None
        and d <= MINE_SCOUT_EP
        for other in view.own.values()
        if other.on_map and other.id != bid
    )
    if not near:
        return None
    return (MINE_SCOUT, next(a for a in actions if isinstance(a, ScoutMines)))


def place(view: View, actions: list[Action]) -> Action:
    """Set-up (5.2.1, 5.2.2.1): a barricade on a location the enemy scores for and its own
    side does not, an AT mine in a hex next to one; the rest kept for the engineers."""
    hold = set(view.know.objectives[view.side].hold)
    deny = [loc for loc in view.know.objectives[view.side].deny if loc not in hold]
    taken = {c.location for c in view.obs.counters if c.owner == view.side}
    best: tuple[int, str, Action] | None = None
    for action in actions:
        if not isinstance(action, PlaceCounter) or action.location in taken or action.location in hold:
            continue
        near = min((d for loc in deny if (d := view.ep(action.location, loc)) is not None), default=None)
        if action.location in view.own_at or near is None:
            continue
        if action.kind == "barricade" and near == 0:
            rank = 0  # on the enemy's objective: closed to it until its engineers come
        elif action.kind == "at_mine" and near <= MINE_NEAR:
            rank = 1
        elif (
            action.kind == "barricade"
            and near <= BARRICADE_NEAR
            and not view.know.bf.location(action.location).interior
        ):
            rank = 2  # a street next to it: the way there costs more (5.2.3.5)
        else:
            continue
        key = (rank, action.location, action)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is not None:
        return best[2]
    return next(a for a in actions if isinstance(a, KeepInReserve))
