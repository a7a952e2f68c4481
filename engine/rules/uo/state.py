"""The dynamic state of a game: where blocks are, their strength and markers, the turn and
whose decision it is. Plain data, copied for search and compared for replays."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from enum import StrEnum

from ...model.scenario import Side
from ..digest import OMIT_DEFAULT
from .advanced_state import Advanced
from .counters import NoMansLand


def other(side: Side) -> Side:
    return Side.red if side == Side.green else Side.green


class Phase(StrEnum):
    setup = "setup"  # deploying the blocks the scenario leaves to the players
    impulses = "impulses"  # 3.1.3-3.1.4
    over = "over"


@dataclass
class BlockState:
    location: str | None  # None: off the map (reinforcement to come, mounted, eliminated)
    losses: int = 0  # OSL levels lost: 0 = fully operational (4.3.2.1)
    revealed: bool = False  # laid flat, seen by both sides (4.3.2.2)
    activated: bool = False  # markers (4.3.3)
    reaction: bool = False
    completed: bool = False
    mounted_in: str | None = None  # 4.3.2.3
    eliminated: bool = False

    @property
    def on_map(self) -> bool:
        return self.location is not None and not self.eliminated


@dataclass
class Impulse:
    """The impulse under way (3.2): its force and how many blocks it may activate."""

    force: str
    limit: int  # 3, 5 or 7 (7.1.1)
    activated: list[str] = field(default_factory=list)


@dataclass
class Activation:
    """The block being activated (7.1.2): MP spent and whether its whole move so far was out
    of every enemy block's sight (8.1.13)."""

    block: str
    spent: int = 0
    unseen: bool = True
    path: list[str] = field(default_factory=list)
    acted_at: int | None = None  # MP spent when it performed its action (8.2), None: no action yet
    scouting_mines: bool = False  # "I am scouting" for AT mines: 3 MP at most (5.2.2.3)
    #: a pair's activation (10.4.2): the vehicle, its foot block following, 6 MP at most
    pair: bool = field(default=False, metadata={OMIT_DEFAULT: True})
    #: it fired suppressing (10.3): it moves no more this activation
    suppressing: bool = field(default=False, metadata={OMIT_DEFAULT: True})


@dataclass
class Fight:
    """A fire, an opportunity fire or an assault under way (8.2.7, 8.2.8, 8.3.1), waiting for
    a decision: the target's side chooses its reaction ("reaction"), then, if the firer's
    weapon proves inadequate against what the target turns out to be, the firer's side
    chooses to withdraw or take the losses ("inadequate")."""

    kind: str  # "fire" | "opportunity" | "assault"
    firer: str
    weapon: str
    target: str
    stage: str = "reaction"
    reply: str | None = None  # the block firing back: the target itself or a covering block
    reply_weapon: str | None = None
    #: advanced rules (fight_terms.py): the supporting block (10.2), "suppressing" (10.3),
    #: the covering anti-sniper's bonus (10.7); out of the digest while unused
    support: str | None = field(default=None, metadata={OMIT_DEFAULT: True})
    mode: str = field(default="", metadata={OMIT_DEFAULT: True})
    reply_bonus: int = field(default=0, metadata={OMIT_DEFAULT: True})


@dataclass
class Opportunity:
    """An enemy block has just entered `location` (8.3.1): the other side may scout it, fire
    on it, or let it go. `scout` is the block that scouted it and must now fire or hold."""

    mover: str
    location: str
    scout: str | None = None


@dataclass
class Withdrawal:
    """A block must choose where to withdraw (8.3.2); `winner` may then advance into the
    location it left (assault, 8.2.8)."""

    block: str
    origin: str
    winner: str | None = None


@dataclass
class AdvanceChoice:
    """The winner of an assault may occupy the location the loser left (8.2.8, 8.1.14)."""

    block: str
    location: str


Pending = Fight | Opportunity | Withdrawal | AdvanceChoice


@dataclass
class EventChoice:
    """An event card's owner picks the locations its effect falls on, one at a time (6.2.1:
    "chosen by the card's owner"); `chosen`: those picked so far."""

    card: str
    side: Side
    remaining: int
    chosen: list[str] = field(default_factory=list)


@dataclass
class Events:
    """Each side's event cards (6): the deck face down (the next draw first), the hand, the
    cards played (removed from the game, 6.2.1), and what played cards leave behind."""

    deck: dict[Side, list[str]] = field(default_factory=dict)
    hand: dict[Side, list[str]] = field(default_factory=dict)
    played: list[str] = field(default_factory=list)
    #: (turn, side): an Initiative card gave that side the initiative for that turn
    initiative: tuple[int, Side] | None = None
    #: reinforcement forces an event brought into play now instead of their entry turn
    early: set[str] = field(default_factory=set)
    #: support (3D) card id -> extra missions events gave it (7.3)
    extra_missions: dict[str, int] = field(default_factory=dict)
    #: choices waiting for their owners, the first under way (two red-title cards drawn in
    #: one event sequence wait their turn)
    choices: list[EventChoice] = field(default_factory=list)


@dataclass
class Mission:
    """A 3D action obtained on a T+1 result (7.3.3.1): it takes place in the resolution
    sequence of turn `turn`."""

    side: Side
    support: str
    requester: str
    target: str
    turn: int


@dataclass
class ThirdDimension:
    """3D actions (7.3): missions used by "side:support", this turn's requests by
    "side:support" and by requester, the T+1 missions to come, the sides still in this
    turn's request sequence (the first deciding) and the locations lit by flares this turn."""

    used: dict[str, int] = field(default_factory=dict)
    requested: dict[str, int] = field(default_factory=dict)
    requesters: set[str] = field(default_factory=set)
    planned: list[Mission] = field(default_factory=list)
    requesting: list[Side] = field(default_factory=list)
    lit: set[str] = field(default_factory=set)
    #: this turn's T+1 missions waiting for their owner to carry, cancel or adjust them
    #: (7.3.3.2), the first deciding; then the request sequence, `first` side first
    resolving: list[Mission] = field(default_factory=list)
    first: Side | None = None


@dataclass
class State:
    turn: int
    phase: Phase
    active: Side  # whose decision it is
    initiative: Side
    blocks: dict[str, BlockState]
    passes: int = 0  # consecutive passes (two end the turn, 3.1.4)
    used_forces: set[str] = field(default_factory=set)  # forces already activated this turn
    impulse: Impulse | None = None
    activation: Activation | None = None
    eliminated_leaders: set[str] = field(default_factory=set)  # forces whose leader fell (7.1.1)
    #: location id -> the side that holds it: a block there, or the last to move through (2.3)
    control: dict[str, Side] = field(default_factory=dict)
    wrecks: set[str] = field(default_factory=set)  # locations with a Wreck counter (5.2.4.5)
    #: locations with a Smoke counter, removed at the end of the turn (5.2.4.3, 8.2.7.8)
    smoke: set[str] = field(default_factory=set)
    #: support points now (8.2.2), by impulse force id, and a side's Logistics reserve by
    #: "logistics:<side>"; a pool not listed still has what the scenario gives it
    support: dict[str, int] = field(default_factory=dict)
    #: apertures (breach symbols) opened during play (5.2.4.1, 8.2.9), and the Breach
    #: markers each side has used so far
    breaches: set[str] = field(default_factory=set)
    breach_markers_used: dict[Side, int] = field(default_factory=dict)
    #: decisions waiting, innermost last: an opportunity fire interrupts a move, a withdrawal
    #: follows a fight (DESIGN.md: reactions are decision points like any other)
    pending: list[Pending] = field(default_factory=list)
    #: No Man's Land counters, toxic clouds, collateral and allotments left (counters.py)
    nml: NoMansLand = field(default_factory=NoMansLand)
    #: event decks, hands and their effects (6, events.py)
    events: Events = field(default_factory=Events)
    #: 3D actions (7.3, third_dimension.py)
    third: ThirdDimension = field(default_factory=ThirdDimension)
    #: the advanced rules' state (11-13, advanced_state.py); out of the digest while empty
    advanced: Advanced = field(default_factory=Advanced, metadata={OMIT_DEFAULT: True})
    #: armour cover pairs (10.4, armour_cover.py): Foot unit block -> the vehicle covering it
    pairs: dict[str, str] = field(default_factory=dict, metadata={OMIT_DEFAULT: True})
    #: Smoke counters of an exploded AT mine, kept "until the end of the game" (5.2.2.2): the
    #: final phase lifts every other (smoke.lift); they are in `smoke` too, which LOS reads
    lasting_smoke: set[str] = field(default_factory=set, metadata={OMIT_DEFAULT: True})

    def copy(self) -> State:
        return copy.deepcopy(self)
