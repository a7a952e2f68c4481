"""The tables of the map the bots share (engine/bots/map_tables.py) say what the rules'
own functions say: EP distances (`movement.ep_from`), steps and their MP
(`movement.step_cost` with our climbing helpers), what a location sees within fire range
(the EP table and the LOS table); and they live with the battlefield, bounded."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.battlefield import Dynamic
from engine.battlefield.movement import FOOT, VEHICLE, Mover, Unit, ep_from, step_cost, within_ep
from engine.bots import map_tables
from engine.bots.knowledge import Knowledge
from engine.bots.map_tables import FIRE_REACH, ep_table, move_graphs, sight_table
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def test_the_ep_table_equals_ep_from_for_every_location(game: Game) -> None:
    bf = game.battlefield
    table = ep_table(bf)
    table.fill()
    assert len(table.rows) == len(bf)
    for loc in bf.locations:
        assert table.row(loc.id) == ep_from(bf, loc.id), loc.id
    # and the rules' search itself, not only its cache, on a sample
    for loc in bf.locations[::97]:
        assert table.row(loc.id) == within_ep(bf, loc.id, 30), loc.id


def test_the_ep_table_is_the_battlefields_and_shared_by_both_sides(game: Game) -> None:
    green, red = Knowledge(briefing(game, Side.green)), Knowledge(briefing(game, Side.red))
    assert green.ep_table is red.ep_table is ep_table(game.battlefield)
    assert green.sight_table is red.sight_table is sight_table(game.battlefield)


def test_a_sight_row_is_what_the_location_sees_within_fire_range(game: Game) -> None:
    bf = game.battlefield
    clear = bf.los_table.clear
    sights = sight_table(bf)
    for loc in bf.locations[::23]:
        expected = {b: d for b, d in ep_from(bf, loc.id).items() if d <= FIRE_REACH and clear(loc.id, b)}
        assert sights.row(loc.id) == expected, loc.id


def test_sight_rows_are_bounded(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(map_tables, "MAX_SIGHT_ROWS", 3)
    sights = map_tables.SightTable(game.battlefield, ep_table(game.battlefield))
    for loc in game.battlefield.locations[:10]:
        sights.row(loc.id)
    assert len(sights.rows) == 3


def _step_graph(game: Game, mover: Mover, dyn: Dynamic) -> list[list[tuple[int, int]]]:
    bf = game.battlefield
    return [
        [(s.dst, c) for s in steps if (c := step_cost(bf, s, mover, dyn)) is not None] for steps in bf.out
    ]


@pytest.mark.parametrize("mover", [FOOT, Mover(Unit.foot, ladder=True), VEHICLE])
def test_a_move_graph_prices_every_step_as_step_cost(game: Game, mover: Mover) -> None:
    """Every row, with and without climbing helpers (8.1.6, 8.1.7) at the places where a
    step over a block starts or ends, and with face-up counters."""
    bf = game.battlefield
    over = sorted({bf.locations[s.src].id for s in bf.steps if s.over_block is not None})
    assert over, "the sample has steps over a block"
    barricades, impassable = frozenset({over[0]}), frozenset({bf.locations[5].id})
    graph = move_graphs(bf).get(mover, barricades, impassable)
    base = Dynamic(barricades=barricades, impassable=impassable)
    assert graph.helped(frozenset()) == _step_graph(game, mover, base)
    for helpers in (frozenset(over[:1]), frozenset(over[1:4]), frozenset({over[2], bf.locations[7].id})):
        dyn = Dynamic(helpers=helpers, barricades=barricades, impassable=impassable)
        assert graph.helped(helpers) == _step_graph(game, mover, dyn), sorted(helpers)
    # a helper where no step over a block starts or ends changes nothing: the same graph
    far = next(loc.id for loc in bf.locations if loc.index not in graph.touches)
    assert graph.helped(frozenset({far})) is graph.base


def test_move_graphs_are_bounded(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(map_tables, "MAX_GRAPHS", 2)
    graphs = map_tables.MoveGraphs(game.battlefield)
    for mover in (FOOT, VEHICLE, Mover(Unit.foot, ladder=True)):
        graphs.get(mover, frozenset(), frozenset())
    assert len(graphs.graphs) == 2


def test_a_move_graph_made_from_the_last_counters_prices_every_step_as_step_cost(game: Game) -> None:
    """Each graph is the last one re-priced where the counters that differ change a step:
    after barricades, IED/UXO counters and opened breaches come and go, every row is still
    `step_cost`'s."""
    import random

    bf = game.battlefield
    rng = random.Random(5)
    ids = [loc.id for loc in bf.locations]
    breaches = sorted({s.aperture for s in bf.steps if s.breach and s.aperture})
    graphs = map_tables.MoveGraphs(bf)
    for mover in (FOOT, VEHICLE):
        for _ in range(4):
            barricades = frozenset(rng.sample(ids, rng.randint(0, 3)))
            impassable = frozenset(rng.sample(ids, rng.randint(0, 3)))
            opened = frozenset(rng.sample(breaches, rng.randint(0, 3)))
            graph = graphs.get(mover, barricades, impassable, opened)
            dyn = Dynamic(barricades=barricades, impassable=impassable, opened_breaches=opened)
            assert graph.base == _step_graph(game, mover, dyn)
