"""Advanced rules of command (12): order of battle modification (12.1, reorganisation.py)
and impulse force cohesion (12.2, cohesion.py), each in the same position with and without
the rule."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.model.scenario import AdvancedRule, Quality, Side
from engine.rules.uo import cohesion, effects, fight, reorganisation
from engine.rules.uo.actions import (
    Activate,
    EndReorganisation,
    Enter,
    Fire,
    Pass,
    StartImpulse,
    Transfer,
    action_from_json,
    action_to_json,
)
from engine.rules.uo.counters import Kind
from engine.rules.uo.play import Play

from .nml_kit import put
from .small import B
from .test_fire import check, game_of, legal, play_of

INF, PL = BlockType.infantry, BlockType.platoon_leader
REORGANISE = [AdvancedRule.order_of_battle_changes]
COHESION = [AdvancedRule.impulse_force_cohesion]


def two_platoons(rules: list[AdvancedRule]) -> Play:
    """Green has two forces, g1 (a, b) and g2 (c); red rifles 5 EP from a. Turn 1 is passed
    by both: turn 2's initial phase is under way."""
    game = game_of(
        [B("a", INF, "S0801"), B("b", INF, "S0201"), B("c", INF, "S0301", force="g2")],
        [B("r", INF, "S0806")],
        advanced_rules=rules,
    )
    play = Play(game, 0)
    play.apply(Pass())
    play.apply(Pass())
    assert play.state.turn == 2
    return play


def test_12_1_the_reorganisation_sequence_comes_only_with_the_rule() -> None:
    without = two_platoons([])
    assert not legal(without, Transfer) and StartImpulse("g1") in without.legal_actions()
    play = two_platoons(REORGANISE)
    assert play.decider == Side.green and "12.1" in (play.decision.prompt if play.decision else "")
    assert legal(play, Transfer) == {Transfer("a", "g2"), Transfer("b", "g2"), Transfer("c", "g1")}
    assert EndReorganisation() in play.legal_actions()
    assert action_from_json(action_to_json(Transfer("a", "g2"))) == Transfer("a", "g2")
    check(play)


def test_12_1_a_block_transferred_is_activated_with_its_new_force_which_may_not_fire() -> None:
    play = two_platoons(REORGANISE)
    play.apply(Transfer("a", "g2"))
    play.apply(EndReorganisation())  # red has one force only: it has nothing to do
    assert play.state.advanced.reorganising == []
    assert reorganisation.force_of(play, "a") == "g2"
    assert reorganisation.force_blocks(play, "g1") == ("b",)
    assert play.decider == Side.green
    play.apply(StartImpulse("g2"))
    assert legal(play, Activate) == {Activate("a"), Activate("c")}
    play.apply(Activate("a"))
    assert not legal(play, Fire)  # 12.1: no firing or assaulting action for the rest of the turn
    check(play)


def test_12_1_the_fire_ban_ends_with_the_turn() -> None:
    play = two_platoons(REORGANISE)
    play.apply(Transfer("a", "g2"))
    play.apply(EndReorganisation())
    play.apply(Pass())
    play.apply(Pass())
    assert play.state.turn == 3
    while play.state.advanced.reorganising:
        play.apply(EndReorganisation())
    play.apply(StartImpulse("g2"))
    play.apply(Activate("a"))
    assert legal(play, Fire)  # a new turn
    check(play)


def test_12_1_numbered_markers_limit_the_detached_blocks() -> None:
    play = two_platoons(REORGANISE)
    play.state.advanced.attached = {"b": "g2", "c": "g1"}
    assert reorganisation.markers_used(play, Side.green) == 2
    reorganisation.MARKERS, saved = 2, reorganisation.MARKERS
    try:
        # no marker left: "a" may not leave g1, but "b" and "c" may go home
        assert {t for t in reorganisation.choices(play, Side.green) if t.block == "a"} == set()
        assert Transfer("b", "g1") in reorganisation.choices(play, Side.green)
    finally:
        reorganisation.MARKERS = saved


def test_12_1_two_forces_coming_into_play_at_the_same_time_exchange_blocks() -> None:
    """3.1.1 (12.1's sequence): "each side may reorganise the order of battle between two
    Impulse Forces already in play, or between two Impulse Forces coming into play at the
    same time." Green's g2 and g3 both enter in turn 2; g4 enters in turn 3."""
    game = game_of(
        [
            B("a", INF, "S0801"),
            B("d", INF, force="g2"),
            B("e", INF, force="g3"),
            B("f", INF, force="g4"),
        ],
        [B("r", INF, "S1410")],
        advanced_rules=REORGANISE,
        entries={"g2": 2, "g3": 2, "g4": 3},
    )
    play = Play(game, 0)
    play.apply(Pass())
    play.apply(Pass())
    assert play.state.turn == 2 and play.decider == Side.green
    # the two entering forces trade blocks with each other, not with g1 on the map, nor
    # with g4, which comes later
    assert legal(play, Transfer) == {Transfer("d", "g3"), Transfer("e", "g2")}
    play.apply(Transfer("d", "g3"))  # g2 left empty: nothing more to exchange
    assert play.state.advanced.reorganising == []
    assert reorganisation.force_blocks(play, "g3") == ("e", "d")
    play.apply(StartImpulse("g3"))
    entering = {a.block for a in play.legal_actions() if isinstance(a, Enter)}
    assert entering == {"d", "e"}  # "d" enters with its new force, at its entry hexes
    assert play.state.impulse is not None and play.state.impulse.limit == 2  # all activated (7.1.1)
    check(play)
    without = two_platoons([])  # the same sequence without the rule: nothing is offered
    assert not legal(without, Transfer)


def leaders_game(rules: list[AdvancedRule], quality: Quality = Quality.veteran) -> Play:
    """Green force g1 with its leader pl at S0802, rifles a (S0803, in its LOS) and b (S0607,
    behind the building); the company commander cmd and post cp close by, in the leader's
    LOS: 7 activations while all stand."""
    game = game_of(
        [
            B("pl", PL, "S0802"),
            B("a", INF, "S0803"),
            B("b", INF, "S0607"),
            B("cmd", BlockType.commander, "S0804"),
            B("cp", BlockType.command_post, "S0805"),
        ],
        [B("r", INF, "S1310")],
        advanced_rules=rules,
        green_quality=quality,
    )
    return Play(game, 0)


def test_12_2_1_the_commander_eliminated_limits_every_force_with_a_leader_to_3() -> None:
    for rules, limit, bonus_lost in (([], 5, False), (COHESION, 3, True)):
        play = leaders_game(rules)
        assert play.command_limit("g1") == 7
        fight.lose(play, "cmd", 2, by=None, quality=False)
        assert play.state.blocks["cmd"].eliminated
        assert play.command_limit("g1") == limit  # 7.2.1 without the commander: 5
        assert cohesion.command_bonus_lost(play, "a") == bonus_lost  # the leader's +1 (7.2.2)
        play.apply(Pass())
        play.apply(Pass())  # the end of the turn ends the penalty
        assert play.command_limit("g1") == 5 and not cohesion.command_bonus_lost(play, "a")


def test_12_2_2_a_veteran_leader_eliminated_3_blocks_and_morale_in_its_los() -> None:
    without = leaders_game([])
    fight.lose(without, "pl", 3, by=None, quality=False)
    assert without.command_limit("g1") == 3 and without.log == []  # 7.1.1, no die
    # in the leader's LOS, in force order: a rolls 0 (-2 OSL), cmd and cp 8 (no effect)
    play = play_of(leaders_game(COHESION).game, 0, 8, 8)
    fight.lose(play, "pl", 3, by=None, quality=False)
    s = play.state
    assert s.blocks["a"].losses == 2 and s.blocks["b"].losses == 0  # b: out of its LOS
    assert play.command_limit("g1") == 3
    check(play)


def test_8_2_1_1_a_shot_whose_friendly_fire_fells_the_shooter_still_reaches_the_counters() -> None:
    """8.2.1.1: "The weapons effect always affects No Man's Land counters", in the zones of the
    shot, fired from where the shooter stood. Rifles a fire from S0803 at S0801 across their
    own leader pl (S0802, in the fire lane): the lane's loss fells pl, 12.2.2's morale roll
    (0: -2 OSL) eliminates a, and the population at S0801 is struck all the same (issue
    27: the shot's counters were looked up from a's place after its losses, off the map)."""
    play = play_of(leaders_game(COHESION).game, 0, 8, 8)  # morale: a, then cmd and cp
    s = play.state
    s.blocks["pl"].losses, s.blocks["a"].losses = 2, 1
    put(play, "pop", Kind.population, "S0801")
    hits = effects.apply(play, "a", "rifles", "S0801")
    assert [(h.block, h.osl, h.zone) for h in hits] == [("pl", 1, "fire lane")]
    assert s.blocks["pl"].eliminated and s.blocks["a"].eliminated
    assert s.nml.counters["pop"].location is None  # 5.2.3: population struck is eliminated
    assert s.nml.collateral == {Side.green: 1}
    check(play)


def test_12_2_2_recruits_keep_2_elite_4() -> None:
    for quality, limit, roll in ((Quality.recruit, 2, [9, 9, 9]), (Quality.elite, 4, [])):
        play = play_of(leaders_game(COHESION, quality).game, *roll)
        fight.lose(play, "pl", 3, by=None, quality=False)
        assert play.command_limit("g1") == limit
        assert play.state.blocks["a"].losses == 0  # recruit 9: no effect; elite: no die
        check(play)
