"""The deterministic parts of a fight as functions over values (engine/rules/uo/combat.py):
what the play resolves with and the bots estimate with (issue 10 item 3)."""

from __future__ import annotations

import pytest

from engine.model.cards import BlockType, Protection, TargetCapability, Weapon
from engine.rules.uo import combat
from engine.rules.uo.combat import Exchange, Strike
from engine.rules.uo.rule_tables import load_combat
from engine.rules.uo.tables import Critical

T = load_combat()
NONE = Critical()


def test_8_2_7_5_higher_firepower_wins_and_the_higher_die_adds_1() -> None:
    assert combat.exchange(T, 5, 4, 3, 3, NONE, NONE) == Exchange(attacker_wins=True)
    # 4 + 1 for the higher die against 5: equality, each loses
    assert combat.exchange(T, 4, 5, 6, 2, NONE, NONE) == Exchange(attacker_wins=None)
    assert combat.exchange(T, 4, 5, 2, 6, NONE, NONE) == Exchange(attacker_wins=False)


def test_8_2_7_5_a_critical_hit_adds_its_firepower() -> None:
    assert combat.exchange(T, 3, 5, 8, 2, Critical(fp=2), NONE) == Exchange(attacker_wins=True)


def test_8_2_7_5_opponent_loses_decides_unless_both_have_it() -> None:
    wins = Critical(wins=True)
    assert combat.exchange(T, 0, 9, 9, 0, wins, NONE) == Exchange(attacker_wins=True)
    assert combat.exchange(T, 9, 0, 9, 9, wins, wins) == Exchange(attacker_wins=None)


def test_8_2_7_5_destruction_is_applied_at_once_on_both_sides() -> None:
    boom = Critical(wins=True, destroys=True)
    assert combat.exchange(T, 0, 9, 9, 9, boom, boom) == Exchange(True, True)
    assert combat.exchange(T, 0, 9, 9, 0, boom, Critical(wins=True)).destruction


def test_8_2_7_6_losses_of_the_combat_results_table() -> None:
    extra = Critical(wins=True, extra_loss=1)
    won = combat.exchange(T, 0, 0, 9, 0, extra, NONE)
    assert combat.losses(T, "fire", won, extra, NONE) == (T.combat_loss("fire", False) + 1, 0)
    equal = combat.exchange(T, 3, 3, 4, 4, NONE, NONE)
    each = T.combat_loss("assault", True)
    assert combat.losses(T, "assault", equal, NONE, NONE) == (each, each)


def test_8_2_7_4_a_sniper_critical_only_wins_against_an_mbt() -> None:
    crit = combat.critical_hit(
        T, 9, target=Protection.mbt, weapon_bonus=False, assault=False, sniper_long=False, sniper_at_mbt=True
    )
    assert crit.wins and not crit.destroys


def test_8_2_7_5_expected_losses_are_even_at_equal_firepower_and_favour_the_stronger() -> None:
    them, us = combat.expected_losses(T, 0, False)
    assert them == pytest.approx(us)
    ahead_them, ahead_us = combat.expected_losses(T, 3, False)
    assert ahead_them > them and ahead_us < us
    # the expectation is the average of `exchange` over the 100 pairs of dice
    total = 0.0
    for a in range(10):
        for b in range(10):
            ca = combat.critical_hit(
                T, a, target=Protection.soft, weapon_bonus=False, assault=True, sniper_long=False
            )
            cb = combat.critical_hit(
                T, b, target=Protection.soft, weapon_bonus=False, assault=True, sniper_long=False
            )
            result = combat.exchange(T, 2, 0, a, b, ca, cb)
            total += (
                combat.DESTROYED
                if result.attacker_destroys
                else (0 if result.destruction else combat.losses(T, "assault", result, ca, cb)[0])
            )
    assert combat.expected_losses(T, 2, True, Strike(), Strike())[0] == pytest.approx(total / 100)


def test_aid_card_modifiers_add_up() -> None:
    m = T.modifiers
    assert combat.modifiers(T, commanded=True, infrastructure=True, opportunity=True, losses=2, levels=3) == (
        m.command + m.infrastructure + m.opportunity + m.poor_osl
    )
    assert (
        combat.modifiers(T, commanded=False, infrastructure=False, opportunity=False, losses=0, levels=3) == 0
    )


def test_7_2_2_command_bonus_within_range_and_never_for_leaders() -> None:
    assert combat.commanded(BlockType.infantry, True, T.command_range, T)
    assert not combat.commanded(BlockType.infantry, True, None, T)
    assert not combat.commanded(BlockType.platoon_leader, True, 0, T)
    assert not combat.commanded(BlockType.infantry, False, 0, T)


def test_8_2_8_1_storming_a_building_needs_the_leader_near_unless_elite() -> None:
    kw = dict(into_building=True, elite=False, is_leader=False)
    assert combat.may_storm(T, leader_ep=T.command_range, **kw)  # type: ignore[arg-type]
    assert not combat.may_storm(T, leader_ep=None, **kw)  # type: ignore[arg-type]
    assert combat.may_storm(T, into_building=True, elite=True, is_leader=False, leader_ep=None)
    assert combat.may_storm(T, into_building=True, elite=False, is_leader=True, leader_ep=None)
    assert combat.may_storm(T, into_building=False, elite=False, is_leader=False, leader_ep=None)


def test_8_2_7_4_capability_and_snipers() -> None:
    rifle = Weapon(id="r", name="rifle", targets=TargetCapability.soft, firepower=[3, 2])
    assert combat.capable(BlockType.infantry, rifle, BlockType.infantry, Protection.soft)
    assert not combat.capable(BlockType.infantry, rifle, BlockType.apc, Protection.armoured)
    assert combat.capable(BlockType.sniper, rifle, BlockType.mbt, Protection.mbt)
    assert not combat.capable(BlockType.sniper, rifle, BlockType.infantry, Protection.soft)


def test_4_3_6_firepower_by_range_band() -> None:
    rifle = Weapon(id="r", name="rifle", targets=TargetCapability.soft, firepower=[3, 2, 1])
    assert combat.weapon_firepower(T, rifle, 1, True, False, False) == 3
    assert combat.weapon_firepower(T, rifle, 1, False, False, False) is None  # point-blank: assault
    assert combat.weapon_firepower(T, rifle, 5, False, False, False) == 2
    assert combat.weapon_firepower(T, rifle, 10, False, False, False) == 1
    assert combat.weapon_firepower(T, rifle, 11, False, False, False) is None


def test_4_3_5_a_back_blast_weapon_never_fires_from_inside_a_building() -> None:
    rpg = Weapon(
        id="rpg", name="RPG", firepower=[3, 3], targets=TargetCapability.all, no_fire_from_building=True
    )
    rifle = Weapon(id="rifle", name="Rifles", firepower=[2, 2])
    assert combat.fires_from(rpg, inside_building=False)
    assert not combat.fires_from(rpg, inside_building=True)
    assert combat.fires_from(rifle, inside_building=True)


def test_8_2_7_5_expected_losses_kept_per_tables_are_those_worked_out() -> None:
    """The expectations kept for a series' games (combat.expected_losses_kept) are the rules'
    `expected_losses` of the same tables: asked again, the same; other tables, their own."""
    import dataclasses

    strikes = [Strike(), Strike(Protection.armoured, True), Strike(Protection.soft, False, True)]
    asked = [
        (d, a, o, t) for d in range(-6, 7, 2) for a in (False, True) for o in strikes for t in strikes[:2]
    ]
    worked = [combat.expected_losses(T, *args) for args in asked]
    assert [combat.expected_losses_kept(T, *args) for args in asked] == worked
    assert [combat.expected_losses_kept(T, *args) for args in reversed(asked)] == worked[::-1]
    other = dataclasses.replace(T, chance_bonus=T.chance_bonus + 3)
    theirs = [combat.expected_losses_kept(other, *args) for args in asked]
    assert theirs == [combat.expected_losses(other, *args) for args in asked] != worked
