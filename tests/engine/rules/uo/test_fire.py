"""Fire (8.2.7): declaration, LOS, the target's reaction, range and capability, chance,
critical hits, combat results and losses; what falls out of them (wrecks 4.3.2.1, the
command limit 7.1.1, the command bonus 7.2.2, dummies 5.2.1); moving with an action (7.1.2,
8.1.15). Situations on the small map (small.py).

Dice: `play.rng` is replaced by `Dice`, which hands out scripted d10 results in order and
fails the test if the engine rolls a die the test did not script. The fire resolution rolls
the firer's die, then the replying block's, then one die per block losing OSL whose quality
is not veteran (4.3.8), target first.

The helpers here (Dice, play_of, activate, move, with_dummies, check) are shared by the other
fight test files.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.model.cards import BlockType
from engine.model.scenario import Allotment, Quality, Side
from engine.rules.uo import fight, invariants
from engine.rules.uo.game import Game
from engine.rules.uo.play import (
    Action,
    Activate,
    Assault,
    CoverFire,
    EndActivation,
    EndImpulse,
    Fire,
    HoldFire,
    Move,
    Play,
    ReturnFire,
    Scout,
    StartImpulse,
    TakeLosses,
    Withdraw,
    WithdrawTo,
)
from engine.rules.uo.state import Fight, Opportunity, Withdrawal

from .small import NORTH_YARD, SOUTH_YARD, B, small_game

INF, PL, SNIPER = BlockType.infantry, BlockType.platoon_leader, BlockType.sniper
APC, MBT = BlockType.apc, BlockType.mbt


# --- helpers ------------------------------------------------------------------------------


class Dice:
    """Stands in for `play.rng`: each d10 is the next scripted result."""

    def __init__(self, *rolls: int):
        self.rolls = list(rolls)

    def randrange(self, n: int) -> int:
        assert n == 10, "the engine only rolls d10s"
        assert self.rolls, "the engine rolled a die the test did not script"
        return self.rolls.pop(0)


def with_dummies(game: Game, side: Side, locations: Sequence[str]) -> Game:
    """The same game with dummy blocks of `side` at `locations` (5.2.1): ids
    `<side>-dummy-1`, `-2`..."""
    scenario = game.scenario
    setup = getattr(scenario.sides, side.value)
    dummies = Allotment(count=len(locations), locations=list(locations))
    setup = setup.model_copy(
        update={"environment": setup.environment.model_copy(update={"dummies": dummies})}
    )
    sides = scenario.sides.model_copy(update={side.value: setup})
    return Game(scenario.model_copy(update={"sides": sides}), game.battlefield, game.cards)


def play_of(game: Game, *rolls: int) -> Play:
    play = Play(game, 0)
    play.rng = Dice(*rolls)  # type: ignore[assignment]
    return play


def game_of(green: Sequence[B], red: Sequence[B], **options: object) -> Game:
    """A small game with no platoon leader unless given (no command bonus, no extra eyes)."""
    options.setdefault("leaders", False)
    return small_game(green=green, red=red, **options)  # type: ignore[arg-type]


def activate(play: Play, block: str) -> None:
    """Start an impulse of `block`'s force (its side to play) and activate it."""
    info = play.game.blocks[block]
    play.state.active = info.side
    play.apply(StartImpulse(info.force))
    play.apply(Activate(block))


def move(play: Play, location: str) -> None:
    """Move the active block; the enemy holds its fire wherever it could fire."""
    play.apply(Move(location))
    while play.state.pending and isinstance(play.state.pending[-1], Opportunity):
        play.apply(HoldFire())


def check(play: Play) -> None:
    """End of a test: the invariants hold (invariants.check) and every scripted die was rolled."""
    invariants.check(play)
    if isinstance(play.rng, Dice):
        assert not play.rng.rolls, f"scripted dice never rolled: {play.rng.rolls}"


def legal(play: Play, kind: type) -> set[Action]:
    return {a for a in play.legal_actions() if isinstance(a, kind)}


def rolls(play: Play) -> list[int]:
    """The d10s rolled by the last action applied."""
    return play.log[-1].get("rolls", [])


def losses(play: Play, *blocks: str) -> tuple[int, ...]:
    return tuple(play.state.blocks[b].losses for b in blocks)


def street_fight(*rolls_: int, **options: object) -> Play:
    """Green rifles `g` at S0801 have fired at red rifles `r` at S0806, 5 EP away: rifles
    5 FP, light MG 6 FP at that range. Red to react."""
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")], **options), *rolls_)
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    return play


# --- 8.2.7.1 - 8.2.7.2 --------------------------------------------------------------------


def test_8_2_7_1_the_firer_is_revealed_and_the_target_decides() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), 3, 2)
    activate(play, "g")
    assert not play.state.blocks["g"].revealed
    play.apply(Fire("S0806", "rifles"))
    assert play.state.blocks["g"].revealed
    assert not play.state.blocks["r"].revealed  # revealed only when it fires back
    assert play.state.pending == [Fight("fire", "g", "rifles", "r")]
    assert play.decider == Side.red
    play.apply(ReturnFire("rifles"))
    assert play.state.blocks["r"].revealed
    assert not play.state.pending and play.decider == Side.green
    check(play)


def test_8_2_7_2_blocked_fire_reveals_firer_and_ends_activation() -> None:
    play = play_of(game_of([B("g", INF, NORTH_YARD)], [B("r", INF, SOUTH_YARD)]))
    activate(play, "g")
    assert not play.sees(NORTH_YARD, SOUTH_YARD)  # the building stands between (6 EP)
    assert Fire(SOUTH_YARD, "rifles") in play.legal_actions()  # the LOS is checked after
    play.apply(Fire(SOUTH_YARD, "rifles"))
    g, r = play.state.blocks["g"], play.state.blocks["r"]
    assert g.revealed and g.activated  # an Activated marker: its activation is over
    assert play.state.activation is None and not play.state.pending  # no fire, no reaction
    assert not r.revealed and losses(play, "g", "r") == (0, 0)
    assert rolls(play) == []
    check(play)


def test_8_2_7_no_fire_at_point_blank_nor_beyond_range() -> None:
    play = play_of(game_of([B("g", INF, "S0101")], [B("near", INF, "S0201"), B("far", INF, "S1201")]))
    activate(play, "g")
    fires = legal(play, Fire)
    assert not {f for f in fires if f.target == "S0201"}  # 1 EP: an assault, not a fire
    assert {a.target for a in legal(play, Assault)} == {"S0201"}
    # 11 EP: the rifles reach 10 EP, the light MG 15
    assert {f for f in fires if f.target == "S1201"} == {Fire("S1201", "mg")}
    check(play)


# --- 8.2.7.3 the target's options ---------------------------------------------------------


def test_8_2_7_3_return_fire_only_with_a_weapon_in_range() -> None:
    play = play_of(game_of([B("g", INF, "S0101")], [B("r", INF, "S1201")]))
    activate(play, "g")
    play.apply(Fire("S1201", "mg"))  # 11 EP: the rifles cannot answer
    assert set(play.legal_actions()) == {ReturnFire("mg"), Withdraw()}
    check(play)


def test_8_2_7_3_take_losses_only_without_adequate_return_fire() -> None:
    play = play_of(game_of([B("g", MBT, "S0801")], [B("r", INF, "S0806")]))
    activate(play, "g")
    play.apply(Fire("S0806", "coax"))
    # rifles and light MG cannot hurt a tank: no return fire, so withdraw or lose 2 OSL
    assert set(play.legal_actions()) == {Withdraw(), TakeLosses()}
    play.apply(TakeLosses())
    assert losses(play, "r", "g") == (2, 0)
    assert rolls(play) == []  # no die (8.2.7.4)
    check(play)

    armed = street_fight()
    assert TakeLosses() not in armed.legal_actions()
    assert {ReturnFire("rifles"), ReturnFire("mg")} <= set(armed.legal_actions())
    check(armed)


def test_8_2_7_3_cover_fire_by_a_friend_within_3_ep_that_sees_the_firer() -> None:
    game = game_of(
        [B("g", INF, "S0801")],
        [
            B("r", INF, "S0805"),  # the target, 4 EP from g
            B("near", INF, "S0807"),  # 2 EP from r, sees g 6 EP away
            B("room", INF, "1.2"),  # 3 EP from r, but no LOS to g
            B("far", INF, "S0809"),  # sees g, but 4 EP from r
        ],
    )
    play = play_of(game, 5, 0)
    activate(play, "g")
    play.apply(Fire("S0805", "rifles"))
    assert not play.sees("1.2", "S0801")
    assert legal(play, CoverFire) == {CoverFire("near", "rifles"), CoverFire("near", "mg")}
    play.apply(CoverFire("near", "mg"))  # MG at 6 EP: 5 FP; g's rifles at 4 EP: 5 FP
    assert play.state.blocks["near"].revealed and not play.state.blocks["r"].revealed
    # g rolled higher: 6 to 5; the losses fall on the target, not on the covering block;
    # and the covering MG's fire lane runs through r: 1 more from its friend (8.2.1.2)
    assert losses(play, "r", "near", "g") == (2, 0, 0)
    check(play)


@pytest.mark.parametrize("marker", ["reaction", "completed"])
def test_8_2_7_3_no_withdrawal_with_a_reaction_or_completed_marker(marker: str) -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]))
    setattr(play.state.blocks["r"], marker, True)  # as if it had reacted earlier this turn
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    actions = set(play.legal_actions())
    assert Withdraw() not in actions
    assert actions == {ReturnFire("rifles"), ReturnFire("mg")}
    check(play)


def test_8_2_7_3_an_activated_target_may_withdraw() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), 7)
    activate(play, "r")
    play.apply(EndActivation())
    play.apply(EndImpulse())
    assert play.state.blocks["r"].activated
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    assert Withdraw() in play.legal_actions()
    play.apply(Withdraw())
    assert rolls(play) == [7]  # the withdrawal table, not a fire: g rolls nothing
    play.apply(WithdrawTo("S0807"))
    r = play.state.blocks["r"]
    assert (r.location, r.activated, r.completed) == ("S0807", False, True)  # 4.3.3
    check(play)


# --- 8.2.7.4 range and capability ---------------------------------------------------------


@pytest.mark.parametrize("choice", ["take losses", "withdraw"])
def test_8_2_7_4_a_hidden_mbt_fired_on_with_a_soft_weapon(choice: str) -> None:
    play = play_of(
        game_of([B("g", INF, "S0801")], [B("tank", MBT, "S0806")]), *([7] if choice == "withdraw" else [])
    )
    activate(play, "g")
    assert Fire("S0806", "rifles") in play.legal_actions()  # hidden: the firer's gamble
    play.apply(Fire("S0806", "rifles"))
    assert {ReturnFire("gun"), ReturnFire("coax")} <= set(play.legal_actions())
    play.apply(ReturnFire("coax"))
    assert rolls(play) == []  # the capability check comes before any die
    # the rifles cannot hurt a tank: the firer's side withdraws it or loses 2 OSL
    assert play.decider == Side.green
    assert set(play.legal_actions()) == {TakeLosses(), Withdraw()}
    if choice == "take losses":
        play.apply(TakeLosses())
        assert rolls(play) == []
        assert losses(play, "g", "tank") == (2, 0)
        assert play.state.activation is not None  # it may still move (its action is done)
    else:
        play.apply(Withdraw())
        assert rolls(play) == [7] and losses(play, "g", "tank") == (0, 0)
        assert isinstance(play.state.pending[-1], Withdrawal)
        play.apply(WithdrawTo("S0702"))
        g = play.state.blocks["g"]
        assert g.location == "S0702" and g.completed
        assert play.state.activation is None
    check(play)


def test_8_2_7_4_snipers_engage_only_leaders_observers_snipers_and_vehicles() -> None:
    game = game_of(
        [B("sniper", SNIPER, "S0101")],
        [
            B("pl", PL, "S1201", hidden=False),  # 11 EP
            B("inf", INF, "S1302", hidden=False),  # 12 EP
            B("apc", APC, "S1402", hidden=False),  # 13 EP
            B("tank", MBT, "S1202", hidden=False),  # 11 EP
            B("ghost", INF, "S1203"),  # hidden, 11 EP
        ],
    )
    play = play_of(game)
    activate(play, "sniper")
    assert {f.target for f in legal(play, Fire)} == {"S1201", "S1402", "S1202", "S1203"}
    check(play)


def test_8_2_7_4_a_leader_cannot_answer_a_sniper() -> None:
    play = play_of(game_of([B("sniper", SNIPER, "S0101")], [B("pl", PL, "S1201", hidden=False)]))
    activate(play, "sniper")
    play.apply(Fire("S1201", "rifle"))
    assert set(play.legal_actions()) == {Withdraw(), TakeLosses()}  # carbines reach 10 EP
    play.apply(TakeLosses())
    assert losses(play, "pl") == (2,)
    check(play)


@pytest.mark.parametrize("before", [0, 1])
def test_8_2_7_4_a_sniper_cannot_bring_an_mbt_below_operational(before: int) -> None:
    play = play_of(game_of([B("sniper", SNIPER, "S0101")], [B("tank", MBT, "S1201", hidden=False)]), 9, 0)
    play.state.blocks["tank"].losses = before
    activate(play, "sniper")
    play.apply(Fire("S1201", "rifle"))
    play.apply(ReturnFire("coax"))  # 5 FP at 11 EP
    # the sniper wins (6 + 1 chance, and a 9), even its "destruction" critical: the tank
    # loses no more than its fully operational level
    tank = play.state.blocks["tank"]
    assert tank.on_map and tank.losses == 1
    assert losses(play, "sniper") == (0,)
    check(play)


# --- 8.2.7.5 chance and critical hits -----------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "expected"),
    [((3, 2), (1, 0)), ((2, 3), (0, 1)), ((4, 4), (1, 1))],
    ids=["firer-higher", "target-higher", "tie-no-bonus"],
)
def test_8_2_7_5_chance_gives_plus_1_to_the_higher_roll(
    dice: tuple[int, int], expected: tuple[int, int]
) -> None:
    play = street_fight(*dice)
    play.apply(ReturnFire("rifles"))  # 5 FP each at 5 EP
    assert rolls(play) == list(dice)
    assert losses(play, "r", "g") == expected  # loser -1 OSL, equality -1 each (8.2.7.6)
    check(play)


def test_8_2_7_5_soft_critical_9_wins_with_an_extra_osl() -> None:
    play = street_fight(9, 0)
    play.apply(ReturnFire("mg"))  # 6 FP against 5 + 1 chance: an equality but for the 9
    assert losses(play, "r", "g") == (2, 0)
    check(play)


def test_8_2_7_5_both_criticals_winning_is_an_equality() -> None:
    play = street_fight(9, 9)
    play.apply(ReturnFire("mg"))
    assert losses(play, "r", "g") == (1, 1)  # no extra OSL either
    check(play)


@pytest.mark.parametrize(
    ("dice", "apc_losses", "destroyed"), [((9, 0), 0, True), ((7, 8), 1, False)], ids=["9", "7"]
)
def test_8_2_7_5_critical_on_an_armoured_target(
    dice: tuple[int, int], apc_losses: int, destroyed: bool
) -> None:
    play = play_of(game_of([B("sniper", SNIPER, "S0101")], [B("apc", APC, "S1201", hidden=False)]), *dice)
    activate(play, "sniper")
    play.apply(Fire("S1201", "rifle"))
    play.apply(ReturnFire("hmg"))  # 4 FP at 11 EP
    apc = play.state.blocks["apc"]
    # 9: destruction; 7: +2 FP (6 + 2 against 4 + 1 chance + 1 for its own 8)
    assert apc.eliminated is destroyed
    assert destroyed or apc.losses == apc_losses
    assert ("S1201" in play.state.wrecks) is destroyed
    assert losses(play, "sniper") == (0,)
    check(play)


def test_8_2_7_5_a_red_symbol_weapon_destroys_armour_on_7_and_a_wreck_blocks_the_los() -> None:
    game = game_of(
        # g2 behind the tank and 2 EP away: outside its gun's blast and fire lane (8.2.1)
        [B("tank", MBT, "S0803"), B("g2", INF, "S0801")],
        [B("apc", APC, "S0806"), B("atgm", BlockType.support_weapons, "S0807"), B("r2", INF, "S0810")],
    )
    play = play_of(game, 7, 0)
    assert play.sees("S0801", "S0810")
    activate(play, "tank")
    play.apply(Fire("S0806", "gun"))
    assert not legal(play, ReturnFire)  # the APC's heavy MG cannot hurt a tank
    play.apply(CoverFire("atgm", "atgm"))
    # 8 + 1 chance against the missile's 8 at 4 EP, and the tank gun's 7 destroys
    assert play.state.blocks["apc"].eliminated and not play.state.blocks["apc"].on_map
    assert play.state.wrecks == {"S0806"}  # 4.3.2.1: a vehicle leaves a wreck
    assert losses(play, "tank", "atgm") == (0, 0)
    assert not play.sees("S0801", "S0810")  # the wreck blocks the street
    play.apply(EndActivation())
    play.apply(Activate("g2"))
    play.apply(Fire("S0810", "rifles"))
    assert play.state.activation is None and play.state.blocks["g2"].activated  # 8.2.7.2
    assert not play.state.pending and losses(play, "r2") == (0,)
    check(play)


def test_8_2_7_5_a_sniper_destroys_a_leader_at_long_range_and_7_1_1_the_force_activates_3() -> None:
    game = game_of([B("sniper", SNIPER, "S0101")], [B("pl", PL, "S1201"), B("inf", INF, "S1301")])
    play = play_of(game, 7, 0)
    assert play.command_limit("r1") == 5
    activate(play, "sniper")
    play.apply(Fire("S1201", "rifle"))
    play.apply(CoverFire("inf", "mg"))  # 12 EP: 3 FP, +1 within 6 EP of its leader
    assert play.state.blocks["pl"].eliminated
    assert play.state.blocks["inf"].losses == 0 and play.state.blocks["sniper"].losses == 0
    assert play.state.eliminated_leaders == {"r1"}
    assert play.command_limit("r1") == 3
    play.apply(EndActivation())
    play.apply(EndImpulse())
    play.apply(StartImpulse("r1"))
    assert play.state.impulse is not None and play.state.impulse.limit == 3
    check(play)


# --- 8.2.7.6 losses -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("quality", "roll", "lost"),
    [
        (Quality.elite, 6, 0),
        (Quality.elite, 5, 1),
        (Quality.recruit, 3, 2),
        (Quality.recruit, 4, 1),
        (Quality.veteran, None, 1),
    ],
)
def test_8_2_7_6_losses_by_quality(quality: Quality, roll: int | None, lost: int) -> None:
    play = street_fight(3, 2, *([] if roll is None else [roll]), red_quality=quality)
    play.apply(ReturnFire("rifles"))
    assert rolls(play) == [3, 2] + ([] if roll is None else [roll])
    assert losses(play, "r", "g") == (lost, 0)
    check(play)


def test_8_2_7_6_eliminating_a_block_earns_1_osl() -> None:
    play = play_of(game_of([B("g", INF, "S0801")], [B("r", INF, "S0806")]), 0, 0)
    play.state.blocks["g"].losses = 1  # hit earlier
    play.state.blocks["r"].losses = 2  # at its last level: -1 FP
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    play.apply(ReturnFire("rifles"))  # 5 against 4
    r = play.state.blocks["r"]
    assert r.eliminated and r.location is None
    assert not play.state.wrecks  # a foot block leaves nothing
    assert losses(play, "g") == (0,)
    check(play)


# --- 7.2.2 command, 5.2.1 dummies -----------------------------------------------------------


@pytest.mark.parametrize(
    ("leader_at", "expected"), [("S0701", (1, 0)), ("S0110", (1, 1))], ids=["near", "far"]
)
def test_7_2_2_plus_1_fp_within_6_ep_of_the_platoon_leader(leader_at: str, expected: tuple[int, int]) -> None:
    game = game_of([B("g-pl", PL, leader_at), B("g", INF, "S0801")], [B("r", INF, "S0806")])
    play = play_of(game, 0, 0)
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    assert fight.modifiers(play, "g-pl", "r", False) == 0  # the leader itself has no bonus
    play.apply(ReturnFire("rifles"))  # 5 + 1 against 5 when the leader is 1 EP away, 12 EP: 5 - 5
    assert losses(play, "r", "g") == expected
    check(play)


def test_5_2_1_a_dummy_fired_on_is_removed() -> None:
    game = with_dummies(game_of([B("g", INF, "S0801")], [B("r", INF, "1.1")]), Side.red, ["S0806"])
    play = play_of(game)
    activate(play, "g")
    play.apply(Fire("S0806", "rifles"))
    dummy = play.state.blocks["red-dummy-1"]
    assert dummy.eliminated and dummy.location is None
    assert not play.state.pending and rolls(play) == []
    assert play.state.blocks["g"].revealed
    assert play.state.activation is not None and play.state.activation.acted_at == 0
    check(play)


# --- 7.1.2, 8.1: moving with an action ------------------------------------------------------


def dummy_range(block: BlockType, at: str, dummy_at: str) -> Play:
    """`g` (of type `block`) alone with a red dummy, and a red block out of its way."""
    game = with_dummies(game_of([B("g", block, at)], [B("r", INF, "S1410")]), Side.red, [dummy_at])
    play = play_of(game)
    activate(play, "g")
    return play


def test_7_1_2_a_foot_block_that_acts_first_moves_3_mp() -> None:
    play = dummy_range(INF, "S0101", "S0105")
    play.apply(Fire("S0105", "rifles"))
    for loc in ("S0201", "S0301", "S0401"):
        assert legal(play, Move)
        move(play, loc)
    assert play.state.activation is not None and play.state.activation.spent == 3
    assert not legal(play, Move)
    check(play)


def test_7_1_2_a_foot_block_that_moved_then_acted_moves_no_more() -> None:
    play = dummy_range(INF, "S0101", "S0701")
    move(play, "S0102")
    move(play, "S0202")  # 2 MP
    play.apply(Fire("S0701", "rifles"))
    assert not legal(play, Move)
    assert play.legal_actions() == [EndActivation()]
    check(play)


def test_7_1_2_no_action_after_moving_more_than_3_mp() -> None:
    play = dummy_range(INF, "S0101", "S0901")
    for loc in ("S0102", "S0103", "S0104"):
        move(play, loc)
    assert legal(play, Fire)  # 3 MP: still an action
    move(play, "S0105")
    assert not legal(play, Fire) and not legal(play, Scout)
    check(play)


@pytest.mark.parametrize("before", [0, 2, 4])
def test_8_1_15_armour_fires_and_moves_within_6_mp(before: int) -> None:
    play = dummy_range(MBT, "S0101", "S0110")
    path = ["S0102", "S0103", "S0104", "S0105", "S0106", "S0107"]
    for loc in path[:before]:
        move(play, loc)
    play.apply(Fire("S0110", "coax"))
    for loc in path[before:]:
        assert legal(play, Move)
        move(play, loc)
    assert play.state.activation is not None and play.state.activation.spent == 6
    assert not legal(play, Move)
    check(play)


@pytest.mark.parametrize("night", [False, True])
def test_4_3_5_9_2_usable_weapons_are_those_usable_one_by_one(night: bool) -> None:
    """`fight.usable_weapons` (the fire choices' and opportunity fire's, issue 14) is
    `usable` weapon by weapon: range bands by day and night, a flare's light (7.3.3.4), no
    back-blast weapon fired from a room (4.3.5), in the card's order."""
    from .small import ROOM_S

    atgm = BlockType.support_weapons
    blocks = [B("mbt", MBT, "S0801"), B("atgm", atgm, "S0802"), B("in", atgm, ROOM_S), B("inf", INF, "S0803")]
    play = play_of(game_of(blocks, [B("r", INF, "S1410")], night_turns=(1,) if night else ()))
    play.state.third.lit.add("S0808")
    checked = 0
    for block in ("mbt", "atgm", "in", "inf"):
        weapons = play.game.blocks[block].profile.weapons
        for ep in range(0, 28):
            for at in (None, "S0808", "S0809"):
                for assault in (False, True):
                    expected = [w for w in weapons if fight.usable(play, block, w, ep, assault, at)]
                    assert fight.usable_weapons(play, block, ep, assault, at) == expected, (block, ep, at)
                    checked += bool(expected)
    assert checked > 100
    assert not fight.usable_weapons(play, "in", 5, False)  # its ATGM never fires from the room
    assert fight.usable_weapons(play, "atgm", 5, False)
