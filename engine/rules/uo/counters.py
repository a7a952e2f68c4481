"""No Man's Land as the game state holds it (5.2): the counters on the map (the scenario's No
Man's Land counters, the sides' barricade blocks and AT mines), the toxic clouds, the
population each side has eliminated, and what is left of each side's allotments.

Plain data, part of `State` (its digest, its copies); the rules that change it live in
`no_mans_land.py` and `mines.py`. This module imports only the model, so `state.py` can
hold these values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter

from ...model.scenario import CounterKind, Scenario, Side
from ..digest import OMIT_DEFAULT


class Kind(StrEnum):
    """What a counter is: the scenario's No Man's Land kinds (5.2.3) and the sides' AT mines
    (5.2.2) and barricade blocks (5.2.1)."""

    ied_uxo = CounterKind.ied_uxo.value
    toxic = CounterKind.toxic.value
    population = CounterKind.population.value
    vehicles = CounterKind.vehicles.value
    wreck = CounterKind.wreck.value
    barricade = CounterKind.barricade.value
    at_mine = "at_mine"
    ap_mine = "ap_mine"  # an AP trap (13.2, an advanced rule): two AT mines of the allotment


#: the allotments a side places itself (Environment fields) and the counter kind each gives
PLACED = {"at_mines": Kind.at_mine, "barricades": Kind.barricade, "ied_uxo": Kind.ied_uxo}
#: those its player may also place at set-up (5.2.1, 5.2.2.1); an IED/UXO allotment is its
#: engineers' alone (8.2.3.1: "An Engineer block may place ... an IED/UXO")
AT_SETUP = frozenset({"at_mines", "barricades"})


@dataclass
class CounterState:
    kind: Kind
    location: str | None  # None: removed from the game
    revealed: bool = False  # turned face up (5.2.3) / revealed to the enemy (5.2.1, 5.2.2.3)
    owner: Side | None = None  # a side's barricade block or AT mine; None: No Man's Land
    #: an IED/UXO revealed by a weapon or a close movement: it may explode in the initial
    #: phase of each following turn (5.2.3.1, 3.1.1)
    unstable: bool = False
    #: the side that put this No Man's Land counter down (an engineer's IED/UXO, 8.2.3.1): it
    #: knows what the counter is; to the enemy it is any face-down counter
    placed_by: Side | None = field(default=None, metadata={OMIT_DEFAULT: True})

    @property
    def on_map(self) -> bool:
        return self.location is not None


@dataclass
class NoMansLand:
    counters: dict[str, CounterState] = field(default_factory=dict)
    #: locations under a Toxic cloud counter, never removed (5.2.4.4)
    toxic_clouds: set[str] = field(default_factory=set)
    #: population counters each side has eliminated (5.2.3.3, victory's collateral)
    collateral: dict[Side, int] = field(default_factory=dict)
    #: "<side>.<allotment>" -> counters of the allotment not placed yet: at set-up its
    #: player places them or keeps them for its engineers (5.2.2.1, 8.2.3.1)
    reserve: dict[str, int] = field(default_factory=dict)
    #: sides still placing their allotments at set-up
    placing: set[Side] = field(default_factory=set)

    def at(self, location: str) -> list[str]:
        """Ids of the counters at `location`, in id order."""
        return sorted(cid for cid, c in self.counters.items() if c.location == location)


def of_side(kind: Kind, location: str, side: Side) -> CounterState:
    """A counter `side` puts down from its allotment: its barricade block or mine (owned), or
    an IED/UXO, a No Man's Land counter once down that the side knows (8.2.3.1)."""
    if kind == Kind.ied_uxo:
        return CounterState(kind, location, placed_by=side)
    return CounterState(kind, location, owner=side)


def reserve_key(side: Side, allotment: str) -> str:
    return f"{side.value}.{allotment}"


def initial(scenario: Scenario) -> NoMansLand:
    """The counters as the scenario sets them up (5.2.3: "all the No Man's Land counters are
    placed on the board", face down unless the scenario says otherwise), and the sides'
    barricades and AT mines at the locations the scenario fixes; the rest of each
    allotment is left to its player."""
    nml = NoMansLand()
    for c in scenario.no_mans_land:
        # wreck counters of the set-up are LOS obstacles only (obstructions.py)
        if c.kind != CounterKind.wreck:
            nml.counters[c.id] = CounterState(Kind(c.kind.value), c.at, revealed=not c.hidden)
    for side in Side:
        env = getattr(scenario.sides, side.value).environment
        for allotment, kind in PLACED.items():
            given = getattr(env, allotment)
            for n, loc in enumerate(given.locations):
                nml.counters[f"{side.value}-{kind.value}-{n + 1}"] = of_side(kind, loc, side)
            left = max(0, given.count - len(given.locations))
            if left:
                nml.reserve[reserve_key(side, allotment)] = left
                if allotment in AT_SETUP:
                    nml.placing.add(side)
    return nml


#: what of a counter `closed` reads
_CLOSING = attrgetter("location", "kind", "revealed", "owner")
#: the last answer of `closed` and what it was worked out from (asked at every move and
#: every legal actions, while counters change a few times a game)
_last_closed: list[tuple[tuple[object, ...], tuple[frozenset[str], frozenset[str]]]] = []


def closed(nml: NoMansLand) -> tuple[frozenset[str], frozenset[str]]:
    """(barricades, impassable) for movement now: barricade blocks and counters (5.2.3.5);
    IED/UXO (5.2.3.1) and Population (5.2.3.3) counters, and any counter still face down
    (a player may not walk into what it has not seen: contact reveals it first, 5.2.3)."""
    key = tuple(map(_CLOSING, nml.counters.values()))
    if _last_closed and _last_closed[0][0] == key:
        return _last_closed[0][1]
    found = _closed(nml)
    _last_closed[:] = [(key, found)]
    return found


def _closed(nml: NoMansLand) -> tuple[frozenset[str], frozenset[str]]:
    barricades: set[str] = set()
    impassable: set[str] = set()
    for c in nml.counters.values():
        if c.location is None or c.kind in (Kind.at_mine, Kind.ap_mine):
            continue  # a mine or trap is secret until scouted; it is triggered, not avoided
        if c.kind == Kind.barricade:
            barricades.add(c.location)
        elif c.kind in (Kind.ied_uxo, Kind.population) or (not c.revealed and c.owner is None):
            impassable.add(c.location)
    return frozenset(barricades), frozenset(impassable)


def query_situation(scenario: Scenario) -> dict[str, tuple[str, ...]]:
    """The scenario's set-up as `uo query` situation options (option name -> locations):
    Vehicles and Wreck counters block LOS (5.2.3.4, 5.2.4.5); barricades, the sides' fixed
    ones included, are never crossed (5.2.3.5); IED/UXO (5.2.3.1) and Population (5.2.3.3)
    counters are never entered. Face down or not: a designer's query sees the whole set-up."""
    found: dict[str, set[str]] = {"vehicles": set(), "wreck": set(), "barricade": set()}
    found.update(impassable=set(), population=set())
    option = {
        CounterKind.vehicles: "vehicles",
        CounterKind.wreck: "wreck",
        CounterKind.barricade: "barricade",
        CounterKind.ied_uxo: "impassable",
        CounterKind.population: "population",
    }
    for c in scenario.no_mans_land:
        if c.kind in option:
            found[option[c.kind]].add(c.at)
    for side in Side:
        env = getattr(scenario.sides, side.value).environment
        found["barricade"].update(env.barricades.locations)
        found["impassable"].update(env.ied_uxo.locations)
    return {key: tuple(sorted(locs)) for key, locs in found.items() if locs}
