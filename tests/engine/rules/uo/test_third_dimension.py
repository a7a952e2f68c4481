"""Third-dimension actions (7.3, third_dimension.py): who requests (7.3.2), the matrix's
U / T+1 / T (7.3.3.1), resolution (7.3.3.3), smoke and flares (7.3.3.4), air defence
(7.3.3.5), 3D scouting (7.3.4), fortified locations (5.2.4.2). Small map (small.py); the
support cards are our own."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from engine.battlefield.movement import ep_distance, ep_from
from engine.bots.runner import make_bot
from engine.model.cards import (
    AffectedSides,
    BlockType,
    EffectRing,
    SupportCard,
    SupportDomain,
    SupportKind,
    TargetCapability,
)
from engine.model.scenario import Allotment, Side, SupportMatrix, SupportRow
from engine.rules.uo import invariants, third_dimension
from engine.rules.uo.actions import Adjust3D, Cancel3D, Carry3D, EndRequests, Request3D
from engine.rules.uo.game import Game
from engine.rules.uo.play import Pass, Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS
from engine.rules.uo.state import Mission

from . import small
from .small import B
from .test_fire import Dice, game_of, legal

PL, INF, MBT = BlockType.platoon_leader, BlockType.infantry, BlockType.mbt

MORTAR = SupportCard(
    id="mortar",
    name="Mortar",
    kind=SupportKind.mortar,
    domain=SupportDomain.terrestrial,
    effect=[EffectRing(radius=0, osl=2), EffectRing(radius=1, osl=1)],
)
CAS = SupportCard(
    id="cas",
    name="Jets",
    kind=SupportKind.close_air_support,
    domain=SupportDomain.aerial,
    targets=TargetCapability.all,
    sides=AffectedSides.friendly,
    effect=[EffectRing(radius=0, osl=3)],
)
DRONE = SupportCard(
    id="drone",
    name="Drone",
    kind=SupportKind.drone_recon,
    domain=SupportDomain.aerial,
    reveals=True,
    area=1,
    drone=True,
)
SMOKE = SupportCard(
    id="smoke",
    name="Smoke",
    kind=SupportKind.smoke,
    domain=SupportDomain.terrestrial,
    effect=[EffectRing(radius=0, osl=1)],
    area=1,
)
FLARE = SupportCard(
    id="flare", name="Flares", kind=SupportKind.flare, domain=SupportDomain.terrestrial, area=1
)
MANPADS = SupportCard(
    id="manpads", name="Manpads", kind=SupportKind.air_defense, domain=SupportDomain.terrestrial
)
CARDS = [MORTAR, CAS, DRONE, SMOKE, FLARE, MANPADS]


def row(support: str, missions: int = 2, per_turn: int = 1) -> SupportRow:
    """U on 0-2, T+1 on 3-6, T on 7-9."""
    return SupportRow.model_validate(
        {
            "support": support,
            "missions": missions,
            "per_turn": per_turn,
            "U": [0, 1, 2],
            "T+1": [3, 4, 5, 6],
            "T": [7, 8, 9],
        }
    )


def with_3d(
    game: Game,
    green: Sequence[SupportRow],
    red_air: Sequence[SupportRow] = (),
    jfo: str | None = None,
    fortified: Sequence[str] = (),
    on_paper: bool = False,
) -> Game:
    """The game with green's 3D matrix, red's air defence, our support cards; `jfo`: that
    green block is a JFO (a platoon leader's profile with the JFO type); `on_paper`: green
    may request at any position (`SupportMatrix.any_position`)."""
    sc = game.scenario
    g = sc.sides.green.model_copy(
        update={"support": SupportMatrix(actions=list(green), any_position=on_paper)}
    )
    red_env = sc.sides.red.environment.model_copy(
        update={"fortified": Allotment(count=len(fortified), locations=list(fortified))}
    )
    r = sc.sides.red.model_copy(
        update={"support": SupportMatrix(air_defense=list(red_air)), "environment": red_env}
    )
    sc = sc.model_copy(update={"sides": sc.sides.model_copy(update={"green": g, "red": r})})
    out = Game(sc, game.battlefield, game.cards, support_cards={c.id: c for c in CARDS})
    if jfo is not None:
        info = out.blocks[jfo]
        out.blocks[jfo] = dataclasses.replace(
            info, profile=info.profile.model_copy(update={"type": BlockType.jfo})
        )
    return out


def street(**kw: object) -> Game:
    """Green's leader at S0802 and a rifle block at S0803; red at S0806 and S0807 (4 and 5
    EP away, in sight)."""
    return game_of(
        [B("pl", PL, "S0802"), B("g", INF, "S0803")], [B("r", INF, "S0806"), B("r2", INF, "S0807")], **kw
    )


def test_7_3_2_a_platoon_leader_requests_shelling_on_enemies_it_sees_within_15_ep() -> None:
    play = Play(with_3d(street(), [row("mortar"), row("cas")]), 0)
    d = play.decision
    assert d is not None and d.side == Side.green and "3D" in d.prompt  # turn 1's request sequence
    requests = legal(play, Request3D)
    # the leader may not call the jets (a JFO's), only the mortar, on the two enemies it sees
    assert requests == {Request3D("mortar", "pl", "S0806"), Request3D("mortar", "pl", "S0807")}
    assert EndRequests() in play.legal_actions()


def test_7_3_2_a_jfo_requests_any_3d_action() -> None:
    play = Play(with_3d(street(), [row("mortar"), row("cas")], jfo="pl"), 0)
    assert Request3D("cas", "pl", "S0806") in legal(play, Request3D)


def test_7_3_3_1_u_delays_without_spending_a_mission() -> None:
    play = Play(with_3d(street(), [row("mortar", per_turn=2)]), 0)
    play.rng = Dice(1)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.state.third.used == {} and not play.state.third.planned
    assert play.log[-1]["rows"] == [{"table": "3d.mortar", "row": "U", "dice": [0]}]
    # one request at a time for a leader: none left for it this turn; the sequence is over
    assert not play.state.third.requesting


def test_7_3_3_1_t_plus_1_takes_place_in_the_next_turns_resolution_sequence() -> None:
    play = Play(with_3d(street(turns=2), [row("mortar")]), 0)
    play.rng = Dice(4)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.state.third.used == {"green:mortar": 1}
    assert play.observation(Side.green).missions == (("mortar", "S0806", 2),)
    assert play.observation(Side.red).missions == ()
    assert play.state.blocks["r"].losses == 0
    play.rng = Dice(9)  # type: ignore[assignment]  # turn 2's request (the mission left)
    play.apply(Pass())
    play.apply(Pass())
    # 7.3.3.2: the leader sees the target: it may cancel the shelling (never adjust it)
    assert set(play.legal_actions()) == {Carry3D(), Cancel3D()}
    assert play.state.blocks["r"].losses == 0
    play.apply(Carry3D())
    s = play.state
    # 7.3.3.3: 2 OSL on the target, 1 at 1 EP; the block on the target is revealed
    assert s.turn == 2 and s.blocks["r"].losses == 2 and s.blocks["r2"].losses == 1
    assert s.blocks["r"].revealed and not s.third.planned
    invariants.check(play)


def test_7_3_3_1_t_is_immediate_and_no_mission_beyond_the_matrix() -> None:
    play = Play(with_3d(street(), [row("mortar", missions=1)]), 0)
    play.rng = Dice(8)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0807"))
    s = play.state
    assert s.blocks["r2"].losses == 2 and s.blocks["r"].losses == 1
    assert s.third.used == {"green:mortar": 1} and not s.third.requesting  # none left
    invariants.check(play)


def test_7_3_3_3_the_blue_symbol_spares_friends_and_soft_weapons_spare_armour() -> None:
    game = game_of(
        [B("pl", PL, "S0802"), B("tank", MBT, "S0805")], [B("r", INF, "S0806"), B("rt", MBT, "S0807")]
    )
    play = Play(with_3d(game, [row("mortar", per_turn=2)]), 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))  # soft: the tanks 1 EP away take nothing
    assert [play.state.blocks[b].losses for b in ("r", "tank", "rt")] == [2, 0, 0]
    cas = CAS.model_copy(update={"effect": [EffectRing(radius=0, osl=1), EffectRing(radius=1, osl=1)]})
    game2 = with_3d(game, [row("cas")], jfo="pl")
    game2.support_cards["cas"] = cas
    play = Play(game2, 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("cas", "pl", "S0806"))  # blue symbol: the friendly tank is spared
    assert [play.state.blocks[b].losses for b in ("r", "tank", "rt")] == [1, 0, 1]


def test_5_2_4_2_a_fortified_location_takes_1_osl_less_from_3d_fire() -> None:
    play = Play(with_3d(street(), [row("mortar")], fortified=["S0806"]), 0)
    play.rng = Dice(9)  # type: ignore[assignment]  # no fortified d10 for 3D fire
    play.apply(Request3D("mortar", "pl", "S0806"))
    assert play.state.blocks["r"].losses == 1 and play.state.blocks["r2"].losses == 1
    invariants.check(play)


def test_7_3_3_4_smoke_puts_a_smoke_counter_and_flares_light_without_harm() -> None:
    play = Play(with_3d(street(), [row("smoke"), row("flare")]), 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("smoke", "pl", "S0806"))
    assert "S0806" in play.state.smoke and play.state.blocks["r"].losses == 1
    game = with_3d(street(), [row("flare")])
    play = Play(game, 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("flare", "pl", "S0806"))
    s = play.state
    assert {"S0806", "S0807"} <= s.third.lit and s.blocks["r"].losses == 0 and not s.blocks["r"].revealed
    assert "S0806" in play.observation(Side.red).lit


def test_7_3_3_5_air_defence_t_intercepts_and_both_missions_are_spent() -> None:
    game = with_3d(street(), [row("cas")], red_air=[row("manpads", missions=1)], jfo="pl")
    play = Play(game, 0)
    play.rng = Dice(9, 8)  # type: ignore[assignment]  # T for the jets, T for the manpads
    play.apply(Request3D("cas", "pl", "S0806"))
    s = play.state
    assert s.blocks["r"].losses == 0 and s.third.used == {"green:cas": 1, "red:manpads": 1}
    assert [r["row"] for r in play.log[-1]["rows"]] == ["T", "T"]


def test_7_3_3_5_air_defence_u_lets_it_through_and_never_fires_at_a_drone() -> None:
    game = with_3d(street(), [row("cas"), row("drone")], red_air=[row("manpads")], jfo="pl")
    play = Play(game, 0)
    play.rng = Dice(9, 0)  # type: ignore[assignment]
    play.apply(Request3D("cas", "pl", "S0806"))
    assert play.state.blocks["r"].losses == 3 and play.state.third.used == {"green:cas": 1}


def test_7_3_4_a_3d_scouting_mission_reveals_blocks_in_its_area_outside_buildings() -> None:
    game = with_3d(street(), [row("drone")], red_air=[row("manpads")], jfo="pl")
    play = Play(game, 0)
    play.rng = Dice(9)  # type: ignore[assignment]  # a drone: no air-defence roll
    play.apply(Request3D("drone", "pl", "S0806"))
    s = play.state
    assert s.blocks["r"].revealed and s.blocks["r2"].revealed and s.blocks["r"].losses == 0


def test_6_7_3_extra_missions_from_events_add_to_the_matrix() -> None:
    play = Play(with_3d(street(), [row("mortar", missions=0)]), 0)
    assert not play.state.third.requesting  # nothing to request: no decision
    play.state.events.extra_missions["mortar"] = 1
    third_dimension.start_requests(play, Side.green)
    assert legal(play, Request3D)


def test_7_3_random_games_request_3d_actions_keep_the_invariants_and_replay() -> None:
    game = with_3d(
        game_of(
            [B("pl", PL, "S0802"), B("g", INF, "S0803"), B("g2", INF, "S0804")],
            [B("r", INF, "S0806"), B("r2", INF, "S0807"), B("r3", INF, "S0905")],
            turns=3,
        ),
        [row("mortar", 3), row("cas", 2), row("smoke"), row("drone"), row("flare")],
        red_air=[row("manpads")],
        jfo="pl",
    )
    used: Counter[str] = Counter()
    for seed in range(4):
        play = Play(game, seed)
        bots = {s: make_bot("random", game, seed, s) for s in Side}
        while (d := play.decision) is not None:
            action = bots[d.side].choose(play.observation(d.side), play.legal_actions())
            play.apply(action)
            used[type(action).__name__] += 1
            invariants.check(play)
        fresh = Play(game, seed)
        for entry in play.log:
            data = {k: v for k, v in entry.items() if k not in ("rolls", "rows")}
            fresh.apply(URBAN_OPERATIONS.action_from_json(data))
            assert fresh.log[-1]["rolls"] == entry["rolls"]
        assert fresh.digest() == play.digest()
    assert used["Request3D"] and used["EndRequests"], used


def planned(game: Game, support: str, target: str, *dice: int) -> Play:
    """A play whose `support` was obtained T+1 on `target` in turn 1, now in turn 2's
    resolution sequence (`dice`: the rolls after the request's)."""
    play = Play(game, 0)
    play.rng = Dice(4, *dice)  # type: ignore[assignment]
    play.apply(Request3D(support, "pl", target))
    while play.state.turn == 1:
        play.apply(EndRequests() if play.state.third.requesting else Pass())
    return play


def test_7_3_3_2_a_shelling_out_of_the_requesters_sight_falls_without_a_choice() -> None:
    game = with_3d(street(turns=2), [row("mortar", missions=1)])
    play = Play(game, 0)
    play.rng = Dice(4)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))
    play.state.blocks["pl"].location = "S0101"  # far off, out of sight of S0806
    assert not play.sees("S0101", "S0806")
    play.apply(Pass())
    play.apply(Pass())
    s = play.state
    assert s.turn == 2 and s.blocks["r"].losses == 2 and not s.third.resolving


def test_7_3_3_2_a_cancelled_action_keeps_its_mission_spent() -> None:
    play = planned(with_3d(street(turns=2), [row("mortar", missions=1)]), "mortar", "S0806")
    play.apply(Cancel3D())
    s = play.state
    assert s.blocks["r"].losses == 0 and s.third.used == {"green:mortar": 1} and not s.third.resolving


def test_7_3_3_2_an_air_action_is_adjusted_up_to_10_ep_where_the_requester_sees() -> None:
    game = with_3d(street(turns=2), [row("cas", missions=1)], jfo="pl")
    play = planned(game, "cas", "S0806")
    assert set(play.legal_actions()) == {Carry3D(), Cancel3D(), Adjust3D("S0807")}
    play.apply(Adjust3D("S0807"))
    s = play.state
    assert s.blocks["r2"].losses == 3 and s.blocks["r"].losses == 0
    invariants.check(play)


def test_7_3_3_3_3d_fire_eliminates_population_in_its_rings_and_spares_it_beyond() -> None:
    game = with_3d(
        street(
            no_mans_land=[
                {"id": "pop1", "kind": "population", "at": "S0906", "hidden": False},
                {"id": "pop2", "kind": "population", "at": "S0909", "hidden": False},
            ]
        ),
        [row("mortar")],
    )
    play = Play(game, 0)
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0806"))
    counters = play.state.nml.counters
    assert counters["pop1"].location is None and counters["pop2"].location == "S0909"
    assert play.state.nml.collateral == {Side.green: 1}
    invariants.check(play)


def _roof_strike(target: str) -> Play:
    """A mortar (2 OSL on the target, 1 OSL 1 EP around) falls on `target`; red has a rifle
    block on the roof of the small building (1.R: 3 EP from its north room by the stairs
    of the south room, 1 EP from the street hexes beside the building)."""
    game = with_3d(
        game_of([B("pl", PL, "S0802")], [B("roof", INF, small.ROOF), B("r", INF, "S1410")]), [row("mortar")]
    )
    play = Play(game, 0)
    third_dimension.resolve(play, Mission(Side.green, "mortar", "pl", target, 1))
    return play


def test_7_3_3_3_a_roof_is_treated_as_in_the_targeted_room_of_its_building() -> None:
    """7.3.3.3: "a block located on the roof of a building is treated for weapons effect as
    if it were in one of the rooms/areas (of this building) targeted by the 3D action." """
    play = _roof_strike(small.ROOM_N)
    assert play.state.blocks["roof"].losses == 2  # the target's own ring, not 3 EP away
    assert third_dimension.rings(play, "mortar", small.ROOM_N)[0][2] == (small.ROOM_N, small.ROOF)
    invariants.check(play)


def test_7_3_3_3_no_weapons_effect_on_a_roof_when_the_target_is_outside_its_building() -> None:
    """7.3.3.3: "If the targeted position is not within the building, no weapons effect is to
    be applied on the roof." """
    assert ep_distance(small.small_battlefield(), small.DOOR_HEX, small.ROOF) == 1
    play = _roof_strike(small.DOOR_HEX)
    assert play.state.blocks["roof"].losses == 0  # 1 EP away, but outside the building
    assert all(small.ROOF not in locs for _, _, locs in third_dimension.rings(play, "mortar", small.DOOR_HEX))
    invariants.check(play)


def test_7_3_4_a_3d_scouting_mission_may_be_aimed_at_a_roof_no_other_3d_action_may() -> None:
    """7.3.4: "A 3D scouting action is allowed anywhere except for buildings (exception roofs)
    and underground"; 7.3.3.1: "only a room or an area can be targeted, but no roof"."""
    game = game_of([B("pl", PL, "S0803")], [B("roof", INF, small.ROOF), B("r", INF, "S1410")])
    play = Play(with_3d(game, [row("drone"), row("mortar")], jfo="pl"), 0)
    assert play.sees("S0803", small.ROOF)
    offered = legal(play, Request3D)
    assert Request3D("drone", "pl", small.ROOF) in offered
    assert not any(r.target == small.ROOF for r in offered if r.support == "mortar")
    play.rng = Dice(9)  # type: ignore[assignment]  # T: the drone flies at once
    play.apply(Request3D("drone", "pl", small.ROOF))
    assert play.state.blocks["roof"].revealed
    invariants.check(play)


def test_7_3_3_1_where_the_scenario_allows_a_request_names_any_position_within_reach() -> None:
    """7.3.3.1: "During the 3D actions request sequence, the player writes out on a sheet of
    paper the positions targeted by 3D actions ... Where a building is targeted, only a room
    or an area can be targeted, but no roof"; 7.3.2: a platoon leader "no farther than 15 EP"."""
    seen_only = Play(with_3d(street(), [row("mortar")]), 0)
    assert {r.target for r in legal(seen_only, Request3D)} == {"S0806", "S0807"}
    corner = game_of([B("pl", PL, "S0101")], [B("r", INF, "S0806"), B("r2", INF, "S0807")])
    play = Play(with_3d(corner, [row("mortar")], on_paper=True), 0)
    targets = {r.target for r in legal(play, Request3D)}
    bf = play.game.battlefield
    assert {"S0806", "S0808", small.ROOM_N} <= targets  # an empty hex, a room
    assert small.ROOF not in targets
    reach = {loc: d for loc, d in ep_from(bf, "S0101").items() if d <= 15}
    assert targets == set(reach) - {small.ROOF}
    assert {"S1409", "S1410"} & set(ep_from(bf, "S0101")) and not {"S1409", "S1410"} & targets  # 16 EP
    play.rng = Dice(9)  # type: ignore[assignment]
    play.apply(Request3D("mortar", "pl", "S0805"))  # next to red's S0806: its 1 EP ring
    assert play.state.blocks["r"].losses == 1
    invariants.check(play)


def test_7_3_3_2_a_paper_air_action_is_adjusted_to_any_position_within_10_ep() -> None:
    """7.3.3.2: "adjusting the position of the 3D action is possible up to 10 EP from the
    original position (even if there is no LOS to the adjusted position)"."""
    game = with_3d(street(turns=2), [row("cas", missions=1)], jfo="pl", on_paper=True)
    play = planned(game, "cas", "S0806")
    adjusted = {a.target for a in play.legal_actions() if isinstance(a, Adjust3D)}
    bf = play.game.battlefield
    assert "S0808" in adjusted and "S0806" not in adjusted and small.ROOF not in adjusted
    assert all((ep_distance(bf, "S0806", t) or 99) <= 10 for t in adjusted)
    play.apply(Adjust3D("S0808"))
    invariants.check(play)
