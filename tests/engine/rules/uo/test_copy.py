"""What search needs of a play (issue 27 item 4, DESIGN.md "Engine shape"): a cheap copy that
goes on apart from the original, and dice as chance outcomes a caller can enumerate, force or
sample from its own source."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.model.scenario import Side
from engine.rules.log import replay_actions
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS

ROOT = Path(__file__).resolve().parents[4]
#: values a copy may hold in common with its original: immutable, or the static game
_IMMUTABLE = (int, float, str, bool, tuple, frozenset, type(None))


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")


def advance(play: Play, choices: random.Random, actions: int) -> None:
    """`actions` random legal choices (or fewer, if the game ends)."""
    for _ in range(actions):
        if play.decision is None:
            return
        play.apply(choices.choice(play.legal_actions()))


def replayed(game: Game, play: Play) -> Play:
    found = replay_actions(URBAN_OPERATIONS, game, play.seed, play.log, play.start_entry)
    assert isinstance(found, Play)
    return found


@pytest.fixture(scope="module")
def midgame(game: Game) -> Play:
    play = Play(game, 11)
    advance(play, random.Random(11), 300)
    assert play.decision is not None
    return play


def test_copy_plays_on_as_the_original_with_the_same_dice(midgame: Play) -> None:
    original = midgame.copy()  # (the fixture itself stays as it is for the other tests)
    twin = original.copy()
    assert twin.digest() == original.digest() and twin.legal_actions() == original.legal_actions()
    advance(original, random.Random(5), 120)
    advance(twin, random.Random(5), 120)
    assert twin.digest() == original.digest()
    assert twin.log == original.log
    assert any(e["rolls"] for e in original.log[len(midgame.log) :]), "no die rolled: the dice untested"


def test_copy_shares_no_mutable_field_or_cache_with_its_original(midgame: Play) -> None:
    midgame.legal_actions()
    midgame.observation(midgame.state.active)  # the caches filled
    twin = midgame.copy()
    assert set(vars(twin)) == set(vars(midgame))
    for name, value in vars(twin).items():
        if name == "game" or isinstance(value, _IMMUTABLE):
            continue
        assert value is not getattr(midgame, name), f"{name} shared with the original"


def test_copies_played_apart_touch_neither_each_other_nor_the_original(game: Game, midgame: Play) -> None:
    digest, legal, log = midgame.digest(), midgame.legal_actions(), list(midgame.log)
    first, second = midgame.copy(), midgame.copy()
    advance(first, random.Random(1), 150)
    advance(second, random.Random(2), 150)
    assert first.digest() != second.digest()
    # the original is where it was, field for field and cache for cache
    assert midgame.digest() == digest and midgame.log == log and midgame.legal_actions() == legal
    for play in (first, second, midgame):
        again = replayed(game, play)
        assert again.digest_parts() == play.digest_parts()
        assert again.legal_actions() == play.legal_actions()
        for side in Side:
            assert again.observation(side) == play.observation(side)


def test_chance_outcomes_are_the_ten_faces_of_a_d10(midgame: Play) -> None:
    outcomes = midgame.chance_outcomes()
    assert [face for face, _ in outcomes] == list(range(10))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="0-9"):
        midgame.copy().set_dice([10])


def rolling_point(play: Play) -> tuple[Play, int]:
    """A copy of `play` at the first action that rolls, found by random play, and the index
    of that action among the legal ones."""
    choices = random.Random(3)
    while True:
        assert play.decision is not None
        actions = play.legal_actions()
        index = choices.randrange(len(actions))
        probe = play.copy()
        probe.apply(actions[index])
        if probe.log[-1]["rolls"]:
            return play.copy(), index
        play = probe


def test_a_caller_forces_each_outcome_of_the_next_roll(midgame: Play) -> None:
    here, index = rolling_point(midgame.copy())
    digests = set()
    for face, _ in here.chance_outcomes():
        branch = here.copy()
        branch.set_dice([face])
        branch.apply(branch.legal_actions()[index])
        assert branch.log[-1]["rolls"][0] == face
        digests.add(branch.digest())
    assert len(digests) > 1, "every face gave the same state: the forced dice were not read"
    # forced faces leave the RNG where it was: the dice after them are the ones it gives
    # (the forced face may change how many dice follow, so compare what both rolled)
    plain, forced = here.copy(), here.copy()
    forced.set_dice([9])
    plain.apply(plain.legal_actions()[index])
    forced.apply(forced.legal_actions()[index])
    after, unforced = forced.log[-1]["rolls"][1:], plain.log[-1]["rolls"]
    shared = min(len(after), len(unforced))
    assert shared > 0, "the action rolled only the forced die: pick a point that rolls more"
    assert after[:shared] == unforced[:shared]


def test_a_copy_given_its_own_source_rolls_from_it_deterministically(midgame: Play) -> None:
    here, index = rolling_point(midgame.copy())
    rolls = []
    for seed in (1, 1, 2, 3, 4):
        branch = here.copy(random.Random(seed))
        branch.apply(branch.legal_actions()[index])
        rolls.append(branch.log[-1]["rolls"])
    assert rolls[0] == rolls[1]
    assert len({tuple(r) for r in rolls}) > 1
