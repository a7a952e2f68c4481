"""The heuristic bot uses the actions of the No Man's Land, support, transport, event and 3D
rules where they help (issues 13 and 16): each test builds a position on the sample (the game
played by random bots to Green's first turn decision, then blocks and counters put where the
test needs them) and checks the bot's choice among the legal actions."""

from __future__ import annotations

import dataclasses

import pytest

from engine.battlefield import LocKind
from engine.bots import HeuristicBot, RandomBot
from engine.bots.map_tables import sight_table
from engine.bots.runner import bot_seed
from engine.bots.support_3d import REQUEST_THRESHOLD, strike_value
from engine.bots.view import Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import (
    Activate,
    Adjust3D,
    Breach,
    Cancel3D,
    Carry3D,
    Dismount,
    EndRequests,
    EventTarget,
    KeepInReserve,
    Mount,
    PlaceCounter,
    PlayEvent,
    Request3D,
    ScatterPopulation,
    ScoutCounter,
    ScoutMines,
    SmokeFire,
    StartImpulse,
    Support,
)
from engine.rules.uo.briefing import briefing
from engine.rules.uo.counters import CounterState, Kind
from engine.rules.uo.game import Game
from engine.rules.uo.obstructions import SMOKE_HEXES, plume
from engine.rules.uo.play import Play
from engine.rules.uo.state import Mission, Phase

from .positions import SCENARIO, SEED, green_turn, random_until


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _bot(game: Game, side: Side = Side.green) -> HeuristicBot:
    return HeuristicBot(briefing(game, side), bot_seed(SEED, side))


def _clear_red(play: Play, keep: tuple[str, ...] = ()) -> None:
    """Red's blocks out of the way (eliminated), but those kept."""
    for bid, b in play.state.blocks.items():
        if play.game.blocks[bid].side == Side.red and bid not in keep:
            b.eliminated = True


def _put(play: Play, block: str, location: str, losses: int = 0) -> None:
    b = play.state.blocks[block]
    b.location, b.mounted_in, b.losses, b.eliminated = location, None, losses, False


def _activate(play: Play, force: str, block: str) -> None:
    play.apply(StartImpulse(force))
    play.apply(Activate(block))


def _choose(play: Play, bot: HeuristicBot, side: Side = Side.green):  # type: ignore[no-untyped-def]
    return bot.choose(play.observation(side), play.legal_actions())


def test_8_2_4_4_a_vehicle_sets_its_passenger_down_next_to_a_goal(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-apc1", "A1116")  # next to the hangar's room 39.1, a Green goal
    play.state.blocks["g1-inf3"].mounted_in = "g1-apc1"
    play.state.blocks["g1-inf3"].location = None
    _activate(play, "g-if1", "g1-apc1")
    choice = _choose(play, _bot(game))
    assert isinstance(choice, Dismount) and choice.block == "g1-inf3"


def test_8_2_4_3_a_foot_block_far_from_its_goals_boards_a_vehicle(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-inf1", "A4309")
    _put(play, "g1-apc2", "A4308")
    _activate(play, "g-if1", "g1-inf1")
    assert Mount("g1-apc2") in play.legal_actions()
    assert _choose(play, _bot(game)) == Mount("g1-apc2")


def test_8_2_4_3_a_foot_block_near_its_goals_walks(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-inf1", "A2309")
    _put(play, "g1-apc2", "A2308")
    _activate(play, "g-if1", "g1-inf1")
    assert Mount("g1-apc2") in play.legal_actions()
    assert not isinstance(_choose(play, _bot(game)), Mount)


def test_8_2_2_a_platoon_support_block_recovers_an_osl(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g1-sup", "A3010", losses=2)
    _activate(play, "g-if1", "g1-sup")
    assert Support("g1-sup") in play.legal_actions()
    assert _choose(play, _bot(game)) == Support("g1-sup")


def test_8_2_9_an_engineer_breaches_into_a_goal_building(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    _put(play, "g2-eng1", "A1512")  # outside the town hall's breach symbol B36.4
    _activate(play, "g-if2", "g2-eng1")
    choice = _choose(play, _bot(game))
    assert isinstance(choice, Breach) and choice.aperture == "B36.4"


def test_8_2_7_8_a_tank_smokes_an_enemy_that_sees_blocks_yet_to_move(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play, keep=("r3-mbt",))
    _put(play, "r3-mbt", "A1616")
    play.state.blocks["r3-mbt"].revealed = True
    _put(play, "g2-mbt1", "A2114")
    for c in play.state.nml.counters.values():
        if c.location in ("A2115", "A1615"):
            c.location = None  # no counter to scout instead
    # six foot blocks yet to move in the enemy tank's sight, across the canal
    taken = {b.location for b in play.state.blocks.values() if b.on_map}
    sight = sight_table(game.battlefield).row("A1616")
    open_hexes = sorted(
        loc
        for loc, ep in sight.items()
        if 4 <= ep <= 8 and loc not in taken and game.battlefield.location(loc).kind == LocKind.hex
    )
    for block, loc in zip(
        ("g1-inf1", "g1-inf2", "g2-eng1", "g2-eng2", "g2-scout", "g2-recon"), open_hexes, strict=False
    ):
        _put(play, block, loc)
    bot = _bot(game)
    _activate(play, "g-if2", "g2-mbt1")
    smokes = [a for a in play.legal_actions() if isinstance(a, SmokeFire)]
    assert smokes
    view = View(bot.know, play.observation(Side.green), Memory())
    waiting = [o.id for o in view.own.values() if o.on_map and not o.activated]
    assert waiting
    choice = _choose(play, bot)
    assert isinstance(choice, SmokeFire)
    # the drift (downwind of the target) covers the enemy tank's hex: it is blinded
    assert "A1616" in plume(game.battlefield, choice.target, game.scenario.wind, SMOKE_HEXES) | {
        choice.target
    }


def test_8_2_5_a_block_scouts_a_face_down_counter_on_a_goal(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    play.state.nml.counters["nml-ied1"] = CounterState(Kind.ied_uxo, "A2108")  # face down
    for c in play.state.nml.counters.values():
        if c.location == "A2108" and c.owner is not None:
            c.location = None  # Red's barricade there, if this seed placed one
    _put(play, "g2-scout", "A2208")
    _activate(play, "g-if2", "g2-scout")
    assert ScoutCounter("A2108") in play.legal_actions()
    assert _choose(play, _bot(game)) == ScoutCounter("A2108")


def test_8_2_6_a_block_scatters_population_off_a_goal(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    for c in play.state.nml.counters.values():
        if c.location == "A2108":
            c.location = None
    play.state.nml.counters["nml-pop1"] = CounterState(Kind.population, "A2108", revealed=True)
    _put(play, "g1-inf1", "A2208")
    _activate(play, "g-if1", "g1-inf1")
    scatters = [a for a in play.legal_actions() if isinstance(a, ScatterPopulation)]
    assert scatters
    choice = _choose(play, _bot(game))
    assert isinstance(choice, ScatterPopulation) and choice.location == "A2108"
    assert choice.to not in play.observation(Side.green).control  # off toward nowhere we hold


def test_5_2_2_3_a_scout_near_its_goal_scouts_for_mines_ahead_of_vehicles(game: Game) -> None:
    play = green_turn(game)
    _clear_red(play)
    for c in play.state.nml.counters.values():
        if c.location == "A2108":
            c.location = None
    for c in play.state.nml.counters.values():
        if c.location == "A2115":
            c.location = None
    _put(play, "g2-scout", "A2209")
    _put(play, "g2-mbt1", "A2310")
    _activate(play, "g-if2", "g2-scout")
    assert ScoutMines() in play.legal_actions()
    assert _choose(play, _bot(game)) == ScoutMines()


def test_5_2_1_red_places_its_counters_near_green_objectives_at_set_up(game: Game) -> None:
    """Red's heuristic set-up: a barricade offered on a location Green scores for (and Red
    does not) is placed; in the sample Red's free allotment may only go in its own
    deployment area, far from Green's objectives, so it is kept for the engineers."""
    play = Play(game, SEED)
    red = _bot(game, Side.red)
    green = RandomBot(None, bot_seed(SEED, Side.green))
    placed = []
    while (d := play.decision) is not None and play.state.phase == Phase.setup:
        actions = play.legal_actions()
        choice = (red if d.side == Side.red else green).choose(play.observation(d.side), actions)
        if d.side == Side.red and isinstance(choice, PlaceCounter | KeepInReserve):
            placed.append((choice, play.observation(Side.red), actions))
        play.apply(choice)
    assert placed and isinstance(placed[-1][0], KeepInReserve)
    deny = set(red.briefing.objectives[Side.red].deny)
    choice, obs, actions = placed[0]
    offered = [a for a in actions if isinstance(a, PlaceCounter | KeepInReserve)]
    on_goal = PlaceCounter("barricade", "A2115")
    assert "A2115" in deny
    obs_free = dataclasses.replace(obs, counters=tuple(c for c in obs.counters if c.location != "A2115"))
    assert red.choose(obs_free, [*offered, on_goal]) == on_goal


def test_6_2_1_kept_cards_are_played_when_they_help(game: Game) -> None:
    play = green_turn(game)
    play.state.events.hand[Side.green] = ["ev-dump-burns", "ev-extra-mortars"]
    bot = _bot(game)
    # a card that takes support points away helps nobody; the extra mission does
    assert _choose(play, bot) == PlayEvent("ev-extra-mortars")


def test_6_2_1_a_reveal_falls_on_a_hidden_enemy_holding_a_goal(game: Game) -> None:
    play = green_turn(game)
    play.state.events.hand[Side.green] = ["ev-lookouts"]
    bot = _bot(game)
    assert _choose(play, bot) == PlayEvent("ev-lookouts")
    play.apply(PlayEvent("ev-lookouts"))
    targets = [a for a in play.legal_actions() if isinstance(a, EventTarget)]
    goals = set(bot.briefing.objectives[Side.green].hold)
    assert any(t.location in goals for t in targets)
    choice = _choose(play, bot)
    assert isinstance(choice, EventTarget) and choice.location in goals


def test_7_3_3_1_requests_strike_seen_enemies_worth_it(game: Game) -> None:
    """In the request sequence: a request worth a mission at an enemy it sees; with every
    enemy out of the way, no request."""
    play = random_until(
        game, SEED, lambda play, side: side == Side.green and Request3D in map(type, play.legal_actions())
    )
    bot = _bot(game)
    choice = _choose(play, bot)
    view = View(bot.know, play.observation(Side.green), Memory())
    if isinstance(choice, Request3D):
        assert strike_value(view, choice.support, choice.target) > REQUEST_THRESHOLD
        best = max(
            strike_value(view, a.support, a.target) for a in play.legal_actions() if isinstance(a, Request3D)
        )
        assert strike_value(view, choice.support, choice.target) == best
    else:
        assert isinstance(choice, EndRequests)
    _clear_red(play)
    assert _choose(play, _bot(game)) == EndRequests()


def test_7_3_3_2_a_mission_is_cancelled_when_its_target_is_gone(game: Game) -> None:
    """A T+1 air-to-ground mission at a location the enemy has left and Green now holds:
    cancelled (its own blocks would be hit); at a location an enemy still holds: carried."""
    play = green_turn(game)
    _clear_red(play, keep=("r1-inf1",))
    _put(play, "g2-pl", "A1509")
    _put(play, "g1-inf1", "A1409")  # a Green block where the strike falls
    s = play.state
    mission = Mission(Side.green, "sup-cas", "g2-pl", "A1409", s.turn)
    s.third.resolving = [mission]
    bot = _bot(game)
    actions = play.legal_actions()
    assert Cancel3D() in actions and Carry3D() in actions
    assert _choose(play, bot) == Cancel3D()
    _put(play, "r1-inf1", "A1408")
    play.state.blocks["r1-inf1"].revealed = True
    _put(play, "g1-inf1", "A3010")
    s.third.resolving = [Mission(Side.green, "sup-cas", "g2-pl", "A1408", s.turn)]
    choice = _choose(play, _bot(game))
    assert isinstance(choice, Carry3D | Adjust3D)
