"""The strength of each side's order of battle, from the scenario and its unit cards alone:
what the editor shows beside the orders of battle so a designer sees balance at a glance.

Read at full strength and by day: every block of the side counts, reinforcements and
mounted blocks too (they are in the game), each at its card's OSL levels (4.3.2.1).
Firepower by range band against a target class is, per block, its best weapon that can
fire in that band (4.3.6: one weapon per fire; a weapon with a minimum range cannot fire in
a band wholly below it) and that is effective against the class (8.2.7.4), summed over the
side's blocks. A block whose card or type is not in the libraries counts by type only
(`unknown` names it) so a half-made order of battle still has a summary.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...model.cards import VEHICLE_TYPES, BlockProfile, BlockType, CardLibrary, Protection, UnitCard, Weapon
from ...model.scenario import Scenario, Side, SideSetup
from .combat import can_hit

#: upper bound in EP of each day range band of the shipped combat tables (4.3.6)
DAY_BANDS: tuple[int, ...] = (1, 5, 10, 15, 20, 25)


def band_labels(bands: tuple[int, ...] = DAY_BANDS) -> list[str]:
    """'1', '2-5', '6-10', ... as printed on the cards."""
    out: list[str] = []
    lower = 1
    for upper in bands:
        out.append(str(upper) if upper == lower else f"{lower}-{upper}")
        lower = upper + 1
    return out


@dataclass(frozen=True)
class Strength:
    side: Side
    blocks: int
    by_type: dict[BlockType, int]
    osl: int
    #: firepower[target class][band index], summed over the side's blocks
    firepower: dict[Protection, tuple[int, ...]]
    vehicles: int
    #: transport capacity of the vehicles and weight of the foot blocks (8.2.4)
    capacity: int
    support_points: int
    reserve: int
    reinforcements: int
    hidden: int
    placed: int
    #: block ids whose card or type the libraries do not have
    unknown: tuple[str, ...]


def unit_cards(libraries: Iterable[CardLibrary]) -> dict[str, UnitCard]:
    """Unit cards by id; the first library naming a card wins, as in the game."""
    out: dict[str, UnitCard] = {}
    for library in libraries:
        for card in library.unit_cards:
            out.setdefault(card.id, card)
    return out


def _profile(cards: Mapping[str, UnitCard], card: str, block_type: BlockType) -> BlockProfile | None:
    unit = cards.get(card)
    if unit is None:
        return None
    return next((p for p in unit.blocks if p.type == block_type), None)


def _fires_in(w: Weapon, index: int, bands: tuple[int, ...]) -> int | None:
    if index >= len(w.firepower) or w.firepower[index] is None:
        return None
    if w.min_range and bands[index] < w.min_range:
        return None
    return w.firepower[index]


def side_strength(
    scenario: Scenario, side: Side, cards: Mapping[str, UnitCard], bands: tuple[int, ...] = DAY_BANDS
) -> Strength:
    setup: SideSetup = getattr(scenario.sides, side.value)
    by_type: Counter[BlockType] = Counter()
    firepower = {p: [0] * len(bands) for p in Protection}
    osl = vehicles = capacity = hidden = placed = reinforcements = 0
    unknown: list[str] = []
    for force in setup.impulse_forces:
        for block in force.blocks:
            by_type[block.type] += 1
            hidden += block.hidden
            placed += block.at is not None
            reinforcements += force.entry is not None
            vehicles += block.type in VEHICLE_TYPES
            profile = _profile(cards, block.card, block.type)
            if profile is None:
                unknown.append(block.id)
                continue
            osl += profile.osl_levels
            if block.type in VEHICLE_TYPES:
                capacity += profile.capacity
            for target in Protection:
                for i in range(len(bands)):
                    best = max(
                        (
                            fp
                            for w in profile.weapons
                            if can_hit(w.targets, target) and (fp := _fires_in(w, i, bands)) is not None
                        ),
                        default=0,
                    )
                    firepower[target][i] += best
    return Strength(
        side=side,
        blocks=sum(by_type.values()),
        by_type=dict(sorted(by_type.items(), key=lambda kv: list(BlockType).index(kv[0]))),
        osl=osl,
        firepower={p: tuple(v) for p, v in firepower.items()},
        vehicles=vehicles,
        capacity=capacity,
        support_points=sum(f.support_points for f in setup.impulse_forces),
        reserve=setup.logistics.reserve if setup.logistics is not None else 0,
        reinforcements=reinforcements,
        hidden=hidden,
        placed=placed,
        unknown=tuple(unknown),
    )


def strength(
    scenario: Scenario, libraries: Iterable[CardLibrary], bands: tuple[int, ...] = DAY_BANDS
) -> dict[Side, Strength]:
    """Both sides' strength, from the scenario and its card libraries."""
    cards = unit_cards(libraries)
    return {side: side_strength(scenario, side, cards, bands) for side in Side}
