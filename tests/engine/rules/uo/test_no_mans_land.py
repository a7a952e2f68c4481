"""No Man's Land counters (5.2.3, 5.2.4.4, 8.2.1, 8.2.5.4-8.2.5.5, 8.2.6) and the initial
phase's No Man's Land sequences (3.1.1, 13.3) on the small map. The street (column 08) is
clear from end to end: S0802 is 4 EP from S0806, S0805 next to it (in contact, 8.1.12)."""

from __future__ import annotations

from typing import Any

from engine.battlefield.movement import ep_distance
from engine.model.scenario import AdvancedRule, Compass, Side
from engine.rules.uo import counters, effects, fight, no_mans_land, observation, obstructions
from engine.rules.uo.actions import (
    Assault,
    EndActivation,
    EndImpulse,
    Fire,
    Move,
    Pass,
    ScatterPopulation,
    Scout,
    ScoutCounter,
)
from engine.rules.uo.counters import Kind
from engine.rules.uo.invariants import check
from engine.rules.uo.play import Play
from engine.rules.uo.state import Withdrawal

from .nml_kit import activate, load, move, put, with_allotments
from .small import B, small_game

RED_FAR = B("r-far", at="S1410")


def play_with(
    counters: list[dict[str, Any]], green: list[B], red: list[B] | None = None, **options: Any
) -> Play:
    game = small_game(green=green, red=red or [RED_FAR], leaders=False, no_mans_land=counters, **options)
    return Play(game, 0)


def counter(play: Play, cid: str) -> Any:
    return play.state.nml.counters[cid]


def test_5_2_3_a_block_in_contact_turns_a_counter_over_and_both_sides_see_it() -> None:
    play = play_with([{"id": "c", "kind": "vehicles", "at": "S0806"}], [B("g-inf", at="S0802")])
    for side in Side:
        assert [(c.location, c.kind) for c in play.observation(side).counters] == [("S0806", None)]
    activate(play, "g-inf")
    load(play)  # a Vehicles counter met rolls nothing
    move(play, "S0803", "S0804", "S0805")
    assert counter(play, "c").revealed
    for side in Side:
        assert [(c.location, c.kind) for c in play.observation(side).counters] == [("S0806", "vehicles")]


def test_8_1_12_a_block_is_in_contact_with_a_counter_only_when_adjacent_to_its_location() -> None:
    """8.1.12: "A block is in contact with a No Man's Land counter (and the latter is
    immediately revealed if needed) if the block becomes adjacent to the counter location
    during its movement." Not block-to-block contact: 2 EP away in clear LOS is no contact."""
    play = play_with(
        [{"id": "ied", "kind": "ied_uxo", "at": "S0806"}, {"id": "pop", "kind": "population", "at": "S0810"}],
        [B("g-inf", at="S0802")],
    )
    activate(play, "g-inf")
    load(play)  # no die: nothing is met on the way
    move(play, "S0803", "S0804")
    assert ep_distance(play.game.battlefield, "S0804", "S0806") == 2
    assert not counter(play, "ied").revealed and counter(play, "pop").location == "S0810"
    load(play, 9)  # the IED/UXO's roll on contact (5.2.3.1), 9: it does not go off
    move(play, "S0805")
    assert counter(play, "ied").revealed and counter(play, "ied").unstable
    assert not counter(play, "pop").revealed  # 5 EP away, in LOS


def test_8_1_12_population_flees_when_a_block_comes_within_1_hex_not_before() -> None:
    """8.1.12: "When the block of a player comes within 1 hex/room/zone of a Population
    counter, the enemy player moves the population counter 3 MPs, in any direction." """
    play = play_with([{"id": "pop", "kind": "population", "at": "S0806"}], [B("g-inf", at="S0802")])
    activate(play, "g-inf")
    move(play, "S0803", "S0804")
    assert counter(play, "pop").location == "S0806" and not counter(play, "pop").revealed
    move(play, "S0805")
    assert counter(play, "pop").revealed and counter(play, "pop").location != "S0806"


def test_5_2_3_1_an_ied_met_explodes_on_0_to_3_hurting_its_side_within_2_ep() -> None:
    play = play_with(
        [{"id": "ied", "kind": "ied_uxo", "at": "S0806"}],
        [B("g-inf", at="S0802"), B("g-near", at="S0907")],
        [B("r-near", at="S0706"), RED_FAR],
    )
    activate(play, "g-inf")
    move(play, "S0803", "S0804")
    load(play, 3)
    move(play, "S0805")
    s = play.state
    assert counter(play, "ied").location is None  # exploded, out of the game
    assert s.blocks["g-near"].losses == 1  # 1 EP from it (the card: -1 OSL, radius 2 EP)
    assert s.blocks["g-inf"].losses == 1  # the block that met it, next to it (8.2.1.1)
    assert s.blocks["r-near"].losses == 0  # an involuntary action: the triggering side's blocks
    check(play)


def test_5_2_3_1_an_ied_that_does_not_go_off_is_unstable_and_checked_each_initial_phase() -> None:
    play = play_with(
        [{"id": "ied", "kind": "ied_uxo", "at": "S0806"}],
        [B("g-inf", at="S0802"), B("g-near", at="S0907")],
        [B("r-near", at="S0706"), RED_FAR],
    )
    activate(play, "g-inf")
    move(play, "S0803", "S0804")
    load(play, 4)
    move(play, "S0805")
    c = counter(play, "ied")
    assert c.revealed and c.unstable and c.location == "S0806"
    assert Move("S0804") in play.legal_actions()
    play.apply(EndActivation())
    play.apply(EndImpulse())
    play.apply(Pass())
    load(play, 0)  # turn 2's IED/UXO check (3.1.1)
    play.apply(Pass())
    assert play.state.turn == 2
    assert c.location is None
    # the initial phase's explosion hurts every block within 2 EP (8.2.1.1)
    assert play.state.blocks["g-near"].losses == 1 and play.state.blocks["r-near"].losses == 1
    check(play)


def test_5_2_3_1_no_block_enters_an_ied_hex() -> None:
    play = play_with(
        [{"id": "ied", "kind": "ied_uxo", "at": "S0804", "hidden": False}], [B("g-inf", at="S0803")]
    )
    activate(play, "g-inf")
    assert Move("S0804") not in play.legal_actions()


def test_5_2_3_2_toxic_waste_met_makes_a_cloud_downwind_that_costs_1_osl() -> None:
    play = play_with(
        [{"id": "tox", "kind": "toxic", "at": "S0806"}],
        [B("g-inf", at="S0802"), B("g-walker", at="S1203")],
    )
    bf = play.game.battlefield
    cloud = obstructions.drift(bf, "S0806", Compass.E, 3)
    assert cloud == ["S0806", "S0906", "S1006"]  # 3 hexes towards the east wind (5.2.4.4)
    activate(play, "g-inf")
    move(play, "S0803", "S0804")
    assert not play.state.nml.toxic_clouds  # 2 EP away: not yet in contact (8.1.12)
    move(play, "S0805")
    assert set(cloud) <= play.state.nml.toxic_clouds
    assert play.observation(Side.red).toxic_clouds == tuple(sorted(play.state.nml.toxic_clouds))
    assert play.state.blocks["g-inf"].losses == 0  # outside the cloud
    # a block crossing the cloud loses 1 OSL (5.2.3.2), once for the crossing
    play.apply(EndActivation())
    activate(play, "g-walker")
    move(play, "S1104", "S1105", "S1005")
    assert play.state.blocks["g-walker"].losses == 0
    move(play, "S1006")
    assert play.state.blocks["g-walker"].losses == 1
    move(play, "S0906")
    assert play.state.blocks["g-walker"].losses == 1


def test_8_2_5_4_scouting_toxic_waste_places_the_cloud() -> None:
    play = play_with([{"id": "tox", "kind": "toxic", "at": "S0806"}], [B("g-inf", at="S0802")])
    activate(play, "g-inf")
    assert ScoutCounter("S0806") in play.legal_actions()  # 4 EP, in LOS (8.2.5.1)
    play.apply(ScoutCounter("S0806"))
    assert counter(play, "tox").revealed and "S0806" in play.state.nml.toxic_clouds


def test_8_2_5_5_scouting_an_ied_may_set_it_off() -> None:
    play = play_with(
        [{"id": "ied", "kind": "ied_uxo", "at": "S0806"}], [B("g-inf", at="S0802"), B("g-near", at="S0807")]
    )
    activate(play, "g-inf")
    load(play, 1)
    play.apply(ScoutCounter("S0806"))
    assert counter(play, "ied").location is None and play.state.blocks["g-near"].losses == 1


def test_5_2_3_3_population_met_flees_3_mp_as_far_as_it_can() -> None:
    play = play_with([{"id": "pop", "kind": "population", "at": "S0806"}], [B("g-inf", at="S0802")])
    activate(play, "g-inf")
    move(play, "S0803", "S0804", "S0805")
    c = counter(play, "pop")
    bf = play.game.battlefield
    assert c.revealed and c.location != "S0806"
    assert (ep_distance(bf, "S0805", c.location) or 0) > (ep_distance(bf, "S0805", "S0806") or 0)
    assert (ep_distance(bf, "S0806", c.location) or 99) <= 3
    check(play)


def test_5_2_3_3_no_block_moves_through_population() -> None:
    play = play_with(
        [{"id": "pop", "kind": "population", "at": "S0804", "hidden": False}], [B("g-inf", at="S0803")]
    )
    activate(play, "g-inf")
    assert Move("S0804") not in play.legal_actions()


def collateral_victory() -> dict[str, Any]:
    return {
        "conditions": [
            {"kind": "collateral", "id": "green-collateral", "side": "green", "per_population": -2},
            {"kind": "control", "id": "red-hex", "side": "red", "locations": ["S1410"]},
        ],
        "levels": [{"side": "red", "level": "total", "min_points": 5}],
    }


def test_8_2_1_3_population_in_a_fire_lane_is_eliminated_and_counted_against_the_firer() -> None:
    play = play_with(
        [{"id": "pop", "kind": "population", "at": "S0805", "hidden": False}],
        [B("g-inf", at="S0802")],
        [B("r-inf", at="S0808")],
        victory=collateral_victory(),
    )
    assert play.outcome.points[Side.green] == 0
    effects.apply(play, "g-inf", "mg", "S0808")  # firing through it (5.2.3.3)
    assert counter(play, "pop").location is None
    assert play.state.nml.collateral == {Side.green: 1}
    assert play.outcome.points[Side.green] == -2
    assert play.outcome.conditions["green-collateral"]
    assert play.observation(Side.red).collateral == ((Side.green, 1),)


def test_5_2_3_a_hidden_counter_in_a_fire_lane_is_revealed_toxic_pierced_ied_not_set_off() -> None:
    play = play_with(
        [
            {"id": "tox", "kind": "toxic", "at": "S0805"},
            {"id": "ied", "kind": "ied_uxo", "at": "S0810"},
        ],
        [B("g-inf", at="S0802")],
        [B("r-inf", at="S0808")],
    )
    load(play)  # a weapon does not set an IED/UXO off
    effects.apply(play, "g-inf", "mg", "S0808")
    assert counter(play, "tox").revealed and "S0805" in play.state.nml.toxic_clouds
    ied = counter(play, "ied")
    assert ied.revealed and ied.unstable and ied.location == "S0810"


def test_8_2_6_a_block_scatters_adjacent_population_up_to_6_mp_out_of_contact() -> None:
    play = play_with(
        [{"id": "pop", "kind": "population", "at": "S0804", "hidden": False}],
        [B("g-inf", at="S0803"), B("g-other", at="S0806")],
    )
    activate(play, "g-inf")
    options = [a for a in play.legal_actions() if isinstance(a, ScatterPopulation)]
    assert options and all(a.location == "S0804" for a in options)
    bf = play.game.battlefield
    blocks = {"S0803", "S0806"}
    for a in options:
        assert a.to != "S0804"
        assert a.to not in blocks and not blocks & set(bf.neighbours(a.to))
    assert ScatterPopulation("S0804", "S0805") not in options  # next to g-other
    target = options[0]
    play.apply(target)
    assert counter(play, "pop").location == target.to
    check(play)


def test_13_3_revealed_population_moves_by_the_die_in_the_initial_phase() -> None:
    play = play_with(
        [
            {"id": "pop", "kind": "population", "at": "S0905", "hidden": False},
            {"id": "pop2", "kind": "population", "at": "S0305", "hidden": False},
        ],
        [B("g-inf", at="S0101")],
        advanced_rules=[AdvancedRule.population_movement],
    )
    play.apply(Pass())
    load(play, 1, 0)  # pop: 1 = north; pop2: 0 = panic, removed
    play.apply(Pass())
    assert play.state.turn == 2
    assert counter(play, "pop").location == "S0904"
    assert counter(play, "pop2").location is None


def test_5_2_4_5_a_wreck_explodes_on_0_to_3_in_the_initial_phase_and_stays() -> None:
    play = play_with([], [B("g-inf", at="S0804")], [B("r-inf", at="S0806"), RED_FAR])
    play.state.wrecks.add("S0805")
    play.apply(Pass())
    load(play, 2)
    play.apply(Pass())
    s = play.state
    assert s.blocks["g-inf"].losses == 1 and s.blocks["r-inf"].losses == 1
    assert "S0805" in s.wrecks


def test_5_2_3_each_side_knows_from_its_observation_where_the_counters_close_the_way() -> None:
    play = play_with(
        [
            {"id": "b", "kind": "barricade", "at": "S0805", "hidden": False},
            {"id": "v", "kind": "vehicles", "at": "S1006"},
            {"id": "p", "kind": "population", "at": "S0307", "hidden": False},
            {"id": "i", "kind": "ied_uxo", "at": "S1108"},
        ],
        [B("g-inf", at="S0101")],
    )
    put(play, "red-barricade-1", Kind.barricade, "S1204", owner=Side.red)
    put(play, "red-at_mine-1", Kind.at_mine, "S1205", owner=Side.red)
    closed = counters.closed(play.state.nml)
    assert closed == (frozenset({"S0805", "S1204"}), frozenset({"S1006", "S0307", "S1108"}))
    for side in Side:
        assert observation.closed_to_movement(play.observation(side)) == closed
    red_view = play.observation(Side.red).counters
    assert ("S1205", "at_mine") in [(c.location, c.kind) for c in red_view]
    assert "S1205" not in [c.location for c in play.observation(Side.green).counters]


def test_5_2_3_3_population_is_never_a_target() -> None:
    play = play_with(
        [{"id": "p", "kind": "population", "at": "S0805", "hidden": False}],
        [B("g-inf", at="S0802")],
        [B("r-inf", at="S1004"), RED_FAR],
    )
    activate(play, "g-inf")
    fires = [a for a in play.legal_actions() if isinstance(a, Fire | Assault | Scout | ScoutCounter)]
    assert fires and all(a.target != "S0805" for a in fires if not isinstance(a, ScoutCounter))
    assert ScoutCounter("S0805") not in fires  # revealed already: nothing to scout


def test_5_2_1_a_sides_barricade_block_is_revealed_by_scouting() -> None:
    play = play_with([], [B("g-inf", at="S0802")])
    put(play, "red-barricade-1", Kind.barricade, "S0806", owner=Side.red)
    assert [(c.location, c.kind) for c in play.observation(Side.green).counters] == [("S0806", None)]
    activate(play, "g-inf")
    play.apply(ScoutCounter("S0806"))
    assert [(c.location, c.kind) for c in play.observation(Side.green).counters] == [("S0806", "barricade")]


def test_5_2_3_2_a_block_withdrawing_into_a_toxic_cloud_loses_1_osl_and_meets_counters() -> None:
    play = play_with(
        [{"id": "v", "kind": "vehicles", "at": "S0806"}],
        [B("g-inf", at="S0803")],
        [B("r-inf", at="S1203"), RED_FAR],
    )
    play.state.nml.toxic_clouds.add("S0805")
    fight.finish_withdrawal(play, Withdrawal("g-inf", "S0803"), "S0805")
    assert play.state.blocks["g-inf"].losses == 1
    assert counter(play, "v").revealed  # next to S0805 (8.1.12)


def test_5_2_3_3_fleeing_population_stops_on_coming_into_contact_with_another_block() -> None:
    def fled(green: list[B]) -> str:
        play = play_with([{"id": "pop", "kind": "population", "at": "S0806"}], green)
        activate(play, "g-inf")
        move(play, "S0805")
        return counter(play, "pop").location

    alone = fled([B("g-inf", at="S0804")])
    assert alone == "S0508"  # 3 MP away, the farthest from S0805
    # a block next to its way west: it stops where it meets it and goes elsewhere
    blocked = fled([B("g-inf", at="S0804"), B("g-other", at="S0607")])
    assert blocked != alone
    play = play_with(
        [{"id": "pop", "kind": "population", "at": "S0806"}],
        [B("g-inf", at="S0805"), B("g-other", at="S0607")],
    )
    bf = play.game.battlefield
    spots = no_mans_land._flight(play, "S0806", "S0805")
    assert blocked in spots
    others = {"S0607"}
    for loc, mp in spots.items():
        if mp > 1:  # came from a place within reach that was not in contact with g-other
            before = [n for n in bf.neighbours(loc) if (spots.get(n, -1) < mp and n in spots) or n == "S0806"]
            assert any(n == "S0806" or not (others & {n, *bf.neighbours(n)}) for n in before), loc


def test_5_2_3_2_a_toxic_cloud_is_no_weapons_effect_a_fortified_block_in_it_loses_without_a_die() -> None:
    base = small_game(
        green=[B("g-inf", at="S0802"), B("g-fort", at="S0906")],
        red=[RED_FAR],
        leaders=False,
        no_mans_land=[{"id": "tox", "kind": "toxic", "at": "S0806"}],
    )
    play = Play(with_allotments(base, Side.green, fortified={"count": 1, "locations": ["S0906"]}), 0)
    activate(play, "g-inf")
    load(play)  # no fortified roll (5.2.4.2 protects from weapons effects)
    move(play, "S0803", "S0804", "S0805")
    fort = play.state.blocks["g-fort"]
    assert fort.losses == 1 and not fort.activated
