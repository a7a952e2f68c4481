"""What a bot derives from its briefing (engine/bots/knowledge.py): the distance fields live
with the battlefield in a bounded store, and nothing a bot computes is kept at module level,
so a long editor session or series of games grows nothing."""

from __future__ import annotations

import sys
from collections import OrderedDict
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


def test_a_field_repaired_for_new_counters_equals_a_search_from_scratch(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A field asked under new counters is repaired from the same target's field under the
    side's last ones (only the distances resting on a re-priced step searched again): the
    same distances as a store that has to search, for barricades, IED/UXO counters and
    opened breaches coming and going, on foot and by vehicle, one target or several."""
    import random

    from engine.battlefield.movement import VEHICLE

    bf = game.battlefield
    rng = random.Random(7)
    ids = [loc.id for loc in bf.locations]
    breaches = sorted({s.aperture for s in bf.steps if s.breach and s.aperture})
    repairs = []
    repair = knowledge.Distances._repair
    monkeypatch.setattr(
        knowledge.Distances, "_repair", lambda self, *args: repairs.append(1) or repair(self, *args)
    )
    store, scratch_store, fresh = (knowledge.Distances(bf) for _ in range(3))
    plains = {mover: fresh.graph(mover, frozenset()) for mover in (FOOT, VEHICLE)}
    for target in [*rng.sample(ids, 6), tuple(rng.sample(ids, 3))]:
        for mover in (FOOT, VEHICLE):
            for _ in range(3):
                counters = (
                    frozenset(rng.sample(ids, rng.randint(0, 4))),
                    frozenset(rng.sample(ids, rng.randint(0, 3))),
                    frozenset(rng.sample(breaches, rng.randint(0, 3))),
                )
                scratch_store._last.clear()  # nothing to repair from: a search
                scratch = scratch_store.field(target, mover, frozenset(), counters)
                assert store.field(target, mover, frozenset(), counters) == scratch
                # the graph made from the last counters' is the one made from no counters'
                plain = (mover, frozenset[str](), knowledge.NO_COUNTERS)
                fresh.graphs, fresh._last_graph = OrderedDict({plain: plains[mover]}), {}
                fresh.replaced = {plain: frozenset()}
                assert store.graph(mover, frozenset(), counters) == fresh.graph(mover, frozenset(), counters)
    assert len(repairs) == 7 * 2 * 2  # the store's second and third of each


def test_8_2_7_5_an_exchange_asked_again_is_the_rules_expected_losses(game: Game) -> None:
    """The exchanges a bot keeps as asked are those worked out afresh (combat.expected_losses,
    a fractional difference interpolated), a whole difference as a number or not."""
    from engine.model.cards import Protection

    know = Knowledge(briefing(game, Side.green))
    hits = [
        (Protection.soft, False, False),
        (Protection.armoured, True, False),
        (Protection.soft, False, True),
    ]
    asked = [
        (d / 4, a, o, t) for d in range(-30, 31, 3) for a in (False, True) for o in hits for t in hits[:2]
    ]
    first = [know.exchange(*args) for args in asked]
    again = [know.exchange(*args) for args in asked]
    fresh = Knowledge(briefing(game, Side.green))
    assert first == again == [fresh.exchange(*args) for args in reversed(asked)][::-1]
    assert know.exchange(2, True) == know.exchange(2.0, True) == fresh.exchange(2, True)
    low, high = fresh.exchange(1), fresh.exchange(2)
    assert know.exchange(1.5) == (low[0] + (high[0] - low[0]) * 0.5, low[1] + (high[1] - low[1]) * 0.5)
