"""The static game: a scenario with its compiled battlefield and unit cards, everything that
does not change during play (DESIGN.md, "Engine shape")."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ...battlefield import Battlefield, Placement
from ...battlefield.compile import compile_stored
from ...io.problems import Severity
from ...lint.context import Workspace
from ...lint.runner import validate_paths
from ...model.cards import (
    VEHICLE_TYPES,
    BlockProfile,
    BlockType,
    CardLibrary,
    EventCard,
    SupportCard,
    UnitCard,
)
from ...model.scenario import Allotment, Entry, Quality, Scenario, Side
from ...model.sheet import MapSheet
from ..digest import digest_of
from ..ruleset import GameSetupError
from .rule_tables import RuleTables, TableError, load_combat, load_rule_tables, load_weapons_effect

#: the rule set's name, as a scenario gives it (`rules: urban-operations`)
RULES = "urban-operations"

#: what a dummy block is to the engine: a block with no weapons that any contact, scouting
#: or fire removes (5.2.1); its type is never shown, hidden or revealed
DUMMY_PROFILE = BlockProfile(type=BlockType.infantry, name="Dummy", osl_levels=2)


class Profiled:
    """What a block's card profile says of it: for every record holding a `profile`. The
    records are frozen and their profile never changes, so what it says is worked out once
    per record (`cached_property`: the rules and the bots ask at every step)."""

    profile: BlockProfile

    @cached_property
    def type(self) -> BlockType:
        return self.profile.type

    @cached_property
    def vehicle(self) -> bool:
        return self.profile.type in VEHICLE_TYPES

    @property
    def levels(self) -> int:
        """Operational strength levels (4.3.2.1)."""
        return self.profile.osl_levels


@dataclass(frozen=True)
class BlockInfo(Profiled):
    """What a block is: its side, impulse force, card profile and quality (4.3)."""

    id: str
    side: Side
    force: str
    card: str
    profile: BlockProfile
    quality: Quality  # its original platoon's (4.3.8 note)
    start: str | None  # set-up location, if the scenario fixes one
    hidden: bool
    mounted_in: str | None
    dummy: bool = False  # an environment block that only looks like a unit (5.2.1)



@dataclass(frozen=True)
class ForceInfo:
    """An impulse force (3.2): its platoon leader, quality, blocks, and entry if a
    reinforcement (7.1.1)."""

    id: str
    side: Side
    leader: str | None
    quality: Quality
    blocks: tuple[str, ...]
    entry: Entry | None
    deployment: tuple[str, ...]  # locations its undeployed blocks may be set up in


class Game:
    """A scenario ready to play: validated, battlefield compiled, blocks resolved to their
    unit card profiles, the rule tables loaded (the shipped ones or the scenario's house
    rules). Nothing here changes during play (the rule-set interface's GameDefinition)."""

    rules = RULES

    def __init__(
        self,
        scenario: Scenario,
        battlefield: Battlefield,
        cards: dict[str, UnitCard],
        insert_known_by: dict[str, frozenset[Side]] | None = None,
        tables: RuleTables | None = None,
        sources: dict[str, str] | None = None,
        event_cards: dict[str, EventCard] | None = None,
        support_cards: dict[str, SupportCard] | None = None,
    ):
        self.scenario = scenario
        #: the tables it plays with; by default the shipped ones, the terrain chart the one
        #: the battlefield was compiled with
        self.tables = tables or RuleTables(battlefield.chart, load_combat(), load_weapons_effect())
        #: content digests of the files it was loaded from (name -> sha256), for `digest()`
        self.sources = dict(sources or {})
        #: underground insert id -> the sides that have its map (8.1.10)
        self.insert_known_by = insert_known_by or {}
        self.battlefield = battlefield
        self.cards = cards
        #: the event cards of the scenario's libraries (6), by id
        self.event_cards = dict(event_cards or {})
        #: the support (3D) cards of the scenario's libraries (7.3), by id
        self.support_cards = dict(support_cards or {})
        self.blocks: dict[str, BlockInfo] = {}
        self.forces: dict[str, ForceInfo] = {}
        self.commander: dict[Side, str | None] = {}
        self.command_post: dict[Side, str | None] = {}
        self.dummy_area: dict[Side, tuple[str, ...]] = {}
        for side in Side:
            setup = getattr(scenario.sides, side.value)
            self.commander[side] = setup.commander
            self.command_post[side] = setup.command_post
            areas = {area.id: tuple(area.locations) for area in setup.deployment}
            self._add_dummies(side, setup.environment.dummies, areas)
            for force in setup.impulse_forces:
                self.forces[force.id] = ForceInfo(
                    id=force.id,
                    side=side,
                    leader=force.platoon_leader,
                    quality=force.quality,
                    blocks=tuple(b.id for b in force.blocks),
                    entry=force.entry,
                    deployment=areas.get(force.deployment or "", ()),
                )
                for b in force.blocks:
                    card = cards[b.card]
                    profile = next(p for p in card.blocks if p.type == b.type)
                    self.blocks[b.id] = BlockInfo(
                        id=b.id,
                        side=side,
                        force=force.id,
                        card=b.card,
                        profile=profile,
                        quality=b.quality or force.quality,
                        start=b.at,
                        hidden=b.hidden,
                        mounted_in=b.mounted_in,
                    )

    @property
    def scenario_id(self) -> str:
        return self.scenario.id

    def digest(self) -> str:
        """Content digest of everything the game was built from: the scenario, the maps, the
        cards and the rule tables. A log records it, so a replay against other files is
        refused by name."""
        return digest_of(
            {
                "scenario": self.scenario.model_dump(mode="json", by_alias=True),
                "battlefield": self.battlefield.digest,
                "cards": {cid: card.model_dump(mode="json") for cid, card in sorted(self.cards.items())},
                # only when there are any: the digests of games without events stay as they were
                **(
                    {"events": {k: c.model_dump(mode="json") for k, c in sorted(self.event_cards.items())}}
                    if self.event_cards
                    else {}
                ),
                **(
                    {"support": {k: c.model_dump(mode="json") for k, c in sorted(self.support_cards.items())}}
                    if self.support_cards
                    else {}
                ),
                "tables": {
                    "terrain": self.tables.terrain.model_dump(mode="json", by_alias=True),
                    "combat": self.tables.combat.source.model_dump(mode="json", by_alias=True),
                    "weapons_effect": self.tables.weapons_effect.model_dump(mode="json", by_alias=True),
                },
            }
        )

    @classmethod
    def load(cls, path: Path | str, overrides: Mapping[Path, str] | None = None) -> Game:
        """Load and validate a scenario with everything it references; errors (not
        warnings) refuse the game, naming file, line and field. `overrides`: the text of
        files as an editor holds them, unsaved edits included (lint's Workspace), so the
        editor's play mode plays what the designer sees; house-rule tables are read from disk."""
        return cls.from_workspace(Path(path), Workspace(dict(overrides or {})))

    @classmethod
    def from_workspace(cls, path: Path, workspace: Workspace) -> Game:
        """`load` with the files `workspace` reads (its overrides before the disk)."""
        report = validate_paths([path], workspace)
        errors = [p for p in report.problems if p.severity == Severity.error]
        if errors or report.unusable:
            raise GameSetupError(errors or report.problems)
        doc = workspace.load(path)
        if not isinstance(doc.model, Scenario):
            raise GameSetupError([doc.problem("", "P006", "a scenario is needed to play")])
        cards: dict[str, UnitCard] = {}
        event_cards: dict[str, EventCard] = {}
        support_cards: dict[str, SupportCard] = {}
        for rel in doc.model.cards:
            library = workspace.load(path.parent / rel).model
            if isinstance(library, CardLibrary):
                cards.update({c.id: c for c in library.unit_cards})
                event_cards.update({c.id: c for c in library.event_cards})
                support_cards.update({c.id: c for c in library.support_cards})
        # compile from the documents validation already loaded: every file is read once
        sheets = []
        for placement in doc.model.map.sheets:
            sheet = workspace.load(path.parent / placement.file).model
            assert isinstance(sheet, MapSheet)  # validated above
            sheets.append((sheet, Placement(placement.position, placement.rotation)))
        inserts = []
        known: dict[str, frozenset[Side]] = {}
        for insert in doc.model.map.underground:
            sheet = workspace.load(path.parent / insert.file).model
            assert isinstance(sheet, MapSheet)
            inserts.append(sheet)
            known[sheet.id] = frozenset(insert.known_by)
        house = doc.model.house_rules

        def house_file(rel: str | None) -> Path | None:
            return None if rel is None else path.parent / rel

        try:
            tables = load_rule_tables(
                house_file(house.terrain if house else None),
                house_file(house.combat if house else None),
                house_file(house.weapons_effect if house else None),
            )
        except TableError as exc:  # validation checks them too: only a file changed since
            raise GameSetupError(exc.problems) from None
        # through the disk cache (battlefield/store.py): keyed by the content the editor holds,
        # unsaved edits included, so every process playing it compiles it and builds its LOS
        # table once
        battlefield = compile_stored(sheets, inserts, chart=tables.terrain)
        # a battlefield compiled before from the same content holds an equal chart: one copy
        tables = dataclasses.replace(tables, terrain=battlefield.chart)
        return cls(
            doc.model, battlefield, cards, known, tables, event_cards=event_cards, support_cards=support_cards
        )

    def _add_dummies(self, side: Side, allotment: Allotment, areas: dict[str, tuple[str, ...]]) -> None:
        """Dummy blocks (5.2.1): those the scenario places, then the rest of the allotment,
        set up by their player anywhere in the side's deployment areas. They belong to no
        impulse force, so they are never activated and never move."""
        anywhere = tuple(dict.fromkeys(loc for locs in areas.values() for loc in locs))
        self.dummy_area[side] = anywhere
        for n in range(allotment.count):
            at = allotment.locations[n] if n < len(allotment.locations) else None
            if at is None and not anywhere:
                break  # nowhere to set it up: the allotment cannot be used
            bid = f"{side.value}-dummy-{n + 1}"
            self.blocks[bid] = BlockInfo(
                id=bid,
                side=side,
                force="",
                card="",
                profile=DUMMY_PROFILE,
                quality=Quality.veteran,
                start=at,
                hidden=True,
                mounted_in=None,
                dummy=True,
            )

    def deployment_area(self, block: str) -> tuple[str, ...]:
        info = self.blocks[block]
        return self.dummy_area[info.side] if info.dummy else self.forces[info.force].deployment

    def side_forces(self, side: Side) -> list[ForceInfo]:
        return [f for f in self.forces.values() if f.side == side]

    def initiative(self, turn: int) -> Side:
        """The side with the initiative this turn (3.1.1, the scenario's table); a turn the
        table leaves out keeps the last one given, and green starts by default."""
        side = Side.green
        for entry in sorted(self.scenario.initiative, key=lambda e: e.turn):
            if entry.turn <= turn:
                side = entry.side
        return side
