"""Bots (engine/bots): only legal actions, deterministic for a seed, games that end; the
state digest; a log replays to the same state (the log itself: tests/engine/test_cli_log.py)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from engine.bots import BOTS, HeuristicBot, RandomBot
from engine.bots.estimates import unknown_fp
from engine.bots.knowledge import Knowledge
from engine.bots.runner import GameTooLong, NoLegalAction, make_bot, play_game
from engine.bots.view import Memory, View
from engine.model.cards import BlockType, Protection
from engine.model.scenario import Side
from engine.rules.digest import state_digest
from engine.rules.log import replay_actions
from engine.rules.uo.actions import Action
from engine.rules.uo.briefing import Briefing, briefing
from engine.rules.uo.game import Game
from engine.rules.uo.invariants import check
from engine.rules.uo.observation import Observation
from engine.rules.uo.play import Play
from engine.rules.uo.ruleset import URBAN_OPERATIONS
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def brief(game: Game, side: Side) -> Briefing:
    return briefing(game, side)


class Checked:
    """A bot wrapper asserting that every choice is among the legal actions."""

    def __init__(self, bot: RandomBot | HeuristicBot):
        self.bot = bot
        self.name = bot.name
        self.choices = 0

    def choose(self, observation: Observation, actions: list[Action]) -> Action:
        action = self.bot.choose(observation, actions)
        assert action in actions, f"{self.name} chose {action}, not among {actions}"
        self.choices += 1
        return action


def _prefix(game: Game, green: str, red: str, seeds: tuple[int, int], n: int) -> list[dict[str, object]]:
    """The first `n` log entries of a game between bots named `green` and `red` with
    their own seeds (the game's seed is 4)."""
    play = Play(game, 4)
    bots = {
        Side.green: BOTS[green](brief(game, Side.green), seeds[0]),
        Side.red: BOTS[red](brief(game, Side.red), seeds[1]),
    }
    while (decision := play.decision) is not None and len(play.log) < n:
        side = decision.side
        play.apply(bots[side].choose(play.observation(side), play.legal_actions()))
    return play.log


def test_registry_names_every_bot(game: Game) -> None:
    assert set(BOTS) == {"random", "heuristic", "search"}
    assert BOTS["random"](None, 1).name == "random"
    assert BOTS["heuristic"](brief(game, Side.green), 1).name == "heuristic"


def test_random_bot_picks_only_legal_actions_and_the_game_ends(game: Game) -> None:
    green, red = Checked(RandomBot(None, 1)), Checked(RandomBot(None, 2))
    play = play_game(game, green, red, seed=1, check=check)
    assert play.state.phase == Phase.over and play.decider is None
    assert green.choices and red.choices


def test_random_bot_keeps_its_own_generator(game: Game) -> None:
    """The bot's choices never draw on the game's dice: replaying the log without the bot
    gives the same state."""
    play = play_game(game, RandomBot(None, 5), RandomBot(None, 6), seed=3)
    again = replay_actions(URBAN_OPERATIONS, game, 3, play.log)
    assert again.digest() == state_digest(play.state)


def test_bots_are_deterministic_for_a_seed(game: Game) -> None:
    first = _prefix(game, "random", "random", (7, 8), 300)
    assert _prefix(game, "random", "random", (7, 8), 300) == first
    assert _prefix(game, "random", "random", (9, 8), 300) != first
    first = _prefix(game, "heuristic", "random", (7, 8), 400)
    assert _prefix(game, "heuristic", "random", (7, 8), 400) == first


@pytest.mark.parametrize("heuristic_side", [Side.green, Side.red])
def test_heuristic_plays_a_full_game_with_legal_actions_only(game: Game, heuristic_side: Side) -> None:
    heuristic = Checked(HeuristicBot(brief(game, heuristic_side), 11))
    other = Checked(RandomBot(None, 12))
    green, red = (heuristic, other) if heuristic_side == Side.green else (other, heuristic)
    play = play_game(game, green, red, seed=11, check=check)
    assert play.state.phase == Phase.over
    assert heuristic.choices > 100
    kinds = {entry["action"] for entry in play.log}
    assert {"StartImpulse", "Activate", "Move", "EndActivation"} <= kinds


def test_heuristic_against_itself_ends(game: Game) -> None:
    green, red = HeuristicBot(brief(game, Side.green), 1), HeuristicBot(brief(game, Side.red), 2)
    play = play_game(game, green, red, seed=2, check=check)
    assert play.state.phase == Phase.over


def test_a_game_that_does_not_end_is_an_error(game: Game) -> None:
    with pytest.raises(GameTooLong, match="no end after 50 actions"):
        play_game(game, RandomBot(None, 1), RandomBot(None, 2), seed=1, max_actions=50)


def test_a_decision_with_no_legal_action_is_an_error_naming_the_game(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Until a game is over the side to decide always has a legal action (issue 27): the
    runner says so where it asks, naming the scenario, seed and turn, before any bot does."""
    real = Play._legal_actions
    asked = []

    def none_at_the_20th(play: Play) -> list[Action]:
        asked.append(1)
        return [] if len(asked) == 20 else real(play)

    monkeypatch.setattr(Play, "_legal_actions", none_at_the_20th)
    with pytest.raises(
        NoLegalAction, match=f"{game.scenario_id}, seed 1: .* no legal action after 19 actions"
    ):
        play_game(game, RandomBot(None, 1), RandomBot(None, 2), seed=1)


def test_make_bot_gives_each_side_its_own_stream(game: Game) -> None:
    green, red = make_bot("random", game, 3, Side.green), make_bot("random", game, 3, Side.red)
    assert isinstance(green, RandomBot) and isinstance(red, RandomBot)
    assert green.rng.random() != red.rng.random()


def test_state_digest_is_canonical(game: Game) -> None:
    play = Play(game, 0)
    state = play.state.copy()
    state.used_forces = {"b", "a", "c"}
    other = state.copy()
    other.used_forces = {"c", "a", "b"}  # another insertion order
    assert state_digest(state) == state_digest(other)
    changed = dataclasses.replace(other, turn=other.turn + 1)
    assert state_digest(changed) != state_digest(state)


def test_exchange_favours_the_stronger_side(game: Game) -> None:
    know = Knowledge(brief(game, Side.green))
    even_them, even_us = know.exchange(0)
    assert even_them == pytest.approx(even_us)
    ahead_them, ahead_us = know.exchange(3)
    assert ahead_them > even_them and ahead_us < even_us
    half = know.exchange(0.5)
    assert half[0] == pytest.approx((know.exchange(0)[0] + know.exchange(1)[0]) / 2)


def test_the_briefing_holds_the_victory_conditions(game: Game) -> None:
    green, red = brief(game, Side.green), brief(game, Side.red)
    mine = green.objectives[Side.green]
    assert {"A2108", "A2115", "36.1", "39.1"} <= set(mine.hold)
    assert "36.R" not in mine.hold and "36.R" in mine.roofs  # a roof only counts against
    # green scores for the red commander: its entry in red's published order of battle
    assert [e.type for e in green.enemy if e.wanted] == [BlockType.commander]
    assert red.wanted_own == {"r-cmd"}
    assert red.objectives[Side.red].target_types == {BlockType.mbt, BlockType.apc}
    assert {"A2108", "39.1"} <= set(red.objectives[Side.red].deny)
    # the side without the sewer map plans no route through it (8.1.10)
    assert green.closed_layers == {"U"} and not red.closed_layers


def test_knowledge_tells_where_a_vehicle_can_stand(game: Game) -> None:
    know = Knowledge(brief(game, Side.green))
    assert know.holds_vehicle("A1616")  # a street
    assert know.holds_vehicle("39.4")  # the hangar's floor
    assert not know.holds_vehicle("36.1")  # a town hall room
    assert not know.holds_vehicle("36.R")  # a roof


def test_a_hidden_enemy_is_the_average_of_what_it_may_be(game: Game) -> None:
    """4.3.2.2: a hidden block is any of the enemy's blocks not seen elsewhere; in a room
    it is no vehicle, so it threatens armour less than one in the street, where it may be
    the enemy's own tank."""
    play = Play(game, 1)
    green = brief(game, Side.green)
    bots = {Side.green: HeuristicBot(green, 1), Side.red: HeuristicBot(brief(game, Side.red), 2)}
    while (decision := play.decision) is not None and play.state.phase == Phase.setup:
        side = decision.side
        play.apply(bots[side].choose(play.observation(side), play.legal_actions()))
    bot = bots[Side.green]
    view = View(bot.know, play.observation(Side.green), Memory())
    street = unknown_fp(view, "A1616", 10, Protection.armoured, False)
    room = unknown_fp(view, "36.1", 10, Protection.armoured, False)
    soft = unknown_fp(view, "36.1", 2, Protection.soft, False)
    assert 0 < room < street
    assert soft > street
    tank = unknown_fp(view, "A1616", 15, Protection.mbt, False)
    assert tank > 0
    # one enemy block standing revealed is no longer among what a hidden one may be
    mbt = next(e.identity for e in green.enemy if e.type == BlockType.mbt)
    view.identified = frozenset({mbt})
    view.unknown_fp.clear()
    assert unknown_fp(view, "A1616", 15, Protection.mbt, False) < tank


DECISIONS = Path(__file__).parent / "data" / "heuristic-seed4-first-400.json"


@pytest.mark.parametrize("side", [Side.green, Side.red])
def test_the_heuristic_bot_makes_the_recorded_decisions(game: Game, side: Side) -> None:
    """The first 400 actions of the heuristic bot against the random bot, seed 4: first
    recorded when the bot still read the play state (the same decisions from only the
    briefing and the observation), kept through its speed-ups (issue 14: shared map tables,
    kept estimates), re-recorded when the rules gained No Man's Land set-up decisions and
    the bot learnt to keep its counters in reserve and clear its goals. A deliberate change
    of the bot's play, or of the rules it plays by, re-records them."""
    recorded = json.loads(DECISIONS.read_text("utf-8"))[f"heuristic-{side.value}"]
    green, red = ("heuristic", "random") if side == Side.green else ("random", "heuristic")
    play = Play(game, 4)
    bots = {s: make_bot(name, game, 4, s) for s, name in ((Side.green, green), (Side.red, red))}
    while (decision := play.decision) is not None and len(play.log) < len(recorded):
        play.apply(bots[decision.side].choose(play.observation(decision.side), play.legal_actions()))
    assert [{k: v for k, v in e.items() if k != "rolls"} for e in play.log] == recorded
