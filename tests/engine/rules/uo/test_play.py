"""Sequence of play (3.1), impulses (3.2), command limits (7.1.1, 7.2.1), set-up, replay."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.model.scenario import Side
from engine.rules.log import replay_actions
from engine.rules.uo.actions import KeepInReserve, PlaceCounter
from engine.rules.uo.game import Game, GameSetupError
from engine.rules.uo.play import (
    Activate,
    Deploy,
    EndImpulse,
    IllegalAction,
    Move,
    Pass,
    Play,
    StartImpulse,
)
from engine.rules.uo.ruleset import URBAN_OPERATIONS
from engine.rules.uo.state import Phase

from .events_kit import without_events

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def game() -> Game:
    # the sample's events (6) would put event decisions in the way of these scripts
    return without_events(Game.load(ROOT / "scenarios" / "harbour-crossing.yaml"))


def deployed(game: Game, seed: int = 0) -> Play:
    """A play past set-up, deploying by random legal choices."""
    play = Play(game, seed)
    rng = random.Random(seed)
    while play.state.phase == Phase.setup:
        play.apply(rng.choice(play.legal_actions()))
    return play


def test_setup_deploys_each_block_in_its_force_area_one_per_location(game: Game) -> None:
    play = Play(game, 0)
    assert play.state.phase == Phase.setup
    # a side's barricades and AT mines not fixed by the scenario are placed beside its
    # blocks (5.2.1, 5.2.2.1: tests/engine/rules/uo/test_mines.py)
    first = [a for a in play.legal_actions() if not isinstance(a, (PlaceCounter, KeepInReserve))]
    assert first and all(isinstance(a, Deploy) for a in first)
    for action in first:
        area = game.deployment_area(action.block)
        assert action.location in area
    play = deployed(game)
    locations = [b.location for b in play.state.blocks.values() if b.on_map]
    assert len(locations) == len(set(locations))  # 5.1.1, 5.1.2: one block per location
    assert play.state.phase == Phase.impulses
    assert play.state.active == game.initiative(1)


def test_3_1_3_the_side_with_the_initiative_starts_or_passes(game: Game) -> None:
    play = deployed(game)
    side = play.state.active
    actions = play.legal_actions()
    assert Pass() in actions
    assert {a.force for a in actions if isinstance(a, StartImpulse)} == {
        f.id for f in game.side_forces(side) if f.entry is None or f.entry.turn <= 1
    }


def test_3_1_4_two_passes_in_a_row_end_the_turn(game: Game) -> None:
    play = deployed(game)
    play.apply(Pass())
    assert play.state.turn == 1
    play.apply(Pass())
    assert play.state.turn == 2
    assert play.state.active == game.initiative(2)


def test_3_2_each_force_once_a_turn_and_impulses_alternate(game: Game) -> None:
    play = deployed(game)
    side = play.state.active
    force = play.available_forces(side)[0]
    play.apply(StartImpulse(force))
    assert EndImpulse() in play.legal_actions()
    play.apply(EndImpulse())
    assert play.state.active != side
    play.apply(Pass())
    assert force not in play.available_forces(side)
    assert StartImpulse(force) not in play.legal_actions()


def test_7_1_1_legal_actions_follow_a_state_changed_by_hand(game: Game) -> None:
    """The answer kept between questions (Play.legal_actions) is never stale: asked again
    with no action applied, after blocks were marked by hand, the marked ones are no
    longer offered for activation, at the second question and at the third alike."""
    play = deployed(game)
    force = play.available_forces(play.state.active)[0]
    play.apply(StartImpulse(force))
    offered = [a.block for a in play.legal_actions() if isinstance(a, Activate)]
    assert len(offered) >= 2
    assert play.legal_actions() == play.legal_actions()
    for bid in offered[:2]:
        play.state.blocks[bid].activated = True  # by hand: no action applied
        now = [a.block for a in play.legal_actions() if isinstance(a, Activate)]
        assert bid not in now
        assert now == [a.block for a in play.legal_actions() if isinstance(a, Activate)]
    assert [a.block for a in play.legal_actions() if isinstance(a, Activate)] == offered[2:]


def test_3_1_4_a_side_with_more_impulses_plays_them_all(game: Game) -> None:
    play = deployed(game)
    first = play.state.active
    second = Side.red if first == Side.green else Side.green
    # the second side spends its forces; the first passes each time
    play.apply(Pass())
    while play.available_forces(second):
        play.apply(StartImpulse(play.available_forces(second)[0]))
        play.apply(EndImpulse())
        assert play.state.active == first
        if play.available_forces(first):
            play.apply(StartImpulse(play.available_forces(first)[0]))
            play.apply(EndImpulse())
        else:
            play.apply(Pass())
    # nothing left for the second side: it can only pass
    if play.state.active == second:
        assert play.legal_actions() == [Pass()]


def test_7_1_1_reinforcements_are_not_available_before_their_turn(game: Game) -> None:
    play = deployed(game)
    late = [f for f in game.forces.values() if f.entry is not None]
    assert late
    for force in late:
        assert force.id not in play.available_forces(force.side)
        assert all(play.state.blocks[b].location is None for b in force.blocks)
    while play.state.turn < late[0].entry.turn:
        play.apply(Pass())
    assert late[0].id in play.available_forces(late[0].side)


def test_7_1_1_command_limits_3_5_7(game: Game) -> None:
    play = deployed(game)
    s = play.state
    force = next(f for f in game.forces.values() if f.leader and f.entry is None)
    side = force.side
    commander, post = game.commander[side], game.command_post[side]
    assert commander and post and force.leader
    # leader next to the commander, command post deployed: 7 (7.2.1)
    s.blocks[force.leader].location = s.blocks[commander].location
    assert play.command_limit(force.id) == 7
    # command post off the map: 5
    where_post = s.blocks[post].location
    s.blocks[post].location = None
    assert play.command_limit(force.id) == 5
    s.blocks[post].location = where_post
    # leader far from the commander: 5
    far = max(
        (loc.id for loc in game.battlefield.locations if loc.kind.value == "hex"),
        key=lambda i: game.battlefield.location(i).centre[0] * (1 if side == Side.red else -1),
    )
    s.blocks[force.leader].location = far
    assert play.command_limit(force.id) == 5
    # leader off the map (mounted) or eliminated: 3
    s.blocks[force.leader].location = None
    assert play.command_limit(force.id) == 3
    s.blocks[force.leader].location = far
    s.eliminated_leaders.add(force.id)
    assert play.command_limit(force.id) == 3


def test_3_1_5_final_phase_removes_the_markers(game: Game) -> None:
    play = deployed(game)
    for block in play.state.blocks.values():
        block.activated = block.reaction = block.completed = True
    play.apply(Pass())
    play.apply(Pass())
    assert not any(b.activated or b.reaction or b.completed for b in play.state.blocks.values())


def test_3_1_1_revealed_blocks_are_hidden_unless_in_contact(game: Game) -> None:
    play = deployed(game)
    s = play.state
    green = next(b for b in game.blocks.values() if b.side == Side.green and s.blocks[b.id].on_map)
    red = next(b for b in game.blocks.values() if b.side == Side.red and s.blocks[b.id].on_map)
    alone = next(
        b for b in game.blocks.values() if b.side == Side.green and s.blocks[b.id].on_map and b.id != green.id
    )
    bf = game.battlefield
    # put the two enemies in neighbouring street hexes, in sight of each other
    a, b = "A1010", "A1011"
    for blk in s.blocks.values():
        if blk.location in (a, b):
            blk.location = None
    s.blocks[green.id].location, s.blocks[red.id].location = a, b
    for blk in (green, red, alone):
        s.blocks[blk.id].revealed = True
    assert bf.los_table.clear(a, b)
    play.apply(Pass())
    play.apply(Pass())
    assert s.blocks[green.id].revealed and s.blocks[red.id].revealed  # in contact: stay revealed
    near_enemy = any(
        game.blocks[e].side == Side.red
        and blk.on_map
        and bf.los_table.clear(s.blocks[alone.id].location, blk.location)
        for e, blk in s.blocks.items()
    )
    if not near_enemy:
        assert not s.blocks[alone.id].revealed


def test_illegal_actions_raise_a_typed_error(game: Game) -> None:
    play = deployed(game)
    with pytest.raises(IllegalAction):
        play.apply(EndImpulse())
    with pytest.raises(IllegalAction):
        play.apply(StartImpulse("no-such-force"))


def test_random_games_end_and_replay_to_the_same_state(game: Game) -> None:
    for seed in range(2):
        play = Play(game, seed)
        rng = random.Random(seed)
        while play.decider is not None:
            play.apply(rng.choice(play.legal_actions()))
        assert play.state.phase == Phase.over
        assert play.state.turn == game.scenario.turns
        replayed = replay_actions(URBAN_OPERATIONS, game, seed, play.log)
        assert isinstance(replayed, Play)
        assert replayed.state == play.state


def test_an_invalid_scenario_is_refused_with_located_problems(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = (ROOT / "scenarios" / "harbour-crossing.yaml").read_text(encoding="utf-8")
    bad.write_text(text.replace("cards/units.yaml", str(ROOT / "scenarios" / "cards" / "nope.yaml")))
    with pytest.raises(GameSetupError) as info:
        Game.load(bad)
    assert any(p.code == "L301" and p.line > 1 for p in info.value.problems)


def test_legal_actions_come_once_each_in_the_order_of_their_texts(game: Game) -> None:
    """An activated block's choices are `sorted(set(...), key=str)` (a bot's choice among
    equals, and so the logs, follow the order), with the moves' texts kept from one question
    to the next: the same, question after question, as the plain sort of what is offered."""
    play = Play(game, 3)
    rng = random.Random(3)
    asked = 0
    for _ in range(600):
        legal = play.legal_actions()
        if not legal:
            break
        if any(isinstance(a, Move) for a in legal):
            assert legal == sorted(set(legal), key=str)
            asked += 1
        play.apply(rng.choice(legal))
    assert asked > 50
