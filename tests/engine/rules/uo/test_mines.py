"""AT mines and the sides' barricades (5.2.1, 5.2.2, 8.2.3, 8.2.5.6) on the small map."""

from __future__ import annotations

import json
import random

from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.log import replay_actions
from engine.rules.uo.actions import (
    Destroy,
    EndActivation,
    EndImpulse,
    KeepInReserve,
    Move,
    Pass,
    PlaceCounter,
    ScoutMines,
)
from engine.rules.uo.counters import Kind
from engine.rules.uo.invariants import check
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS
from engine.rules.uo.state import Phase

from .nml_kit import activate, load, move, put, with_allotments
from .small import B, small_game

RED_FAR = B("r-far", at="S1410")


def test_5_2_2_1_mines_are_placed_secretly_at_set_up_from_the_allotment() -> None:
    base = small_game(green=[B("g-inf", at="S0101")], red=[B("r-inf")], leaders=False)
    game = with_allotments(base, Side.red, at_mines={"count": 2, "locations": ["S1305"]})
    play = Play(game, 0)
    assert play.state.phase == Phase.setup and play.state.active == Side.red
    # the scenario's fixed mine is down; one more to place, in red's deployment hexes
    assert [c.location for c in play.state.nml.counters.values()] == ["S1305"]
    places = [a for a in play.legal_actions() if isinstance(a, PlaceCounter)]
    assert places and {a.kind for a in places} == {"at_mine"}
    assert all(a.location in game.dummy_area[Side.red] for a in places)
    assert KeepInReserve() in play.legal_actions()
    play.apply(PlaceCounter("at_mine", "S1306"))
    # no more to place: red deploys its block and the game starts
    assert not any(isinstance(a, PlaceCounter) for a in play.legal_actions())
    while play.state.phase == Phase.setup:
        play.apply(play.legal_actions()[0])
    mines_seen = {side: [c for c in play.observation(side).counters if c.kind == "at_mine"] for side in Side}
    assert sorted(c.location for c in mines_seen[Side.red]) == ["S1305", "S1306"]
    assert mines_seen[Side.green] == []  # written on paper (5.2.2.1)
    assert all(c.kind is not None for c in play.observation(Side.red).counters)


def test_8_2_3_1_kept_in_reserve_the_engineers_place_them_in_an_adjacent_hex() -> None:
    base = small_game(green=[B("g-eng", BlockType.engineer, at="S0803")], red=[RED_FAR], leaders=False)
    game = with_allotments(base, Side.green, at_mines={"count": 1})
    play = Play(game, 0)
    # green has no deployment area to place it in at set-up: the mine stays in reserve
    assert play.state.phase == Phase.impulses
    activate(play, "g-eng")
    places = {a for a in play.legal_actions() if isinstance(a, PlaceCounter)}
    assert PlaceCounter("at_mine", "S0804") in places
    assert all(a.location in game.battlefield.neighbours("S0803") for a in places)
    play.apply(PlaceCounter("at_mine", "S0804"))
    assert play.state.activation is not None and play.state.activation.acted_at == 0  # its action
    assert not any(isinstance(a, PlaceCounter) for a in play.legal_actions())  # the reserve is spent
    [mine] = [c for c in play.state.nml.counters.values() if c.kind == Kind.at_mine]
    assert (mine.location, mine.owner, mine.revealed) == ("S0804", Side.green, False)
    check(play)


def test_8_2_3_1_an_engineer_places_an_ied_uxo_of_its_allotment_face_down_next_to_it() -> None:
    """8.2.3.1: "An Engineer block may place an AT-mine, a barricade or an IED/UXO in an
    adjacent location if this is specified in the scenario instructions. ... place an
    IED/UXO counter, face-down in an adjacent location"."""
    base = small_game(
        green=[B("g-eng", BlockType.engineer, at="S0803"), B("g-inf", at="S0801")],
        red=[B("r-inf", at="S0807"), RED_FAR],
        leaders=False,
    )
    game = with_allotments(base, Side.green, ied_uxo={"count": 1})
    play = Play(game, 0)
    assert play.state.phase == Phase.impulses  # an engineers' allotment: nothing at set-up
    activate(play, "g-eng")
    places = {a for a in play.legal_actions() if isinstance(a, PlaceCounter) and a.kind == "ied_uxo"}
    assert PlaceCounter("ied_uxo", "S0804") in places
    assert all(a.location in game.battlefield.neighbours("S0803") for a in places)
    play.apply(PlaceCounter("ied_uxo", "S0804"))
    [cid] = [k for k, c in play.state.nml.counters.items() if c.kind == Kind.ied_uxo]
    ied = play.state.nml.counters[cid]
    assert (ied.location, ied.placed_by, ied.owner, ied.revealed) == ("S0804", Side.green, None, False)
    # green knows it; to red it is any face-down counter of No Man's Land
    assert [(c.location, c.kind, c.owner) for c in play.observation(Side.green).counters] == [
        ("S0804", "ied_uxo", None)
    ]
    red_sees = [(c.location, c.kind, c.owner) for c in play.observation(Side.red).counters]
    assert red_sees == [("S0804", None, None)]
    check(play)
    # a red block coming next to it meets it (8.1.12) and rolls for it (5.2.3.1)
    play.apply(EndActivation())
    play.apply(EndImpulse())
    activate(play, "r-inf")
    move(play, "S0806")
    load(play, 2)
    move(play, "S0805")
    assert ied.location is None and play.state.blocks["r-inf"].losses == 1
    check(play)


def test_8_2_3_1_a_scenario_puts_down_a_sides_ied_uxo_the_rest_is_its_engineers() -> None:
    base = small_game(green=[B("g-eng", BlockType.engineer, at="S0803")], red=[RED_FAR], leaders=False)
    game = with_allotments(base, Side.green, ied_uxo={"count": 2, "locations": ["S0806"]})
    play = Play(game, 0)
    [ied] = [c for c in play.state.nml.counters.values() if c.kind == Kind.ied_uxo]
    assert (ied.location, ied.placed_by) == ("S0806", Side.green)
    assert play.state.nml.reserve == {"green.ied_uxo": 1}  # one more for the engineers
    check(play)


def mined(vehicle_at: str = "S0803", friend_at: str = "S0806") -> Play:
    game = small_game(
        green=[B("g-apc", BlockType.apc, at=vehicle_at), B("g-inf", at=friend_at)],
        red=[RED_FAR],
        leaders=False,
    )
    play = Play(game, 0)
    put(play, "red-at_mine-1", Kind.at_mine, "S0805", owner=Side.red)
    return play


def test_5_2_2_2_a_vehicle_entering_the_mined_hex_is_destroyed_on_0_to_7() -> None:
    play = mined()
    activate(play, "g-apc")
    move(play, "S0804")
    load(play, 7)
    move(play, "S0805")
    s = play.state
    assert s.blocks["g-apc"].eliminated and s.activation is None
    assert "S0805" in s.wrecks and "S0805" in s.smoke  # a Wreck and Smoke on the mine's hex
    assert s.nml.counters["red-at_mine-1"].location is None  # removed from play
    # the mine's weapons effect: the vehicle's side within 2 EP (an involuntary action, 8.2.1.1)
    assert s.blocks["g-inf"].losses == 1
    check(play)


def test_5_2_2_2_an_exploded_mines_smoke_stays_until_the_end_of_the_game() -> None:
    """5.2.2.2: "Place a Wreck and a Smoke (down wind) counters, until the end of the game, on
    the mine location", the specific rule, over 5.2.4.3's general "It is removed at the end
    of the turn", which still lifts a fired smoke."""
    play = mined()
    activate(play, "g-apc")
    move(play, "S0804")
    load(play, 0)
    move(play, "S0805")
    s = play.state
    plume = set(s.smoke)
    assert "S0805" in plume and plume == s.lasting_smoke
    s.smoke.add("S0101")  # a smoke fire's counter (8.2.7.8, 5.2.4.3)
    if s.impulse is not None:
        play.apply(EndImpulse())
    load(play, 9, 9, 9, 9)  # whatever the next initial phase rolls
    while s.turn == 1:
        play.apply(Pass())
    assert s.turn == 2 and s.smoke == plume  # the fired smoke lifted, the mine's kept
    assert all(play.observation(side).smoke == tuple(sorted(plume)) for side in Side)
    check(play)


def test_5_2_2_2_on_8_or_9_the_mine_is_removed_and_the_vehicle_goes_on() -> None:
    play = mined()
    activate(play, "g-apc")
    move(play, "S0804")
    load(play, 8)
    move(play, "S0805")
    s = play.state
    assert s.blocks["g-apc"].location == "S0805" and not s.blocks["g-apc"].eliminated
    assert s.nml.counters["red-at_mine-1"].location is None
    assert s.blocks["g-inf"].losses == 0
    assert any(isinstance(a, Move) for a in play.legal_actions())  # it resumes its activation


def test_5_2_2_2_foot_blocks_do_not_trigger_a_mine() -> None:
    play = mined(vehicle_at="S1201", friend_at="S0804")
    activate(play, "g-inf")
    load(play)  # no die
    move(play, "S0805")
    assert play.state.nml.counters["red-at_mine-1"].location == "S0805"


def test_5_2_2_3_a_scouting_engineer_finds_mines_within_2_ep_and_moves_3_mp_at_most() -> None:
    game = small_game(green=[B("g-eng", BlockType.engineer, at="S0801")], red=[RED_FAR], leaders=False)
    play = Play(game, 0)
    put(play, "red-at_mine-1", Kind.at_mine, "S0805", owner=Side.red)
    put(play, "red-at_mine-2", Kind.at_mine, "S0810", owner=Side.red)
    activate(play, "g-eng")
    assert ScoutMines() in play.legal_actions()
    play.apply(ScoutMines())
    s = play.state
    assert s.blocks["g-eng"].revealed  # it reveals itself to scout
    assert not s.nml.counters["red-at_mine-1"].revealed  # 4 EP away
    move(play, "S0802", "S0803")
    assert s.nml.counters["red-at_mine-1"].revealed  # 2 EP from S0803
    assert not s.nml.counters["red-at_mine-2"].revealed
    move(play, "S0804")
    assert s.activation is not None and s.activation.spent == 3
    assert not any(isinstance(a, Move) for a in play.legal_actions())  # limited to 3 MP
    seen = play.observation(Side.green).counters
    assert [(c.location, c.kind) for c in seen] == [("S0805", "at_mine")]
    # a scouted mine does not explode (5.2.2.3); an engineer may now destroy it (8.2.3.2)
    assert any(isinstance(a, Destroy) and a.location == "S0805" for a in play.legal_actions())


def test_8_2_5_6_only_scouts_and_engineers_scout_for_mines() -> None:
    game = small_game(green=[B("g-inf", at="S0801")], red=[RED_FAR], leaders=False)
    play = Play(game, 0)
    activate(play, "g-inf")
    assert ScoutMines() not in play.legal_actions()


def test_8_2_3_2_an_engineer_destroys_a_barricade_with_a_weapons_effect_then_moves_2_mp() -> None:
    game = small_game(
        green=[B("g-eng", BlockType.engineer, at="S0803"), B("g-inf", at="S0806")],
        red=[RED_FAR],
        leaders=False,
        no_mans_land=[{"id": "nml-b", "kind": "barricade", "at": "S0804", "hidden": False}],
    )
    play = Play(game, 0)
    assert not play.game.battlefield.los_table.clear("S0803", "S0805") or play.sees("S0803", "S0805")
    activate(play, "g-eng")
    assert Move("S0804") not in play.legal_actions()  # no block may cross a barricade (5.2.3.5)
    destroys = [a for a in play.legal_actions() if isinstance(a, Destroy)]
    assert {a.location for a in destroys} == {"S0804"}
    assert Destroy("S0804", "S0803") not in destroys  # it must move away
    play.apply(Destroy("S0804", "S0702"))
    s = play.state
    assert s.nml.counters["nml-b"].location is None
    assert s.blocks["g-eng"].location == "S0702" and s.blocks["g-eng"].losses == 0
    assert s.blocks["g-inf"].losses == 1  # 2 EP around the target, the engineer excepted
    check(play)


def test_5_2_3_5_a_barricade_never_blocks_the_line_of_sight() -> None:
    game = small_game(
        green=[B("g-inf", at="S0802")],
        red=[B("r-inf", at="S0808")],
        leaders=False,
        no_mans_land=[{"id": "nml-b", "kind": "barricade", "at": "S0805", "hidden": False}],
    )
    play = Play(game, 0)
    assert play.sees("S0802", "S0808")


def test_a_game_with_no_mans_land_replays_from_its_json_log_to_the_same_state() -> None:
    base = small_game(
        green=[B("g-eng", BlockType.engineer, at="S0803"), B("g-apc", BlockType.apc, at="S0702"), B("g-inf")],
        red=[B("r-inf"), B("r-eng", BlockType.engineer)],
        leaders=False,
        no_mans_land=[
            {"id": "pop", "kind": "population", "at": "S0906"},
            {"id": "ied", "kind": "ied_uxo", "at": "S1005"},
            {"id": "tox", "kind": "toxic", "at": "S0608"},
            {"id": "bar", "kind": "barricade", "at": "S1104"},
        ],
    )
    game = with_allotments(base, Side.red, at_mines={"count": 2}, barricades={"count": 1})
    kinds: set[str] = set()
    for seed in range(3):
        play = Play(game, seed)
        rng = random.Random(seed)
        while play.decider is not None:
            play.apply(rng.choice(play.legal_actions()))
            check(play)
        kinds |= {e["action"] for e in play.log}
        log = json.loads(json.dumps(play.log))
        replayed = replay_actions(URBAN_OPERATIONS, game, seed, log)
        assert isinstance(replayed, Play) and replayed.state == play.state
        assert replayed.digest() == play.digest()
    assert {"PlaceCounter", "ScoutMines"} <= kinds
