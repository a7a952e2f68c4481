"""The heuristic bot's decisions, one function per kind of choice: set-up, starting an
impulse or passing, which block to activate, what the activated block does (fire, assault,
scout, move), the reactions under fire, opportunity fire, where to withdraw, whether to
advance. `decide` dispatches on the types of the legal actions. An action of a type it
does not know (a rule added after the bot learnt its game) is left aside while any known
choice remains, and taken only when nothing else is legal: the first offered, so the
choice stays deterministic.
"""

from __future__ import annotations

import heapq
from collections import defaultdict

from ..battlefield.movement import step_cost
from ..model.cards import LONG_SCOUTING_TYPES, BlockType, Protection, Weapon
from ..rules.uo import combat, fight_terms
from ..rules.uo.actions import (
    Action,
    Activate,
    Adjust3D,
    Advance,
    Assault,
    Breach,
    Cancel3D,
    Carry3D,
    CoverFire,
    Deploy,
    Destroy,
    Dismount,
    EndActivation,
    EndImpulse,
    EndRequests,
    Enter,
    EventTarget,
    Fire,
    HoldFire,
    KeepInReserve,
    Mount,
    Move,
    OpportunityFire,
    OpportunityScout,
    Pass,
    PlaceCounter,
    PlayEvent,
    Request3D,
    ReturnFire,
    ScatterPopulation,
    Scout,
    ScoutCounter,
    ScoutMines,
    SmokeFire,
    StartImpulse,
    StayPut,
    Support,
    SupportedFire,
    TakeLosses,
    Withdraw,
    WithdrawTo,
)
from ..rules.uo.activation import WITH_ACTION, unit_of
from ..rules.uo.combat import can_hit
from ..rules.uo.game import BlockInfo
from ..rules.uo.no_mans_land import ENGINEERS, EXPLOSION_OSL, EXPLOSION_RADIUS
from ..rules.uo.observation import FightKind
from . import command, errands, event_play, field_actions, hunt, support_3d
from .endgame import winning
from .estimates import exposure, fight_value, friendly_fire, holding, reply_value, weapon_range, worth
from .routes import (
    EXPOSURE,
    FAR,
    GUARD_CAUTION,
    LEADER_LAG,
    budget,
    commanded_leader,
    dynamic,
    front,
    goal_fields,
    idle,
    mp_left,
    path,
    place_score,
    plan,
    progress,
    search,
)
from .view import Enemy, Own, SearchState, View, mover, role

#: expected value an action must bring to be taken: standing, and with a move to make
FIRE_THRESHOLD = 0.1
FIRE_ON_THE_MOVE = 1.5
#: what ending a move halfway costs, in OSL (a withdrawal under opportunity fire)
TEMPO = 0.5
#: how much a block wants activating to move on, by role (vehicles less: they take nothing)
MOVE_INTENT = {"attack": 0.5, "hold": 0.3, "leader": 0.4, "stay": 0.0}
#: the activated block's actions of the No Man's Land and support rules, and who weighs each
FIELD_ACTIONS = {
    Dismount: field_actions.dismount,
    Mount: field_actions.mount,
    Support: field_actions.support,
    Breach: field_actions.breach,
    SmokeFire: field_actions.smoke,
    ScoutCounter: field_actions.scout_counter,
    ScatterPopulation: field_actions.scatter,
    ScoutMines: field_actions.scout_mines,
}
#: the supporting block's firepower bonus (10.2) and the least its activation is worth
SUPPORT_BONUS = fight_terms.SUPPORT_BONUS
SUPPORT_COST = 0.2
#: what each kind of target a weapon hurts adds to a fire at a hidden block: a tie-break
REACH_TIE = 0.001
#: how much an engineer wants activating while a barricade closes one of its side's goals
ENGINEER_INTENT = 1.2


class UnknownAction(TypeError):
    """Legal actions of which the bot knows no kind, with nothing else offered."""


class Unknown:
    """The group key of actions of a type the bot does not know."""


Groups = dict[type, list[Action]]


#: the kinds of action the bot knows, by type: a set, as `group` looks each action up at
#: every decision (a match over the forty classes tried them one after the other)
KNOWN: frozenset[type] = frozenset(
    {
        Deploy,
        StartImpulse,
        EndImpulse,
        Pass,
        Activate,
        Enter,
        Move,
        Fire,
        Assault,
        Scout,
        EndActivation,
        ReturnFire,
        CoverFire,
        Withdraw,
        WithdrawTo,
        TakeLosses,
        OpportunityFire,
        OpportunityScout,
        HoldFire,
        Advance,
        StayPut,
        Destroy,
        KeepInReserve,
        PlayEvent,
        EventTarget,
        Request3D,
        EndRequests,
        Carry3D,
        Cancel3D,
        Adjust3D,
        PlaceCounter,
        Mount,
        Dismount,
        Support,
        Breach,
        SmokeFire,
        ScoutCounter,
        ScatterPopulation,
        ScoutMines,
        SupportedFire,
    }
)

#: `KNOWN` for `isinstance`, which an action of a subclass of a known type is asked
_KNOWN_TYPES = tuple(KNOWN)


def group(actions: list[Action]) -> Groups:
    """The legal actions by type; those of a type the bot does not know under `Unknown`
    (an instance of a subclass of a known type goes under its own type, as an instance)."""
    groups: Groups = defaultdict(list)
    for action in actions:
        kind = type(action)
        if kind in KNOWN or isinstance(action, _KNOWN_TYPES):
            groups[kind].append(action)
        else:
            groups[Unknown].append(action)
    return groups


def decide(view: View, groups: Groups) -> Action:
    """The choice among the legal actions, by what kind of decision they make; actions of
    a kind it does not know only when nothing else is legal."""
    if Unknown in groups:
        if len(groups) == 1:
            return groups[Unknown][0]
        groups = defaultdict(list, {kind: found for kind, found in groups.items() if kind is not Unknown})
    reuse(view)
    errands.attach(view)  # our shots priced with the walks they stop (errands.held_up)
    kinds = groups.keys()
    if Deploy in kinds:
        return _deploy(view, groups[Deploy])
    if KeepInReserve in kinds:
        return field_actions.place(view, groups[PlaceCounter] + groups[KeepInReserve])
    if kinds & {Request3D, EndRequests}:
        return support_3d.request(view, groups[Request3D] + groups[EndRequests])
    if kinds & {Carry3D, Cancel3D, Adjust3D}:
        return support_3d.adjust(view, groups[Carry3D] + groups[Cancel3D] + groups[Adjust3D])
    if EventTarget in kinds:
        return event_play.target(view, groups[EventTarget])
    if kinds & {ReturnFire, CoverFire, Withdraw, TakeLosses}:
        return under_fire(view, groups)
    if kinds & {OpportunityFire, OpportunityScout, HoldFire}:
        return opportunity(view, groups)
    if WithdrawTo in kinds:
        return withdraw_to(view, groups[WithdrawTo])
    if Advance in kinds or StayPut in kinds:
        return advance(view, groups)
    if StartImpulse in kinds or Pass in kinds:
        return start(view, groups)
    if kinds & {Activate, Enter, EndImpulse}:
        return pick_block(view, groups)
    if kinds & {Move, EndActivation, Fire, SupportedFire, Assault, Scout, Destroy, *FIELD_ACTIONS}:
        return activation(view, groups)
    raise UnknownAction(f"no decision for the actions {sorted(k.__name__ for k in kinds)}")


#: sets of goal fields the memory keeps (the last standstills')
MAX_GOAL_FIELDS = 8

GoalFields = list[tuple[str, int, list[int]]]


class _KeptFields(dict[str, GoalFields]):
    """A view's goal fields (View.goal_fields): those kept for the same situation and the
    block where it stands now, looked up as routes.goal_fields asks; those worked out anew
    are kept too."""

    def __init__(
        self,
        kept: dict[tuple[str, str | None], GoalFields],
        targets: dict[str, set[str]],
        own: dict[str, Own],
    ):
        super().__init__()
        self.kept = kept
        #: the goals of the blocks whose goals do not depend on where they stand (_targets)
        self.targets = targets
        self.own = own

    def _where(self, bid: str) -> tuple[str, str | None]:
        own = self.own.get(bid)
        return (bid, None if own is None else own.location)

    def get(self, bid: str, default: GoalFields | None = None) -> GoalFields | None:  # type: ignore[override]
        got = dict.get(self, bid)
        if got is None:
            got = self.kept.get(self._where(bid))
            if got is None:
                return default
            dict.__setitem__(self, bid, got)
        return got

    def __setitem__(self, bid: str, fields: GoalFields) -> None:
        dict.__setitem__(self, bid, fields)
        self.kept[self._where(bid)] = fields


def reuse(view: View) -> None:
    """Hand the view the blocks' goals and MP fields (routes.goal_fields) worked out at an
    earlier decision where all they depend on was the same: where the block stands, which
    of our blocks and which enemy block stands on each goal and who holds it, where our
    engineers stand when a barricade closes a goal (who opens which), where every enemy
    stands late (a goal one may walk into is guarded), the counters closing locations and
    the turn (caution). They were worked out again at every decision, though starting an
    impulse, activating a block or a step of a move leave most blocks' as they were."""
    own_at, enemy_at, control = view.own_at, view.enemy_at, view.control
    on_goals = []
    for loc, _ in view.goals:
        enemy = enemy_at.get(loc)
        on_goals.append((own_at.get(loc), None if enemy is None else enemy.key, control.get(loc)))
    engineers = None
    if not view.barricades.isdisjoint(view.goal_set):
        engineers = tuple(
            (o.id, o.location, o.eliminated)
            for o in view.own.values()
            if o.info.type in ENGINEERS and not o.info.dummy
        )
    key = (
        view.turn,
        tuple(on_goals),
        # goals on enemy blocks (View._hunt_goals) move with them
        tuple(loc for loc, _ in view.goals) if view.know.hunts else None,
        engineers,
        tuple(e.location for e in view.enemies) if view.caution <= GUARD_CAUTION else None,
        view.barricades,
        view.impassable,
        view.know.counters,
    )
    kept = view.mem.goal_fields
    got = kept.get(key)
    if got is None:
        if len(kept) >= MAX_GOAL_FIELDS:
            del kept[next(iter(kept))]  # the oldest
        got = kept[key] = ({}, {})
    view.goal_fields = _KeptFields(got[0], got[1], view.own)


def _deploy(view: View, actions: list[Action]) -> Action:
    deploys = [a for a in actions if isinstance(a, Deploy)]
    return min(deploys, key=lambda a: (place_score(view, a.block, a.location), str(a)))


# -- impulses ----------------------------------------------------------------------------------
def intent(view: View, bid: str) -> float:
    """How much a block has to do if activated now."""
    own = view.own[bid]
    if not own.on_map or own.activated or own.completed or own.mounted or own.info.dummy:
        return 0.0
    assert own.location is not None
    here = own.location
    info = own.info
    best = 0.0
    adjacent = view.adjacent(here)
    eps = view.know.ep_from(here)  # (`view.ep`'s row, fetched once)
    # sight by here's row of the static LOS table (`View.sees_on`): asked for every enemy
    # at every intent
    los = view.know.bf.los_table
    line, bit_of = los.built_row(here), los.bit_of
    for enemy in view.enemies:
        assault = enemy.location in adjacent
        if not assault:
            there = enemy.location
            ep = eps.get(there)
            if ep is None or ep > 25 or not view.sees_on(line, bit_of(there), here, there):
                continue  # out of range or out of sight: no weapon can fire (fight_value: -5)
        for w in info.profile.weapons:
            best = max(best, fight_value(view, bid, here, w, enemy, assault, friendly=False))
    kind = role(view, info)
    if kind != "stay":
        prog = progress(view, bid)(view.know.bf.location(here).index)
        if 0 < prog < FAR:
            base = MOVE_INTENT[kind] - (0.2 if info.vehicle or info.type == BlockType.sniper else 0.0)
            best = max(best, base + 0.02 * min(prog, 15))
    if info.vehicle and field_actions.passengers(view, bid):
        best = max(best, field_actions.CARRY_INTENT)  # its passengers go where it goes
    if info.type in ENGINEERS and _closing(view):
        best = max(best, ENGINEER_INTENT)  # the way to a goal opens only by its hands (8.2.3.2)
    if bid in errands.errands(view):
        best = max(best, errands.intent(view, bid))  # a stake's empty location to walk into
    if bid in hunt.hunters(view):
        best = max(best, view.know.profile.hunt_intent)  # an enemy vehicle holding a stake's location
    if kind == "leader" and out_of_command(view, bid):
        best = max(best, 0.95 if info.type == BlockType.platoon_leader else _commander_wait(view))
    exposed = exposure(view, here, info.profile.protection)
    if exposed >= 8 and here not in view.goal_set:
        best = max(best, 0.3)  # get out of sight
    return best


def out_of_command(view: View, bid: str) -> bool:
    """A commander beyond command range of its leader, a leader far behind the front."""
    own = view.own[bid]
    if own.location is None:
        return False
    if own.info.type == BlockType.commander:
        there = commanded_leader(view)
        if there is None:
            return False
        ep = view.ep(own.location, there)
        return ep is None or ep > view.know.tables.command_range
    if own.info.type == BlockType.platoon_leader:
        front_ = front(view, own.info)
        prog = progress(view, bid)(view.know.bf.location(own.location).index)
        return front_ is not None and prog > front_ + LEADER_LAG + 3
    return False


def _commander_wait(view: View) -> float:
    """The commander moves after the leader it follows has, when both are due; at once when
    the impulse will not activate the leader (command.leader_moves)."""
    commander = view.brief.commander
    force = view.brief.forces.get(view.brief.own[commander].force) if commander else None
    leader = view.own.get(force.leader or "") if force else None
    if force is None or leader is None or not leader.on_map or leader.activated:
        return 0.9
    leader_intent = intent(view, leader.id)
    if leader_intent > 0.1 and command.leader_moves(view, force.id, leader.id, leader_intent, intent):
        return 0.15
    return 0.9


def start(view: View, groups: Groups) -> Action:
    """Start the impulse force with the most to do; pass when none has, or on the last turn
    when winning as things stand. An event card that helps is played first (6.2.1)."""
    card = event_play.play(view, groups.get(PlayEvent, []))
    if card is not None:
        return card
    if Pass in groups and view.turn >= view.brief.turns and winning(view) and not errands.errands(view):
        return groups[Pass][0]  # (but a room it may have lost unseen is walked through first)
    best, best_value = None, 0.1
    for action in groups.get(StartImpulse, []):
        assert isinstance(action, StartImpulse)
        force = view.brief.forces[action.force]
        values = []
        for bid in force.blocks:
            own = view.own.get(bid)
            if own is None or own.eliminated:
                continue
            if not own.on_map and not own.mounted and force.entry is not None:
                values.append(2.0)  # a reinforcement coming on
            else:
                values.append(intent(view, bid))
        value = sum(sorted(values, reverse=True)[:5])
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        return best
    return groups[Pass][0] if Pass in groups else groups[StartImpulse][0]


def pick_block(view: View, groups: Groups) -> Action:
    """Bring a reinforcement on (the platoon leader first), else activate the block with
    the most to do, else end the impulse."""
    enter = [a for a in groups.get(Enter, []) if isinstance(a, Enter)]
    if enter:
        # the platoon leader first: without it on the map, 3 activations (7.1.1)
        choice = min(
            enter,
            key=lambda a: (
                view.brief.own[a.block].type != BlockType.platoon_leader,
                place_score(view, a.block, a.location),
                str(a),
            ),
        )
        _begin(view, choice.block)
        return choice
    best, best_value = None, 0.1
    for action in groups.get(Activate, []):
        assert isinstance(action, Activate)
        value = intent(view, action.block)
        if value > best_value:
            best, best_value = action, value
    if best is not None:
        _begin(view, best.block)
        return best
    return groups[EndImpulse][0]


def _begin(view: View, block: str) -> None:
    view.mem.active = block
    view.mem.plan = None
    view.mem.plan_block = block


# -- the activated block -----------------------------------------------------------------------
def activation(view: View, groups: Groups) -> Action:
    """Fire, assault or scout when it is worth it (less on the move), close in to strike a
    goal's holder, else move on along the plan."""
    mem = view.mem
    bid = view.own_active or mem.active
    if bid is None or bid not in view.own or not view.own[bid].on_map:
        return groups[EndActivation][0]
    if bid != mem.plan_block:
        _begin(view, bid)
    own = view.own[bid]
    here = own.location
    assert here is not None
    info = own.info
    weapons = {w.id: w for w in info.profile.weapons}
    if mem.plan is None:
        mem.plan = _plan(view, bid, here)
    if errands.walks_on(view, bid):
        return _move(view, bid, here, groups)  # a roof's sweeper neither fights nor stops (errands.py)
    moving = bool(mem.plan) and role(view, info) in ("attack", "hold")
    best: Action | None = None
    best_value = FIRE_ON_THE_MOVE if moving else FIRE_THRESHOLD
    hunted = hunt.prey(view, bid)
    for action in groups.get(Fire, []) + groups.get(Assault, []):
        assert isinstance(action, Fire | Assault)
        enemy = view.enemy_at.get(action.target)
        w = weapons.get(action.weapon)
        if enemy is None or w is None:
            continue
        value = fight_value(view, bid, here, w, enemy, isinstance(action, Assault))
        value += hunt.push(hunted, action.target, w, view.know.profile.hunt_push)
        if enemy.info is None:
            # of two weapons worth the same against a hidden block, the one that hurts more
            # kinds of target: the coax found a hidden APC in a hangar room unhurt (8.2.7.4)
            value += REACH_TIE * sum(1 for p in Protection if can_hit(w.targets, p))
        if value > best_value:
            best, best_value = action, value
    supported = _supported(view, bid, here, weapons, groups.get(SupportedFire, []), best_value)
    if supported is not None:
        best_value, best = supported
    for action in groups.get(Scout, []):
        assert isinstance(action, Scout)
        enemy = view.enemy_at.get(action.target)
        if enemy is None or enemy.revealed:
            continue
        # a hidden holder of a goal may be a dummy (removed) or a weak block: knowing
        # it lets the others assault it on exact odds (8.2.5)
        value = 0.3 if info.type in LONG_SCOUTING_TYPES else 0.05
        if action.target in view.targets.get(bid, ()):
            value += 0.15 * holding(view, action.target)
        if value > best_value:
            best, best_value = action, value
    # these weigh what they cost the move themselves (an activation ended, a move cut short)
    floor = best_value if best is not None else FIRE_THRESHOLD
    # a roof's sweeper keeps its MP for the walk: an action leaves it 3 MP (7.1.2)
    on_errand = bid in errands.sweepers(view)
    for kind, weigh in FIELD_ACTIONS.items():
        if kind in groups and not on_errand:
            found = weigh(view, bid, groups[kind])
            if found is not None and found[0] > floor:
                floor, best = found
                best_value = max(best_value, floor)
    clearing = _clearing(view, bid, groups.get(Destroy, []))
    if clearing is not None and clearing[0] > best_value:
        best, best_value = clearing[1], clearing[0]
    closing_in = False
    if Assault not in groups or not isinstance(best, Assault):
        beat = max(best_value, FIRE_THRESHOLD)
        storm = strike_plan(view, bid, here, beat)
        if storm is not None and storm[1] and storm[0] > beat:
            mem.plan = storm[1]  # close in, then assault (7.1.2)
            best = None
            closing_in = True
    if best is None and not closing_in:
        way = clear_plan(view, bid, here)
        if way:
            mem.plan = way  # next to the barricade before acting: destroyed this activation

    if best is not None:
        mem.plan = None  # the MP left change with an action
        if isinstance(best, Destroy):
            mem.avoid.discard(best.location)  # open again (8.2.3.2)
        return best
    return _move(view, bid, here, groups)


def _supported(
    view: View, bid: str, here: str, weapons: dict[str, Weapon], actions: list[Action], floor: float
) -> tuple[float, Action] | None:
    """The best supported fire (10.2) worth more than `floor`: the fire's worth with the
    supporting block's +2 FP (the rules offer only a supporter that sees the target with a
    weapon that hurts it), less what the supporter would have done with its own activation,
    which it gives up (at least SUPPORT_COST). The fire's worth is the same whoever
    supports; a supporter's activation is weighed only where the fire could beat `floor`."""
    best: tuple[float, str, Action] | None = None
    fires: dict[tuple[str, str], float | None] = {}
    given_up: dict[str, float] = {}
    for action in actions:
        assert isinstance(action, SupportedFire)
        key = (action.target, action.weapon)
        if key not in fires:
            enemy = view.enemy_at.get(action.target)
            w = weapons.get(action.weapon)
            fires[key] = (
                None
                if enemy is None or w is None
                else fight_value(view, bid, here, w, enemy, False, bonus=SUPPORT_BONUS)
            )
        value = fires[key]
        if value is None or value - SUPPORT_COST <= floor or action.support not in view.own:
            continue
        if action.support not in given_up:
            given_up[action.support] = max(intent(view, action.support), SUPPORT_COST)
        value -= given_up[action.support]
        if value > floor and (best is None or (value, str(action)) > best[:2]):
            best = (value, str(action), action)
    return None if best is None else (best[0], best[2])


def _clearing(view: View, bid: str, actions: list[Action]) -> tuple[float, Action] | None:
    """An engineer's destruction (8.2.3.2) of a barricade closing one of our goals: worth
    the goal; then the 2 MP it must move, to the best place. Never an IED/UXO or a mine
    (it goes off among our own blocks around), nor a counter of ours."""
    kinds = {c.location: c.kind for c in view.obs.counters if c.owner != view.side}
    best: tuple[float, str, float, str, Action] | None = None
    for action in actions:
        assert isinstance(action, Destroy)
        there = action.location
        if there not in view.goal_set or kinds.get(there) != "barricade":
            continue
        value = 1.0 + holding(view, there) - _blast(view, bid, there)
        key = (-value, there, place_score(view, bid, action.to), action.to, action)
        if best is None or key[:4] < best[:4]:
            best = key
    return None if best is None else (-best[0], best[4])


def _blast(view: View, bid: str, there: str) -> float:
    """What the destruction's weapons effect (8.2.3.2: 2 EP around the target) costs our
    blocks but the engineer: an OSL each (no_mans_land.destroy). Four Green blocks waiting
    round a bridgehead's barricade lost one each to it."""
    cost = 0.0
    for own in view.own.values():
        if own.id == bid or not own.on_map or own.location is None or own.info.dummy:
            continue
        d = view.ep(there, own.location)
        if d is not None and d <= EXPLOSION_RADIUS:
            cost += EXPLOSION_OSL * worth(view, own.info, own.losses, True)
    return cost


def clear_plan(view: View, bid: str, here: str) -> list[str] | None:
    """An engineer's way to a place next to a barricade closing one of our goals (8.2.3.2),
    within the MP it may spend before acting (7.1.2), so that it destroys it in the same
    activation: walking up to it at full MP left it standing there a turn, the goal (a
    bridgehead) and the way beyond it closed meanwhile. None: no such barricade, already
    next to it, acted already, or no such place within reach."""
    info = view.brief.own[bid]
    if info.type not in ENGINEERS:
        return None
    act = view.obs.activation
    if act is not None and act.block == bid and act.acted_at is not None:
        return None
    closing = _closing(view)
    if not closing:
        return None
    bf = view.know.bf
    near = {loc for there in closing for loc in bf.neighbours(there)}
    if here in near:
        return None  # the destruction is offered here
    with_action = WITH_ACTION[unit_of(info.profile)]
    spent, limit, _, _ = budget(view, bid)
    if spent >= with_action or limit == spent:
        return None
    start_, best_prio, mp_at, prev = search(view, bid, here)
    locs = bf.locations
    best: tuple[float, str, SearchState] | None = None
    for key, prio in best_prio.items():
        place = locs[key[0]].id
        if mp_at[key] > with_action or place not in near or view.own_at.get(place, bid) != bid:
            continue
        if best is None or (prio, place) < best[:2]:
            best = (prio, place, key)
    return None if best is None else path(view, start_, best[2], prev)


def _closing(view: View) -> frozenset[str]:
    """The goals an enemy or No Man's Land barricade closes (5.2.3.5)."""
    return frozenset(
        c.location
        for c in view.obs.counters
        if c.owner != view.side and c.kind == "barricade" and c.location in view.goal_set
    )


def _move(view: View, bid: str, here: str, groups: Groups) -> Action:
    mem = view.mem
    moves = {a.location: a for a in groups.get(Move, []) if isinstance(a, Move)}
    end = groups[EndActivation][0] if EndActivation in groups else None
    if mem.plan is None:
        mem.plan = _plan(view, bid, here)
    if mem.plan and mem.plan[0] in moves:
        return moves[mem.plan.pop(0)]
    if mem.plan:  # a step turned out illegal: plan again from here
        _learn(view, bid, here, mem.plan[0])
        mem.plan = _plan(view, bid, here)
        if mem.plan and mem.plan[0] in moves:
            return moves[mem.plan.pop(0)]
        mem.plan = []
    if moves and not mem.plan:
        mem.plan = errands.next_errand(view, bid, here)  # on to the next room missed (errands.py)
        if mem.plan and mem.plan[0] in moves:
            return moves[mem.plan.pop(0)]
    if not moves:
        assert end is not None  # a block that cannot end its move here can move on (8.1.1)
        return end
    score_here = place_score(view, bid, here)
    step = min(moves, key=lambda loc: (place_score(view, bid, loc), loc))
    if end is None or place_score(view, bid, step) < score_here - 1:
        return moves[step]
    return end


def _plan(view: View, bid: str, here: str) -> list[str]:
    """The way for this activation: toward the block's errand if it has one (errands.py),
    else to the best place (routes.plan)."""
    goal = errands.errands(view).get(bid) or hunt.hunters(view).get(bid)
    return plan(view, bid, here) if goal is None else errands.errand_plan(view, bid, here, goal)


def _learn(view: View, bid: str, here: str, there: str) -> None:
    """A free location next door, within the MP left, that the rules do not let us
    enter holds something we cannot see (an IED, a barricade): keep out of it."""
    if there in view.own_at or there in view.enemy_at:
        return
    bf = view.know.bf
    info = view.brief.own[bid]
    how, dyn = mover(info), dynamic(view)
    costs = [
        c
        for step in bf.out[bf.location(here).index]
        if bf.locations[step.dst].id == there and (c := step_cost(bf, step, how, dyn)) is not None
    ]
    if costs and min(costs) <= mp_left(view, bid):
        view.mem.avoid.add(there)
        view.search.clear()  # searched with the place open: plan again without it


def strike_plan(
    view: View, bid: str, here: str, floor: float = FIRE_THRESHOLD
) -> tuple[float, list[str]] | None:
    """The best strike at an enemy holding one of the block's goals from a place it can
    reach before acting (7.1.2: 3 MP on foot, 6 in a vehicle): an assault from next
    door, or a fire with a clear LOS; with the way there. Only strikes whose fight is worth
    more than `floor` are weighed (the caller takes none worth less): a strike is worth its
    fight's value less the way's risk and MP and our losses to friendly fire, none of them
    negative, so a fight worth `floor` or less makes no strike worth more, and leaving it
    out leaves any strike worth more the best (it sorted below those, if among the three
    best), while a block with nothing worth more than `floor` near skips the search."""
    info = view.brief.own[bid]
    held = [t for t in _targets(view, bid) if t in view.enemy_at]
    if not held:
        return None
    with_action = WITH_ACTION[unit_of(info.profile)]
    spent, limit, _, _ = budget(view, bid)
    if spent > with_action or limit == spent:
        return None  # acted already, or too far gone to act
    # what each place within reach before acting offers: found first on the plain MP
    # graph (every place the search could end in is there), so that a block with no
    # strike worth making anywhere near skips the search
    reach = max((weapon_range(w) for w in info.profile.weapons), default=0)
    strikes: dict[str, list[tuple[str, Weapon, bool, float]]] = {}
    hunted = hunt.prey(view, bid)
    ep_from = view.know.ep_from
    # sight by each target's row of the static LOS table (`View.sees_on`; the table is
    # reciprocal: a place's bit in it is the line from the place): asked for every place
    # and target
    los = view.know.bf.los_table
    lines, bit_of = {t: los.built_row(t) for t in held}, los.bit_of
    for place in _within(view, bid, here, with_action - spent):
        if view.own_at.get(place, bid) != bid:
            continue
        near = view.adjacent(place)
        eps = ep_from(place)  # (`view.ep`'s row, fetched once a place)
        bit = bit_of(place)
        for target in held:
            enemy = view.enemy_at[target]
            if target in near and may_storm(view, info, place, target):
                assault = True
            else:
                ep = eps.get(target)
                if ep is None or ep < 2 or ep > reach or not view.sees_on(lines[target], bit, place, target):
                    continue  # out of range or out of sight: fight_value -5
                assault = False
            for w in info.profile.weapons:
                value = fight_value(view, bid, place, w, enemy, assault, friendly=False)
                value += hunt.push(hunted, target, w, view.know.profile.hunt_push)
                if value > floor:
                    strikes.setdefault(place, []).append((target, w, assault, value))
    if not strikes:
        return None
    start_, best_prio, mp_at, prev = search(view, bid, here)
    locs = view.know.bf.locations
    found: list[tuple[float, SearchState, str, Weapon, bool]] = []
    for key, prio in best_prio.items():
        mp = mp_at[key]
        if mp > with_action:
            continue
        there = strikes.get(locs[key[0]].id)
        if there is None:
            continue
        penalty = (prio - mp) * 0.2 + 0.01 * mp
        for target, w, assault, value in there:
            found.append((value - penalty, key, target, w, assault))
    if not found:
        return None
    best: tuple[float, list[str]] | None = None
    for value, key, target, w, assault in sorted(found, key=lambda f: -f[0])[:3]:
        place = locs[key[0]].id
        value -= friendly_fire(view, bid, w, target, assault, place)
        if best is None or value > best[0]:
            best = (value, path(view, start_, key, prev))
    return best


def _targets(view: View, bid: str) -> set[str]:
    """The goals the block heads for, as routes.progress sets them (none for a block that
    stays, the commander or a dummy off our list), without its MP function: a leader's
    needs the fields of all its blocks (routes.front), and the strike asks at every step."""
    got = view.targets.get(bid)
    if got is not None:
        return got
    info = view.brief.own[bid]
    kind = role(view, info)
    if idle(view, bid, info, kind) or info.type == BlockType.commander:
        return set()  # (the commander follows its leaders: routes.progress)
    # which goals a block heads for depends on where it stands only for a defender (it
    # walks at most the profile's hold_reach MP): the others' are kept with the goal fields (reuse), a
    # moving block's fields being worked out again at each of its steps
    fields = view.goal_fields
    kept = fields.targets if isinstance(fields, _KeptFields) and kind != "hold" else None
    got = kept.get(bid) if kept is not None else None
    if got is None:
        got = {loc for loc, _, _ in goal_fields(view, bid)}
        if kept is not None:
            kept[bid] = got
    view.targets[bid] = got
    return got


def _within(view: View, bid: str, here: str, mp: int) -> list[str]:
    """The places the block can reach from `here` for at most `mp` MP on the map as it
    knows it, enemies and risks aside."""
    know = view.know
    graph = know.moves(mover(view.brief.own[bid]), dynamic(view))
    src = know.bf.location(here).index
    best = {src: 0}
    heap = [(0, src)]
    while heap:
        d, i = heapq.heappop(heap)
        if d > best[i]:
            continue
        for j, cost in graph[i]:
            nd = d + cost
            if nd <= mp and nd < best.get(j, mp + 1):
                best[j] = nd
                heapq.heappush(heap, (nd, j))
    ids = know.ids
    return [ids[i] for i in best]


def may_storm(view: View, info: BlockInfo, place: str, target: str) -> bool:
    """8.2.8.1, the rules' `may_storm`: into a building from outside, the platoon leader
    within 6 EP, unless the block is elite."""
    bf = view.know.bf
    leader = view.own.get(view.brief.forces[info.force].leader or "") if info.force else None
    leader_ep = None
    if leader is not None and leader.location is not None and leader.on_map:
        leader_ep = view.ep(place, leader.location)
    return combat.may_storm(
        view.know.tables,
        into_building=bf.location(target).interior and not bf.location(place).interior,
        elite=combat.elite(info.quality),
        is_leader=leader is not None and leader.on_map and leader.id == info.id,
        leader_ep=leader_ep,
    )


# -- fights ------------------------------------------------------------------------------------
def fight_parties(view: View) -> tuple[str | None, Enemy | None, str, str | None]:
    """(our block under fire, the enemy firing, kind, the enemy's weapon), from the fight
    as declared (8.2.7.1)."""
    fight = view.obs.fight
    if fight is None:
        return view.own_active, None, "fire", None
    if fight.kind is FightKind.opportunity:
        if fight.firer_side == view.side:  # ours fired: the enemy mover is the target
            return None, view.enemy_at.get(view.enemy_active_at or ""), "opportunity", None
        enemy = None
        if fight.firer_identity is not None:
            key = f"#{fight.firer_identity}"
            enemy = next((e for e in view.enemies if e.key == key), None)
        return view.own_active, enemy, "opportunity", fight.weapon
    target = fight.target_at or ""
    kind = fight.kind.value
    if target in view.own_at and view.enemy_active_at is not None:
        return view.own_at[target], view.enemy_at.get(view.enemy_active_at), kind, fight.weapon
    # our own fire or assault: the decision is the firer's (inadequate armament)
    return view.own_active, view.enemy_at.get(target), kind, None


def under_fire(view: View, groups: Groups) -> Action:
    """The best of return fire, covering fire, withdrawal (the table's losses, the location
    given up, and the rest of the move if it is the moving block) and losses."""
    target, firer, fight, firer_weapon = fight_parties(view)
    target_own = view.own.get(target or "")
    v_us = worth(view, target_own.info if target_own else None, target_own.losses if target_own else 0, True)
    remaining = target_own.info.levels - target_own.losses if target_own else 3
    here = target_own.location if target_own else None
    options: list[tuple[float, str, Action]] = []
    for action in groups.get(Withdraw, []):
        value = -view.know.withdrawal_loss * v_us - holding(view, here)
        if target is not None and target == view.own_active and view.mem.plan:
            value -= TEMPO  # a withdrawal ends the move under way (8.3.2)
            value -= errands.walk_lost(view, target, remaining)  # its errand's walk too
        options.append((value, str(action), action))
    for action in groups.get(TakeLosses, []):
        value = -min(2, remaining) * v_us - (1.0 if remaining <= 2 else 0.0)
        options.append((value, str(action), action))
    for action in groups.get(ReturnFire, []) + groups.get(CoverFire, []):
        assert isinstance(action, ReturnFire | CoverFire)
        shooter = action.block if isinstance(action, CoverFire) else target
        own = view.own.get(shooter or "")
        if own is None or own.location is None or target_own is None:
            options.append((-0.5, str(action), action))
            continue
        value = reply_value(view, own, target_own, action.weapon, firer, firer_weapon, fight)
        options.append((value, str(action), action))
    return max(options, key=lambda o: (o[0], o[1]))[2]


def opportunity(view: View, groups: Groups) -> Action:
    """Fire on the enemy block that has just moved in when it is worth it; scout a hidden
    one with a block that scouts far; else let it go."""
    enemy = view.enemy_at.get(view.enemy_active_at or "")
    best: Action | None = None
    best_value = 0.2
    if enemy is not None:
        for action in groups.get(OpportunityFire, []):
            assert isinstance(action, OpportunityFire)
            own = view.own.get(action.block)
            if own is None or own.location is None:
                continue
            w = next((w for w in own.info.profile.weapons if w.id == action.weapon), None)
            if w is None:
                continue
            value = fight_value(view, own.id, own.location, w, enemy, False, opportunity=True)
            if value > best_value:
                best, best_value = action, value
        if best is None and not enemy.revealed:
            for action in groups.get(OpportunityScout, []):
                assert isinstance(action, OpportunityScout)
                own = view.own.get(action.block)
                if own is not None and own.info.type in LONG_SCOUTING_TYPES:
                    best = action
                    break
    if best is not None:
        return best
    return groups[HoldFire][0]


def withdraw_to(view: View, actions: list[Action]) -> Action:
    """Withdraw where the block makes most progress, away from the enemy's guns."""
    target, _, _, _ = fight_parties(view)
    bid = target if target in view.own else view.own_active
    if bid is None:
        return actions[0]
    info = view.brief.own[bid]
    places = [a for a in actions if isinstance(a, WithdrawTo)]
    toward = errands.withdraw_toward(view, bid, [a.location for a in places])
    if toward is not None:  # a block on an errand withdraws toward it (errands.py)
        return next(a for a in places if a.location == toward)
    return min(
        places,
        key=lambda a: (
            progress(view, bid)(view.know.bf.location(a.location).index)
            + 2 * EXPOSURE["hold"] * exposure(view, a.location, info.profile.protection),
            a.location,
        ),
    )


def advance(view: View, groups: Groups) -> Action:
    """Advance into the place the loser left, except out of a goal we held."""
    fight = view.obs.fight
    if fight is not None and fight.kind is FightKind.assault:
        target = fight.target_at or ""
        # we held against an assault: advancing would leave a goal for the street
        if target in view.own_at and target in view.goal_set and StayPut in groups:
            return groups[StayPut][0]
    if Advance in groups:
        return groups[Advance][0]
    return groups[StayPut][0]
