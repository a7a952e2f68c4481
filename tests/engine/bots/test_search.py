"""The search bot (engine/bots/search.py): its budget, its determinism for a seed with a
rollout budget, and that it reaches the bots' registry and the game runner."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.bots import BOTS
from engine.bots.runner import make_bot
from engine.bots.search import Budget, SearchBot
from engine.model.scenario import Side
from engine.rules.ruleset import DecisionKind
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")


def test_budget_reads_seconds_or_rollouts() -> None:
    assert Budget.parse("0.2s") == Budget(seconds=0.2)
    assert Budget.parse("200r") == Budget(rollouts=200)
    with pytest.raises(ValueError, match=r"0\.2s"):
        Budget.parse("fast")


def green_turn(game: Game) -> Play:
    """A play where a green block is activated with a choice to make, by random play (a
    3D request sequence the samples do not rebuild: determinise.py)."""
    play = Play(game, 5)
    choices = random.Random(5)
    for _ in range(400):
        d = play.decision
        assert d is not None
        moving = play.state.activation is not None and not play.state.pending
        if d.side == Side.green and d.kind == DecisionKind.turn and moving and len(play.legal_actions()) > 3:
            return play
        play.apply(choices.choice(play.legal_actions()))
    raise AssertionError("no green turn decision reached")


def test_search_with_a_rollout_budget_is_deterministic_for_a_seed(game: Game) -> None:
    play = green_turn(game)
    picks = []
    for _ in range(2):
        bot = make_bot("search:8r", game, 3, Side.green)
        assert isinstance(bot, SearchBot)
        actions = play.legal_actions()
        picks.append(bot.choose(play.observation(Side.green), actions))
        assert picks[-1] in actions
        assert bot.rollouts == 8  # the decision was searched, not left to the heuristic
    assert picks[0] == picks[1]


def test_search_is_a_registered_bot_with_its_default_budget(game: Game) -> None:
    assert "search" in BOTS
    bot = make_bot("search", game, 0, Side.red)
    assert isinstance(bot, SearchBot) and bot.budget == Budget(seconds=0.2)


def test_think_names_each_searching_bot_with_its_budget() -> None:
    from engine.cli.parser import SEARCHING, apply_think, build_parser

    assert all(getattr(BOTS[name], "simulates", False) for name in SEARCHING)
    line = ["play", "s.yaml", "--green", "search", "--red", "heuristic", "--think", "50r"]
    args = build_parser().parse_args(line)
    apply_think(args)
    assert (args.green, args.red) == ("search:50r", "heuristic")
    with pytest.raises(SystemExit):
        build_parser().parse_args(["balance", "s.yaml", "--think", "soon"])
