"""The heuristic bot's roof sweepers (sweep.py): a roof of its buildings the enemy holds denies
the building (victory.py), so from turn 5 the nearest free foot block within three turns' walk is
sent onto it and kept on it; blocks farther off are left to the fight. Each test builds a
position on the sample and checks the choice."""

from __future__ import annotations

import pytest

from engine.bots import HeuristicBot
from engine.bots.errands import WORST_HIT, errands, walk_lost
from engine.bots.sweep import impulses_over, near, sweepers
from engine.bots.view import View
from engine.model.bot_profile import DEFAULT_PROFILE
from engine.model.scenario import Side
from engine.rules.uo.actions import (
    Activate,
    EndImpulse,
    HoldFire,
    Move,
    OpportunityFire,
    Pass,
    StartImpulse,
    TakeLosses,
    Withdraw,
)
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

from .positions import SCENARIO, green_bot, green_turn, walk

ROOMS = [f"36.{n}" for n in range(1, 7)] + [f"39.{n}" for n in range(1, 6)]


#: the first turn of the profile's `sweep_from` share of the sample's 8 turns
SWEEP_FROM = DEFAULT_PROFILE.first_turn(DEFAULT_PROFILE.sweep_from, 8)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


Places = dict[str, str]


def _position(game: Game, turn: int, places: Places, red: Places) -> tuple[Play, HeuristicBot]:
    """Green to start an impulse on `turn`: every room of 36 and 39 Green's, the hangar's
    roof Red's (a block of it crossed it), Green's blocks of `places` moved there, Red's
    blocks but those of `red` gone."""
    play = green_turn(game)
    for bid, b in play.state.blocks.items():
        if game.blocks[bid].side == Side.red:
            b.eliminated = bid not in red
            b.location = red.get(bid, b.location)
    for bid, where in places.items():
        b = play.state.blocks[bid]
        b.location, b.mounted_in, b.eliminated = where, None, False
    control = {loc: Side.green for loc in ROOMS} | {"39.R": Side.red}
    play.state.control.update(control)
    play.state.turn = turn
    return play, green_bot(game, control)


def test_2_3_a_roof_the_enemy_crossed_gets_the_nearest_free_foot_block_within_a_turn(game: Game) -> None:
    """Turn 5: the rifles at the hangar's door (4 MP from 39.R) are sent, not the nearer
    platoon leader (its platoon's activations hang on it, 7.1.1) nor the rifles by the
    town hall (10 MP); the tank in the hangar cannot climb (8.1.8)."""
    places = {"g1-pl": "39.1", "g1-inf1": "A1116", "g1-inf2": "A1512", "g2-mbt1": "39.3"}
    play, bot = _position(game, SWEEP_FROM + 1, places, {})
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert sweepers(view) == {"g1-inf1": "39.R"}
    assert errands(view) == {"g1-inf1": "39.R"}  # not yet the last turns: the sweeper alone
    play.apply(StartImpulse("g-if1"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g1-inf1")
    play.apply(Activate("g1-inf1"))
    moves = walk(bot, play)
    assert moves == ["39.1", "39.R"], moves


def test_2_3_the_sweeper_keeps_its_roof_and_none_is_sent_from_afar_or_early(game: Game) -> None:
    play, bot = _position(game, SWEEP_FROM + 1, {"g1-inf1": "A1116", "g3-inf1": "A1315"}, {})
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert sweepers(view) == {"g1-inf1": "39.R"}
    # the sweeper walks off a little; a block now nearer does not take its roof this turn
    play.state.blocks["g1-inf1"].location = "A1315"
    play.state.blocks["g3-inf1"].location = "A1116"
    later = View(bot.know, play.observation(Side.green), bot.memory)
    assert sweepers(later) == {"g1-inf1": "39.R"}
    # only blocks far off (the east bank, 21 MP): nobody before the last turns' errands
    far, bot = _position(game, SWEEP_FROM + 1, {"g1-inf1": "A2608"}, {})
    assert sweepers(View(bot.know, far.observation(Side.green), bot.memory)) == {}
    early, bot = _position(game, SWEEP_FROM - 1, {"g1-inf1": "A1116"}, {})
    assert sweepers(View(bot.know, early.observation(Side.green), bot.memory)) == {}


def test_2_3_no_sweeper_from_a_room_an_enemy_may_take_back(game: Game) -> None:
    """The rifles holding 39.2 with a Red block next door stay; the ones in the street go."""
    places = {"g1-inf1": "39.2", "g1-inf2": "A1315"}
    play, bot = _position(game, SWEEP_FROM + 1, places, {"r3-hmg": "A1416"})
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert sweepers(view) == {"g1-inf2": "39.R"}


def test_7_1_1_no_errand_for_a_block_whose_force_has_had_its_impulse(game: Game) -> None:
    """On the last turn, once the rifles' platoon has had its impulse they walk no more
    this turn: the roof goes to the scout of a platoon still to come, though farther (6 MP,
    a turn's walk, 7.1.2)."""
    places = {"g1-inf1": "A1116", "g2-scout": "A1315"}
    play, bot = _position(game, game.scenario.turns, places, {})
    view = View(bot.know, play.observation(Side.green), bot.memory)
    # the rifles, by the hangar's door, sweep the roof this turn: nobody else is sent
    assert errands(view) == {"g1-inf1": "39.R"}
    play.apply(StartImpulse("g-if1"))
    assert impulses_over(View(bot.know, play.observation(Side.green), bot.memory)) == frozenset()
    play.apply(EndImpulse())
    while (d := play.decision) is not None and d.side != Side.green:
        play.apply(next(a for a in play.legal_actions() if isinstance(a, Pass | EndImpulse)))
    after = View(bot.know, play.observation(Side.green), bot.memory)
    assert impulses_over(after) == {"g-if1"}
    # the rifles keep the roof as its sweeper but walk no more this turn, so the roof is
    # not left to them: the scout goes too
    assert not near(after, "g1-inf1", "39.R")
    assert errands(after).get("g2-scout") == "39.R"


def _activate_and_walk(game: Game, play: Play, bot: HeuristicBot, bid: str) -> list[str]:
    """Start the block's impulse, activate it and play Green's choices until it does something
    other than moving (Red lets every move go); Green's choices, as text."""
    play.apply(StartImpulse(game.blocks[bid].force or ""))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate(bid)
    play.apply(Activate(bid))
    chosen: list[str] = []
    while (d := play.decision) is not None and len(chosen) < 8:
        if d.side == Side.red:
            play.apply(next(a for a in play.legal_actions() if isinstance(a, HoldFire)))
            continue
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        chosen.append(str(choice))
        if not isinstance(choice, Move):
            break
        play.apply(choice)
    return chosen


@pytest.mark.parametrize(
    ("here", "enemy", "there"),
    [("A1315", "r1-inf1", "36.5"), ("A1214", "r1-inf1", "36.5"), ("A1514", "r3-hmg", "39.2")],
)
def test_7_1_2_the_sweeper_walks_past_the_fight(game: Game, here: str, enemy: str, there: str) -> None:
    """The roof's sweeper passing a Red block in a room of the town hall or the hangar walks
    on to the roof instead of closing in to assault it or firing at it: an action would leave
    it 3 MP (7.1.2), and the roof is worth the whole building."""
    play, bot = _position(game, SWEEP_FROM + 1, {"g1-inf1": here}, {enemy: there})
    play.state.control[there] = Side.red
    bot.memory.control[there] = Side.red
    assert sweepers(View(bot.know, play.observation(Side.green), bot.memory)) == {"g1-inf1": "39.R"}
    chosen = _activate_and_walk(game, play, bot, "g1-inf1")
    assert all(c.startswith("Move(") for c in chosen[:-1]) and "Move(location='39.1')" in chosen, chosen


def test_7_1_2_no_errand_for_a_block_beyond_its_walk_in_the_turns_left(game: Game) -> None:
    """On the last turn the scout 10 MP from the roof is not sent (a turn's walk on foot is
    6 MP, 7.1.2): it would not arrive; one turn earlier it is."""
    play, bot = _position(game, game.scenario.turns, {"g2-scout": "A1512"}, {})
    assert errands(View(bot.know, play.observation(Side.green), bot.memory)) == {}
    play, bot = _position(game, game.scenario.turns - 1, {"g2-scout": "A1512"}, {})
    assert errands(View(bot.know, play.observation(Side.green), bot.memory)) == {"g2-scout": "39.R"}


@pytest.mark.parametrize(
    ("losses", "answer"),
    [
        (0, ["TakeLosses()", "Move(location='39.1')", "Move(location='39.R')"]),
        (1, ["Withdraw()", "WithdrawTo(location='39.1')"]),
    ],
)
def test_8_3_2_a_sweeper_under_opportunity_fire_takes_it_or_withdraws_toward_its_roof(
    game: Game, losses: int, answer: list[str]
) -> None:
    """The sweeper reaches A1116, by the hangar's door, and Red's tank in the street fires.
    Healthy, it takes the fire and resumes its move onto the roof (8.3.1.2): a withdrawal
    would end its activation (8.3.2), costing its walk. One OSL down, a critical hit would
    eliminate it: it withdraws (2 MP in the direction of its choice) into 39.1, two MP from
    the roof, not back down the street."""
    play, bot = _position(game, SWEEP_FROM + 1, {"g2-scout": "A1315"}, {"r3-mbt": "A1316"})
    play.state.blocks["g2-scout"].losses = losses
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert sweepers(view) == {"g2-scout": "39.R"}
    expected = DEFAULT_PROFILE.walk_lost * DEFAULT_PROFILE.sweep_intent
    assert walk_lost(view, "g2-scout", WORST_HIT + 1) == pytest.approx(expected)
    assert walk_lost(view, "g2-scout", WORST_HIT) == 0.0
    assert walk_lost(view, "g1-inf2", WORST_HIT + 1) == 0.0  # no errand
    play.apply(StartImpulse("g-if2"))
    assert bot.choose(play.observation(Side.green), play.legal_actions()) == Activate("g2-scout")
    play.apply(Activate("g2-scout"))
    chosen: list[str] = []
    while (d := play.decision) is not None and len(chosen) < 8:
        if d.side == Side.red:
            fire = [a for a in play.legal_actions() if isinstance(a, OpportunityFire)]
            here = play.state.blocks["g2-scout"].location
            hold = next(a for a in play.legal_actions() if isinstance(a, HoldFire))
            play.apply(fire[0] if fire and here == "A1116" else hold)
            continue
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        chosen.append(str(choice))
        if not isinstance(choice, Move | TakeLosses | Withdraw):
            break
        play.apply(choice)
    assert chosen[:2] == ["Move(location='A1215')", "Move(location='A1116')"], chosen
    assert chosen[2 : 2 + len(answer)] == answer, chosen
