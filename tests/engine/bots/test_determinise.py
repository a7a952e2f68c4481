"""The search bot's samples of a play (engine/bots/determinise.py): consistent with the side's
observation, and built from it alone, never from the true play."""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import pytest

from engine.bots.determinise import determinise
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")


@pytest.fixture(scope="module")
def midgame(game: Game) -> Play:
    play = Play(game, 21)
    choices = random.Random(21)
    for _ in range(200):
        play.apply(choices.choice(play.legal_actions()))
    return play


def twin_with_the_same_observation(play: Play, side: Side) -> Play:
    """Another true play that `side` cannot tell from `play`: two hidden enemy blocks swapped
    and the enemy's deck in another order."""
    seen = play.observation(side)
    hidden = [
        bid
        for bid, b in play.state.blocks.items()
        if play.game.blocks[bid].side != side and b.on_map and not b.revealed
    ]
    for a, b in combinations(hidden, 2):
        twin = play.copy()
        blocks = twin.state.blocks
        blocks[a], blocks[b] = blocks[b], blocks[a]
        twin.state.events.deck[Side.red].reverse()
        if twin.digest() != play.digest() and twin.observation(side) == seen:
            return twin
    raise AssertionError("no two hidden enemy blocks to swap unseen")


def test_two_true_plays_with_one_observation_give_the_same_samples(game: Game, midgame: Play) -> None:
    side = Side.green
    other = twin_with_the_same_observation(midgame, side)
    brief = briefing(game, side)
    for seed in (1, 2, 3):
        first = determinise(game, brief, midgame.observation(side), random.Random(seed))
        second = determinise(game, brief, other.observation(side), random.Random(seed))
        assert first.digest() == second.digest()


def test_a_sample_agrees_with_the_observation_it_is_drawn_from(game: Game, midgame: Play) -> None:
    side = Side.green
    seen = midgame.observation(side)
    sample = determinise(game, briefing(game, side), seen, random.Random(4))
    again = sample.observation(side)
    assert again.own == seen.own
    assert [(e.location, e.revealed, e.identity) for e in again.enemies] == [
        (e.location, e.revealed, e.identity) for e in seen.enemies
    ]
    assert again.hand == seen.hand and again.enemy_hand == seen.enemy_hand
    assert (again.turn, again.phase, again.active) == (seen.turn, seen.phase, seen.active)


def test_hidden_identities_are_drawn_not_read(game: Game, midgame: Play) -> None:
    side = Side.green
    seen = midgame.observation(side)
    hidden = {bid for bid, b in midgame.state.blocks.items() if game.blocks[bid].side != side and b.on_map}
    placements = set()
    for seed in range(6):
        sample = determinise(game, briefing(game, side), seen, random.Random(seed))
        where = sorted((bid, b.location or "") for bid, b in sample.state.blocks.items() if bid in hidden)
        placements.add(tuple(where))
    assert len(placements) > 1
