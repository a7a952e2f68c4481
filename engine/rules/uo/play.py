"""Playing a game: legal actions, applying them, the log (replayed by engine/rules/log.py).

`legal_actions()` is the single source of truth; `apply()` raises `IllegalAction` for
anything else. Chance is one seeded RNG per game and every d10 rolled while applying an
action is written into that action's log entry, so replaying the log from the scenario
gives the same state and can check it rolled the same dice.

This module holds set-up, the sequence of play (3.1, 3.2), command (7.1, 7.2) and movement
(8.1); `fight.py` holds fire, assault, scouting and the reactions (8.2.5, 8.2.7, 8.2.8,
8.3); `victory.py` the score.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import repeat
from operator import attrgetter, is_
from typing import Any

from ...battlefield import LocKind
from ...battlefield.movement import Unit, ep_within, step_cost
from ...model.scenario import Side
from ..digest import state_digest, state_parts
from ..ruleset import Decision, DecisionKind, IllegalAction, Outcome
from . import (
    activation,
    advanced,
    advanced_combat,
    counters,
    events,
    fight,
    initial_phase,
    mines,
    nml_actions,
    reorganisation,
    rubble,
    smoke,
    superstructure,
    third_dimension,
    unit_actions,
    victory,
    wall_crossing,
)
from .actions import (
    ACTIONS,
    Action,
    Activate,
    Adjust3D,
    Advance,
    Assault,
    Cancel3D,
    Carry3D,
    CoverFire,
    Deploy,
    EndActivation,
    EndImpulse,
    EndRequests,
    Enter,
    EventTarget,
    Fire,
    HoldFire,
    JoinCover,
    Move,
    OpportunityFire,
    OpportunityScout,
    Pass,
    PlayEvent,
    Request3D,
    ReturnFire,
    Scout,
    StartImpulse,
    StayPut,
    TakeLosses,
    Withdraw,
    WithdrawTo,
    action_from_json,
    action_to_json,
)
from .game import Game
from .observation import Observation, OwnBlock, observe, own_blocks
from .situation import Situation
from .state import (
    Activation,
    AdvanceChoice,
    BlockState,
    Fight,
    Impulse,
    Opportunity,
    Phase,
    State,
    Withdrawal,
    other,
)

__all__ = [
    "ACTIONS",
    "Action",
    "Activate",
    "Advance",
    "Assault",
    "CoverFire",
    "Deploy",
    "EndActivation",
    "EndImpulse",
    "Enter",
    "Fire",
    "HoldFire",
    "IllegalAction",
    "Move",
    "OpportunityFire",
    "OpportunityScout",
    "Pass",
    "Play",
    "ReturnFire",
    "Scout",
    "StartImpulse",
    "StayPut",
    "TakeLosses",
    "Withdraw",
    "WithdrawTo",
    "action_from_json",
    "action_to_json",
    "other",
]


#: what a block's state contributes to `Play._fingerprint` (one C call per block: the
#: fingerprint is taken at every question asked again with no action applied between)
_BLOCK_KEY = attrgetter(
    "location", "losses", "revealed", "activated", "reaction", "completed", "eliminated", "mounted_in"
)


#: a move into each location, made once (a frozen value: every activation's step offers it)
_MOVES: dict[str, Move] = {}
#: per action class, what `str` gives of one of its actions (`_text`)
_TEXTS: dict[type, Callable[[Any], str]] = {}


def _text(action: Action) -> str:
    """`str(action)`: a frozen dataclass's own repr, without the guard against recursion the
    dataclass wraps it in (an action holds plain values, never itself)."""
    cls = type(action)
    text = _TEXTS.get(cls)
    if text is None:
        plain = cls.__str__ is object.__str__ and getattr(cls.__repr__, "__wrapped__", None)
        text = _TEXTS[cls] = plain or str
    return text(action)


def _by_text(actions: list[Action], move_texts: dict[str, str]) -> list[Action]:
    """`sorted(set(actions), key=str)`: each action once (equal actions have equal texts and
    the other way round), in the order of their texts. `move_texts`: the text of a move by
    its location (its one field), kept: every step of every activation offers moves again."""
    by_text: dict[str, Action] = {}
    for a in actions:
        if type(a) is Move:
            text = move_texts.get(a.location)
            if text is None:
                text = move_texts[a.location] = _text(a)
        else:
            text = _text(a)
        by_text.setdefault(text, a)
    return [by_text[k] for k in sorted(by_text)]


class Play(Situation):
    """One game being played: the rule-set interface's PlayState for Urban Operations."""

    def __init__(self, game: Game, seed: int):
        self.log: list[dict[str, Any]] = []
        self._legal: tuple[tuple[object, ...] | None, list[Action]] | None = None
        #: actions applied so far, and how many there were when `legal_actions` last
        #: answered: while they are equal, `apply` checks its action against that answer
        self._applied = 0
        self._answered_at = -1
        #: the text of each move offered, by location (`_by_text`)
        self._move_texts: dict[str, str] = {}
        blocks = {}
        for info in game.blocks.values():
            entering = not info.dummy and game.forces[info.force].entry is not None
            blocks[info.id] = BlockState(
                location=None if entering or info.mounted_in else info.start,
                revealed=not info.hidden,
                mounted_in=info.mounted_in,
            )
        first = game.initiative(1)
        state = State(turn=1, phase=Phase.setup, active=Side.green, initiative=first, blocks=blocks)
        state.nml = counters.initial(game.scenario)  # 5.2: No Man's Land as set up
        super().__init__(game, state, seed)
        events.setup(self)  # 6.1: decks shuffled, hands dealt
        for bid, b in blocks.items():
            if b.location and not game.blocks[bid].dummy:  # a dummy holds nothing (2.3)
                self.state.control[b.location] = game.blocks[bid].side
        self._advance_setup()
        # dice rolled before any action (turn 1's initial phase when no set-up decision comes
        # first, 3.1.1): kept for the log's start entry, so a replay checks them too
        self.start_entry: dict[str, Any] | None = (
            {"rolls": list(self._rolls), "rows": list(self._rows)} if self._rolls else None
        )

    def copy(self, rng: random.Random | None = None) -> Play:
        """A play that goes on from here on its own (a search's copy, OpenSpiel's Clone):
        the state and the records observations read (log, strikes) copied, every derived
        cache started empty (built again as asked: none is shared, so nothing done to the
        copy reaches the original), the static game shared. Its dice: `rng` when given (a
        search sampling chance from its own source), else a copy of this play's generator,
        so with no `rng` the copy rolls what the original would."""
        twin = Play.__new__(Play)
        Situation.__init__(twin, self.game, self.state.copy(), self.seed)
        if rng is None:
            twin.rng.setstate(self.rng.getstate())
        else:
            twin.rng = rng
        twin._dice = list(self._dice)
        twin.strikes = list(self.strikes)
        # (entries are never changed once their action is applied: the list alone is copied)
        twin.log = list(self.log)
        twin._legal = None
        twin._applied = 0
        twin._answered_at = -1
        twin._move_texts = {}
        start = self.start_entry
        twin.start_entry = None if start is None else {k: list(v) for k, v in start.items()}
        return twin

    # -- queries -------------------------------------------------------------------------
    @property
    def decider(self) -> Side | None:
        """The side whose decision it is: the active side, or the other at a reaction point
        (DESIGN.md, "Engine shape")."""
        s = self.state
        if s.phase == Phase.over:
            return None
        chooser = advanced.first_decider(self) or events.chooser(self)
        if chooser is not None:
            return chooser  # where population moves (13.3), where an event card falls (6.2.1)
        requester = third_dimension.resolving(self) or third_dimension.requester(self)
        if requester is not None:
            return requester  # its 3D actions request sequence (7.3.3)
        reorganiser = advanced.sequence_decider(self)
        if reorganiser is not None:
            return reorganiser  # the order of battle reorganisation sequence (12.1)
        if s.pending:
            return self.pending_decider(s.pending[-1])
        return s.active

    def pending_decider(self, p: Fight | Opportunity | Withdrawal | AdvanceChoice) -> Side:
        blocks = self.game.blocks
        if isinstance(p, Fight):
            return blocks[p.target if p.stage == "reaction" else p.firer].side
        if isinstance(p, Opportunity):
            return other(blocks[p.mover].side)
        return blocks[p.block].side

    @property
    def decision(self) -> Decision | None:
        """Whose choice it is now and what kind (the rule-set interface); None once the game
        is over. The prompt names the rule without telling what fog of war hides."""
        side = self.decider
        if side is None:
            return None
        s = self.state
        if advanced.first_decider(self) is not None:
            return Decision(side, DecisionKind.follow_up, "where the population moves (13.3)")
        if s.events.choices:
            return Decision(side, DecisionKind.follow_up, "where the event card's effect falls (6.2.1)")
        if s.third.resolving:
            return Decision(side, DecisionKind.follow_up, "carry, cancel or adjust a 3D action (7.3.3.2)")
        if s.third.requesting:
            return Decision(side, DecisionKind.turn, "request 3D actions or end the requests (7.3.3)")
        if advanced.sequence_decider(self) is not None:
            return Decision(side, DecisionKind.turn, "reorganise the order of battle or end it (12.1)")
        if s.pending:
            p = s.pending[-1]
            if isinstance(p, Fight):
                if p.stage == "inadequate":
                    return Decision(
                        side, DecisionKind.reaction, "inadequate armament: withdraw or take losses (8.2.7.4)"
                    )
                return Decision(
                    side,
                    DecisionKind.reaction,
                    f"reaction to {'an assault' if p.kind == 'assault' else 'a fire'} (8.2.7.3, 8.3)",
                )
            if isinstance(p, Opportunity):
                return Decision(side, DecisionKind.reaction, "opportunity fire (8.3.1)")
            if isinstance(p, Withdrawal):
                return Decision(side, DecisionKind.follow_up, "where to withdraw (8.3.2)")
            return Decision(side, DecisionKind.follow_up, "advance after the assault (8.2.8)")
        if s.phase == Phase.setup:
            return Decision(side, DecisionKind.setup, "set up blocks (3.1)")
        if s.activation is not None:
            return Decision(side, DecisionKind.turn, "the activated block moves or acts (7.1.2, 8)")
        if s.impulse is not None:
            return Decision(side, DecisionKind.turn, "activate a block of the impulse force (7.1.1)")
        return Decision(side, DecisionKind.turn, "start an impulse or pass (3.1.3)")

    @property
    def outcome(self) -> Outcome:
        """The score so far and, once the last turn is over, the result (victory.py)."""
        return victory.score(self.game, self.state)

    def digest(self) -> str:
        """sha256 of the state's canonical JSON: equal states, equal digests."""
        return state_digest(self.state)

    def digest_parts(self) -> dict[str, str]:
        """A digest per part of the state (each field, each block): a log records them so a
        replay that ends elsewhere says where."""
        return state_parts(self.state)

    def to_deploy(self, side: Side) -> list[str]:
        """Blocks of `side` the scenario leaves to be set up by their player."""
        g, s = self.game, self.state
        return [
            b.id
            for b in g.blocks.values()
            if b.side == side
            and b.start is None
            and b.mounted_in is None
            and (b.dummy or g.forces[b.force].entry is None)
            and s.blocks[b.id].location is None
            and not s.blocks[b.id].eliminated
        ]

    def available_forces(self, side: Side) -> list[str]:
        """Forces that may still start an impulse this turn: not used, on the map or
        entering now (7.1.1), and with a block left."""
        g, s = self.game, self.state
        out = []
        for force in g.side_forces(side):
            if force.id in s.used_forces:
                continue
            entry = reorganisation.entry_turn(self, force.id)  # an event may bring it forward (6)
            if entry is not None and entry > s.turn:
                continue
            if all(s.blocks[b].eliminated for b in reorganisation.force_blocks(self, force.id)):
                continue
            out.append(force.id)
        return out

    def command_limit(self, force: str) -> int:
        """Blocks an impulse may activate (7.1.1, 7.2.1): 3 without its platoon leader on
        the map, 7 with the leader within 6 EP of the commander and the command post
        deployed, else 5."""
        s = self.state
        if self.waiting_to_enter(force):
            # 7.1.1: "When a platoon enters into play after game start, all the blocks of
            # the Impulse Force are activated for this turn" (as reorganised, 12.1)
            return sum(1 for b in reorganisation.force_blocks(self, force) if not s.blocks[b].eliminated)
        return advanced.command_limit(self, force, self._command_limit(force))  # 12.2

    def _command_limit(self, force: str) -> int:
        g, s = self.game, self.state
        info = g.forces[force]
        leader = info.leader
        if leader is None or force in s.eliminated_leaders or not s.blocks[leader].on_map:
            return 3
        commander, post = g.commander[info.side], g.command_post[info.side]
        if commander and post and s.blocks[commander].on_map and s.blocks[post].on_map:
            d = ep_within(
                g.battlefield,
                s.blocks[leader].location or "",
                s.blocks[commander].location or "",
                self.combat.command_range,
            )
            if d is not None:
                return 7
        return 5

    def waiting_to_enter(self, force: str) -> list[str]:
        """Blocks of a reinforcement force still off the map (7.1.1), not counting those
        mounted in a vehicle (they enter with it, 8.2.4)."""
        s = self.state
        entry = reorganisation.entry_turn(self, force)
        if entry is None or entry > s.turn:
            return []
        return [
            b
            for b in reorganisation.force_blocks(self, force)  # 12.1: as reorganised
            if s.blocks[b].location is None and not s.blocks[b].eliminated and s.blocks[b].mounted_in is None
        ]

    def observation(self, side: Side) -> Observation:
        """What `side` knows now (4.3.2.2, fog of war; 8.1.10): a frozen value built by
        observation.py, the only view of the play a bot gets."""
        return observe(self, side, self.decision, self.log)

    def own_blocks(self, side: Side) -> tuple[OwnBlock, ...]:
        """The side's own blocks as its observation shows them, alone (observation.own_blocks)."""
        return own_blocks(self, side)

    # -- legal actions -------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Everything the decider may do now. While it is worked out the state stands still,
        so situation summaries (enemy locations, climbing helpers) are worked out once."""
        legal = self._legal
        if legal is not None and self._answered_at == self._applied:
            # asked again with nothing applied since: the kept answer holds unless the
            # state was changed by hand meanwhile (tests place blocks), as the fingerprint
            # tells; one kept without a fingerprint is worked out again, this time with one
            key: tuple[object, ...] | None = self._fingerprint()
            if legal[0] == key:
                return list(legal[1])
        else:
            # the first question since an action was applied (every one in a bot game):
            # answered afresh, the fingerprint left until a second question needs it
            key = None
        self._memo = {}
        try:
            actions = self._legal_actions()
        finally:
            self._memo = None
        self._legal = (key, actions)
        self._answered_at = self._applied
        return list(actions)

    def _fingerprint(self) -> tuple[object, ...]:
        """Everything legal actions depend on, as values: asked again with nothing changed,
        `legal_actions` answers from what it kept. Built from the state itself, not a
        counter, so tests that place blocks by hand stay correct (`apply` alone trusts the
        answer it follows, `Play.apply`)."""
        s = self.state
        act, imp = s.activation, s.impulse
        return (
            s.turn,
            s.phase,
            s.active,
            s.passes,
            None if imp is None else (imp.force, imp.limit, len(imp.activated)),
            None if act is None else (act.block, act.spent, act.unseen, act.acted_at, len(act.path)),
            # (a pending decision holds plain values: its class and their values tell it)
            tuple((type(p), *vars(p).values()) for p in s.pending) if s.pending else None,
            len(s.used_forces),
            len(s.wrecks),
            nml_actions.fingerprint(self),
            unit_actions.fingerprint(self),
            events.fingerprint(self),
            third_dimension.fingerprint(self),
            advanced.fingerprint(self),
            advanced_combat.fingerprint(self),
            tuple(map(_BLOCK_KEY, s.blocks.values())),
        )

    def _legal_actions(self) -> list[Action]:
        s = self.state
        if s.phase == Phase.over:
            return []
        first = advanced.decision_actions(self)  # 13.3
        if first is not None:
            return first
        if s.events.choices:
            return events.choice_actions(self)
        if s.third.resolving or s.third.requesting:
            return third_dimension.actions(self)
        sequence = advanced.sequence_actions(self)  # 12.1
        if sequence is not None:
            return sequence
        if s.pending:
            return self.pending_actions(s.pending[-1])
        if s.phase == Phase.setup:
            barricades, impassable = counters.closed(s.nml)
            # no block set up where a barricade, an IED/UXO or population stands (5.2.3)
            taken = self.occupied() | barricades | impassable
            actions: list[Action] = []
            actions.extend(nml_actions.setup_actions(self, s.active))
            for block in self.to_deploy(s.active):
                area = self.game.deployment_area(block)
                actions.extend(Deploy(block, loc) for loc in area if loc not in taken)
            return actions
        if s.activation is not None:
            return self._activation_actions()
        if s.impulse is not None:
            return self._impulse_actions()
        starts: list[Action] = [StartImpulse(f) for f in self.available_forces(s.active)]
        return [*starts, *events.choices(self, s.active), Pass()]

    def _impulse_actions(self) -> list[Action]:
        """Activate another block of the force while the limit allows (7.1.1), bring on a
        reinforcement, or end the impulse."""
        g, s = self.game, self.state
        assert s.impulse is not None
        actions: list[Action] = []
        force = g.forces[s.impulse.force]
        if len(s.impulse.activated) < s.impulse.limit:
            taken = self.occupied()
            for bid in reorganisation.force_blocks(self, force.id):  # 12.1: as reorganised
                blk = s.blocks[bid]
                if bid in s.impulse.activated or blk.activated or blk.completed or blk.eliminated:
                    continue
                if blk.on_map:
                    actions.append(Activate(bid))
                elif force.entry is not None and blk.mounted_in is None:
                    actions.extend(Enter(bid, hex_) for hex_ in force.entry.hexes if hex_ not in taken)
        if not any(isinstance(a, Enter) for a in actions):
            # 7.1.1: "All of the blocks must be placed on the map": the impulse of an
            # entering platoon ends once none is left to enter (or no entry hex is free)
            actions.append(EndImpulse())
        return advanced_combat.impulse_actions(self, actions)  # armour cover pairs (10.4.2)

    def _budget(self, act: Activation, unseen: bool, underground: bool) -> int:
        """The activation's MP in all (`activation.activation_budget`: 7.1.2, 8.1, 8.1.13,
        8.1.15, 9.1)."""
        profile = self.game.blocks[act.block].profile
        cap = mines.budget_cap(self)  # scouting for mines: 3 MP (5.2.2.3)
        pair_cap = advanced_combat.budget_cap(self)  # a pair's activation: 6 MP (10.4.2)
        if pair_cap is not None:
            cap = pair_cap if cap is None else min(cap, pair_cap)
        # 11.1: a vehicle with a rider on its superstructure never moves out of sight
        unseen = unseen and not superstructure.carries(self, act.block)
        budget = activation.activation_budget(
            activation.unit_of(profile),
            spent=act.spent,
            acted_at=act.acted_at,
            fire_and_move=activation.fire_and_move(profile),
            unseen=unseen,
            night=self.night(),
            underground=underground,
        )
        return budget if cap is None else min(budget, cap)

    def _activation_actions(self) -> list[Action]:
        g, s = self.game, self.state
        act = s.activation
        assert act is not None
        block = s.blocks[act.block]
        side = g.blocks[act.block].side
        here = block.location or ""
        bf = g.battlefield
        mover = self.mover(act.block)
        dyn = self.dynamic(side)
        enemy_at = self.enemy_locations(side)
        others = self.others_at(act.block)
        actions: list[Action] = []
        seen_cache: dict[str, bool] = {}
        covers = advanced_combat.covers(self, act.block)  # vehicles to pair with (10.4.1)
        # the same for every step: whether the path so far went underground, and the budget
        # for each (out of sight, underground) a step may make it
        underground_path: bool | None = None
        budgets: dict[tuple[bool, bool], int] = {}
        for step in bf.out[bf.location(here).index]:
            cost = step_cost(bf, step, mover, dyn)
            if cost is None:
                continue
            dest = bf.locations[step.dst]
            if dest.id in enemy_at:
                continue  # an enemy's location is taken by assault, not by moving (8.2.8)
            if act.unseen:
                if dest.id not in seen_cache:
                    seen_cache[dest.id] = self.seen_by_enemy(side, dest.id)
                unseen = not seen_cache[dest.id]
            else:
                unseen = False
            underground = dest.kind == LocKind.underground
            if not underground:
                if underground_path is None:
                    underground_path = any(bf.location(p).kind == LocKind.underground for p in act.path)
                underground = underground_path
            budget = budgets.get((unseen, underground))
            if budget is None:
                budget = budgets[(unseen, underground)] = self._budget(act, unseen, underground)
            if act.spent + cost > budget:
                continue
            if dest.id in covers:
                actions.append(JoinCover(covers[dest.id]))
            if dest.id in others and not self._can_leave(
                act, dest.index, act.spent + cost, unseen, underground
            ):
                continue  # it could not end its move: no stacking at the end (8.1.1)
            move = _MOVES.get(dest.id)
            if move is None:
                move = _MOVES[dest.id] = Move(dest.id)
            actions.append(move)
        if (
            activation.may_still_act(mover.unit, spent=act.spent, acted_at=act.acted_at)
            and here not in others
        ):
            actions.extend(a for a in self.action_choices(act.block) if advanced.allowed(self, act.block, a))
            actions.extend(nml_actions.block_actions(self, act.block))
            actions.extend(unit_actions.block_actions(self, act.block))  # 8.2.2, 8.2.4, 8.2.7.8, 8.2.9
            actions.extend(advanced.block_actions(self, act.block))  # 11.1, 13.1
        actions.extend(nml_actions.start_actions(self, act.block))
        if here not in others:
            actions.append(EndActivation())  # one block per location (8.1.1)
        actions = advanced_combat.activation_actions(self, actions)  # 10.1-10.4
        return _by_text(actions, self._move_texts)

    def _can_leave(self, act: Activation, start: int, spent: int, unseen: bool, underground: bool) -> bool:
        """Whether the active block, passing over a friendly one at `start` (8.1.1) with
        `spent` MP, can still reach a free location. Each further step has the budget the
        move itself would give it (`_budget`, as `_activation_actions` asks): the 9 / 18 MP
        only while the whole move stays out of sight and never goes underground (8.1.13).
        `unseen`, `underground`: what the move up to `start` was."""
        g = self.game
        bf = g.battlefield
        side = g.blocks[act.block].side
        mover, dyn = self.mover(act.block), self.dynamic(side)
        taken = self.others_at(act.block)
        enemy_at = self.enemy_locations(side)
        budgets: dict[tuple[bool, bool], int] = {}
        # the least MP a location is reached with, by what the move is then (out of sight,
        # underground): less of the one budget may have spent more of the other
        best = {(start, unseen, underground): spent}
        frontier = [(start, unseen, underground)]
        while frontier:
            key = frontier.pop()
            i, was_unseen, was_underground = key
            for step in bf.out[i]:
                cost = step_cost(bf, step, mover, dyn)
                if cost is None:
                    continue
                total = best[key] + cost
                dest = bf.locations[step.dst]
                if dest.id in enemy_at:
                    continue
                now_unseen = was_unseen and not self.seen_by_enemy(side, dest.id)
                now_underground = was_underground or dest.kind == LocKind.underground
                budget = budgets.get((now_unseen, now_underground))
                if budget is None:
                    budget = budgets[(now_unseen, now_underground)] = self._budget(
                        act, now_unseen, now_underground
                    )
                if total > budget:
                    continue
                if dest.id not in taken:
                    return True
                ahead = (step.dst, now_unseen, now_underground)
                if total < best.get(ahead, budget + 1):
                    best[ahead] = total
                    frontier.append(ahead)
        return False

    # -- fights (fight.py) -----------------------------------------------------------------
    def action_choices(self, block: str) -> list[Action]:
        return fight.action_choices(self, block)

    def pending_actions(self, p: Fight | Opportunity | Withdrawal | AdvanceChoice) -> list[Action]:
        return advanced_combat.pending_actions(self, p, fight.pending_actions(self, p))  # 10.4, 10.7

    def apply_action(self, action: Fire | Assault | Scout) -> None:
        fight.apply_action(self, action)

    def apply_pending(self, action: Action) -> None:
        fight.apply_pending(self, action)

    def offer_opportunity(self, block: str, location: str) -> None:
        fight.offer_opportunity(self, block, location)

    # -- applying ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        # a bot chooses from `legal_actions()` and its choice comes here next, with nothing
        # applied in between: that answer still holds, without a second fingerprint
        legal = self._legal
        offered = self.legal_actions() if legal is None or self._answered_at != self._applied else legal[1]
        # (the very object offered, as a bot hands it back, is found without comparing the
        # actions before it field by field)
        if not any(map(is_, offered, repeat(action))) and action not in offered:
            raise IllegalAction(f"{action} is not legal now ({self.state.phase}, {self.decider} to decide)")
        self._applied += 1
        entry = action_to_json(action)
        self.log.append(entry)
        self._rolls = []
        self._rows = []
        self._apply(action)
        rubble.settle(self)  # 13.4: once the fire's decisions are over
        # an event choice whose last target went meanwhile (a 3D strike of the same initial
        # phase, a collapse) is over: nothing is left to choose (6.2.1)
        events.settle(self)
        advanced_combat.after(self)  # armour cover pairs split or moved along (10.4)
        entry["rolls"] = self._rolls  # always there, empty when no die was rolled
        if self._rows:  # the table rows they were read on, when named
            entry["rows"] = self._rows

    def _apply(self, action: Action) -> None:
        s = self.state
        if isinstance(action, advanced.ADVANCED_ACTIONS):
            advanced.apply(self, action)
        elif isinstance(action, advanced_combat.COMBAT_ACTIONS):
            advanced_combat.apply(self, action)  # 10.1-10.4
        elif isinstance(action, EventTarget):
            events.apply_target(self, action)
        elif isinstance(action, PlayEvent):
            events.play(self, s.active, action.card)
        elif isinstance(action, (Request3D, EndRequests)):
            third_dimension.apply(self, action)
        elif isinstance(action, (Carry3D, Cancel3D, Adjust3D)):
            third_dimension.apply_adjustment(self, action)
        elif s.pending:
            self.apply_pending(action)
        elif isinstance(action, Deploy):
            s.blocks[action.block].location = action.location
            if not self.game.blocks[action.block].dummy:
                s.control[action.location] = self.side_of(action.block)
            self._advance_setup()
        elif isinstance(action, StartImpulse):
            s.passes = 0
            s.used_forces.add(action.force)
            s.impulse = Impulse(action.force, self.command_limit(action.force))
        elif isinstance(action, EndImpulse):
            s.impulse = None
            s.active = other(s.active)
        elif isinstance(action, Activate):
            assert s.impulse is not None
            s.impulse.activated.append(action.block)
            advanced_combat.activated(self, action.block)  # alone: its pair split (10.4.2)
            here = s.blocks[action.block].location or ""
            side = self.side_of(action.block)
            s.activation = Activation(action.block, 0, not self.seen_by_enemy(side, here), [here])
        elif isinstance(action, Enter):
            self._enter(action)
        elif isinstance(action, Move):
            self._move(action.location)
        elif isinstance(action, (Fire, Assault, Scout)):
            self.apply_action(action)
        elif isinstance(action, unit_actions.UNIT_ACTIONS):
            unit_actions.apply(self, action, self.entered)
        elif isinstance(action, nml_actions.NML_ACTIONS):
            nml_actions.apply(self, action)
            self._advance_setup()
        elif isinstance(action, EndActivation):
            self.end_activation()
        elif isinstance(action, Pass):
            s.passes += 1
            if s.passes >= 2:
                self._end_turn()
            else:
                s.active = other(s.active)

    def _enter(self, action: Enter) -> None:
        """8.1: a block entering the map begins its move in the first hex it enters (and so
        may draw an opportunity fire there)."""
        s = self.state
        assert s.impulse is not None
        s.impulse.activated.append(action.block)
        block = s.blocks[action.block]
        block.location = action.location
        bf = self.game.battlefield
        terrain = bf.location(action.location).terrain
        cost = 1
        if terrain:
            row = bf.chart.hexes[terrain]
            cost = (row.vehicle if self.mover(action.block).unit == Unit.vehicle else row.foot) or 1
        side = self.side_of(action.block)
        s.activation = Activation(
            action.block, cost, not self.seen_by_enemy(side, action.location), [action.location]
        )
        self.entered(action.block, action.location)

    def _move(self, location: str) -> None:
        s = self.state
        act = s.activation
        assert act is not None
        bf = self.game.battlefield
        side = self.side_of(act.block)
        here = s.blocks[act.block].location or ""
        mover, dyn = self.mover(act.block), self.dynamic(side)
        costs = [
            (c, st.kind)
            for st in bf.out[bf.location(here).index]
            if bf.locations[st.dst].id == location and (c := step_cost(bf, st, mover, dyn)) is not None
        ]
        cost, kind = min(costs)
        act.spent += cost  # several ways across (a door, a wall): the cheapest
        wall_crossing.moved(self, act.block, location, kind)  # 11.2
        act.unseen = act.unseen and not self.seen_by_enemy(side, location)
        act.path.append(location)
        s.blocks[act.block].location = location
        self.entered(act.block, location)

    def entered(self, block: str, location: str) -> None:
        """A block has entered a location: it controls it (2.3), contact reveals (8.1.12),
        and the enemy may fire on it there (8.3.1)."""
        self.state.control[location] = self.side_of(block)
        self.contact(block)
        nml_actions.entered(self, block, location)  # clouds, counters met, AT mines (5.2)
        self.offer_opportunity(block, location)

    def eliminate(self, block: str, by: str | None) -> None:
        """`Situation.eliminate`, and what the advanced rules add: a vehicle's riders set down
        (11.1), the fall of a commander or platoon leader (12.2)."""
        b = self.state.blocks[block]
        if b.eliminated:
            return
        where = b.location
        riders = superstructure.set_down(self, block) if self.state.advanced.riders else []
        super().eliminate(block, by)
        if riders:
            superstructure.place(self, riders, where)
        advanced.eliminated(self, block, where)

    def _advance_setup(self) -> None:
        """Green deploys, then red; then the first turn's impulses begin."""
        s = self.state
        if s.phase != Phase.setup:
            return
        for side in (Side.green, Side.red):
            if (self.to_deploy(side) and self._can_deploy(side)) or nml_actions.placing(self, side):
                s.active = side
                return
        s.nml.placing.clear()  # what is left of the allotments is the engineers' (8.2.3.1)
        s.phase = Phase.impulses
        # 3.1.1's note: turn 1's initial phase is its event sequence (and 3D requests)
        events.event_sequence(self, s.initiative)
        third_dimension.start_requests(self, s.initiative)  # and the 3D requests (7.3.3)
        s.initiative = events.initiative(self, s.initiative)
        s.active = s.initiative

    def _can_deploy(self, side: Side) -> bool:
        barricades, impassable = counters.closed(self.state.nml)
        taken = self.occupied() | barricades | impassable
        return any(
            loc not in taken for block in self.to_deploy(side) for loc in self.game.deployment_area(block)
        )

    def _end_turn(self) -> None:
        """Final phase (3.1.5), then the next turn's initial phase (3.1.1)."""
        s = self.state
        for block in s.blocks.values():
            block.activated = block.reaction = block.completed = False
        s.used_forces.clear()
        s.impulse = None
        s.passes = 0
        smoke.lift(self)  # 3.1.5, 5.2.4.3
        advanced.end_turn(self)  # 12.1, 12.2: the turn's penalties
        if s.turn >= self.game.scenario.turns:
            s.phase = Phase.over
            return
        s.turn += 1
        self._initial_phase()

    def _initial_phase(self) -> None:
        """3.1.1 in order: hiding revealed blocks, then population movement, the IED/UXO and
        wreck checks (initial_phase.py, whose `events_and_3d_actions` hook is where events,
        3D actions and order-of-battle reorganisation go), then the initiative."""
        self._hide_revealed_blocks()
        initial_phase.run(self)  # population, IED/UXO, wrecks; then events and 3D (hook)
        s = self.state
        s.initiative = events.initiative(self, self.game.initiative(s.turn))  # an event's first
        s.active = s.initiative

    def _hide_revealed_blocks(self) -> None:
        """3.1.1: revealed blocks are turned up again, except those in contact: within the
        LOS of an enemy block 1 to 3 EP away."""
        g, s = self.game, self.state
        on_map = {bid: b for bid, b in s.blocks.items() if b.on_map}
        for bid, block in on_map.items():
            if not block.revealed:
                continue
            here = block.location or ""
            if not any(self.close(here, there) for there in self.enemy_locations(g.blocks[bid].side)):
                block.revealed = False
