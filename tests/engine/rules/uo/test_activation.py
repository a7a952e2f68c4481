"""The activation budget and climbing helpers as functions over values (engine/rules/uo/
activation.py): the one home the play and the bots share (issue 10 item 3)."""

from __future__ import annotations

import pytest

from engine.battlefield.movement import Unit
from engine.model.cards import BlockProfile, BlockType, Protection
from engine.rules.uo.activation import (
    CLIMBABLE,
    MOVE_ONLY,
    OUT_OF_SIGHT,
    WITH_ACTION,
    activation_budget,
    fire_and_move,
    helps_climb,
    may_still_act,
    mover_of,
    unit_of,
)


def budget(unit: Unit = Unit.foot, **kw: object) -> int:
    args: dict[str, object] = dict(
        spent=0, acted_at=None, fire_and_move=False, unseen=False, night=False, underground=False
    )
    args.update(kw)
    return activation_budget(unit, **args)  # type: ignore[arg-type]


@pytest.mark.parametrize("unit", list(Unit))
def test_7_1_2_moving_only_is_6_or_12_mp(unit: Unit) -> None:
    assert budget(unit) == MOVE_ONLY[unit] == {Unit.foot: 6, Unit.vehicle: 12}[unit]


@pytest.mark.parametrize("unit", list(Unit))
def test_8_1_13_out_of_sight_is_9_or_18_mp(unit: Unit) -> None:
    assert budget(unit, unseen=True) == OUT_OF_SIGHT[unit] == {Unit.foot: 9, Unit.vehicle: 18}[unit]


@pytest.mark.parametrize(("night", "underground"), [(True, False), (False, True), (True, True)])
def test_9_1_and_8_1_13_no_out_of_sight_bonus_at_night_or_underground(night: bool, underground: bool) -> None:
    assert budget(unseen=True, night=night, underground=underground) == MOVE_ONLY[Unit.foot]


@pytest.mark.parametrize("unit", list(Unit))
def test_7_1_2_an_action_before_moving_leaves_3_or_6_mp(unit: Unit) -> None:
    assert budget(unit, acted_at=0, unseen=True) == WITH_ACTION[unit] == {Unit.foot: 3, Unit.vehicle: 6}[unit]


def test_7_1_2_a_block_that_moved_then_acted_moves_no_more() -> None:
    assert budget(spent=2, acted_at=2) == 2
    assert budget(Unit.vehicle, spent=5, acted_at=5) == 5


def test_8_1_15_armour_may_move_fire_and_move_on_within_6_mp() -> None:
    assert budget(Unit.vehicle, spent=4, acted_at=4, fire_and_move=True) == 6


def test_7_1_2_an_action_is_open_within_3_or_6_mp_and_once() -> None:
    assert may_still_act(Unit.foot, spent=3, acted_at=None)
    assert not may_still_act(Unit.foot, spent=4, acted_at=None)
    assert may_still_act(Unit.vehicle, spent=6, acted_at=None)
    assert not may_still_act(Unit.foot, spent=0, acted_at=0)


def profile(kind: BlockType, protection: Protection = Protection.soft, ladder: bool = False) -> BlockProfile:
    return BlockProfile(type=kind, name=kind.value, osl_levels=3, protection=protection, ladder=ladder)


def test_8_1_6_apcs_tanks_and_ladders_are_climbed_over() -> None:
    assert {BlockType.apc, BlockType.mbt} == CLIMBABLE
    assert helps_climb(profile(BlockType.apc, Protection.armoured))
    assert helps_climb(profile(BlockType.mbt, Protection.mbt))
    assert helps_climb(profile(BlockType.engineer, ladder=True))
    assert not helps_climb(profile(BlockType.infantry))
    assert not helps_climb(profile(BlockType.unarmoured_vehicle))


def test_8_1_15_only_armoured_vehicles_fire_and_move() -> None:
    assert fire_and_move(profile(BlockType.armoured_vehicle, Protection.armoured))
    assert fire_and_move(profile(BlockType.mbt, Protection.mbt))
    assert not fire_and_move(profile(BlockType.unarmoured_vehicle))
    assert not fire_and_move(profile(BlockType.infantry))


def test_a_block_moves_by_its_unit_class_and_ladder() -> None:
    assert unit_of(profile(BlockType.apc, Protection.armoured)) == Unit.vehicle
    assert unit_of(profile(BlockType.infantry)) == Unit.foot
    assert mover_of(profile(BlockType.engineer, ladder=True)).ladder
