"""The special assaults (8.2.8.1-8.2.8.4), each on a map that holds its situation: into a
building (the small map, small.py), in a roof access (the small map's roof 1.R over room
1.2), between two roofs (two contiguous buildings whose roof arrows face each other), and
at an underground exit (a manhole into an insert). Dice are scripted (test_fire.Dice)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from engine.battlefield import Battlefield, StepKind
from engine.model.cards import BlockType
from engine.model.scenario import Quality, Scenario
from engine.rules.uo import effects, fight
from engine.rules.uo.game import Game
from engine.rules.uo.play import Assault, Fire, Play, ReturnFire, WithdrawTo
from engine.rules.uo.state import Withdrawal
from tests.engine.battlefield.mapkit import MapKit

from .small import CARDS, DEFAULT_CARD, DOOR_HEX, ROOF, ROOM_N, ROOM_S, B
from .test_fire import Dice, activate, check, game_of, legal, losses, play_of

INF, PL, APC = BlockType.infantry, BlockType.platoon_leader, BlockType.apc


def tiny_game(bf: Battlefield, green: Sequence[B], red: Sequence[B], sheet: str = "A") -> Game:
    """A game on `bf` with one force a side (no platoon leader: command limit 3), every
    block where given; green scores for holding its first block's place."""

    def force(fid: str, blocks: Sequence[B]) -> dict[str, Any]:
        return {
            "id": fid,
            "blocks": [
                {"id": b.id, "card": b.card or DEFAULT_CARD[b.type], "type": b.type.value, "at": b.at}
                for b in blocks
            ],
        }

    scenario = Scenario.model_validate(
        {
            "schema": "uo-scenario/1",
            "id": "tiny",
            "title": "Tiny test scenario",
            "map": {"sheets": [{"file": f"{sheet}.yaml"}]},
            "turns": 2,
            "initiative": [{"turn": 1, "side": "green"}],
            "sides": {
                "green": {"name": "Green", "impulse_forces": [force("g1", green)]},
                "red": {"name": "Red", "impulse_forces": [force("r1", red)]},
            },
            "victory": {
                "conditions": [{"kind": "control", "id": "c", "side": "green", "locations": [green[0].at]}],
                "levels": [{"side": "green", "level": "total", "min_points": 1}],
            },
        }
    )
    return Game(scenario, bf, dict(CARDS))


def dice(game: Game, *rolls: int) -> Play:
    play = Play(game, 0)
    play.rng = Dice(*rolls)  # type: ignore[assignment]
    return play


# --- 8.2.8.1 into a building ----------------------------------------------------------------


def test_8_2_8_1_the_defender_of_the_entrance_that_loses_must_withdraw() -> None:
    """Elite green (no leader needed) assaults room 1.1 through the door and wins (6 + 1
    chance + 2 critical against 6 + 1 firing out of its building): the defender has no
    choice but to withdraw (its only way out, room 1.2, is free)."""
    game = game_of([B("g", INF, DOOR_HEX)], [B("r", INF, ROOM_N)], green_quality=Quality.elite)
    play = play_of(game, 7, 0)
    activate(play, "g")
    play.apply(Assault(ROOM_N, "rifles"))
    play.apply(ReturnFire("rifles"))
    assert losses(play, "r") == (2,)
    assert play.state.pending == [Withdrawal("r", ROOM_N, winner="g")]
    assert set(play.legal_actions()) == {WithdrawTo(ROOM_S)}  # withdraw it must
    check(play)


def test_8_2_8_1_an_assault_out_of_a_building_needs_no_leader() -> None:
    play = play_of(game_of([B("g", INF, ROOM_N)], [B("r", INF, DOOR_HEX)]))
    activate(play, "g")
    assert {a.target for a in legal(play, Assault)} == {DOOR_HEX}  # only entering needs him
    check(play)


# --- 8.2.8.2 in a roof access ---------------------------------------------------------------


def test_8_2_8_2_a_roof_block_assaults_down_its_access_with_plus_1() -> None:
    play = play_of(game_of([B("g", INF, ROOF)], [B("r", INF, ROOM_S)]), 0, 0)
    activate(play, "g")
    assert {a.target for a in legal(play, Assault)} == {ROOM_S}
    assert fight.modifiers(play, "g", "r", False) == 1  # on the roof (the card's infrastructure)
    assert fight.modifiers(play, "r", "g", False) == 0
    play.apply(Assault(ROOM_S, "rifles"))
    play.apply(ReturnFire("rifles"))
    assert losses(play, "r", "g") == (2, 0)  # 6 + 1 against 6
    check(play)


# --- 8.2.8.3 between two roofs --------------------------------------------------------------


@cache
def two_roofs() -> Battlefield:
    """Buildings 1 (A0302) and 2 (A0402) side by side, their roof symbols' arrows facing
    each other (8.1.9): roofs 1.R and 2.R joined; hexes A0101 and A0601 for the others."""
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"]}, roof=[("0302", "r1", 120.0)])
    kit.building("2", {"2.1": ["0402"]}, roof=[("0402", "r2", 300.0)])
    return kit.compile()


def test_8_2_8_3_a_foot_block_assaults_the_adjacent_roof() -> None:
    bf = two_roofs()
    assert any(s.kind == StepKind.roof_to_roof for s in bf.out[bf.location("1.R").index])
    play = dice(tiny_game(bf, [B("g", INF, "1.R")], [B("r", INF, "2.R")]), 5, 0)
    activate(play, "g")
    assert {a.target for a in legal(play, Assault)} == {"2.R"}
    assert not {f for f in legal(play, Fire) if f.target == "2.R"}  # 1 EP: an assault, not a fire
    play.apply(Assault("2.R", "rifles"))
    play.apply(ReturnFire("rifles"))
    # both on roofs: +1 each; 6 + 1 + 1 chance against 6 + 1: the defender loses 2 and
    # withdraws (down its stairs, its only way)
    assert losses(play, "r", "g") == (2, 0)
    assert play.state.pending == [Withdrawal("r", "2.R", winner="g")]
    assert {a.location for a in legal(play, WithdrawTo)} == {"2.1"}
    check(play)


def test_8_2_8_3_no_assault_between_roofs_that_do_not_join() -> None:
    kit = MapKit()
    kit.building("1", {"1.1": ["0302"]}, roof=[("0302", "r1", 120.0)])
    kit.building("2", {"2.1": ["0502"]}, roof=[("0502", "r2", 300.0)])  # a street between
    play = dice(tiny_game(kit.compile(), [B("g", INF, "1.R")], [B("r", INF, "2.R")]))
    activate(play, "g")
    assert not legal(play, Assault)
    check(play)


# --- 8.2.8.4 at an underground exit ---------------------------------------------------------


@cache
def with_manhole() -> Battlefield:
    """Sheet A with a manhole 'A' in A0301 into zone A of insert U (passage U0101-U0103,
    the zone at U0101): the one way between the two layers."""
    surface = MapKit()
    surface.manhole("0301", "A")
    insert = MapKit("U", columns=4, rows=3, kind="underground")
    insert.set_terrain("passage", "0101", "0102", "0103")
    insert.underground_zone("A", "0101")
    return surface.compile(insert)


def test_8_2_8_4_combat_between_the_layers_only_at_the_exit() -> None:
    bf = with_manhole()
    play = dice(tiny_game(bf, [B("g", INF, "U0101")], [B("r", INF, "A0301"), B("r2", INF, "A0302")]))
    activate(play, "g")
    # the block at the exit is assaulted up the manhole; the one next to it is beyond reach
    assert {a.target for a in legal(play, Assault)} == {"A0301"}
    assert not legal(play, Fire)  # no LOS between the underground and the surface (5.1.5)
    assert fight.modifiers(play, "g", "r", False) == 1  # underground: the infrastructure +1
    check(play)


def test_8_2_8_4_no_fire_lane_across_the_exit_but_the_underground_echo() -> None:
    bf = with_manhole()
    game = tiny_game(
        bf,
        [B("g", INF, "U0101"), B("g-near", INF, "U0102")],
        [B("r", INF, "A0301"), B("r-behind", INF, "A0501"), B("r-side", INF, "A0302")],
    )
    play = dice(game)
    green_hits = effects.shot_hits(play, "g", play.weapon("g", "mg"), "A0301", True)
    assert [(h.block, h.zone) for h in green_hits] == [("g-near", "echo underground")]
    # from the surface down: the fire lane does not follow into the underground
    red_hits = effects.shot_hits(play, "r", play.weapon("r", "mg"), "U0101", True)
    assert red_hits == []
    check(play)
