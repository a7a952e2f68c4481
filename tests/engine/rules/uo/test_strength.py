"""Strength summary of an order of battle (4.3.2.1 OSL levels, 4.3.6 range bands, 8.2.7.4
capability), computed from the scenario and its cards."""

from __future__ import annotations

from pathlib import Path

from engine.io.files import load_document
from engine.model.cards import BlockProfile, BlockType, CardLibrary, Protection, UnitCard, Weapon
from engine.model.scenario import Block, ImpulseForce, Scenario, Side
from engine.rules.uo.strength import band_labels, side_strength, strength

ROOT = Path(__file__).resolve().parents[4]


def _sample() -> tuple[Scenario, list[CardLibrary]]:
    scenario = load_document(ROOT / "scenarios" / "harbour-crossing.yaml").model
    assert isinstance(scenario, Scenario)
    libraries = [load_document(ROOT / "scenarios" / rel).model for rel in scenario.cards]
    return scenario, [lib for lib in libraries if isinstance(lib, CardLibrary)]


def _one_force(*blocks: Block) -> Scenario:
    scenario, _ = _sample()
    scenario.sides.green.impulse_forces = [ImpulseForce(id="f", support_points=3, blocks=list(blocks))]
    scenario.sides.green.logistics = None
    return scenario


CARD = UnitCard(
    id="c",
    name="Card",
    blocks=[
        BlockProfile(
            type=BlockType.infantry,
            weapons=[
                Weapon(id="rifle", name="Rifles", firepower=[6, 5, 4, None]),
                Weapon(id="at", name="AT", firepower=[None, 7, 7, 7], targets="all", min_range=6),
            ],
        ),
        BlockProfile(type=BlockType.commander, osl_levels=2),
        BlockProfile(
            type=BlockType.apc,
            protection=Protection.armoured,
            capacity=2,
            weapons=[Weapon(id="hmg", name="HMG", firepower=[5, 5, 5, 4, 3], targets="armoured")],
        ),
    ],
)


def test_4_3_6_best_weapon_per_band_and_8_2_7_4_only_capable_weapons_against_a_class() -> None:
    scenario = _one_force(
        Block(id="i1", card="c", type=BlockType.infantry),
        Block(id="i2", card="c", type=BlockType.infantry, at="A0101"),
        Block(id="v", card="c", type=BlockType.apc, hidden=False),
    )
    s = side_strength(scenario, Side.green, {"c": CARD})
    # soft: two infantry (rifles 6,5,4,0 then AT 7 from band 6-10 on, not 2-5: min range 6) + hmg
    assert s.firepower[Protection.soft] == (2 * 6 + 5, 2 * 5 + 5, 2 * 7 + 5, 2 * 7 + 4, 3, 0)
    # armoured: AT only (from 6-10) and the HMG (armoured capability)
    assert s.firepower[Protection.armoured] == (5, 5, 2 * 7 + 5, 2 * 7 + 4, 3, 0)
    # MBT: only weapons of capability 'all'
    assert s.firepower[Protection.mbt] == (0, 0, 14, 14, 0, 0)
    assert s.by_type == {BlockType.infantry: 2, BlockType.apc: 1}
    assert (s.blocks, s.osl, s.vehicles, s.capacity, s.hidden, s.placed) == (3, 9, 1, 2, 2, 1)
    assert s.support_points == 3 and s.reserve == 0 and s.unknown == ()


def test_4_3_2_1_two_level_blocks_and_blocks_of_unknown_cards() -> None:
    scenario = _one_force(
        Block(id="cmd", card="c", type=BlockType.commander),
        Block(id="x", card="missing", type=BlockType.infantry),
        Block(id="y", card="c", type=BlockType.mbt),
    )
    s = side_strength(scenario, Side.green, {"c": CARD})
    assert s.osl == 2
    assert s.unknown == ("x", "y")
    assert s.blocks == 3 and s.vehicles == 1


def test_sample_scenario_counts_every_block_reinforcements_and_reserve() -> None:
    scenario, libraries = _sample()
    figures = strength(scenario, libraries)
    green = figures[Side.green]
    n = sum(len(f.blocks) for f in scenario.sides.green.impulse_forces)
    assert green.blocks == n and green.unknown == ()
    assert green.reinforcements == 5  # the National Guard platoon enters on turn 3
    assert green.support_points == 2 + 3 + 1 and green.reserve == 4
    assert green.by_type[BlockType.mbt] == 2
    assert figures[Side.red].blocks == sum(len(f.blocks) for f in scenario.sides.red.impulse_forces)
    assert band_labels() == ["1", "2-5", "6-10", "11-15", "16-20", "21-25"]
