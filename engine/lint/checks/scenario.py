"""Checks of scenarios (L3xx); L301/L302 are bad file references (see context.py).

Every finding points into the scenario itself; problems found through a referenced sheet
point at the line that references it and name the sheet's own item in the message.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ...io.files import load_document
from ...io.problems import LoadError, Severity
from ...io.reading import path_exists, safe_resolve
from ...model.cards import VEHICLE_TYPES, BlockProfile, BlockType, EventCard, Reinforcement, SupportKind
from ...model.d10_coverage import events_coverage, support_coverage
from ...model.rule_sets import RULE_SETS, SCENARIO_FORMATS
from ...model.rule_tables import COMBAT_FORMAT, WEAPONS_EFFECT_FORMAT, CombatTablesFile, combat_problems
from ...model.scenario import (
    Allotment,
    Block,
    ControlBuildings,
    ControlLocations,
    CounterKind,
    Destroy,
    Scenario,
    SideSetup,
)
from ...model.sheet import SheetKind, Terrain
from ...model.terrain_chart import TERRAIN_FORMAT, LocKind
from ..context import ScenarioContext, SheetContext
from ..registry import Finding, check

FMT = "uo-scenario/1"


# --- what the checks share ------------------------------------------------------------------


def _sides(s: Scenario) -> list[tuple[str, SideSetup]]:
    return [("green", s.sides.green), ("red", s.sides.red)]


@dataclass(frozen=True)
class PlacedBlock:
    side: str
    force: int
    index: int
    block: Block

    @property
    def pointer(self) -> str:
        return f"/sides/{self.side}/impulse_forces/{self.force}/blocks/{self.index}"


def _blocks(s: Scenario) -> list[PlacedBlock]:
    return [
        PlacedBlock(name, f, b, block)
        for name, side in _sides(s)
        for f, force in enumerate(side.impulse_forces)
        for b, block in enumerate(force.blocks)
    ]


def _block_index(s: Scenario) -> dict[str, PlacedBlock]:
    out: dict[str, PlacedBlock] = {}
    for pb in _blocks(s):
        out.setdefault(pb.block.id, pb)
    return out


def _profile(ctx: ScenarioContext, block: Block) -> BlockProfile | None:
    card = ctx.unit_cards.get(block.card)
    if card is None:
        return None
    return next((p for p in card.blocks if p.type == block.type), None)


def _placed_sheets(ctx: ScenarioContext) -> list[tuple[str, SheetContext]]:
    """(pointer of the scenario's reference, sheet) of every loaded sheet and insert, in order."""
    base = ctx.doc.path.parent
    loaded = {safe_resolve(s.doc.path): s for s in ctx.sheets + ctx.inserts}
    out = []
    m = ctx.scenario.map
    refs = [(f"/map/sheets/{i}/file", p.file) for i, p in enumerate(m.sheets)]
    refs += [(f"/map/underground/{i}/file", u.file) for i, u in enumerate(m.underground)]
    for pointer, rel in refs:
        sheet = loaded.get(safe_resolve(base / Path(rel)))
        if sheet is not None:
            out.append((pointer, sheet))
    return out


def _divided_rooms(ctx: ScenarioContext) -> set[str]:
    return {r.id for s in ctx.sheets for b in s.sheet.buildings for r in b.rooms if r.zones}


def _location_refs(s: Scenario) -> Iterator[tuple[str, str, str]]:
    """(pointer, location, what) of every location the scenario names."""
    for pb in _blocks(s):
        if pb.block.at is not None:
            yield f"{pb.pointer}/at", pb.block.at, f"block '{pb.block.id}'"
    for name, side in _sides(s):
        sp = f"/sides/{name}"
        for f, force in enumerate(side.impulse_forces):
            if force.entry is not None:
                for k, loc in enumerate(force.entry.hexes):
                    yield f"{sp}/impulse_forces/{f}/entry/hexes/{k}", loc, f"entry of force '{force.id}'"
        for d, area in enumerate(side.deployment):
            for k, loc in enumerate(area.locations):
                yield f"{sp}/deployment/{d}/locations/{k}", loc, f"deployment area '{area.id}'"
        for field, allot in _allotments(side):
            for k, loc in enumerate(allot.locations):
                yield f"{sp}/environment/{field}/locations/{k}", loc, f"{name} {field.replace('_', ' ')}"
    for k, counter in enumerate(s.no_mans_land):
        yield f"/no_mans_land/{k}/at", counter.at, f"No Man's Land counter '{counter.id}'"
    for c, cond in enumerate(s.victory.conditions):
        if isinstance(cond, ControlLocations):
            for k, loc in enumerate(cond.locations):
                yield f"/victory/conditions/{c}/locations/{k}", loc, f"victory condition '{cond.id}'"


def _allotments(side: SideSetup) -> list[tuple[str, Allotment]]:
    env = side.environment
    return [
        ("dummies", env.dummies),
        ("barricades", env.barricades),
        ("breach_markers", env.breach_markers),
        ("fortified", env.fortified),
        ("at_mines", env.at_mines),
        ("ied_uxo", env.ied_uxo),
    ]


def _event_refs(side: SideSetup, sp: str) -> Iterator[tuple[str, str, str]]:
    """(pointer, card id, where) of every event card a side names."""
    for k, cid in enumerate(side.events.deck):
        yield f"{sp}/events/deck/{k}", cid, "deck"
    for k, cid in enumerate(side.events.hand):
        yield f"{sp}/events/hand/{k}", cid, "hand"
    for k, row in enumerate(side.events.table):
        if row.card is not None:
            yield f"{sp}/events/table/{k}/card", row.card, "events table"


def _rolls(missing: list[int]) -> str:
    if len(missing) == 1:
        return f"roll {missing[0]} gives"
    return f"rolls {', '.join(map(str, missing))} give"


# --- identifiers and references -------------------------------------------------------------


@check("L303", "duplicate-id", FMT)
def duplicate_ids(ctx: ScenarioContext) -> Iterator[Finding]:
    """An id is used twice (blocks, impulse forces, NML counters, victory conditions, deployment areas).

    Deployment area ids are unique within their side, the others in the whole scenario."""
    s = ctx.scenario
    groups: list[tuple[str, list[tuple[str, str]]]] = [
        ("block", [(pb.block.id, f"{pb.pointer}/id") for pb in _blocks(s)]),
        (
            "impulse force",
            [
                (force.id, f"/sides/{name}/impulse_forces/{f}/id")
                for name, side in _sides(s)
                for f, force in enumerate(side.impulse_forces)
            ],
        ),
        ("No Man's Land counter", [(c.id, f"/no_mans_land/{k}/id") for k, c in enumerate(s.no_mans_land)]),
        (
            "victory condition",
            [(c.id, f"/victory/conditions/{k}/id") for k, c in enumerate(s.victory.conditions)],
        ),
    ]
    for name, side in _sides(s):
        groups.append(
            (
                "deployment area",
                [(a.id, f"/sides/{name}/deployment/{d}/id") for d, a in enumerate(side.deployment)],
            )
        )
    for what, items in groups:
        first: dict[str, str] = {}
        for ident, pointer in items:
            if ident in first:
                yield Finding(pointer, f"duplicate {what} id '{ident}' (first used at {first[ident]})")
            else:
                first[ident] = pointer


@check("L304", "duplicate-sheet-id", FMT)
def duplicate_sheet_id(ctx: ScenarioContext) -> Iterator[Finding]:
    """Two sheets or inserts of the scenario have the same id (hex ids would clash)."""
    first: dict[str, str] = {}
    for pointer, sheet in _placed_sheets(ctx):
        sid = sheet.sheet.id
        if sid in first:
            yield Finding(pointer, f"sheet id '{sid}' of {sheet.doc.name} is already used by {first[sid]}")
        else:
            first[sid] = sheet.doc.name


@check("L305", "duplicate-building-id", FMT)
def duplicate_building_id(ctx: ScenarioContext) -> Iterator[Finding]:
    """Two sheets of the scenario have a building, room or zone with the same id.

    Location ids such as '32.2' carry no sheet letter, so they must be unique in the assembled map."""
    owner: dict[str, str] = {}
    for pointer, sheet in _placed_sheets(ctx):
        if sheet.sheet.kind != SheetKind.surface:
            continue
        mine = {b.id for b in sheet.sheet.buildings} | set(sheet.interior_building)
        clashes = sorted(i for i in mine if i in owner)
        if clashes:
            shown = ", ".join(f"'{i}'" for i in clashes[:5]) + (" ..." if len(clashes) > 5 else "")
            yield Finding(
                pointer,
                f"{sheet.doc.name} reuses building/room ids {shown} of {owner[clashes[0]]};"
                " renumber the buildings of one sheet",
            )
        for i in mine:
            owner.setdefault(i, sheet.doc.name)


@check("L306", "unknown-unit-card", FMT)
def unknown_unit_card(ctx: ScenarioContext) -> Iterator[Finding]:
    """A block names a unit card that no card library of the scenario has, or a type not on that card."""
    if ctx.incomplete_cards:
        return
    for pb in _blocks(ctx.scenario):
        card = ctx.unit_cards.get(pb.block.card)
        if card is None:
            yield Finding(f"{pb.pointer}/card", f"block '{pb.block.id}': no unit card '{pb.block.card}'")
        elif all(p.type != pb.block.type for p in card.blocks):
            types = ", ".join(p.type for p in card.blocks)
            yield Finding(
                f"{pb.pointer}/type",
                f"block '{pb.block.id}': card '{card.id}' has no '{pb.block.type}' block (it has {types})",
            )


def _block_refs(s: Scenario) -> Iterator[tuple[str, str, str, str]]:
    """(pointer, block id, what, side it must belong to) of every block the scenario names."""
    for name, side in _sides(s):
        sp = f"/sides/{name}"
        for f, force in enumerate(side.impulse_forces):
            if force.platoon_leader is not None:
                yield f"{sp}/impulse_forces/{f}/platoon_leader", force.platoon_leader, "platoon leader", name
            for b, block in enumerate(force.blocks):
                if block.mounted_in is not None:
                    pointer = f"{sp}/impulse_forces/{f}/blocks/{b}/mounted_in"
                    yield pointer, block.mounted_in, f"vehicle of block '{block.id}'", name
        if side.commander is not None:
            yield f"{sp}/commander", side.commander, "commander", name
        if side.command_post is not None:
            yield f"{sp}/command_post", side.command_post, "command post", name
        if side.logistics is not None:
            yield f"{sp}/logistics/block", side.logistics.block, "logistics block", name
    for c, cond in enumerate(s.victory.conditions):
        if isinstance(cond, Destroy):
            enemy = "red" if cond.side == "green" else "green"
            for k, bid in enumerate(cond.blocks):
                yield f"/victory/conditions/{c}/blocks/{k}", bid, f"target of '{cond.id}'", enemy


@check("L307", "unknown-block", FMT)
def unknown_block(ctx: ScenarioContext) -> Iterator[Finding]:
    """A block reference names a block that the side concerned does not have.

    References: platoon leaders, commander, command post, logistics, `mounted_in` (own side)
    and destroy targets (the enemy's blocks)."""
    index = _block_index(ctx.scenario)
    for pointer, bid, what, side in _block_refs(ctx.scenario):
        pb = index.get(bid)
        if pb is None:
            yield Finding(pointer, f"{what}: no block '{bid}' in the scenario")
        elif pb.side != side:
            yield Finding(pointer, f"{what}: block '{bid}' is a {pb.side} block; a {side} block is expected")


@check("L308", "unknown-location", FMT)
def unknown_location(ctx: ScenarioContext) -> Iterator[Finding]:
    """A location named by the scenario is not a location of the assembled map.

    Block set-up, entry hexes, deployment areas, environment allotments, No Man's Land
    counters and victory conditions; a divided room is not a location (its zones are)."""
    if ctx.incomplete_map:
        return
    divided = _divided_rooms(ctx)
    for pointer, loc, what in _location_refs(ctx.scenario):
        if loc in ctx.locations:
            continue
        if loc in divided:
            yield Finding(pointer, f"{what}: room '{loc}' is divided into zones; name one of its zones")
        elif loc.endswith(".R"):
            yield Finding(pointer, f"{what}: '{loc}' is not a roof (its building has no roof access)")
        else:
            yield Finding(pointer, f"{what}: no location '{loc}' on the scenario's map")


@check("L309", "unknown-building", FMT)
def unknown_building(ctx: ScenarioContext) -> Iterator[Finding]:
    """A control-buildings victory condition names a building that is not on the map."""
    if ctx.incomplete_map:
        return
    for c, cond in enumerate(ctx.scenario.victory.conditions):
        if isinstance(cond, ControlBuildings):
            for k, bid in enumerate(cond.buildings):
                if bid not in ctx.buildings:
                    yield Finding(
                        f"/victory/conditions/{c}/buildings/{k}",
                        f"victory condition '{cond.id}': no building '{bid}' on the scenario's map",
                    )


@check("L310", "unknown-support-card", FMT)
def unknown_support_card(ctx: ScenarioContext) -> Iterator[Finding]:
    """A row of a 3D actions matrix names a support card that no card library has."""
    if ctx.incomplete_cards:
        return
    for name, side in _sides(ctx.scenario):
        for field, rows in (("actions", side.support.actions), ("air_defense", side.support.air_defense)):
            for k, row in enumerate(rows):
                if row.support not in ctx.support_cards:
                    yield Finding(
                        f"/sides/{name}/support/{field}/{k}/support", f"no support card '{row.support}'"
                    )


@check("L311", "unknown-event-card", FMT)
def unknown_event_card(ctx: ScenarioContext) -> Iterator[Finding]:
    """An event deck, hand or events table names an event card that no card library has."""
    if ctx.incomplete_cards:
        return
    for name, side in _sides(ctx.scenario):
        for pointer, cid, where in _event_refs(side, f"/sides/{name}"):
            if cid not in ctx.event_cards:
                yield Finding(pointer, f"{name} {where}: no event card '{cid}'")


@check("L312", "manhole-without-zone", FMT)
def manhole_without_zone(ctx: ScenarioContext) -> Iterator[Finding]:
    """A manhole of a scenario sheet leads to a letter that no underground insert of the scenario has."""
    if ctx.incomplete_map:
        return
    letters = ctx.underground_letters
    for pointer, sheet in _placed_sheets(ctx):
        if sheet.sheet.kind != SheetKind.surface:
            continue
        for manhole in sheet.sheet.manholes:
            if not manhole.dummy and manhole.letter is not None and manhole.letter not in letters:
                yield Finding(
                    pointer,
                    f"manhole '{manhole.id}' ({sheet.sheet.id}{manhole.hex}) leads to underground zone"
                    f" '{manhole.letter}', but no insert of the scenario has it; add the insert",
                )


@check("L313", "zone-without-manhole", FMT)
def zone_without_manhole(ctx: ScenarioContext) -> Iterator[Finding]:
    """An underground zone has no manhole with its letter on the scenario's sheets (warning).

    The zone can then only be reached through sewer links, which may be intended."""
    if ctx.incomplete_map:
        return
    letters = {m.letter for s in ctx.sheets for m in s.sheet.manholes if not m.dummy and m.letter}
    for pointer, sheet in _placed_sheets(ctx):
        if sheet.sheet.kind != SheetKind.underground:
            continue
        for zone in sheet.sheet.underground_zones:
            if zone.letter not in letters:
                yield Finding(
                    pointer,
                    f"underground zone '{zone.letter}' of insert '{sheet.sheet.id}' has no manhole on the"
                    " scenario's sheets",
                    severity=Severity.warning,
                )


# --- orders of battle -------------------------------------------------------------------------


@check("L314", "bad-platoon-leader", FMT)
def bad_platoon_leader(ctx: ScenarioContext) -> Iterator[Finding]:
    """An impulse force has no platoon leader, or it is not a platoon_leader block of the force (3.2)."""
    index = _block_index(ctx.scenario)
    for name, side in _sides(ctx.scenario):
        for f, force in enumerate(side.impulse_forces):
            fp = f"/sides/{name}/impulse_forces/{f}"
            if force.platoon_leader is None:
                yield Finding(fp, f"impulse force '{force.id}' has no `platoon_leader` (3.2)")
                continue
            own = next((b for b in force.blocks if b.id == force.platoon_leader), None)
            if own is None:
                if force.platoon_leader in index:
                    yield Finding(
                        f"{fp}/platoon_leader",
                        f"platoon leader '{force.platoon_leader}' is not a block"
                        f" of impulse force '{force.id}'",
                    )
            elif own.type != BlockType.platoon_leader:
                yield Finding(
                    f"{fp}/platoon_leader",
                    f"platoon leader '{own.id}' of force '{force.id}' is a '{own.type}' block,"
                    " not a 'platoon_leader'",
                )


@check("L315", "bad-headquarters-block", FMT)
def bad_headquarters_block(ctx: ScenarioContext) -> Iterator[Finding]:
    """A side's commander, command post or logistics names a block of another type."""
    index = _block_index(ctx.scenario)
    for name, side in _sides(ctx.scenario):
        refs = [
            ("commander", side.commander, BlockType.commander),
            ("command_post", side.command_post, BlockType.command_post),
            ("logistics/block", side.logistics.block if side.logistics else None, BlockType.logistics),
        ]
        for field, bid, expected in refs:
            pb = index.get(bid) if bid is not None else None
            if pb is not None and pb.block.type != expected:
                yield Finding(
                    f"/sides/{name}/{field}",
                    f"block '{bid}' is a '{pb.block.type}' block, not a '{expected}'",
                )


@check("L316", "bad-transport", FMT)
def bad_transport(ctx: ScenarioContext) -> Iterator[Finding]:
    """A block is transported wrongly at set-up (8.2.4).

    Mounted in a block that is not a vehicle, a vehicle mounted in another, a vehicle loaded
    over its capacity (weights and capacities from the unit cards), or a mounted block set
    up somewhere else than its vehicle."""
    index = _block_index(ctx.scenario)
    load: Counter[str] = Counter()
    for pb in _blocks(ctx.scenario):
        block = pb.block
        if block.mounted_in is None:
            continue
        pointer = f"{pb.pointer}/mounted_in"
        vehicle = index.get(block.mounted_in)
        if vehicle is None or vehicle.side != pb.side:
            continue  # L307
        if vehicle.block.type not in VEHICLE_TYPES:
            yield Finding(
                pointer,
                f"block '{block.id}' is mounted in '{vehicle.block.id}', a '{vehicle.block.type}',"
                " not a vehicle",
            )
            continue
        if block.type in VEHICLE_TYPES:
            yield Finding(pointer, f"vehicle '{block.id}' cannot be transported by '{vehicle.block.id}'")
            continue
        if block.at is not None and block.at != vehicle.block.at:
            yield Finding(
                f"{pb.pointer}/at",
                f"block '{block.id}' is mounted in '{vehicle.block.id}' but set up at '{block.at}';"
                " a transported block is off the map (4.3.2.3): remove `at`",
            )
        mine, carrier = _profile(ctx, block), _profile(ctx, vehicle.block)
        if mine is None or carrier is None:
            continue
        before = load[vehicle.block.id]
        load[vehicle.block.id] += mine.weight
        if before <= carrier.capacity < load[vehicle.block.id]:
            yield Finding(
                pointer,
                f"vehicle '{vehicle.block.id}' carries a weight of {load[vehicle.block.id]} with"
                f" '{block.id}', more than its capacity {carrier.capacity} (8.2.4)",
            )


@check("L317", "stacked-blocks", FMT)
def stacked_blocks(ctx: ScenarioContext) -> Iterator[Finding]:
    """Two blocks are set up in the same location (one block per hex, zone or room: 5.1.1, 5.1.2)."""
    first: dict[str, str] = {}
    for pb in _blocks(ctx.scenario):
        at = pb.block.at
        if at is None or pb.block.mounted_in is not None:
            continue
        if at in first:
            yield Finding(
                f"{pb.pointer}/at",
                f"block '{pb.block.id}' is set up at '{at}' where block '{first[at]}' already is",
            )
        else:
            first[at] = pb.block.id


@check("L318", "vehicle-cannot-be-there", FMT)
def vehicle_cannot_be_there(ctx: ScenarioContext) -> Iterator[Finding]:
    """A vehicle is set up where vehicles cannot go (5.1.4, 8.1.4).

    Inside a building that is not `vehicles_may_enter`, on a roof, underground, or on a hex
    impassable to vehicles: where the terrain chart gives vehicles no cost (the same rule
    the battlefield compiles with, TerrainChart.vehicle_entry_mp)."""
    if ctx.incomplete_map:
        return
    for pb in _blocks(ctx.scenario):
        at = pb.block.at
        if at is None or pb.block.type not in VEHICLE_TYPES:
            continue
        place = ctx.places.get(at)
        if place is None or ctx.chart.vehicle_may_stand(place.kind, place.terrain, place.enterable):
            continue  # an unknown location is another check's finding
        if place.kind == LocKind.roof:
            why = "vehicles cannot be on a roof"
        elif place.kind in (LocKind.room, LocKind.zone):
            why = f"building '{place.building}' is not open to vehicles (`vehicles_may_enter`, 8.1.4)"
        elif place.kind == LocKind.underground:
            why = "vehicles cannot go underground (5.1.4)"
        else:
            why = "the hex is impassable to vehicles (5.1.4)"
        yield Finding(f"{pb.pointer}/at", f"vehicle '{pb.block.id}' is set up at '{at}': {why}")


@check("L319", "entry-after-last-turn", FMT)
def entry_after_last_turn(ctx: ScenarioContext) -> Iterator[Finding]:
    """An impulse force enters after the last turn of the scenario."""
    s = ctx.scenario
    for name, side in _sides(s):
        for f, force in enumerate(side.impulse_forces):
            if force.entry is not None and force.entry.turn > s.turns:
                yield Finding(
                    f"/sides/{name}/impulse_forces/{f}/entry/turn",
                    f"force '{force.id}' enters on turn {force.entry.turn},"
                    f" but the scenario has {s.turns} turns",
                )


@check("L320", "bad-turn", FMT)
def bad_turn(ctx: ScenarioContext) -> Iterator[Finding]:
    """A night turn or an initiative turn is outside 1..turns or given twice."""
    s = ctx.scenario
    seen: set[int] = set()
    for k, turn in enumerate(s.night_turns):
        if not 1 <= turn <= s.turns:
            yield Finding(
                f"/night_turns/{k}", f"night turn {turn} is not a turn of the scenario (1-{s.turns})"
            )
        elif turn in seen:
            yield Finding(f"/night_turns/{k}", f"night turn {turn} is listed twice")
        seen.add(turn)
    seen = set()
    for k, it in enumerate(s.initiative):
        if not 1 <= it.turn <= s.turns:
            yield Finding(
                f"/initiative/{k}/turn",
                f"initiative turn {it.turn} is not a turn of the scenario (1-{s.turns})",
            )
        elif it.turn in seen:
            yield Finding(f"/initiative/{k}/turn", f"initiative for turn {it.turn} is given twice")
        seen.add(it.turn)


@check("L321", "bad-support-rolls", FMT)
def bad_support_rolls(ctx: ScenarioContext) -> Iterator[Finding]:
    """A 3D actions matrix row does not give each roll 0-9 exactly one result (7.3.1).

    Each roll is in exactly one of U, T+1 and T; air defence rows have no T+1 (7.3.3.5)."""
    for name, side in _sides(ctx.scenario):
        for field, rows in (("actions", side.support.actions), ("air_defense", side.support.air_defense)):
            for k, row in enumerate(rows):
                rp = f"/sides/{name}/support/{field}/{k}"
                if field == "air_defense" and row.next_turn:
                    yield Finding(
                        f"{rp}/T+1", f"air defence '{row.support}' has no T+1 results: only U and T (7.3.3.5)"
                    )
                cover = support_coverage(row)
                for roll, column, j, first in cover.extra():
                    yield Finding(
                        f"{rp}/{column}/{j}",
                        f"'{row.support}': roll {roll} is in {column} and already in {first}",
                    )
                missing = cover.uncovered
                if missing:
                    yield Finding(
                        rp, f"'{row.support}': {_rolls(missing)} no result; each roll 0-9 needs one"
                    )


@check("L322", "bad-event-table-rolls", FMT)
def bad_event_table_rolls(ctx: ScenarioContext) -> Iterator[Finding]:
    """An events table gives a d10 roll two rows, or leaves a roll 0-9 without a row."""
    for name, side in _sides(ctx.scenario):
        table = side.events.table
        if not table:
            continue
        cover = events_coverage(table)
        for roll, k, j, first in cover.extra():
            yield Finding(
                f"/sides/{name}/events/table/{k}/roll/{j}",
                f"roll {roll} is already in row {int(first) + 1} of the {name} events table",
            )
        missing = cover.uncovered
        if missing:
            yield Finding(
                f"/sides/{name}/events/table",
                f"the {name} events table: {_rolls(missing)} no row; each roll 0-9 needs one",
            )


@check("L323", "allotment-over-count", FMT)
def allotment_over_count(ctx: ScenarioContext) -> Iterator[Finding]:
    """An environment allotment fixes more locations than its `count`."""
    for name, side in _sides(ctx.scenario):
        for field, allot in _allotments(side):
            if len(allot.locations) > allot.count:
                yield Finding(
                    f"/sides/{name}/environment/{field}/locations/{allot.count}",
                    f"{name} {field.replace('_', ' ')}: {len(allot.locations)} locations for"
                    f" {allot.count} counter(s); raise `count` or remove locations",
                )


@check("L324", "duplicate-victory-level", FMT)
def duplicate_victory_level(ctx: ScenarioContext) -> Iterator[Finding]:
    """A victory level names the same side and level twice."""
    seen: set[tuple[str, str]] = set()
    for k, level in enumerate(ctx.scenario.victory.levels):
        key = (str(level.side), str(level.level))
        if key in seen:
            yield Finding(f"/victory/levels/{k}", f"{level.level} victory for {level.side} is given twice")
        seen.add(key)


@check("L325", "event-card-twice", FMT)
def event_card_twice(ctx: ScenarioContext) -> Iterator[Finding]:
    """An event card is both in a side's deck and hand, or twice in them."""
    for name, side in _sides(ctx.scenario):
        where: dict[str, str] = {}
        for field, cards in (("deck", side.events.deck), ("hand", side.events.hand)):
            for k, cid in enumerate(cards):
                if cid in where:
                    yield Finding(
                        f"/sides/{name}/events/{field}/{k}",
                        f"event card '{cid}' is already in the {name} {where[cid]}; each card exists once",
                    )
                where.setdefault(cid, field)


def _fits(card: EventCard, s: Scenario) -> str | None:
    """Why an event card is not for this scenario (6.1), or None."""
    if card.scenarios:
        names = {n.casefold() for n in card.scenarios}
        if s.id.casefold() not in names and s.title.casefold() not in names:
            return f"its scenarios are {', '.join(card.scenarios)}"
    if card.campaign and s.campaign and card.campaign.casefold() != s.campaign.casefold():
        return f"it belongs to campaign '{card.campaign}'"
    return None


@check("L326", "event-card-not-for-scenario", FMT)
def event_card_not_for_scenario(ctx: ScenarioContext) -> Iterator[Finding]:
    """A deck or hand holds an event card printed for other scenarios or another campaign (6.1)."""
    s = ctx.scenario
    for name, side in _sides(s):
        for pointer, cid, where in _event_refs(side, f"/sides/{name}"):
            card = ctx.event_cards.get(cid)
            if card is None or where == "events table":
                continue
            why = _fits(card, s)
            if why:
                yield Finding(pointer, f"event card '{cid}' is not for scenario '{s.id}': {why}")


@check("L327", "destroy-without-target", FMT)
def destroy_without_target(ctx: ScenarioContext) -> Iterator[Finding]:
    """A destroy victory condition names neither blocks nor block types."""
    for c, cond in enumerate(ctx.scenario.victory.conditions):
        if isinstance(cond, Destroy) and not cond.blocks and not cond.block_types:
            yield Finding(
                f"/victory/conditions/{c}", f"destroy condition '{cond.id}' needs `blocks` or `block_types`"
            )


@check("L328", "bad-sewer-link-surface", FMT)
def bad_sewer_link_surface(ctx: ScenarioContext) -> Iterator[Finding]:
    """An insert's sewer link leads to a hex that is not an open sewer hex of a scenario sheet (5.1.6)."""
    if ctx.incomplete_map:
        return
    surface = {s.sheet.id: s for s in ctx.sheets if s.sheet.kind == SheetKind.surface}
    for pointer, insert in _placed_sheets(ctx):
        if insert.sheet.kind != SheetKind.underground:
            continue
        for link in insert.sheet.sewer_links:
            where = f"sewer link of {insert.sheet.id}{link.hex}"
            sid, label = link.surface[:-4], link.surface[-4:]
            sheet = surface.get(sid)
            if sheet is None or not label.isdigit():
                yield Finding(pointer, f"{where}: '{link.surface}' is not a hex of a sheet of the scenario")
            elif label not in sheet.playable:
                yield Finding(pointer, f"{where}: '{link.surface}' is not a playable hex of sheet '{sid}'")
            elif sheet.terrain(label) != Terrain.open_sewer:
                yield Finding(
                    pointer, f"{where}: '{link.surface}' is '{sheet.terrain(label)}', not an open sewer hex"
                )


@check("L329", "unknown-deployment-area", FMT)
def unknown_deployment_area(ctx: ScenarioContext) -> Iterator[Finding]:
    """An impulse force names a deployment area its side does not have."""
    for name, side in _sides(ctx.scenario):
        areas = {a.id for a in side.deployment}
        for f, force in enumerate(side.impulse_forces):
            if force.deployment is not None and force.deployment not in areas:
                yield Finding(
                    f"/sides/{name}/impulse_forces/{f}/deployment",
                    f"force '{force.id}': the {name} side has no deployment area '{force.deployment}'",
                )


@check("L330", "unknown-reinforcement-force", FMT)
def unknown_reinforcement_force(ctx: ScenarioContext) -> Iterator[Finding]:
    """An event card of a side brings in a reinforcement force that side does not have."""
    for name, side in _sides(ctx.scenario):
        forces = {f.id for f in side.impulse_forces}
        for pointer, cid, _where in _event_refs(side, f"/sides/{name}"):
            card = ctx.event_cards.get(cid)
            if (
                card is not None
                and isinstance(card.effect, Reinforcement)
                and card.effect.force not in forces
            ):
                yield Finding(
                    pointer,
                    f"event card '{cid}' brings in force '{card.effect.force}', not a {name} impulse force",
                )


@check("L331", "support-row-kind", FMT)
def support_row_kind(ctx: ScenarioContext) -> Iterator[Finding]:
    """A support card is in the wrong part of the 3D actions matrix (air defence or actions)."""
    for name, side in _sides(ctx.scenario):
        for field, rows in (("actions", side.support.actions), ("air_defense", side.support.air_defense)):
            for k, row in enumerate(rows):
                card = ctx.support_cards.get(row.support)
                if card is None:
                    continue
                is_ad = card.kind == SupportKind.air_defense
                if is_ad != (field == "air_defense"):
                    where = "`air_defense`" if is_ad else "`actions`"
                    yield Finding(
                        f"/sides/{name}/support/{field}/{k}/support",
                        f"support card '{card.id}' is {card.kind}: list it under {where}",
                    )


# --- the rule set and its house rules ---------------------------------------------------------


@check("L332", "unknown-rule-set", FMT)
def unknown_rule_set(ctx: ScenarioContext) -> Iterator[Finding]:
    """The scenario names a rule set the studio does not have.

    Or one that plays files of another format (an Urban Battle mission is a ub-mission/1 file)."""
    name = ctx.scenario.rules
    if name is not None and name not in RULE_SETS:
        yield Finding("/rules", f"unknown rule set '{name}'; the studio has: {', '.join(sorted(RULE_SETS))}")
    elif name is not None and SCENARIO_FORMATS.get(name, FMT) != FMT:
        plays = SCENARIO_FORMATS[name]
        yield Finding("/rules", f"rule set '{name}' plays {plays} files, not {FMT} scenarios")


#: house-rule table field -> the format its file must have
HOUSE_RULE_FORMATS = {
    "terrain": TERRAIN_FORMAT,
    "combat": COMBAT_FORMAT,
    "weapons_effect": WEAPONS_EFFECT_FORMAT,
}


@check("L333", "bad-house-rule-table", FMT)
def bad_house_rule_table(ctx: ScenarioContext) -> Iterator[Finding]:
    """A house-rule table is missing, unusable, of another format, or invalid (located in its file)."""
    house = ctx.scenario.house_rules
    if house is None:
        return
    for name, fmt in HOUSE_RULE_FORMATS.items():
        rel = getattr(house, name)
        if rel is None:
            continue
        pointer = f"/house_rules/{name}"
        path = ctx.doc.path.parent / rel
        if not path_exists(path):
            yield Finding(pointer, f"file not found: {rel}")
            continue
        try:
            table = load_document(path)
        except LoadError as exc:
            first = exc.problems[0]
            where = f" (line {first.line}, column {first.col})" if first.line else ""
            yield Finding(pointer, f"{rel} is unusable{where}: {first.message}")
            continue
        if table.format != fmt:
            yield Finding(pointer, f"{rel} is a {table.format} file, expected {fmt}")
            continue
        for p in table.problems:  # its schema problems, located in the table's own file
            yield Finding(p.pointer, f"house-rule {name} table: {p.message}", doc=table)
        if isinstance(table.model, CombatTablesFile):
            for p_pointer, message in combat_problems(table.model):
                yield Finding(p_pointer, f"house-rule combat table: {message}", doc=table)


@check("L334", "block-on-closed-counter", FMT)
def block_on_closed_counter(ctx: ScenarioContext) -> Iterator[Finding]:
    """A block is set up where a counter closes the location (5.2.3.1, 5.2.3.3, 5.2.3.5).

    A No Man's Land IED/UXO, Population or barricade counter, or a side's barricade: no
    block may be there."""
    s = ctx.scenario
    names = {
        CounterKind.ied_uxo: "IED/UXO",
        CounterKind.population: "Population",
        CounterKind.barricade: "barricade",
    }
    closed = {c.at: f"the {names[c.kind]} counter '{c.id}'" for c in s.no_mans_land if c.kind in names}
    for name, side in _sides(s):
        for loc in side.environment.barricades.locations:
            closed.setdefault(loc, f"a {name} barricade")
        for loc in side.environment.ied_uxo.locations:
            closed.setdefault(loc, f"a {name} IED/UXO")
    for pb in _blocks(s):
        at = pb.block.at
        if at is not None and pb.block.mounted_in is None and at in closed:
            yield Finding(
                f"{pb.pointer}/at", f"block '{pb.block.id}' is set up at '{at}' where {closed[at]} stands"
            )


@check("L335", "mine-not-in-hex", FMT)
def mine_not_in_hex(ctx: ScenarioContext) -> Iterator[Finding]:
    """An AT mine is fixed in a location that is not a hex (5.2.2.1, 8.2.3.1)."""
    if ctx.incomplete_map:
        return
    for name, side in _sides(ctx.scenario):
        for k, loc in enumerate(side.environment.at_mines.locations):
            place = ctx.places.get(loc)
            if place is not None and place.kind != LocKind.hex:
                yield Finding(
                    f"/sides/{name}/environment/at_mines/locations/{k}",
                    f"{name} AT mine at '{loc}': a mine is laid in a hex, not in a {place.kind.value}",
                )


@check("L336", "paper-targets-without-3d", FMT)
def paper_targets_without_3d(ctx: ScenarioContext) -> Iterator[Finding]:
    """A side may request 3D actions at any position but has no 3D action to request (warning).

    `support.any_position` lets requests name any position within reach (7.3.3.1); with no
    row in `support.actions` it says nothing."""
    for name, side in _sides(ctx.scenario):
        if side.support.any_position and not side.support.actions:
            yield Finding(
                f"/sides/{name}/support/any_position",
                f"{name} may request 3D actions at any position (7.3.3.1) but has no 3D action"
                " in its matrix",
                severity=Severity.warning,
            )
