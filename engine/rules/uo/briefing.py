"""What a side knows before play and never loses (the rule set's `briefing`): the battlefield,
the rule tables, the scenario as published, its own order of battle in full, the enemy's as
published, the inserts it has the map of. Built once per side per game, frozen; a bot gets
it with the observations (observation.py) and the legal actions, never the play state.

The enemy's order of battle lists its blocks with their cards and types, in the game's
order, but neither their ids nor where a hidden one is set up: nothing in it tells which
hidden block on the map is which (4.3.2.2). A revealed enemy block is named by its index in
that list (`EnemyBlock.identity`); the victory conditions that name enemy blocks to destroy
mark those entries `wanted` instead of naming them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from ...battlefield import Battlefield, LocKind
from ...model.cards import BlockProfile, BlockType, EventCard, SupportCard
from ...model.scenario import (
    Collateral,
    Compass,
    ControlBuildings,
    ControlLocations,
    CounterKind,
    Destroy,
    Side,
    VictoryLevel,
)
from .game import BlockInfo, ForceInfo, Game, Profiled
from .rule_tables import RuleTables
from .state import other


@dataclass(frozen=True)
class PublishedBlock(Profiled):
    """An enemy block as its order of battle is published: what it may be, not where."""

    identity: int  # index in the published order of battle
    force: str  # "" for a dummy
    card: str
    profile: BlockProfile
    dummy: bool
    at: str | None  # where it is set up, only if set up revealed
    wanted: bool  # the side scores for destroying this very block


@dataclass(frozen=True)
class Stake:
    """A control condition (2.3, 1.3): the side scoring it, its points and its locations;
    `roofs`: its buildings' roofs, which the enemy holding denies it (victory.py)."""

    side: Side
    points: int
    locations: frozenset[str]
    roofs: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Objectives:
    """A side's stakes in the scenario's victory conditions."""

    hold: tuple[str, ...]  # locations it scores for controlling
    deny: tuple[str, ...]  # locations the enemy scores for controlling
    roofs: tuple[str, ...]  # roofs of its buildings: an enemy there denies them
    enemy_roofs: tuple[str, ...]  # roofs of the enemy's buildings: holding one denies them
    target_types: frozenset[BlockType]  # enemy block types it scores for destroying


@dataclass(frozen=True)
class Briefing:
    side: Side
    scenario_id: str
    title: str
    battlefield: Battlefield
    tables: RuleTables
    turns: int
    night_turns: frozenset[int]
    initiative: tuple[tuple[int, Side], ...]  # the scenario's table (3.1.1)
    #: underground inserts the side has the map of, and those it has not (8.1.10)
    inserts: frozenset[str]
    closed_layers: frozenset[str]
    #: its own order of battle: every block, every impulse force
    own: Mapping[str, BlockInfo]
    forces: Mapping[str, ForceInfo]
    commander: str | None
    command_post: str | None
    #: its own blocks the enemy scores for destroying by name
    wanted_own: frozenset[str]
    #: the enemy's order of battle as published, dummies included (their count is public)
    enemy: tuple[PublishedBlock, ...]
    objectives: Mapping[Side, Objectives]
    stakes: tuple[Stake, ...]
    levels: tuple[VictoryLevel, ...]
    #: each side's Fortified markers the scenario places (5.2.4.2)
    fortified: Mapping[Side, frozenset[str]]
    #: the No Man's Land counters set up face up (5.2.3): barricades and IED/UXO
    barricades: frozenset[str]
    impassable: frozenset[str]
    #: points each side loses per Population counter it eliminates (5.2.3.3, victory's
    #: collateral conditions; 0 when the scenario has none)
    collateral: Mapping[Side, int] = field(default_factory=lambda: MappingProxyType({}))
    #: the scenario's card libraries, published: 3D support cards (7.3) and event cards (6)
    support_cards: Mapping[str, SupportCard] = field(default_factory=lambda: MappingProxyType({}))
    event_cards: Mapping[str, EventCard] = field(default_factory=lambda: MappingProxyType({}))
    #: where smoke and clouds drift (5.2.4.6), as the scenario publishes it
    wind: Compass = Compass.E

    @property
    def enemy_side(self) -> Side:
        return other(self.side)


def briefing(game: Game, side: Side) -> Briefing:
    """What `side` knows of `game` before play."""
    scenario, bf = game.scenario, game.battlefield
    enemy_side = other(side)
    conditions = scenario.victory.conditions
    wanted_ids = {
        bid
        for c in conditions
        if isinstance(c, Destroy) and c.points > 0
        for bid in c.blocks
        if c.side == side
    }
    wanted_own = frozenset(
        bid
        for c in conditions
        if isinstance(c, Destroy) and c.points > 0 and c.side == enemy_side
        for bid in c.blocks
    )
    enemy = tuple(
        PublishedBlock(
            identity=n,
            force=info.force,
            card=info.card,
            profile=info.profile,
            dummy=info.dummy,
            at=None if info.hidden else info.start,
            wanted=info.id in wanted_ids,
        )
        for n, info in enumerate(info for info in game.blocks.values() if info.side == enemy_side)
    )
    counters = scenario.no_mans_land
    inserts = frozenset(layer for layer, sides in game.insert_known_by.items() if side in sides)
    return Briefing(
        side=side,
        scenario_id=scenario.id,
        title=scenario.title,
        battlefield=bf,
        tables=game.tables,
        turns=scenario.turns,
        night_turns=frozenset(scenario.night_turns),
        initiative=tuple((e.turn, e.side) for e in scenario.initiative),
        inserts=inserts,
        closed_layers=frozenset(game.insert_known_by) - inserts,
        own=MappingProxyType({bid: info for bid, info in game.blocks.items() if info.side == side}),
        forces=MappingProxyType({fid: f for fid, f in game.forces.items() if f.side == side}),
        commander=game.commander.get(side),
        command_post=game.command_post.get(side),
        wanted_own=wanted_own,
        enemy=enemy,
        objectives=MappingProxyType({s: _objectives(game, s) for s in Side}),
        stakes=tuple(
            Stake(
                c.side,
                c.points,
                frozenset(_condition_locations(bf, c)),
                frozenset(_roofs(bf, c)) if isinstance(c, ControlBuildings) else frozenset(),
            )
            for c in conditions
            if isinstance(c, ControlLocations | ControlBuildings) and c.points > 0
        ),
        levels=tuple(scenario.victory.levels),
        fortified=MappingProxyType(
            {
                s: frozenset(
                    str(loc) for loc in getattr(scenario.sides, s.value).environment.fortified.locations
                )
                for s in Side
            }
        ),
        barricades=frozenset(c.at for c in counters if c.kind == CounterKind.barricade and not c.hidden),
        impassable=frozenset(c.at for c in counters if c.kind == CounterKind.ied_uxo and not c.hidden),
        collateral=MappingProxyType(
            {
                s: sum(c.per_population for c in conditions if isinstance(c, Collateral) and c.side == s)
                for s in Side
            }
        ),
        support_cards=MappingProxyType(dict(game.support_cards)),
        event_cards=MappingProxyType(dict(game.event_cards)),
        wind=scenario.wind,
    )


def _objectives(game: Game, side: Side) -> Objectives:
    bf = game.battlefield
    hold: list[str] = []
    deny: list[str] = []
    roofs: list[str] = []
    enemy_roofs: list[str] = []
    types: set[BlockType] = set()
    for cond in game.scenario.victory.conditions:
        if isinstance(cond, ControlLocations | ControlBuildings):
            locs = _condition_locations(bf, cond)
            if cond.points > 0:
                (hold if cond.side == side else deny).extend(locs)
                if isinstance(cond, ControlBuildings):
                    (roofs if cond.side == side else enemy_roofs).extend(_roofs(bf, cond))
        elif isinstance(cond, Destroy) and cond.side == side and cond.points > 0:
            types.update(cond.block_types)
    hold = list(dict.fromkeys(hold))
    deny = [loc for loc in dict.fromkeys(deny) if loc not in hold]
    return Objectives(
        tuple(hold),
        tuple(deny),
        tuple(dict.fromkeys(roofs)),
        tuple(dict.fromkeys(enemy_roofs)),
        frozenset(types),
    )


def _roofs(bf: Battlefield, cond: ControlBuildings) -> list[str]:
    wanted = {str(b) for b in cond.buildings}
    return [loc.id for loc in bf.locations if loc.building in wanted and loc.kind == LocKind.roof]


def _condition_locations(bf: Battlefield, cond: ControlLocations | ControlBuildings) -> list[str]:
    if isinstance(cond, ControlLocations):
        return [bf.location(str(loc)).id for loc in cond.locations]
    # rooms and zones: a roof only counts against its building's holder (victory.py)
    wanted = {str(b) for b in cond.buildings}
    return [loc.id for loc in bf.locations if loc.building in wanted and loc.interior]
