"""Shortcuts in the heuristic bot's routes give the plain computation's answer."""

from __future__ import annotations

from pathlib import Path

from engine.bots import HeuristicBot, RandomBot, errands
from engine.bots.decisions import reuse
from engine.bots.estimates import holding
from engine.bots.routes import GOAL_PULL, _between, path, place_scorer, plan, progress, search
from engine.bots.runner import bot_seed
from engine.bots.view import SearchState, View
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.observation import Observation
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def _view(bot: HeuristicBot, observation: Observation) -> View:
    """A view as `decide` readies it (the goal fields kept, the errands attached)."""
    view = View(bot.know, observation, bot.memory)
    reuse(view)
    errands.attach(view)
    return view


def _plain_plan(view: View, bid: str, here: str) -> list[str]:
    """`plan` scoring every place the search reaches in full."""
    start, best_prio, mp_at, prev = search(view, bid, here)
    ids = view.know.ids
    progress(view, bid)
    targets = view.targets.get(bid, set())
    passing = {
        ids[key[0]] for key in best_prio if ids[key[0]] in targets and ids[key[0]] not in view.enemy_at
    }
    score_at = place_scorer(view, bid)
    best, best_score = start, score_at(here, start[0])
    between: dict[SearchState, frozenset[str]] = {start: frozenset()}
    for key, prio in best_prio.items():
        loc = ids[key[0]]
        if key[0] == start[0] or view.own_at.get(loc, bid) != bid:
            continue
        mp = mp_at[key]
        score = score_at(loc, key[0]) + (prio - mp) + 0.01 * mp
        if passing:
            on_the_way = _between(key, start, prev, between, passing, ids)
            score -= GOAL_PULL * sum(holding(view, g) for g in on_the_way)
        if score < best_score - 0.5:
            best, best_score = key, score
    return path(view, start, best, prev)


def test_8_1_a_plan_passing_places_by_their_floor_is_the_plain_plan() -> None:
    """plan passes by, unexposed, a place whose score without its exposure does not beat
    the best: the way it finds is the one scoring every place finds, for every block at
    every decision of a game (each side, heuristic against random)."""
    game = Game.load(SCENARIO)
    planned = moving = 0
    for seed, side in ((1000, Side.green), (1001, Side.red)):
        other = Side.red if side == Side.green else Side.green
        bot = HeuristicBot(briefing(game, side), bot_seed(seed, side))
        rnd = RandomBot(None, bot_seed(seed, other))
        play = Play(game, seed)
        while (decision := play.decision) is not None and len(play.log) < 700:
            observation, actions = play.observation(decision.side), play.legal_actions()
            if decision.side == side and len(actions) > 1 and len(play.log) % 3 == 0:
                for b in observation.own:
                    if b.location is None or b.eliminated:
                        continue
                    fast = plan(_view(bot, observation), b.id, b.location)
                    assert fast == _plain_plan(_view(bot, observation), b.id, b.location), (
                        f"{b.id}, decision {len(play.log)}"
                    )
                    planned += 1
                    moving += bool(fast)
            play.apply((bot if decision.side == side else rnd).choose(observation, actions))
    assert planned > 500 and moving > 100, (planned, moving)
