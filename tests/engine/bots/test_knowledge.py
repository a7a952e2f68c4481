"""What a bot derives from its briefing (engine/bots/knowledge.py): the distance fields live
with the battlefield in a bounded store, and nothing a bot computes is kept at module level,
so a long editor session or series of games grows nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine.battlefield.movement import FOOT
from engine.bots import knowledge
from engine.bots.knowledge import Knowledge, distances
from engine.bots.runner import make_bot
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def _module_containers() -> dict[tuple[str, str], int]:
    """Sizes of every dict, list and set held at module level by the bots' modules."""
    out = {}
    for name, module in list(sys.modules.items()):
        if not name.startswith("engine.bots"):
            continue
        for attr, value in vars(module).items():
            if isinstance(value, dict | list | set):
                out[(name, attr)] = len(value)
    return out


def test_bots_keep_nothing_at_module_level(game: Game) -> None:
    before = _module_containers()
    play = Play(game, 5)
    bots = {side: make_bot("heuristic", game, 5, side) for side in Side}
    while (decision := play.decision) is not None and len(play.log) < 300:
        play.apply(bots[decision.side].choose(play.observation(decision.side), play.legal_actions()))
    assert _module_containers() == before


def test_distance_fields_live_with_the_battlefield_and_are_bounded(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    green, red = Knowledge(briefing(game, Side.green)), Knowledge(briefing(game, Side.red))
    assert green.distances is red.distances is distances(game.battlefield)
    monkeypatch.setattr(knowledge, "MAX_FIELDS", 5)
    store = distances(game.battlefield)
    store.fields.clear()
    targets = [loc.id for loc in game.battlefield.locations[:12]]
    for target in targets:
        field = store.field(target, FOOT, frozenset())
        assert field[game.battlefield.location(target).index] == 0
    assert len(store.fields) == 5  # the least recently used went
    assert [key[-1] for key in store.fields] == targets[-5:]


def test_the_side_without_an_insert_map_plans_no_route_through_it(game: Game) -> None:
    """8.1.10: the sewers are red's; green's fields never go through them."""
    green, red = Knowledge(briefing(game, Side.green)), Knowledge(briefing(game, Side.red))
    bf = game.battlefield
    sewer = next(loc for loc in bf.locations if loc.layer == "U")
    assert green.field(sewer.id)[sewer.index] == 0  # the target itself
    through = [loc for loc in bf.locations if loc.layer == "U" and loc.index != sewer.index]
    assert all(green.field(sewer.id)[loc.index] >= knowledge.UNREACHABLE for loc in through)
    assert any(red.field(sewer.id)[loc.index] < knowledge.UNREACHABLE for loc in through)
