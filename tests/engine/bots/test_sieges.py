"""The heuristic bot's sieges (sieges.py): in the last turns, while it would not win as things
stand, the nearest blocks close in on each enemy-held location of its stakes it misses and
assault it from next door, turn after turn; a fortified veteran in the town hall's 36.1 held
out to the end when the blocks near it each went their own way. Each test builds a position
on the sample and checks the choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot
from engine.bots.errands import errands
from engine.bots.runner import bot_seed
from engine.bots.sieges import SIEGE_BLOCKS, sieges
from engine.bots.view import STAY, Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import Activate, Move, StartImpulse
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
SEED = 7
#: what Green holds: the town hall's rooms but the fortified 36.1 (5.2.4.2), the bridgeheads
#: and the hangar's zones but 39.5, empty, which Red walked through
HELD = ["36.2", "36.3", "36.4", "36.5", "36.6", "A2108", "A2115", "39.1", "39.2", "39.3", "39.4", "39.R"]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _position(game: Game, turn: int, places: dict[str, str]) -> tuple[Play, HeuristicBot]:
    """Random bots to Green's first impulse, then: Red's veteran infantry alone, revealed, in
    the fortified 36.1; Green's blocks of `places` there, its others gone but those that stay
    put (command post, logistics, observer); Green holding the rest of its stakes but the
    hangar's 39.5, empty; turn `turn`."""
    play = Play(game, SEED)
    bots = {s: RandomBot(None, bot_seed(SEED, s)) for s in Side}
    while (d := play.decision) is not None and not (
        d.side == Side.green and any(isinstance(a, StartImpulse) for a in play.legal_actions())
    ):
        play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
    for bid, b in play.state.blocks.items():
        info = game.blocks[bid]
        if info.side == Side.red:
            b.eliminated = bid != "r1-inf1"
        elif bid in places:
            b.location, b.mounted_in, b.losses, b.eliminated = places[bid], None, 0, False
        elif not info.dummy and info.type not in STAY:
            b.eliminated = True
    red = play.state.blocks["r1-inf1"]
    red.location, red.revealed, red.losses = "36.1", True, 0
    control = {loc: Side.green for loc in HELD} | {"36.1": Side.red, "39.5": Side.red}
    play.state.control.update(control)
    play.state.turn = turn
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(SEED, Side.green))
    bot.memory.control.update(control)
    return play, bot


#: two rifle squads by the town hall, a third farther off, their platoon leader close by, the
#: gun group by the hangar
SQUADS = {"g1-inf1": "A1309", "g1-inf2": "A1409", "g1-inf3": "A1714", "g1-pl": "A1511", "g1-sup": "A1617"}


def test_2_3_the_nearest_blocks_besiege_the_holder_of_a_missed_room_near_the_end(game: Game) -> None:
    play, bot = _position(game, game.scenario.turns - 2, SQUADS)
    view = View(bot.know, play.observation(Side.green), bot.memory)
    assert errands(view) == {"g1-sup": "39.5"}  # the empty zone: one block walks in
    sent = sieges(view)
    assert set(sent.values()) == {"36.1"}
    assert len(sent) == SIEGE_BLOCKS
    assert "g1-pl" not in sent  # a leader's carbines are not worth its command in an assault
    assert "g1-inf3" not in sent  # the farthest squad goes its own way
    # earlier in the game, or with the stake's rooms all held, nobody is sent
    play.state.turn = 3
    early = View(bot.know, play.observation(Side.green), Memory(control=dict(bot.memory.control)))
    assert sieges(early) == {}


def test_2_3_a_besieging_squad_goes_first_and_walks_next_to_the_holder(game: Game) -> None:
    """Sent against 36.1, a squad outside the town hall is activated first (the gun group's
    errand to the hangar came first without the siege) and ends its move next to 36.1 (36.2,
    the other zone of its hall, or 36.5), from where it assaults (8.2.8)."""
    play, bot = _position(game, game.scenario.turns - 2, SQUADS)
    view = View(bot.know, play.observation(Side.green), bot.memory)
    sent = sieges(view)
    play.apply(StartImpulse("g-if1"))
    first = bot.choose(play.observation(Side.green), play.legal_actions())
    assert isinstance(first, Activate) and sent.get(first.block) == "36.1", first
    play.apply(first)
    moves = []
    while len(moves) < 10:
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        if not isinstance(choice, Move):
            break
        moves.append(choice.location)
        play.apply(choice)
    assert moves and moves[-1] in ("36.2", "36.5"), moves
