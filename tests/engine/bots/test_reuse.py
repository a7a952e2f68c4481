"""What the heuristic bot keeps from one decision to the next (risks, exposure, a hidden
enemy's average, kept while the enemy stays put; its plan; the searches of one decision)
never changes a choice: a bot whose kept values are thrown away before every decision
chooses the same, and a plan whose next step turns out closed is made again without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot
from engine.bots.decisions import decide, group
from engine.bots.routes import plan
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, View
from engine.model.scenario import Side
from engine.rules.uo.actions import Move
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _forgetful(bot: HeuristicBot) -> HeuristicBot:
    """The same player with the same memory of the game (control, posture, plan, places
    found closed) and nothing kept from earlier decisions' estimates."""
    mem = bot.memory
    clone = HeuristicBot(bot.briefing, bot.seed)
    clone.memory = Memory(
        active=mem.active,
        plan=None if mem.plan is None else list(mem.plan),
        plan_block=mem.plan_block,
        avoid=set(mem.avoid),
        control=dict(mem.control),
        attacks=mem.attacks,
    )
    return clone


@pytest.mark.parametrize("seed", [3, 4])
def test_values_kept_between_decisions_change_no_choice(game: Game, seed: int) -> None:
    side = Side.green if seed % 2 == 0 else Side.red
    other = Side.red if side == Side.green else Side.green
    bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
    rnd = RandomBot(None, bot_seed(seed, other))
    play = Play(game, seed)
    compared = 0
    while (decision := play.decision) is not None and len(play.log) < 400:
        observation, actions = play.observation(decision.side), play.legal_actions()
        if decision.side == side and len(actions) > 1:
            fresh = _forgetful(bot).choose(observation, actions)
            choice = bot.choose(observation, actions)
            assert choice == fresh, f"decision {len(play.log)}"
            compared += 1
        else:
            choice = (bot if decision.side == side else rnd).choose(observation, actions)
        play.apply(choice)
    assert compared > 100


def test_a_step_found_closed_is_planned_around(game: Game) -> None:
    """The searches of a decision are made with the places then known closed: once the
    next step of the plan turns out closed (a hidden counter makes it illegal), the plan is
    made again without it, not from the decision's earlier search."""
    seed, side = 4, Side.green
    bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
    rnd = RandomBot(None, bot_seed(seed, Side.red))
    play = Play(game, seed)
    tried = 0
    while (decision := play.decision) is not None and len(play.log) < 1500 and tried < 5:
        observation, actions = play.observation(decision.side), play.legal_actions()
        active = observation.activation
        if decision.side == side and active is not None and Move in {type(a) for a in actions}:
            clone = _forgetful(bot)
            view = View(clone.know, observation, clone.memory)
            here = view.own[active.block].location
            assert here is not None
            route = plan(view, active.block, here)  # the decision's search, as strike_plan makes it
            taken = {b.location for b in observation.own} | {e.location for e in observation.enemies}
            if route and Move(route[0]) in actions and route[0] not in taken:
                closed = route[0]
                mem = clone.memory
                mem.active, mem.plan_block, mem.plan = active.block, active.block, route
                narrowed = [a for a in actions if a != Move(closed)]
                choice = decide(view, group(narrowed))
                if closed in mem.avoid:  # within the MP left: learnt closed
                    # as a block that knew it closed before planning moves
                    knew = _forgetful(bot)
                    knew.memory.avoid.add(closed)
                    knew.memory.active, knew.memory.plan_block = active.block, active.block
                    assert choice == knew.choose(observation, narrowed)
                    assert choice != Move(closed)
                    tried += isinstance(choice, Move)
        play.apply((bot if decision.side == side else rnd).choose(observation, actions))
    assert tried == 5
