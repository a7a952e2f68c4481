"""Mounting and dismounting (8.2.4, transport.py) on the small map (small.py): the APC
carries 2 (capacity), a rifle squad weighs 1, the ATGM team 2 (weights)."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.uo import fight, transport
from engine.rules.uo.actions import Dismount, Mount
from engine.rules.uo.play import Activate, EndActivation, Fire, HoldFire, Move, Play, StartImpulse

from .small import B
from .test_fire import activate, check, game_of, legal, move, play_of

INF, APC, ATGM, MBT = BlockType.infantry, BlockType.apc, BlockType.support_weapons, BlockType.mbt


def test_8_2_4_3_a_foot_block_boards_the_adjacent_vehicle_which_then_acts_and_moves() -> None:
    play = play_of(game_of([B("inf", INF, "S0802"), B("apc", APC, "S0803")], [B("r", INF, "S1310")]))
    activate(play, "inf")
    play.state.blocks["inf"].revealed = True  # seen earlier
    assert legal(play, Mount) == {Mount("apc")}
    play.apply(Mount("apc"))
    assert not play.state.blocks["inf"].revealed  # upright on the vehicle's card (4.3.2.3)
    s = play.state
    inf = s.blocks["inf"]
    assert inf.location is None and inf.mounted_in == "apc" and inf.activated  # 4.3.2.3
    # the boarding ended the foot block's activation and began the vehicle's, its action done
    assert s.activation is not None and s.activation.block == "apc" and s.activation.acted_at == 0
    assert s.impulse is not None and s.impulse.activated == ["inf", "apc"]
    assert not legal(play, Fire)  # the vehicle's action was the boarding
    move(play, "S0804")
    move(play, "S0805")
    assert transport.passengers(play, "apc") == ["inf"]  # it moves with its vehicle
    play.apply(EndActivation())
    check(play)


def test_8_2_4_3_weight_within_the_capacity_left() -> None:
    game = game_of(
        [
            B("inf", INF, mounted_in="apc"),
            B("atgm", ATGM, "S0802"),
            B("inf2", INF, "S0804"),
            B("apc", APC, "S0803"),
        ],
        [B("r", INF, "S1310")],
    )
    play = play_of(game)
    assert transport.room_left(play, "apc") == 1  # capacity 2, the squad weighs 1
    activate(play, "atgm")
    assert not legal(play, Mount)  # weight 2 > 1 left
    play.apply(EndActivation())
    play.apply(Activate("inf2"))
    assert legal(play, Mount) == {Mount("apc")}
    check(play)


def test_8_2_4_3_only_next_to_a_vehicle_that_may_be_activated_next() -> None:
    game = game_of(
        [B("inf", INF, "S0802"), B("far", INF, "S0806"), B("apc", APC, "S0803")], [B("r", INF, "S1310")]
    )
    play = play_of(game)
    activate(play, "far")
    assert not legal(play, Mount)  # S0806 is not next to S0803
    play.apply(EndActivation())
    play.apply(Activate("apc"))
    play.apply(EndActivation())
    play.apply(Activate("inf"))
    assert not legal(play, Mount)  # the APC has been activated this turn
    check(play)


def test_8_2_4_3_the_command_limit_must_leave_room_for_the_vehicle() -> None:
    game = game_of(
        [B("a", INF, "S0101"), B("b", INF, "S0103"), B("inf", INF, "S0802"), B("apc", APC, "S0803")],
        [B("r", INF, "S1310")],
    )
    play = play_of(game)
    assert play.command_limit("g1") == 3  # no platoon leader
    activate(play, "a")
    play.apply(EndActivation())
    play.apply(Activate("b"))
    play.apply(EndActivation())
    play.apply(Activate("inf"))
    assert not legal(play, Mount)  # a 4th activation, the APC's, is beyond the limit
    check(play)


def test_8_2_4_4_the_vehicle_sets_a_passenger_down_next_to_it_which_then_moves_3_mp() -> None:
    game = game_of([B("apc", APC, "S0803"), B("inf", INF, mounted_in="apc")], [B("r", INF, "S1310")])
    play = play_of(game)
    activate(play, "apc")
    move(play, "S0804")
    places = {d.location for d in legal(play, Dismount)}
    assert places and all(d.block == "inf" for d in legal(play, Dismount))
    assert "S0805" in places and "S0804" not in places  # next to it, not under it
    assert "1.1" not in places  # a hexagon (8.2.4.4), not the room through the door
    play.apply(Dismount("inf", "S0805"))
    assert play.decider == Side.red  # set down, it enters a location: opportunity fire (8.3.1)
    play.apply(HoldFire())
    s = play.state
    assert s.blocks["apc"].activated and s.blocks["inf"].location == "S0805"
    assert s.blocks["inf"].mounted_in is None
    assert s.activation is not None and s.activation.block == "inf" and s.activation.acted_at == 0
    assert s.impulse is not None and s.impulse.activated == ["apc", "inf"]  # 8.2.4.5: activated
    move(play, "S0806")  # action first, then 3 MP (7.1.2)
    check(play)


def test_8_2_4_5_a_vehicle_with_passengers_is_one_activation() -> None:
    game = game_of([B("apc", APC, "S0803"), B("inf", INF, mounted_in="apc")], [B("r", INF, "S1310")])
    play = play_of(game)
    activate(play, "apc")
    move(play, "S0804")
    play.apply(EndActivation())
    assert play.state.impulse is not None and play.state.impulse.activated == ["apc"]
    assert play.state.blocks["inf"].mounted_in == "apc"
    check(play)


def test_8_2_4_5_mounted_blocks_share_the_vehicles_losses() -> None:
    game = game_of(
        [
            B("apc", APC, "S0803"),
            B("inf", INF, mounted_in="apc"),
            B("pl", BlockType.platoon_leader, mounted_in="apc"),
        ],
        [B("r", INF, "S1310")],
    )
    play = Play(game, 0)
    fight.lose(play, "apc", 1, by=None, quality=False)
    s = play.state
    assert (s.blocks["apc"].losses, s.blocks["inf"].losses, s.blocks["pl"].losses) == (1, 1, 1)
    fight.lose(play, "apc", 2, by=None, quality=False)  # the vehicle is eliminated
    for bid in ("apc", "inf", "pl"):
        assert s.blocks[bid].eliminated and s.blocks[bid].mounted_in is None
    assert s.wrecks == {"S0803"}
    check(play)


def test_8_2_4_5_a_mounted_block_cannot_be_targeted() -> None:
    game = game_of([B("tank", MBT, "S0801")], [B("apc", APC, "S0806"), B("inf", INF, mounted_in="apc")])
    play = play_of(game)
    play.state.active = Side.green
    play.apply(StartImpulse("g1"))
    play.apply(Activate("tank"))
    assert {f.target for f in legal(play, Fire)} == {"S0806"}  # the vehicle, nothing inside
    check(play)


def test_8_2_4_mount_and_dismount_round_trip_through_json() -> None:
    from engine.rules.uo.actions import action_from_json, action_to_json

    for action in (Mount("apc"), Dismount("inf", "S0805")):
        assert action_from_json(action_to_json(action)) == action
    assert Move("S0101") != Mount("S0101")
