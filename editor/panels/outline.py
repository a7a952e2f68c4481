"""What the outliner lists, as plain data (no Qt) so it is easy to test and to extend.

Each node names a model object by the file it lives in and its JSON pointer there: the
same address a validation problem carries, so both panels reveal things the same way.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.model.cards import CardLibrary
from engine.model.scenario import Scenario
from engine.model.sheet import Aperture, Building, Manhole, MapSheet, UndergroundZone, Wall


@dataclass
class OutlineNode:
    text: str
    source: Path | None = None
    pointer: str = ""
    kind: str = ""
    children: list[OutlineNode] = field(default_factory=list)

    def add(self, text: str, pointer: str, kind: str) -> OutlineNode:
        node = OutlineNode(text, self.source, pointer, kind)
        self.children.append(node)
        return node

    def walk(self) -> list[OutlineNode]:
        out = [self]
        for child in self.children:
            out.extend(child.walk())
        return out


def building_node(building: Building, b: int, source: Path | None) -> OutlineNode:
    bp = f"/buildings/{b}"
    name = f" — {building.name}" if building.name else ""
    node = OutlineNode(f"Building {building.id}{name}", source, bp, "building")
    for r, room in enumerate(building.rooms):
        rp = f"{bp}/rooms/{r}"
        room_node = node.add(f"Room {room.id}", rp, "room")
        for z, zone in enumerate(room.zones):
            room_node.add(f"Zone {zone.id}", f"{rp}/zones/{z}", "zone")
    for a, access in enumerate(building.roof_accesses):
        node.add(f"Roof access {access.id}", f"{bp}/roof_accesses/{a}", "roof_access")
    return node


def wall_node(wall: Wall, w: int, source: Path | None) -> OutlineNode:
    return OutlineNode(f"{wall.kind.replace('_', ' ').capitalize()} {wall.id}", source, f"/walls/{w}", "wall")


def aperture_node(ap: Aperture, w: int, a: int, source: Path | None) -> OutlineNode:
    where = f" → {ap.interior}" if ap.interior else ""
    return OutlineNode(
        f"{ap.kind.capitalize()} {ap.id}{where}", source, f"/walls/{w}/apertures/{a}", "aperture"
    )


def manhole_node(manhole: Manhole, m: int, source: Path | None) -> OutlineNode:
    letter = "dummy" if manhole.dummy else (manhole.letter or "no letter")
    return OutlineNode(
        f"Manhole {manhole.id} in {manhole.hex} ({letter})", source, f"/manholes/{m}", "manhole"
    )


def underground_zone_node(zone: UndergroundZone, z: int, source: Path | None) -> OutlineNode:
    text = f"Zone {zone.letter} ({len(zone.hexes)} hexes)"
    return OutlineNode(text, source, f"/underground_zones/{z}", "underground_zone")


def object_nodes(sheet: MapSheet, source: Path | None, name: str, index: int) -> list[OutlineNode]:
    """The rows of object `index` of the sheet's list `name` (a wall's apertures have rows
    of their own, in the Apertures group), for the outliner to update them alone."""
    obj = getattr(sheet, name)[index]
    if name == "buildings":
        return [building_node(obj, index, source)]
    if name == "walls":
        return [wall_node(obj, index, source)] + [
            aperture_node(ap, index, a, source) for a, ap in enumerate(obj.apertures)
        ]
    if name == "manholes":
        return [manhole_node(obj, index, source)]
    if name == "underground_zones":
        return [underground_zone_node(obj, index, source)]
    raise KeyError(name)


def sheet_outline(sheet: MapSheet, source: Path | None) -> OutlineNode:
    kind = "insert" if sheet.kind == "underground" else "sheet"
    title = f" — {sheet.title}" if sheet.title else ""
    root = OutlineNode(f"{kind.capitalize()} {sheet.id}{title}", source, "", kind)
    if sheet.buildings:
        group = root.add(f"Buildings ({len(sheet.buildings)})", "/buildings", "group")
        group.children = [building_node(building, b, source) for b, building in enumerate(sheet.buildings)]
    if sheet.walls:
        group = root.add(f"Walls ({len(sheet.walls)})", "/walls", "group")
        group.children = [wall_node(wall, w, source) for w, wall in enumerate(sheet.walls)]
    apertures = [
        aperture_node(ap, w, a, source)
        for w, wall in enumerate(sheet.walls)
        for a, ap in enumerate(wall.apertures)
    ]
    if apertures:
        group = root.add(f"Apertures ({len(apertures)})", "", "group")
        group.children = apertures
    if sheet.manholes:
        group = root.add(f"Manholes ({len(sheet.manholes)})", "/manholes", "group")
        group.children = [manhole_node(manhole, m, source) for m, manhole in enumerate(sheet.manholes)]
    if sheet.underground_zones:
        group = root.add(f"Underground zones ({len(sheet.underground_zones)})", "/underground_zones", "group")
        group.children = [
            underground_zone_node(zone, z, source) for z, zone in enumerate(sheet.underground_zones)
        ]
    if sheet.terrain:
        group = root.add(f"Terrain ({len(sheet.terrain)} hexes)", "/terrain", "group")
        for label, terrain in sorted(sheet.terrain.items()):
            group.add(f"{sheet.id}{label} {terrain.replace('_', ' ')}", f"/terrain/{label}", "terrain")
    return root


def cards_outline(library: CardLibrary, source: Path | None) -> OutlineNode:
    title = f" — {library.title}" if library.title else ""
    root = OutlineNode(f"Cards {library.id}{title}", source, "", "cards")
    groups = (
        ("Unit cards", "unit_cards", library.unit_cards),
        ("Support cards", "support_cards", library.support_cards),
        ("Event cards", "event_cards", library.event_cards),
    )
    for label, key, cards in groups:
        if not cards:
            continue
        group = root.add(f"{label} ({len(cards)})", f"/{key}", "group")
        for i, card in enumerate(cards):
            name = getattr(card, "name", None) or getattr(card, "title", "")
            group.add(f"{card.id} — {name}", f"/{key}/{i}", "card")
    return root


@dataclass
class Reference:
    """A file a scenario uses, with its model when it could be loaded."""

    path: Path
    model: MapSheet | CardLibrary | None
    error: str = ""


def scenario_outline(
    scenario: Scenario,
    source: Path | None,
    sheets: list[Reference],
    inserts: list[Reference],
    libraries: list[Reference],
) -> OutlineNode:
    root = OutlineNode(f"Scenario {scenario.id} — {scenario.title}", source, "", "scenario")
    for label, refs in (("Sheets", sheets), ("Underground inserts", inserts), ("Card libraries", libraries)):
        if not refs:
            continue
        group = root.add(label, "", "group")
        for ref in refs:
            if isinstance(ref.model, MapSheet):
                node = sheet_outline(ref.model, ref.path)
            elif isinstance(ref.model, CardLibrary):
                node = cards_outline(ref.model, ref.path)
            else:
                node = OutlineNode(f"{ref.path.name} (unusable: {ref.error})", ref.path, "", "missing")
            group.children.append(node)
    for side_name in ("green", "red"):
        side = getattr(scenario.sides, side_name)
        group = root.add(f"{side_name.capitalize()}: {side.name}", f"/sides/{side_name}", "side")
        for f, force in enumerate(side.impulse_forces):
            fp = f"/sides/{side_name}/impulse_forces/{f}"
            fnode = group.add(
                f"Impulse force {force.id}" + (f" — {force.name}" if force.name else ""), fp, "force"
            )
            for b, block in enumerate(force.blocks):
                at = f" at {block.at}" if block.at else ""
                fnode.add(f"{block.id} ({block.type.replace('_', ' ')}){at}", f"{fp}/blocks/{b}", "block")
    return root
