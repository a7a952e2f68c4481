"""Shortcuts in the heuristic bot's decisions give the plain computation's answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot, errands
from engine.bots.decisions import (
    FIRE_ON_THE_MOVE,
    FIRE_THRESHOLD,
    KNOWN,
    Groups,
    Unknown,
    group,
    reuse,
    strike_plan,
)
from engine.bots.runner import bot_seed
from engine.bots.view import View
from engine.model.scenario import Side
from engine.rules.uo.actions import Action, Move, Ride
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def _view(bot: HeuristicBot, observation: object) -> View:
    """A view as `decide` readies it (the goal fields kept, the errands attached)."""
    view = View(bot.know, observation, bot.memory)  # type: ignore[arg-type]
    reuse(view)
    errands.attach(view)
    return view


@pytest.mark.parametrize(("seed", "side"), [(1000, Side.green), (1001, Side.green)])
def test_7_1_2_a_strike_weighed_above_a_floor_is_the_plain_strike(seed: int, side: Side) -> None:
    """strike_plan with a floor (the value the activation must beat) leaves out fights
    worth no more than it: it finds the plain search's strike whenever that one beats the
    floor, and none that beats it otherwise."""
    game = Game.load(SCENARIO)
    bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
    other = Side.red if side == Side.green else Side.green
    rnd = RandomBot(None, bot_seed(seed, other))
    play = Play(game, seed)
    beaten = weighed = 0
    while (decision := play.decision) is not None and len(play.log) < 1500:
        observation, actions = play.observation(decision.side), play.legal_actions()
        active = observation.activation
        ours = decision.side == side and len(actions) > 1
        if ours and active is not None and active.block in bot.briefing.own:
            here = next(b.location for b in observation.own if b.id == active.block)
            if here is not None:
                plain = strike_plan(_view(bot, observation), active.block, here)
                for floor in (FIRE_THRESHOLD, 0.5, 1.0, FIRE_ON_THE_MOVE):
                    fast = strike_plan(_view(bot, observation), active.block, here, floor)
                    if plain is not None and plain[0] > floor:
                        assert fast == plain, f"decision {len(play.log)}, floor {floor}"
                        beaten += 1
                    else:
                        assert fast is None or fast[0] <= floor, f"decision {len(play.log)}, floor {floor}"
                    weighed += 1
        play.apply((bot if decision.side == side else rnd).choose(observation, actions))
    assert weighed > 200 and beaten > 10, (weighed, beaten)


def test_8_2_7_ep_row_fetched_once_reads_as_view_ep() -> None:
    """intent and strike_plan fetch a place's EP row once (`Knowledge.ep_from`) and read
    every target's range from it: the ranges `View.ep` gives, pair by pair, at and beyond
    every weapon's reach."""
    game = Game.load(SCENARIO)
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(1000, Side.green))
    play = Play(game, 1000)
    view = _view(bot, play.observation(Side.green))
    locations = [loc.id for loc in bot.know.bf.locations]
    compared = 0
    for a in locations[::7]:
        row = view.know.ep_from(a)
        for b in locations:
            assert row.get(b) == view.ep(a, b), (a, b)
            compared += row.get(b) is not None
    assert compared > 10_000, compared


def test_5_1_7_line_read_from_a_built_los_row_is_view_sees() -> None:
    """intent and strike_plan read `View.sees` from a built row of the static LOS table
    (`View.sees_on`: a bit test, `View.sees` asked only where a wreck may block the line):
    from the block's own row, or from the target's (lines are reciprocal, 5.1.7). Both
    readings are the plain `View.sees`, for every block and enemy along a game, wrecks on
    the map or not."""
    game = Game.load(SCENARIO)
    seed, side = 1002, Side.green
    bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    table = game.battlefield.los_table
    compared = with_wrecks = 0
    while (decision := play.decision) is not None:
        observation, actions = play.observation(decision.side), play.legal_actions()
        if decision.side == side and len(actions) > 1 and len(play.log) % 4 == 0:
            view = _view(bot, observation)
            for own in view.own.values():
                if own.location is None:
                    continue
                for enemy in view.enemies:
                    a, b = own.location, enemy.location
                    plain = view.sees(a, b)
                    for line, other in ((table.built_row(a), b), (table.built_row(b), a)):
                        if line is None:
                            continue
                        fast = view.sees_on(line, table.bit_of(other), a, b)
                        assert fast == plain, (a, b, len(play.log))
                        compared += 1
                        with_wrecks += bool(view.wrecks) and fast
        play.apply((bot if decision.side == side else rnd).choose(observation, actions))
    assert compared > 1000 and with_wrecks > 10, (compared, with_wrecks)


def _plain_group(actions: list[Action]) -> Groups:
    """`group` as a match over the known classes, one after the other."""
    groups: Groups = {}
    for action in actions:
        known = any(isinstance(action, kind) for kind in KNOWN)
        groups.setdefault(type(action) if known else Unknown, []).append(action)
    return groups


class _MoveOfOurs(Move):
    """A subclass of a known kind (none in the rules today)."""


def test_group_by_known_type_is_the_plain_grouping() -> None:
    """`group` looks an action's type up in the set of known kinds: the groups (and their
    order) are those the plain isinstance tests make, for the legal actions at every
    decision of a game, one of a kind the bot does not know and a subclass of a known one."""
    game = Game.load(SCENARIO)
    bots = {
        side: RandomBot(None, bot_seed(1000, side))
        if side == Side.red
        else HeuristicBot(briefing(game, side), bot_seed(1000, side))
        for side in (Side.green, Side.red)
    }
    play = Play(game, 1000)
    decisions = 0
    while (decision := play.decision) is not None:
        actions = play.legal_actions()
        got = group(actions)
        assert list(got.items()) == list(_plain_group(actions).items())
        decisions += 1
        play.apply(bots[decision.side].choose(play.observation(decision.side), actions))
    odd: list[Action] = [Ride(vehicle="b"), _MoveOfOurs(location="x"), Move(location="y")]
    assert list(group(odd).items()) == list(_plain_group(odd).items())
    assert set(group(odd)) == {Unknown, _MoveOfOurs, Move}
    assert decisions > 500, decisions
