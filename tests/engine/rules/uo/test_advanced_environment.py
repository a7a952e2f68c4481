"""Advanced rules of the environment (13): blocking an underground entry (13.1,
underground_blocking.py), traps and antipersonnel mines (13.2, traps.py), population movement
by the players' choice (13.3, population_choice.py) and rubble (13.4, rubble.py), each in the
same position with and without the rule."""

from __future__ import annotations

from engine.model.cards import BlockType
from engine.model.scenario import AdvancedRule, Side
from engine.rules.uo import effects, fortified, rubble, traps
from engine.rules.uo.actions import (
    BlockEntry,
    EndActivation,
    KeepInReserve,
    Move,
    MovePopulation,
    Pass,
    PlaceCounter,
    ScoutMines,
    action_from_json,
    action_to_json,
)
from engine.rules.uo.counters import Kind
from engine.rules.uo.play import Play
from engine.rules.uo.state import Phase

from .advanced_kit import MANHOLE, UNDER_A, UNDER_B, advanced_game
from .nml_kit import put, with_allotments
from .small import DOOR, ROOM_N, B
from .test_fire import activate, check, game_of, legal, move, play_of

INF, ENG, MBT = BlockType.infantry, BlockType.engineer, BlockType.mbt


# --- 13.1 ----------------------------------------------------------------------------------


def manhole_game(rules: list[AdvancedRule]) -> Play:
    """A green engineer next to the manhole; a red block below it, in zone A."""
    game = advanced_game(green=[B("eng", ENG, "S1007")], red=[B("r", INF, UNDER_A)], advanced_rules=rules)
    return play_of(game)


def test_13_1_an_engineer_blocks_the_underground_entry_only_with_the_rule() -> None:
    without = manhole_game([])
    activate(without, "eng")
    assert not legal(without, BlockEntry)
    play = manhole_game([AdvancedRule.blocking_underground])
    activate(play, "eng")
    assert legal(play, BlockEntry) == {BlockEntry(MANHOLE)}
    assert action_from_json(action_to_json(BlockEntry(MANHOLE))) == BlockEntry(MANHOLE)
    play.apply(BlockEntry(MANHOLE))
    s = play.state
    assert s.blocks["r"].eliminated  # "If there is a block in this location, it is eliminated"
    barricades = {c.location for c in s.nml.counters.values() if c.kind == Kind.barricade}
    assert barricades == {UNDER_A, UNDER_B}  # the zone with the manhole's letter
    assert s.activation is not None and s.activation.acted_at == 0  # the engineer's action
    assert not legal(play, BlockEntry)  # done
    check(play)


def test_13_1_not_from_underground() -> None:
    game = advanced_game(
        green=[B("eng", ENG, UNDER_B)],
        red=[B("r", INF, "S1310")],
        advanced_rules=[AdvancedRule.blocking_underground],
    )
    play = play_of(game)
    activate(play, "eng")
    assert not legal(play, BlockEntry)


# --- 13.2 ----------------------------------------------------------------------------------


def test_13_2_an_ap_trap_costs_two_at_mines_and_goes_in_a_room() -> None:
    places = {}
    for rules in ([], [AdvancedRule.antipersonnel_mines]):
        base = game_of(
            [B("g", INF, "S0101")],
            [B("r")],
            deployment={Side.red: [ROOM_N, "S1305", "S1306"]},
            advanced_rules=rules,
        )
        play = Play(with_allotments(base, Side.red, at_mines={"count": 2}), 0)
        places[bool(rules)] = {a for a in play.legal_actions() if isinstance(a, PlaceCounter)}
        if rules:
            play.apply(PlaceCounter("ap_mine", ROOM_N))
            s = play.state
            [trap] = [c for c in s.nml.counters.values() if c.kind == Kind.ap_mine]
            assert (trap.location, trap.owner, trap.revealed) == (ROOM_N, Side.red, False)
            assert "red.at_mines" not in s.nml.reserve  # both AT mines spent
            while s.phase == Phase.setup:
                play.apply(next(a for a in play.legal_actions() if not isinstance(a, KeepInReserve)))
            assert not [c for c in play.observation(Side.green).counters if c.location == ROOM_N]
            assert [c.kind for c in play.observation(Side.red).counters if c.location == ROOM_N] == [
                "ap_mine"
            ]
            check(play)
    assert PlaceCounter("ap_mine", ROOM_N) not in places[False]
    assert PlaceCounter("ap_mine", ROOM_N) in places[True]
    assert PlaceCounter("ap_mine", "S1305") not in places[True]  # rooms and zones only
    assert PlaceCounter("at_mine", "S1305") in places[True]


def trapped(rules: list[AdvancedRule]) -> Play:
    """A red trap in UNDER_A; green rifles at U0201 about to step in, a friend at UNDER_B
    (1 EP away)."""
    game = advanced_game(
        green=[B("g", INF, "U0201"), B("f", INF, UNDER_B)], red=[B("r", INF, "S1310")], advanced_rules=rules
    )
    play = play_of(game)
    put(play, "red-ap_mine-1", Kind.ap_mine, UNDER_A, owner=Side.red)
    return play


def test_13_2_a_block_entering_a_trapped_location_loses_2_and_its_friends_within_1_ep_1() -> None:
    without = trapped([])
    activate(without, "g")
    move(without, UNDER_A)
    assert (without.state.blocks["g"].losses, without.state.blocks["f"].losses) == (0, 0)
    play = trapped([AdvancedRule.antipersonnel_mines])
    activate(play, "g")
    move(play, UNDER_A)
    s = play.state
    assert (s.blocks["g"].losses, s.blocks["f"].losses) == (2, 1)
    assert s.nml.counters["red-ap_mine-1"].location is None  # the trap leaves the game
    check(play)


def test_13_2_scouting_for_mines_finds_a_trap_as_an_ied_uxo() -> None:
    game = advanced_game(
        green=[B("eng", ENG, "U0201")],
        red=[B("r", INF, "S1310")],
        advanced_rules=[AdvancedRule.antipersonnel_mines],
    )
    play = play_of(game)
    put(play, "red-ap_mine-1", Kind.ap_mine, UNDER_A, owner=Side.red)
    activate(play, "eng")
    play.apply(ScoutMines())
    c = play.state.nml.counters["red-ap_mine-1"]
    assert (c.kind, c.location, c.revealed, c.owner) == (Kind.ied_uxo, UNDER_A, True, None)
    assert Move(UNDER_A) not in play.legal_actions()  # an IED/UXO is never entered (5.2.3.1)
    play.apply(EndActivation())
    check(play)


# --- 13.3 ----------------------------------------------------------------------------------


def crowd(rules: list[AdvancedRule], *rolls: int) -> Play:
    game = game_of(
        [B("g", INF, "S0101")],
        [B("r", INF, "S1410")],
        advanced_rules=rules,
        no_mans_land=[{"id": "crowd", "kind": "population", "at": "S0505", "hidden": False}],
    )
    play = play_of(game, *rolls)
    play.apply(Pass())
    return play


def test_13_3_an_8_lets_the_red_player_move_the_population() -> None:
    without = crowd([])
    without.apply(Pass())  # no population movement: no die
    assert without.state.nml.counters["crowd"].location == "S0505"
    play = crowd([AdvancedRule.population_movement], 8)
    play.apply(Pass())
    assert play.state.turn == 2 and play.decider == Side.red
    moves = legal(play, MovePopulation)
    assert moves and {m.location for m in moves} == {"S0505"}
    assert {m.to for m in moves} <= set(play.game.battlefield.neighbours("S0505"))
    choice = sorted(moves, key=str)[0]
    assert action_from_json(action_to_json(choice)) == choice
    play.apply(choice)
    assert play.state.nml.counters["crowd"].location == choice.to
    assert play.decider == Side.green  # then the turn goes on: the initiative side
    check(play)


def test_13_3_a_9_is_the_green_players_choice() -> None:
    play = crowd([AdvancedRule.population_movement], 9)
    play.apply(Pass())
    assert play.decider == Side.green and legal(play, MovePopulation)


# --- 13.4 ----------------------------------------------------------------------------------


def shelled(rules: list[AdvancedRule], *rolls: int, breach: bool = False) -> Play:
    """A green tank's gun (a heavy weapon) fires at room 1.1, where red rifles stand.
    `breach`: the room's aperture counts as an opened breach (the small map has no breach
    symbol: the collapse must take it away again for the invariants to hold)."""
    game = game_of([B("tank", MBT, "S1004")], [B("r", INF, ROOM_N)], advanced_rules=rules)
    play = play_of(game, *rolls)
    if breach:
        play.state.breaches.add(DOOR)
    effects.apply(play, "tank", "gun", ROOM_N)
    rubble.settle(play)
    return play


def test_13_4_no_collapse_roll_without_the_rule() -> None:
    play = shelled([])
    assert not play.state.blocks["r"].eliminated and play.state.advanced.collapses == []
    check(play)


def test_13_4_a_9_then_even_collapses_into_a_barricade() -> None:
    play = shelled([AdvancedRule.rubble], 9, 4)
    s = play.state
    assert s.blocks["r"].eliminated
    assert [c.location for c in s.nml.counters.values() if c.kind == Kind.barricade] == [ROOM_N]
    check(play)


def test_13_4_a_9_then_odd_leaves_a_fortified_marker_and_no_breach() -> None:
    play = shelled([AdvancedRule.rubble], 9, 3, breach=True)
    s = play.state
    assert s.blocks["r"].eliminated and s.advanced.fortified == {ROOM_N}
    assert DOOR not in s.breaches
    assert fortified.at(play, ROOM_N)
    assert ROOM_N in play.observation(Side.green).fortified  # on the map for all to see
    check(play)


def test_13_4_anything_but_9_changes_nothing() -> None:
    play = shelled([AdvancedRule.rubble], 8)
    assert not play.state.blocks["r"].eliminated and not play.state.advanced.fortified
    check(play)


def test_13_4_light_weapons_never_bring_a_building_down() -> None:
    game = game_of([B("tank", MBT, "S1004")], [B("r", INF, ROOM_N)], advanced_rules=[AdvancedRule.rubble])
    play = play_of(game)
    effects.apply(play, "tank", "coax", ROOM_N)
    assert play.state.advanced.collapses == []
    assert traps.on(play) is False


def test_13_1_the_barricade_below_closes_the_manhole() -> None:
    game = advanced_game(
        green=[B("eng", ENG, MANHOLE)],
        red=[B("r", INF, "S1310")],
        advanced_rules=[AdvancedRule.blocking_underground],
    )
    play = play_of(game)
    activate(play, "eng")
    assert Move(UNDER_A) in play.legal_actions()  # 8.1.10: down the manhole
    play.apply(BlockEntry(MANHOLE))  # from the manhole's own hex
    assert Move(UNDER_A) not in play.legal_actions() and Move(UNDER_B) not in play.legal_actions()
    check(play)


def test_13_2_an_engineer_sets_a_trap_in_an_adjacent_room_in_play() -> None:
    base = game_of(
        [B("eng", ENG, "S0804")], [B("r", INF, "S1310")], advanced_rules=[AdvancedRule.antipersonnel_mines]
    )
    game = with_allotments(base, Side.green, at_mines={"count": 3})
    play = play_of(game)
    activate(play, "eng")
    traps_offered = {a for a in legal(play, PlaceCounter) if a.kind == "ap_mine"}
    assert traps_offered == {PlaceCounter("ap_mine", ROOM_N)}  # the room behind the door
    play.apply(PlaceCounter("ap_mine", ROOM_N))
    assert play.state.nml.reserve == {"green.at_mines": 1}  # two of the three spent
    assert not {a for a in legal(play, PlaceCounter) if a.kind == "ap_mine"}  # its action is done
    check(play)
