"""Advanced rules of movement (11): superstructure transport (11.1, superstructure.py) and
crossing walls (11.2, wall_crossing.py), each in the same position with and without the
rule."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.model.scenario import AdvancedRule, Side
from engine.rules.uo import effects, fight, superstructure, wall_crossing
from engine.rules.uo.actions import (
    Dismount,
    Mount,
    Move,
    OpportunityFire,
    Ride,
    Withdraw,
    action_from_json,
    action_to_json,
)
from engine.rules.uo.play import Play
from engine.rules.uo.state import Fight

from .advanced_kit import WALL_IN, WALL_OUT, advanced_game
from .small import B
from .test_fire import Dice, activate, check, game_of, legal, move, play_of

INF, APC, MBT = BlockType.infantry, BlockType.apc, BlockType.mbt
SUPERSTRUCTURE = [AdvancedRule.superstructure]


def riding(rules: list[AdvancedRule], *rolls: int) -> Play:
    """Green rifles next to a green APC, red far away."""
    game = game_of(
        [B("inf", INF, "S0802"), B("apc", APC, "S0803")], [B("r", INF, "S1310")], advanced_rules=rules
    )
    return play_of(game, *rolls)


def test_11_1_riding_is_offered_only_with_the_rule() -> None:
    without = riding([])
    activate(without, "inf")
    assert legal(without, Mount) == {Mount("apc")} and not legal(without, Ride)
    play = riding(SUPERSTRUCTURE)
    activate(play, "inf")
    assert legal(play, Ride) == {Ride("apc")} and legal(play, Mount) == {Mount("apc")}
    assert action_from_json(action_to_json(Ride("apc"))) == Ride("apc")
    play.apply(Ride("apc"))
    s = play.state
    assert s.blocks["inf"].mounted_in == "apc" and s.blocks["inf"].location is None
    assert s.advanced.riders == {"inf"}
    assert s.activation is not None and s.activation.block == "apc"  # as a mounting (8.2.4.3)
    move(play, "S0804")
    assert legal(play, Dismount) == set()  # the vehicle's action was the boarding
    check(play)


def test_11_1_a_rider_does_not_share_the_vehicles_losses() -> None:
    for rules, rider_loss in (([], 1), (SUPERSTRUCTURE, 0)):
        play = riding(rules)
        activate(play, "inf")
        play.apply(Ride("apc") if rules else Mount("apc"))
        fight.lose(play, "apc", 1, by=None, quality=False)
        assert play.state.blocks["inf"].losses == rider_loss  # 8.2.4.5 / 11.1
        check(play)


def test_11_1_a_rider_suffers_the_heavy_weapons_effect_around_the_target() -> None:
    game = game_of(
        [B("apc", APC, "S0806"), B("inf", INF, mounted_in="apc")],
        [B("tank", MBT, "S0801")],
        advanced_rules=SUPERSTRUCTURE,
    )
    play = Play(game, 0)
    play.state.advanced.riders.add("inf")
    effects.apply(play, "tank", "coax", "S0806")  # a light weapon: nothing for the rider
    assert play.state.blocks["inf"].losses == 0
    effects.apply(play, "tank", "gun", "S0806")  # the tank gun: heavy, 1 EP around the target
    around = game.tables.weapons_effect.losses.heavy.around_target.of(game.blocks["inf"].profile.protection)
    assert around > 0 and play.state.blocks["inf"].losses == around


def test_11_1_a_vehicle_with_a_rider_never_moves_out_of_sight() -> None:
    budgets = {}
    for rules in ([], SUPERSTRUCTURE):
        game = game_of(
            [B("apc", APC, "S0803"), B("inf", INF, mounted_in="apc")],
            [B("r", INF, "S1310")],
            advanced_rules=rules,
        )
        play = play_of(game)
        if rules:
            play.state.advanced.riders.add("inf")  # on the superstructure
        activate(play, "apc")
        act = play.state.activation
        assert act is not None
        budgets[bool(rules)] = play._budget(act, unseen=True, underground=False)
    assert budgets == {False: 18, True: 12}  # 8.1.13's 18 out of sight; 12 in sight (8.1)


def test_11_1_a_vehicle_eliminated_sets_its_rider_down() -> None:
    play = riding(SUPERSTRUCTURE)
    activate(play, "inf")
    play.apply(Ride("apc"))
    fight.lose(play, "apc", 3, by=None, quality=False)
    s = play.state
    assert s.blocks["apc"].eliminated and not s.blocks["inf"].eliminated
    assert s.blocks["inf"].location == "S0803" and s.blocks["inf"].mounted_in is None
    assert s.advanced.riders == set()
    check(play)


def crossing(rules: list[AdvancedRule], *rolls: int) -> Play:
    """Green rifles cross the outer wall from WALL_OUT into WALL_IN; red rifles at S1108 see
    WALL_IN and fire on it."""
    game = advanced_game(green=[B("g", INF, WALL_OUT)], red=[B("r", INF, "S1108")], advanced_rules=rules)
    play = play_of(game, *rolls)
    play.state.blocks["r"].revealed = play.state.blocks["g"].revealed = True
    activate(play, "g")
    play.apply(Move(WALL_IN))
    return play


def test_11_2_opportunity_fire_over_an_outer_wall_earns_3_not_2() -> None:
    bonus = {}
    for rules in ([], [AdvancedRule.crossing_walls]):
        play = crossing(rules)
        assert play.state.activation is not None and play.state.activation.spent == 5  # 8.1.6
        assert OpportunityFire("r", "rifles") in play.legal_actions()
        play.apply(OpportunityFire("r", "rifles"))
        p = play.state.pending[-1]
        assert isinstance(p, Fight) and p.kind == "opportunity"
        bonus[bool(rules)] = wall_crossing.fire_bonus(play, p)
    assert bonus == {False: 0, True: 1}


def test_11_2_the_block_crossing_may_withdraw_with_minus_1() -> None:
    lost = {}
    for rules in ([], [AdvancedRule.crossing_walls]):
        play = crossing(rules, 2)  # the withdrawal table: 2 is 1 OSL, 1 is 2 OSL
        play.apply(OpportunityFire("r", "rifles"))
        assert Withdraw() in play.legal_actions()
        play.apply(Withdraw())
        lost[bool(rules)] = play.state.blocks["g"].losses
        assert isinstance(play.rng, Dice) and not play.rng.rolls
    assert lost == {False: 1, True: 2}


def test_11_2_no_bonus_for_a_move_that_crosses_no_wall() -> None:
    game = advanced_game(
        green=[B("g", INF, "S1005")], red=[B("r", INF, "S1108")], advanced_rules=[AdvancedRule.crossing_walls]
    )
    play = play_of(game)
    activate(play, "g")
    move(play, WALL_OUT)
    assert play.state.advanced.wall_crossing is None
    assert superstructure.on(play) is False
    assert Side.green == play.game.blocks["g"].side
