"""Advanced rules, 10 Combat (10.1-10.8), on the small map (small.py): each rule acts only
when the scenario lists it, so every test plays the same position with the rule and
without it. Dice are scripted (test_fire.Dice): a fire rolls the firer's die, then the
replying block's; veteran blocks roll no quality die."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from engine.model.cards import BlockType
from engine.model.scenario import AdvancedRule, Side
from engine.rules.log import replay_actions
from engine.rules.uo import antitank, armour_cover, fight_terms, infantry_smoke, invariants
from engine.rules.uo.actions import (
    ActivatePair,
    Breach,
    JoinCover,
    SmokeGrenade,
    SupportedFire,
    SuppressingFire,
    action_from_json,
    action_to_json,
)
from engine.rules.uo.advanced_combat import _able_supporters, machine_gun, supported_fires, supporters
from engine.rules.uo.game import Game
from engine.rules.uo.play import (
    Activate,
    CoverFire,
    EndActivation,
    EndImpulse,
    Fire,
    Move,
    Pass,
    Play,
    ReturnFire,
    StartImpulse,
    TakeLosses,
    Withdraw,
)
from engine.rules.uo.ruleset import URBAN_OPERATIONS
from engine.rules.uo.state import Fight, other

from . import small
from .small import ROOM_N, B
from .test_breaching import BREACH, on_breach_map
from .test_fire import activate, check, game_of, legal, move, play_of

INF, ENG, SW, SNIPER, PL = (
    BlockType.infantry,
    BlockType.engineer,
    BlockType.support_weapons,
    BlockType.sniper,
    BlockType.platoon_leader,
)
APC, MBT = BlockType.apc, BlockType.mbt
R = AdvancedRule


def both(
    green: Sequence[B], red: Sequence[B], rule: AdvancedRule, *rolls: int, **options: object
) -> tuple[Play, Play]:
    """The same position without the rule and with it, each with the same scripted dice."""
    off = play_of(game_of(green, red, **options), *rolls)
    on = play_of(game_of(green, red, advanced_rules=[rule], **options), *rolls)
    return off, on


def end_turn(play: Play) -> None:
    """Close the impulse under way and pass twice: the next turn begins."""
    if play.state.activation is not None:
        play.apply(EndActivation())
    if play.state.impulse is not None:
        play.apply(EndImpulse())
    play.apply(Pass())
    play.apply(Pass())


def test_10_actions_round_trip_through_json() -> None:
    for action in (
        SmokeGrenade("S0803"),
        SupportedFire("S0806", "rifles", "b"),
        SuppressingFire("S0806", "mg"),
        JoinCover("tank"),
        ActivatePair("tank"),
    ):
        assert action_from_json(action_to_json(action)) == action


# --- 10.1 infantry smoke ----------------------------------------------------------------------


def test_10_1_infantry_throws_smoke_within_3_ep_only_with_the_rule() -> None:
    off, on = both([B("g", INF, "S0801")], [B("r", INF, "S0804")], R.infantry_smoke)
    for play in (off, on):
        activate(play, "g")
    assert not legal(off, SmokeGrenade)
    aims = {a.target for a in legal(on, SmokeGrenade)}
    assert "S0804" in aims and "S0803" in aims  # the enemy's hex and one next to it
    assert all(on.ep("S0801", aim, 3) is not None for aim in aims)  # within 3 EP
    assert "S0805" not in aims  # 4 EP away
    on.apply(SmokeGrenade("S0803"))
    s = on.state
    assert len(s.smoke) == 3 and "S0803" in s.smoke  # three hexes drifting downwind (8.2.7.8)
    assert s.blocks["g"].revealed and s.activation is not None and s.activation.acted_at == 0
    assert not on.log[-1]["rolls"]
    assert not legal(on, Fire)  # the grenade was its action
    check(on)
    check(off)


def test_10_1_only_infantry_and_engineers_throw_smoke() -> None:
    game = game_of(
        [B("eng", ENG, "S0801"), B("sw", SW, "S0701"), B("apc", APC, "S0901")],
        [B("r", INF, "S0803")],
        advanced_rules=[R.infantry_smoke],
    )
    play = play_of(game)
    assert infantry_smoke.may_throw(play, "eng")
    assert not infantry_smoke.may_throw(play, "sw") and not infantry_smoke.may_throw(play, "apc")
    activate(play, "eng")
    assert legal(play, SmokeGrenade)
    check(play)


def test_10_1_a_grenade_goes_over_obstacles_but_out_of_a_building_only_where_it_sees() -> None:
    play = play_of(
        game_of(
            [B("g", INF, "S0505"), B("in", INF, ROOM_N)],
            [B("r", INF, "S1310")],
            advanced_rules=[R.infantry_smoke],
        )
    )
    assert not play.sees("S0505", "S0603")
    assert infantry_smoke.reaches(play, "g", "S0603")  # over the building, 2 EP
    assert infantry_smoke.reaches(play, "in", small.DOOR_HEX)  # out through the door
    bf = play.game.battlefield
    unseen = [
        loc.id
        for loc in bf.locations
        if loc.kind.value == "hex"
        and play.ep(ROOM_N, loc.id, 3) is not None
        and not play.sees(ROOM_N, loc.id)
    ]
    assert unseen and not any(infantry_smoke.reaches(play, "in", h) for h in unseen)
    assert not infantry_smoke.reaches(play, "g", small.ROOM_S)  # no counter inside a building
    check(play)


# --- 10.2 supporting fire ---------------------------------------------------------------------


def test_10_2_supporting_fire_gives_2_fp_and_activates_the_supporting_block() -> None:
    green = [B("a", INF, "S0801"), B("b", INF, "S0901")]
    red = [B("r", INF, "S0806")]
    # rifles 5 each at 5 EP; the target's die is higher (+1): 5 against 6
    off, on = both(green, red, R.supporting_fire, 3, 5)
    activate(off, "a")
    assert not legal(off, SupportedFire)
    off.apply(Fire("S0806", "rifles"))
    off.apply(ReturnFire("rifles"))
    assert off.state.blocks["a"].losses == 1 and off.state.blocks["r"].losses == 0

    activate(on, "a")
    assert SupportedFire("S0806", "rifles", "b") in legal(on, SupportedFire)
    on.apply(SupportedFire("S0806", "rifles", "b"))
    s = on.state
    assert s.blocks["b"].activated and s.blocks["b"].revealed
    assert s.impulse is not None and s.impulse.activated == ["a", "b"]
    on.apply(ReturnFire("rifles"))
    # 5 + 2 against 6: the firer wins; only A is in the fight
    assert s.blocks["r"].losses == 1 and s.blocks["a"].losses == 0 and s.blocks["b"].losses == 0
    assert Activate("b") not in on.legal_actions()
    on.apply(EndActivation())
    assert s.blocks["a"].activated and s.blocks["b"].activated
    check(on)
    check(off)


def test_10_2_no_support_from_a_block_that_cannot_see_the_target() -> None:
    game = game_of(
        [B("a", INF, "S0801"), B("b", INF, small.WEST_YARD)],
        [B("r", INF, small.DOOR_HEX)],
        advanced_rules=[R.supporting_fire],
    )
    play = play_of(game)
    assert not play.sees(small.WEST_YARD, small.DOOR_HEX)
    activate(play, "a")
    assert Fire(small.DOOR_HEX, "rifles") in play.legal_actions()
    assert not any(a.support == "b" for a in legal(play, SupportedFire))
    check(play)


# --- 10.3 suppressing fire --------------------------------------------------------------------


def test_10_3_a_suppressing_win_marks_the_target_reaction_instead_of_losses() -> None:
    green = [B("g", INF, "S0801")]
    red = [B("r", INF, "S0805", hidden=False)]
    # the firer's 8 is a critical hit (+1 FP for a normal fire); the target rolls 2
    off, on = both(green, red, R.suppressing_fire, 8, 2)
    activate(off, "g")
    assert not legal(off, SuppressingFire)
    off.apply(Fire("S0805", "rifles"))
    off.apply(ReturnFire("rifles"))
    assert off.state.blocks["r"].losses == 1 and not off.state.blocks["r"].reaction

    activate(on, "g")
    assert SuppressingFire("S0805", "rifles") in legal(on, SuppressingFire)
    on.apply(SuppressingFire("S0805", "rifles"))
    on.apply(ReturnFire("rifles"))
    s = on.state
    assert s.blocks["r"].losses == 0 and s.blocks["r"].reaction  # suppressed
    assert s.blocks["g"].losses == 0
    assert not legal(on, Move)  # no move after a suppressing fire
    check(on)
    check(off)


def test_10_3_a_critical_hit_wins_a_suppressing_fire_whatever_the_firepower() -> None:
    # the firer's 7 is a critical hit: suppressing, it wins; but the target's 9 is a
    # critical hit too ("opponent loses"): both win, an equality, each loses as usual
    green = [B("g", INF, "S0801")]
    red = [B("r", INF, "S0805", hidden=False)]
    play = play_of(game_of(green, red, advanced_rules=[R.suppressing_fire]), 7, 9)
    activate(play, "g")
    play.apply(SuppressingFire("S0805", "rifles"))
    play.apply(ReturnFire("mg"))
    s = play.state
    assert s.blocks["g"].losses == 1 and s.blocks["r"].losses == 1 and not s.blocks["r"].reaction
    check(play)


def test_10_3_only_when_activated_before_any_move_and_at_a_revealed_foot_block() -> None:
    game = game_of(
        [B("g", INF, "S0801"), B("atgm", SW, "S0701")],
        [B("r", INF, "S0806", hidden=False), B("hid", INF, "S0906"), B("apc", APC, "S1006", hidden=False)],
        advanced_rules=[R.suppressing_fire],
    )
    play = play_of(game)
    activate(play, "g")
    targets = {a.target for a in legal(play, SuppressingFire)}
    assert "S0806" in targets and "S0906" not in targets and "S1006" not in targets
    move(play, "S0802")
    assert not legal(play, SuppressingFire)  # it moved: an ordinary fire only
    assert legal(play, Fire)
    play.apply(EndActivation())
    play.apply(Activate("atgm"))
    assert not legal(play, SuppressingFire)  # a support weapons block without a machine gun
    cards = play.game.blocks
    assert machine_gun(next(w for w in cards["g"].profile.weapons if w.id == "mg"))
    assert not machine_gun(next(w for w in cards["atgm"].profile.weapons if w.id == "atgm"))
    check(play)


# --- 10.4 armour cover ------------------------------------------------------------------------


def _paired(rule: bool) -> Play:
    """Green infantry next to its tank, red infantry down the street."""
    play = play_of(
        game_of(
            [B("inf", INF, "S0802"), B("tank", MBT, "S0803")],
            [B("r", INF, "S0808")],
            advanced_rules=[R.armor_cover] if rule else [],
        )
    )
    activate(play, "inf")
    return play


def test_10_4_1_a_foot_block_pairs_with_its_tank_only_with_the_rule() -> None:
    off = _paired(False)
    assert not legal(off, JoinCover)
    check(off)
    play = _paired(True)
    assert legal(play, JoinCover) == {JoinCover("tank")}
    play.apply(JoinCover("tank"))
    s = play.state
    assert s.pairs == {"inf": "tank"}
    assert s.blocks["inf"].location == "S0803" == s.blocks["tank"].location
    assert s.activation is None and s.blocks["inf"].activated
    assert s.blocks["tank"].activated  # it cannot be activated this turn
    assert Activate("tank") not in play.legal_actions()
    assert play.observation(Side.green).pairs == (("inf", "tank"),)
    assert play.observation(Side.green).to_json()["pairs"] == [["inf", "tank"]]
    assert play.observation(Side.red).pairs == ()  # red sees two blocks in the hex, no more
    check(play)  # two blocks in one hex: a pair


def test_10_4_1_a_covered_foot_block_cannot_be_targeted() -> None:
    play = _paired(True)
    play.apply(JoinCover("tank"))
    play.apply(EndImpulse())
    play.state.blocks["tank"].revealed = play.state.blocks["inf"].revealed = True
    activate(play, "r")
    assert play.block_at("S0803", Side.green) == "tank"
    # the rifles cannot hurt a tank: nothing to fire at there, nor to scout
    assert not any(getattr(a, "target", None) == "S0803" for a in play.legal_actions())
    check(play)
    off = _paired(False)  # the same blocks without the rule: the infantry stays a target
    off.apply(EndActivation())
    off.apply(EndImpulse())
    off.state.blocks["tank"].revealed = off.state.blocks["inf"].revealed = True
    activate(off, "r")
    assert Fire("S0802", "rifles") in off.legal_actions()
    check(off)


def test_10_4_2_a_pair_moves_6_mp_together_and_only_the_vehicle_fires() -> None:
    play = _paired(True)
    play.apply(JoinCover("tank"))
    end_turn(play)
    play.state.active = Side.green
    play.apply(StartImpulse("g1"))
    assert ActivatePair("tank") in play.legal_actions()
    play.apply(ActivatePair("tank"))
    s = play.state
    assert s.impulse is not None and s.impulse.activated == ["tank", "inf"]
    assert s.blocks["inf"].activated
    assert all(isinstance(a, (Move, Fire, EndActivation)) for a in play.legal_actions())
    for hex_ in ("S0703", "S0603", "S0503", "S0403", "S0303", "S0203"):
        move(play, hex_)
        assert s.blocks["inf"].location == hex_ == s.blocks["tank"].location
    assert not legal(play, Move)  # 6 MP spent
    play.apply(EndActivation())
    assert s.pairs == {"inf": "tank"} and s.blocks["tank"].activated
    check(play)


def test_10_4_2_activating_one_block_splits_the_pair_and_it_leaves_first() -> None:
    play = _paired(True)
    play.apply(JoinCover("tank"))
    end_turn(play)
    play.state.active = Side.green
    play.apply(StartImpulse("g1"))
    play.apply(Activate("inf"))
    assert play.state.pairs == {}
    offered = play.legal_actions()
    assert EndActivation() not in offered and not any(isinstance(a, Fire) for a in offered)
    move(play, "S0802")
    assert EndActivation() in play.legal_actions()
    play.apply(EndActivation())
    check(play)


def test_10_4_2_a_pair_is_split_when_one_of_its_blocks_is_eliminated() -> None:
    play = _paired(True)
    play.apply(JoinCover("tank"))
    play.apply(EndImpulse())
    play.eliminate("tank", by=None)
    play.apply(Pass())  # any action settles the pairs
    assert play.state.pairs == {} and play.state.blocks["inf"].on_map
    check(play)


def test_10_4_2_a_paired_vehicle_does_not_withdraw() -> None:
    play = _paired(True)
    play.apply(JoinCover("tank"))
    play.apply(EndImpulse())
    activate(play, "r")
    play.state.blocks["tank"].revealed = True
    # red's rifles cannot hurt the tank: fire with a hidden-capability gamble is not
    # offered; put the fight up by hand as an opportunity fire would
    play.state.pending.append(Fight("fire", "r", "rifles", "tank"))
    play._legal = None
    assert Withdraw() not in play.legal_actions()
    assert armour_cover.paired(play, "tank")


def _enemy_gun_at_a_pair(rule: bool) -> Play:
    """Green infantry under an APC's cover (or beside it without the rule); a red tank fires
    its gun (heavy, 1 EP around the target) at the APC, whose HMG cannot answer a tank."""
    green = [B("inf", INF, "S0804"), B("apc", APC, "S0803")]
    # (no die: a target with no adequate answer takes the set loss, 8.2.7.4)
    play = play_of(game_of(green, [B("rt", MBT, "S0808")], advanced_rules=[R.armor_cover] if rule else []))
    activate(play, "inf")
    if rule:
        play.apply(JoinCover("apc"))
    else:
        play.apply(EndActivation())
    play.apply(EndImpulse())
    activate(play, "rt")
    play.apply(Fire("S0803", "gun"))
    play.apply(TakeLosses())
    return play


def test_10_4_1_a_covered_foot_block_suffers_the_enemys_heavy_weapons_effect() -> None:
    """10.4.1: "A Foot unit block inside a pair cannot be targeted or scouted. However, it
    suffers all the area weapons effect (heavy weapons effect, including at the beginning of
    the fire and 3D actions)." """
    on = _enemy_gun_at_a_pair(True)
    inf = on.state.blocks["inf"]
    # the card's heavy weapons effect around the target, on a soft block: -2 OSL, activated
    table = on.game.tables.weapons_effect.losses.heavy.around_target
    assert inf.losses == table.of(small.CARDS["rifles"].blocks[1].protection) == 2
    assert inf.activated
    check(on)
    # 8.2.1.1's general case: beside the APC, uncovered, the same shot reaches no enemy but
    # its target ("never the other enemy blocks")
    off = _enemy_gun_at_a_pair(False)
    assert off.state.blocks["inf"].losses == 0
    check(off)


# --- 10.5 antitank weapons against infantry -------------------------------------------------


def test_10_5_an_antitank_weapon_fired_at_infantry_costs_1_osl() -> None:
    green = [B("atgm", SW, "S0801")]
    red = [B("r", INF, "S0805")]
    # ATGM 8 against rifles 5: the firer wins
    off, on = both(green, red, R.antitank_vs_infantry, 5, 2)
    for play in (off, on):
        activate(play, "atgm")
        play.apply(Fire("S0805", "atgm"))
        play.apply(ReturnFire("rifles"))
        assert play.state.blocks["r"].losses == 1
    assert off.state.blocks["atgm"].losses == 0
    assert on.state.blocks["atgm"].losses == 1  # after the combat results
    check(on)
    check(off)


def test_10_5_not_against_a_vehicle_nor_for_a_vehicle() -> None:
    game = game_of(
        [B("atgm", SW, "S0801"), B("tank", MBT, "S0701")],
        [B("r", INF, "S0805"), B("apc", APC, "S0905")],
        advanced_rules=[R.antitank_vs_infantry],
    )
    play = play_of(game)
    w_atgm = play.weapon("atgm", "atgm")
    assert antitank.against_infantry(play, "atgm", w_atgm, "r")
    assert not antitank.against_infantry(play, "atgm", w_atgm, "apc")
    assert not antitank.against_infantry(play, "tank", play.weapon("tank", "gun"), "r")


# --- 10.6 antitank weapons and breaching ----------------------------------------------------


def test_10_6_an_antitank_weapon_breaches_remotely_for_1_osl() -> None:
    base = game_of([B("atgm", SW, "S0304")], [B("r", INF, "S1310")])
    off = play_of(on_breach_map(base))
    activate(off, "atgm")
    assert not legal(off, Breach)
    ruled = game_of([B("atgm", SW, "S0304")], [B("r", INF, "S1310")], advanced_rules=[R.antitank_breaching])
    on = play_of(on_breach_map(ruled))
    activate(on, "atgm")
    assert legal(on, Breach) == {Breach(BREACH, "atgm", "S0304")}
    on.apply(Breach(BREACH, "atgm", "S0304"))
    assert on.state.breaches == {BREACH}
    assert on.state.blocks["atgm"].losses == 1
    check(on)
    check(off)


def test_10_6_a_tank_gun_with_its_own_breach_symbol_costs_nothing() -> None:
    ruled = game_of([B("tank", MBT, "S0304")], [B("r", INF, "S1310")], advanced_rules=[R.antitank_breaching])
    play = play_of(on_breach_map(ruled))
    activate(play, "tank")
    play.apply(Breach(BREACH, "gun", "S0304"))
    assert play.state.blocks["tank"].losses == 0
    check(play)


# --- 10.7 anti-sniping ------------------------------------------------------------------------


def _sniped(rule: bool, *rolls: int, revealed: bool = False) -> Play:
    """A red sniper 12 EP from a green platoon leader; a green sniper 15 EP from the red one,
    10 from the leader (beyond covering fire's 3 EP)."""
    play = play_of(
        game_of(
            [B("pl", PL, "S0101"), B("gs", SNIPER, "S0210", hidden=not revealed)],
            [B("rs", SNIPER, "S1301")],
            advanced_rules=[R.anti_sniping] if rule else [],
        ),
        *rolls,
    )
    activate(play, "rs")
    play.apply(Fire("S0101", "rifle"))
    return play


def test_10_7_a_friendly_sniper_covers_from_afar_only_with_the_rule() -> None:
    off = _sniped(False)
    assert not legal(off, CoverFire)
    on = _sniped(True)
    assert legal(on, CoverFire) == {CoverFire("gs", "rifle")}


def test_10_7_a_hidden_anti_sniper_gets_2_fp() -> None:
    # rifle 6 at 12 EP against 6 at 15 EP; the red sniper's die is higher (+1): a hidden
    # covering sniper's +2 wins it
    play = _sniped(True, 4, 2)
    play.apply(CoverFire("gs", "rifle"))
    s = play.state
    assert s.blocks["gs"].revealed
    assert s.blocks["rs"].losses == 1 and s.blocks["pl"].losses == 0
    check(play)
    shown = _sniped(True, 4, 2, revealed=True)
    shown.apply(CoverFire("gs", "rifle"))
    assert shown.state.blocks["pl"].losses == 1 and shown.state.blocks["rs"].losses == 0
    check(shown)


# --- 10.8 ambush against vehicles -----------------------------------------------------------


def test_10_8_a_vehicle_ambushed_by_an_antitank_weapon_fires_back_at_5() -> None:
    green = [B("atgm", SW, "S0801")]
    red = [B("tank", MBT, "S0805")]
    # ATGM 8 against the gun's 8; the tank's die is higher (+1): 8 against 9, or 6 ambushed
    off, on = both(green, red, R.ambush_vs_vehicle, 2, 5)
    for play in (off, on):
        activate(play, "atgm")
        play.apply(Fire("S0805", "atgm"))
        play.apply(ReturnFire("gun"))
    assert off.state.blocks["atgm"].losses == 1 and off.state.blocks["tank"].losses == 0
    assert on.state.blocks["tank"].losses == 1 and on.state.blocks["atgm"].losses == 0
    check(on)
    check(off)


def test_10_8_no_surprise_when_a_foot_block_covers_the_vehicle() -> None:
    game = game_of(
        [B("atgm", SW, "S0801")],
        [B("tank", MBT, "S0805"), B("r", INF, "S0905")],
        advanced_rules=[R.ambush_vs_vehicle],
    )
    play = play_of(game)
    w = play.weapon("atgm", "atgm")
    assert antitank.ambush(play, "fire", "atgm", w, "tank", "tank")
    assert not antitank.ambush(play, "fire", "atgm", w, "tank", "r")  # covered
    assert not antitank.ambush(play, "assault", "atgm", w, "tank", "tank")
    p = Fight("fire", "atgm", "atgm", "tank", reply="r", reply_weapon="rifles")
    assert fight_terms.terms(play, p).reply_fp is None


def test_10_no_advanced_rule_no_new_choice() -> None:
    """Without advanced rules a position offers what it did: none of 10's actions."""
    game: Game = game_of(
        [B("inf", INF, "S0802"), B("tank", MBT, "S0803"), B("b", INF, "S0701")],
        [B("r", INF, "S0806", hidden=False)],
    )
    play = play_of(game)
    activate(play, "inf")
    kinds = (SmokeGrenade, SupportedFire, SuppressingFire, JoinCover, ActivatePair)
    assert not any(isinstance(a, kinds) for a in play.legal_actions())


# --- random games with every rule of 10 on ------------------------------------------------------

COMBAT_RULES = [
    R.infantry_smoke,
    R.supporting_fire,
    R.suppressing_fire,
    R.armor_cover,
    R.antitank_vs_infantry,
    R.antitank_breaching,
    R.anti_sniping,
    R.ambush_vs_vehicle,
]
SEEDS = 16
NEW_ACTIONS = {"SmokeGrenade", "SupportedFire", "SuppressingFire", "JoinCover", "ActivatePair"}


def close_game() -> Game:
    """Both sides a few EP apart on the breach map, every rule of 10 on."""
    green = [
        B("g-inf1", INF, "S0502"),
        B("g-tank", MBT, "S0503"),
        B("g-inf2", INF, "S0505", hidden=False),
        B("g-atgm", SW, "S0304"),
        B("g-eng", ENG, "S0506"),
        B("g-sniper", SNIPER, "S0110"),
        B("g-tank2", MBT, "S0408"),
        B("g-inf3", INF, "S0508"),
    ]
    red = [
        B("r-inf1", INF, "S0903", hidden=False),
        B("r-inf2", INF, "S0906", hidden=False),
        B("r-apc", APC, "S1004"),
        B("r-inf3", INF, "S1005", hidden=False),
        B("r-sniper", SNIPER, "S1301"),
    ]
    return on_breach_map(game_of(green, red, turns=4, advanced_rules=COMBAT_RULES), green_markers=2)


def test_10_random_games_with_every_rule_of_10_keep_the_invariants_and_replay() -> None:
    """Random legal actions, the invariants after each; every new action offered and all but
    the rare pair activation played (a pair must form and last to a later turn); each log
    replays to the same state."""
    game = close_game()
    used: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    for seed in range(SEEDS):
        play = Play(game, seed)
        rng = random.Random(seed)
        while legal := play.legal_actions():
            offered.update({type(a).__name__ for a in legal} & NEW_ACTIONS)
            action = rng.choice(legal)
            play.apply(action)
            used[type(action).__name__] += 1
            invariants.check(play)
        assert replay_actions(URBAN_OPERATIONS, game, seed, play.log).digest() == play.digest()
    assert set(offered) == NEW_ACTIONS, offered
    assert {k for k in NEW_ACTIONS if used[k]} >= NEW_ACTIONS - {"ActivatePair"}, used


def _plain_supported_fires(play: Play, block: str, fires: list[Fire]) -> list[SupportedFire]:
    """10.2 worked out afresh for each fire: every friend that may support and is able to."""
    friends = supporters(play, block)
    if not friends:
        return []
    enemy_side = other(play.side_of(block))
    return [
        SupportedFire(f.target, f.weapon, bid)
        for f in fires
        for bid in _able_supporters(play, play.block_at(f.target, enemy_side), friends, f.target, {})
    ]


def test_10_2_the_supporters_kept_from_step_to_step_are_those_of_now() -> None:
    """`supported_fires` keeps each target's supporters from one question to the next (an
    activation's steps move the active block alone): in random games with every rule of 10,
    after random hand changes (a friend moved, an enemy revealed or not, smoke laid, a night
    turn), they are those worked out afresh, then again once the changes are undone."""
    game = close_game()
    ids = [loc.id for loc in game.battlefield.locations]
    compared = offered = 0
    for seed in range(8):
        play = Play(game, seed)
        rng = random.Random(seed)
        s = play.state
        while legal := play.legal_actions():
            act = s.activation
            if act is not None and rng.random() < 0.5:
                block, side = act.block, play.side_of(act.block)
                enemies = [bid for bid, b in s.blocks.items() if b.on_map and play.side_of(bid) != side]
                friends = [bid for bid, b in s.blocks.items() if b.on_map and play.side_of(bid) == side]
                fires = [Fire(s.blocks[bid].location or "", "rifles") for bid in enemies]
                plain = _plain_supported_fires(play, block, fires)
                assert supported_fires(play, block, fires) == plain
                offered += bool(plain)
                moved, shown = rng.choice(friends), rng.choice(enemies)
                undo = (s.blocks[moved].location, s.blocks[shown].revealed, set(s.smoke))
                change = rng.randrange(4)
                if change == 0:
                    s.blocks[moved].location = rng.choice(ids)
                elif change == 1:
                    s.blocks[shown].revealed = not s.blocks[shown].revealed
                elif change == 2:
                    s.smoke.add(rng.choice(ids))
                else:
                    game.scenario.night_turns = [s.turn]
                assert supported_fires(play, block, fires) == _plain_supported_fires(play, block, fires)
                s.blocks[moved].location, s.blocks[shown].revealed, s.smoke = undo
                game.scenario.night_turns = []
                assert supported_fires(play, block, fires) == _plain_supported_fires(play, block, fires)
                compared += 1
            play.apply(rng.choice(legal))
    assert compared > 100 and offered > 20, (compared, offered)
