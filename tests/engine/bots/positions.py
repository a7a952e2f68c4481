"""Positions on the sample for the heuristic bot's tests: the game played by random bots up
to a decision, then blocks put where a test needs them; the bot briefed for Green with what
it remembers of control; and the walk it then chooses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.bots import HeuristicBot, RandomBot
from engine.bots.runner import bot_seed
from engine.model.scenario import Side
from engine.rules.uo.actions import Move, StartImpulse
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
SEED = 7


def random_until(game: Game, seed: int, stop: Callable[[Play, Side], bool]) -> Play:
    """Random bots play `game` until `stop(play, side to decide)` says so."""
    play = Play(game, seed)
    bots = {s: RandomBot(None, bot_seed(seed, s)) for s in Side}
    while (d := play.decision) is not None and not stop(play, d.side):
        play.apply(bots[d.side].choose(play.observation(d.side), play.legal_actions()))
    return play


def green_turn(game: Game, seed: int = SEED) -> Play:
    """Random bots to Green's first decision to start an impulse (turn 1, nothing moved)."""
    return random_until(
        game,
        seed,
        lambda play, side: (
            side == Side.green and any(isinstance(a, StartImpulse) for a in play.legal_actions())
        ),
    )


def green_bot(game: Game, control: dict[str, Side], seed: int = SEED) -> HeuristicBot:
    """Green's bot, remembering who it saw last in each location (2.3)."""
    bot = HeuristicBot(briefing(game, Side.green), bot_seed(seed, Side.green))
    bot.memory.control.update(control)
    return bot


def walk(bot: HeuristicBot, play: Play, steps: int = 3) -> list[str]:
    """The locations the bot moves its active block to, up to `steps` moves, applied."""
    moves: list[str] = []
    while len(moves) < steps:
        choice = bot.choose(play.observation(Side.green), play.legal_actions())
        if not isinstance(choice, Move):
            break
        moves.append(choice.location)
        play.apply(choice)
    return moves
