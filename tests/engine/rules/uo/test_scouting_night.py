"""Scouting (8.2.5) and the night rules for fire and scouting (9.2, 9.3). The night move
(9.1: no out-of-sight move) is tested in test_movement.py."""

from __future__ import annotations

import dataclasses

import pytest

from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.uo import fight
from engine.rules.uo.game import Game
from engine.rules.uo.play import Fire, Move, Play, ReturnFire, Scout

from .small import DOOR_HEX, ROOM_N, ROOM_S, B
from .test_fire import activate, check, game_of, legal, play_of, rolls, with_dummies

INF, SNIPER = BlockType.infantry, BlockType.sniper


def equip(game: Game, *blocks: str) -> Game:
    """Give `blocks` night vision equipment (9)."""
    for bid in blocks:
        info = game.blocks[bid]
        profile = info.profile.model_copy(update={"night_equipment": True})
        game.blocks[bid] = dataclasses.replace(info, profile=profile)
    return game


def scouts(play: Play) -> set[str]:
    return {a.target for a in legal(play, Scout)}


def along_row_1(kind: BlockType, distances: list[int], equipped: bool = False, **options: object) -> Play:
    """`g` (of type `kind`) at S0101 and a hidden red block at each of `distances` EP along
    the first row (open ground: column n is n - 1 EP away); `g` activated."""
    red = [B(f"r{d}", INF, f"S{1 + d:02d}01") for d in distances]
    game = game_of([B("g", kind, "S0101")], red, **options)
    play = play_of(equip(game, "g") if equipped else game)
    activate(play, "g")
    return play


# --- 8.2.5 by day ---------------------------------------------------------------------------


def test_8_2_5_1_a_block_scouts_up_to_5_ep_without_revealing_itself() -> None:
    play = along_row_1(INF, [5, 6])
    assert scouts(play) == {"S0601"}
    play.apply(Scout("S0601"))
    assert play.state.blocks["r5"].revealed and not play.state.blocks["r6"].revealed
    assert not play.state.blocks["g"].revealed
    assert rolls(play) == [] and not play.state.pending
    # scouting is the block's action: no other, and 3 MP to move
    assert not legal(play, Scout) and not legal(play, Fire) and legal(play, Move)
    check(play)


def test_8_2_5_1_scouting_needs_a_clear_los() -> None:
    play = play_of(game_of([B("g", INF, DOOR_HEX)], [B("n", INF, ROOM_N), B("s", INF, ROOM_S)]))
    activate(play, "g")
    assert not play.sees(DOOR_HEX, ROOM_S)  # 3 EP, but the building wall is in the way
    assert scouts(play) == {ROOM_N}  # through the door (8.2.5.3: in its fire arc)
    check(play)


def test_8_2_5_2_observers_scout_up_to_10_ep() -> None:
    play = along_row_1(SNIPER, [10, 11])
    assert scouts(play) == {"S1101"}
    check(play)


def test_8_2_5_3_no_scouting_from_room_to_room() -> None:
    play = play_of(game_of([B("g", INF, ROOM_N)], [B("r", INF, ROOM_S)]))
    activate(play, "g")
    assert play.ep(ROOM_N, ROOM_S, 5) == 2
    assert not scouts(play)
    check(play)


def test_5_2_1_scouting_a_dummy_removes_it() -> None:
    game = with_dummies(game_of([B("g", INF, "S0801")], [B("r", INF, "S1410")]), Side.red, ["S0805"])
    play = play_of(game)
    activate(play, "g")
    play.apply(Scout("S0805"))
    dummy = play.state.blocks["red-dummy-1"]
    assert dummy.eliminated and dummy.location is None
    check(play)


# --- 9.2, 9.3 at night ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("night", "equipped", "at_7", "at_4"),
    [
        # rifles [6, 5, 3, -], light MG [5, 6, 5, 3]; 7 EP and 4 EP fall in these bands:
        (False, False, {"rifles": 3, "mg": 5}, {"rifles": 5, "mg": 6}),  # day: 6-10, 2-5
        (True, False, {"mg": 3}, {"rifles": 3, "mg": 5}),  # night: 7-9, 4-6
        (True, True, {"rifles": 3, "mg": 5}, {"rifles": 5, "mg": 6}),  # equipped: 5-8, 2-4
    ],
    ids=["day", "night", "night-equipped"],
)
def test_9_2_night_range_bands(
    night: bool, equipped: bool, at_7: dict[str, int], at_4: dict[str, int]
) -> None:
    game = game_of(
        [B("g", INF, "S0801")],
        [B("far", INF, "S0808", hidden=False), B("near", INF, "S0805", hidden=False)],
        night_turns=(1,) if night else (),
    )
    play = play_of(equip(game, "g") if equipped else game)
    activate(play, "g")
    assert {f.weapon for f in legal(play, Fire) if f.target == "S0808"} == set(at_7)
    for ep, expected in ((7, at_7), (4, at_4)):
        for w in play.game.blocks["g"].profile.weapons:
            assert fight.firepower(play, "g", w, ep, False) == expected.get(w.id), (ep, w.id)
    check(play)


def test_9_2_at_night_the_target_answers_within_its_own_bands() -> None:
    game = game_of([B("g", INF, "S0801")], [B("r", INF, "S0808")], night_turns=(1,))
    play = play_of(equip(game, "g"), 4, 0)
    activate(play, "g")
    play.apply(Fire("S0808", "rifles"))  # equipped: 3 FP at 7 EP
    assert set(legal(play, ReturnFire)) == {ReturnFire("mg")}  # unequipped rifles reach 6 EP
    play.apply(ReturnFire("mg"))  # 3 FP at 7 EP
    assert (play.state.blocks["r"].losses, play.state.blocks["g"].losses) == (1, 0)
    check(play)


@pytest.mark.parametrize(
    ("kind", "equipped", "reach"),
    [(INF, False, 3), (INF, True, 5), (SNIPER, False, 5), (SNIPER, True, 10)],
)
def test_9_3_night_scouting_ranges(kind: BlockType, equipped: bool, reach: int) -> None:
    play = along_row_1(kind, [reach, reach + 1], equipped, night_turns=(1,))
    assert scouts(play) == {f"S{1 + reach:02d}01"}
    check(play)
