"""The heuristic bot's move search (routes.search) is Dijkstra on MP plus the risk of
opportunity fire (8.3.1) over (location, out of sight so far) states: its answers, and the
order it reaches the states in, are those of the plain search written out below, at every
decision of a game for every block of ours on the map."""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest

from engine.bots import RandomBot
from engine.bots.estimates import precious, risk
from engine.bots.knowledge import Knowledge
from engine.bots.routes import RISK, RISK_PRECIOUS, budget, dynamic, engineer_goals, search, seen
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, Search, View, mover
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def plain_search(view: View, bid: str, here: str) -> Search:
    """The search by its definition: a heap of (priority, MP, location, out of sight), every
    step judged in turn (closed, too far, seen, risk), a state kept when reached cheaper."""
    know, bf = view.know, view.know.bf
    info = view.brief.own[bid]
    graph = know.moves(mover(info), dynamic(view))
    spent, limit, hidden_limit, unseen = budget(view, bid)
    start = (bf.location(here).index, unseen)
    blocked = know.dark | {bf.by_id[loc].index for loc in view.enemy_at.keys() | view.mem.avoid}
    careful = precious(view, info)
    if bid in engineer_goals(view).values():
        careful = max(careful, view.know.profile.precious)
    care = (RISK if careful <= 1 else RISK_PRECIOUS) * view.caution * careful
    best: dict[tuple[int, bool], float] = {start: float(spent)}
    mp_at = {start: spent}
    prev: dict[tuple[int, bool], tuple[int, bool]] = {}
    frontier = [(float(spent), spent, start[0], unseen)]
    while frontier:
        prio, d, i, u = heapq.heappop(frontier)
        if prio > best[(i, u)]:
            continue
        for j, cost in graph[i]:
            nd = d + cost
            if nd > max(limit, hidden_limit) or j in blocked:
                continue
            nu = bool(u and know.surface[j] and not seen(view, know.ids[j]))
            if nd > (hidden_limit if nu else limit):
                continue
            nprio = prio + cost + care * risk(view, know.ids[j], info.profile.protection)
            if nprio < best.get((j, nu), float("inf")):
                best[(j, nu)], mp_at[(j, nu)], prev[(j, nu)] = nprio, nd, (i, u)
                heapq.heappush(frontier, (nprio, nd, j, nu))
    return start, best, mp_at, prev


def test_8_3_1_the_move_search_is_the_plain_search(game: Game) -> None:
    play = Play(game, 21)
    bots = {side: RandomBot(None, bot_seed(21, side)) for side in Side}
    know = Knowledge(briefing(game, Side.green))
    mem = Memory()
    searched = out_of_sight = 0
    while (decision := play.decision) is not None and len(play.log) < 700:
        if len(play.log) % 25 == 0 and play.state.turn > 1:
            view = View(know, play.observation(Side.green), mem)
            for bid, own in view.own.items():
                if not own.on_map or own.info.dummy or own.location is None:
                    continue
                got = search(view, bid, own.location)
                want = plain_search(View(know, view.obs, Memory()), bid, own.location)
                assert got[0] == want[0]
                for kept, plain in zip(got[1:], want[1:], strict=True):
                    assert list(kept.items()) == list(plain.items()), bid  # the same, in order
                searched += 1
                out_of_sight += any(u for _, u in got[1])
        play.apply(bots[decision.side].choose(None, play.legal_actions()))
    assert searched > 50 and out_of_sight  # out of sight moves asked too
