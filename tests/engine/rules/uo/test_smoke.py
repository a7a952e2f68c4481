"""Smoke fire (8.2.7.8), Smoke counters drifting with the wind and lifting at the end of the
turn (5.2.4.3, 5.2.4.6), and wrecks reaching downwind (5.2.4.5). Small map (small.py): the
tank's gun can fire smoke; the wind blows east unless a test says otherwise."""

from __future__ import annotations

from engine.model.cards import BlockType, Weapon
from engine.model.scenario import Compass, Side
from engine.rules.uo import obstructions, smoke
from engine.rules.uo.actions import SmokeFire
from engine.rules.uo.game import Game
from engine.rules.uo.play import Activate, EndActivation, EndImpulse, Pass, Play

from .small import B
from .test_fire import activate, check, game_of, legal, play_of

INF, APC, MBT = BlockType.infantry, BlockType.apc, BlockType.mbt


def windy(game: Game, wind: Compass) -> Game:
    return Game(game.scenario.model_copy(update={"wind": wind}), game.battlefield, game.cards)


def test_8_2_7_8_an_mbt_fires_smoke_at_a_hex_three_hexes_drift_downwind_and_block_the_los() -> None:
    play = play_of(windy(game_of([B("tank", MBT, "S0801")], [B("r", INF, "S0806")]), Compass.S))
    assert play.sees("S0801", "S0806")
    activate(play, "tank")
    aims = {a.target for a in legal(play, SmokeFire)}
    assert {"S0806", "S0805", "S0807"} <= aims  # the enemy's hex and those next to it
    play.apply(SmokeFire("S0805", "gun"))
    s = play.state
    assert s.smoke == {"S0805", "S0806", "S0807"}  # 3 hexes down the wind (south)
    assert s.blocks["tank"].revealed and s.activation is not None and s.activation.acted_at == 0
    assert not play.sees("S0801", "S0806")
    assert not play.log[-1]["rolls"]  # no die, no weapons effect
    check(play)


def test_5_2_4_3_smoke_lifts_at_the_end_of_the_turn() -> None:
    play = play_of(game_of([B("tank", MBT, "S0801")], [B("r", INF, "S0806")]))
    activate(play, "tank")
    play.apply(SmokeFire("S0805", "gun"))
    assert play.state.smoke
    play.apply(EndActivation())
    play.apply(EndImpulse())
    play.apply(Pass())
    play.apply(Pass())
    assert play.state.turn == 2 and not play.state.smoke
    assert play.sees("S0801", "S0806")
    check(play)


def test_8_2_7_8_only_armoured_and_mbt_blocks_with_a_smoke_weapon() -> None:
    play = play_of(game_of([B("inf", INF, "S0801"), B("apc", APC, "S0701")], [B("r", INF, "S0806")]))
    activate(play, "inf")
    assert not legal(play, SmokeFire)
    play.apply(EndActivation())
    play.apply(Activate("apc"))
    assert not legal(play, SmokeFire)  # armoured, but its heavy MG fires no smoke
    check(play)


def test_5_2_4_5_a_wreck_reaches_3_hexes_downwind() -> None:
    play = Play(windy(game_of([B("g", INF, "S0101")], [B("apc", APC, "S0503")]), Compass.S), 0)
    play.eliminate("apc", by=None)
    assert play.state.wrecks == {"S0503"}  # the counter's own place
    assert obstructions.blocking(play.game, play.state).wrecks == {"S0503", "S0504", "S0505"}
    assert not play.sees("S0502", "S0506")
    for side in Side:  # both see the counter, and what it covers
        obs = play.observation(side)
        assert obs.wrecks == ("S0503",) and obs.wreck_hexes == ("S0503", "S0504", "S0505")
    check(play)


def test_5_2_4_6_the_wind_decides_where_smoke_goes() -> None:
    play = play_of(windy(game_of([B("tank", MBT, "S0801")], [B("r", INF, "S0806")]), Compass.N))
    play.state.active = Side.green
    activate(play, "tank")
    play.apply(SmokeFire("S0806", "gun"))
    assert play.state.smoke == {"S0804", "S0805", "S0806"}  # up the map this time
    check(play)


def test_8_2_7_8_a_smoke_only_weapon_reaches_the_first_band() -> None:
    dischargers = Weapon(id="smoke", name="Smoke dischargers", firepower=[None], smoke=True)
    gun = Weapon(id="gun", name="Gun", firepower=[7, 8, 8, 9, None, None], smoke=True)
    assert smoke.smoke_range(dischargers) == 5
    assert smoke.smoke_range(gun) == 15


def test_5_2_4_3_both_sides_see_the_smoke() -> None:
    play = play_of(windy(game_of([B("tank", MBT, "S0801")], [B("r", INF, "S0806")]), Compass.S))
    activate(play, "tank")
    play.apply(SmokeFire("S0805", "gun"))
    for side in Side:
        assert play.observation(side).smoke == ("S0805", "S0806", "S0807")
    check(play)
