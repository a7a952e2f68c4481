"""A bot sees only what a player sees (4.3.2.2, 8.1.10): its inputs (briefing, observation,
legal actions) and everything it keeps reach no play state, no game and no enemy block id;
two games that differ only in which hidden enemy block is which look the same to it and
get the same choices from it."""

from __future__ import annotations

import copy
import dataclasses
import enum
import gc
import json
import random
import types
from pathlib import Path

import pytest

from engine.bots import HeuristicBot, RandomBot
from engine.model.scenario import Side
from engine.rules.uo.actions import Action, EndImpulse, HoldFire
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play
from engine.rules.uo.situation import Situation
from engine.rules.uo.state import Opportunity, State

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"
#: two hidden red blocks of one force, of different types, swapped in the second game
SWAPPED = ("r1-inf1", "r1-rpg")

#: code, not data: classes, modules and functions lead to every module's globals
CODE = (
    type,
    types.ModuleType,
    types.FunctionType,
    types.BuiltinFunctionType,
    types.MethodType,
    types.CodeType,
)


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


def reachable(*roots: object) -> list[object]:
    """Every object reachable from `roots` through data (gc referents), code left out."""
    seen: set[int] = set()
    out: list[object] = []
    stack = list(roots)
    while stack:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, CODE):
            continue
        seen.add(id(obj))
        out.append(obj)
        stack.extend(gc.get_referents(obj))
    return out


def test_nothing_a_bot_gets_or_keeps_reaches_the_state_the_game_or_an_enemy_id(game: Game) -> None:
    green_brief = briefing(game, Side.green)
    bot, red = HeuristicBot(green_brief, 1), RandomBot(None, 2)
    play = Play(game, 1)
    decisions = 0
    while (decision := play.decision) is not None and play.state.turn < 3:
        side = decision.side
        observation, actions = play.observation(side), play.legal_actions()
        if side == Side.green:
            action = bot.choose(observation, actions)
            decisions += 1
        else:
            action = red.choose(observation, actions)
        play.apply(action)
    assert decisions > 100 and play.state.turn == 3
    # the legal actions the bot is given: green's (red's own name red's blocks, 7.3 requests)
    given = play.legal_actions() if play.decision is not None and play.decision.side == Side.green else []
    objects = reachable(bot, green_brief, play.observation(Side.green), given)
    assert len(objects) > 10_000  # the walk went through the map, the cards and the memory
    leaks = [o for o in objects if isinstance(o, State | Situation | Game)]
    assert not leaks
    red_ids = {bid for bid, info in game.blocks.items() if info.side == Side.red}
    assert not [o for o in objects if isinstance(o, str) and o in red_ids]
    # the enemy's order of battle is public, where its hidden blocks stand is not
    hidden_starts = {info.start for info in game.blocks.values() if info.side == Side.red and info.hidden}
    assert all(entry.at is None or entry.at not in hidden_starts for entry in green_brief.enemy)


def _swapped(game: Game) -> Game:
    """The same game with two hidden red blocks set up in each other's place."""
    a, b = (game.blocks[bid] for bid in SWAPPED)
    other = copy.copy(game)
    other.blocks = dict(game.blocks)
    other.blocks[a.id] = dataclasses.replace(a, start=b.start)
    other.blocks[b.id] = dataclasses.replace(b, start=a.start)
    return other


def _image(action: Action) -> Action:
    """Red's action in the swapped game: the same block by where it stands."""
    if hasattr(action, "block") and action.block in SWAPPED:
        swap = SWAPPED[1] if action.block == SWAPPED[0] else SWAPPED[0]
        return dataclasses.replace(action, block=swap)  # type: ignore[type-var]
    return action


def _touches(action: Action) -> bool:
    return getattr(action, "block", None) in SWAPPED


def _let_go(play: Play) -> None:
    """Red lets every opportunity to fire go (8.3.1): whether the rules offer it one depends
    on what its hidden blocks can fire, and letting it go changes nothing."""
    while (
        (d := play.decision) is not None
        and d.side == Side.red
        and isinstance(play.state.pending[-1:] and play.state.pending[-1], Opportunity)
    ):
        play.apply(HoldFire())


def test_which_hidden_block_is_which_changes_nothing_the_other_side_sees(game: Game) -> None:
    twin = _swapped(game)
    assert briefing(twin, Side.green) == briefing(game, Side.green)
    plays = [Play(game, 7), Play(twin, 7)]
    greens = [HeuristicBot(briefing(g, Side.green), 3) for g in (game, twin)]
    red = RandomBot(None, 4)
    compared = 0
    while True:
        if any(p.state.blocks[b].revealed or p.state.blocks[b].eliminated for p in plays for b in SWAPPED):
            break  # laid flat, the block shows what it is
        for p in plays:
            _let_go(p)
        decision = plays[0].decision
        assert plays[1].decision == decision
        if decision is None:
            break
        seen = [p.observation(decision.side) for p in plays]
        if decision.side == Side.green:
            assert seen[0] == seen[1]
            assert seen[0].to_json() == seen[1].to_json()
            choices = [
                bot.choose(o, p.legal_actions()) for bot, o, p in zip(greens, seen, plays, strict=True)
            ]
            assert choices[0] == choices[1]
            compared += 1
            if getattr(choices[0], "target", None) in {plays[0].state.blocks[b].location for b in SWAPPED}:
                break  # a fight with a swapped block: its reactions are its card's
            for p, choice in zip(plays, choices, strict=True):
                p.apply(choice)
        else:
            choice = red.choose(seen[0], plays[0].legal_actions())
            if _touches(choice):
                break  # the swapped blocks act by their own cards from here on
            plays[0].apply(choice)
            plays[1].apply(_image(choice))
    assert compared > 50


def test_an_action_the_bot_does_not_know_is_left_aside_while_it_has_a_choice(game: Game) -> None:
    """A rule added after the bot learnt its game (H7/H8's new actions) never stops it: it
    chooses among what it knows, and takes an unknown action only when nothing else is
    legal (the first offered: deterministic)."""

    @dataclasses.dataclass(frozen=True)
    class Parley:  # an action a future rule might add
        to: str = ""

    play = Play(game, 1)
    assert play.decision is not None
    side = play.decision.side
    bot = HeuristicBot(briefing(game, side), 1)
    observation = play.observation(side)
    legal = play.legal_actions()
    assert len(legal) > 1
    assert bot.choose(observation, [Parley("a"), *legal]) == bot.choose(observation, legal)  # type: ignore[list-item]
    assert bot.choose(observation, [EndImpulse(), Parley()]) == EndImpulse()  # type: ignore[list-item]
    assert bot.choose(observation, [Parley("b"), Parley("a")]) == Parley("b")  # type: ignore[list-item]
    assert bot.choose(observation, [Parley()]) == Parley()  # type: ignore[list-item]


def _values(value: object) -> list[object]:
    """Every value inside a dataclass, through its fields and tuples."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [value, *(v for f in dataclasses.fields(value) for v in _values(getattr(value, f.name)))]
    if isinstance(value, tuple):
        return [value, *(v for item in value for v in _values(item))]
    return [value]


def test_the_observation_is_frozen_typed_values(game: Game) -> None:
    play = Play(game, 1)
    rng = random.Random(1)
    while play.state.turn < 2:
        play.apply(rng.choice(play.legal_actions()))
    obs = play.observation(Side.red)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.turn = 2  # type: ignore[misc]
    plain = (str, int, bool, type(None), enum.Enum, tuple)
    for value in _values(obs):
        assert isinstance(value, plain) or dataclasses.is_dataclass(value), value
        if dataclasses.is_dataclass(value):
            assert type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
    assert obs.own and obs.enemies
    json.dumps(obs.to_json())  # plain JSON
