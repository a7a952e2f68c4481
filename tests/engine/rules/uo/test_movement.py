"""Activating and moving blocks (7.1.2, 8.1): budgets, out-of-sight moves, stacking,
contact, reinforcements. Situations are set up on the sample scenario's map."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.battlefield.movement import path, reach, step_cost
from engine.model.kinds import LocKind
from engine.model.scenario import Side
from engine.rules.uo.game import Game
from engine.rules.uo.play import Activate, EndActivation, EndImpulse, Enter, Move, Play, StartImpulse
from engine.rules.uo.state import Phase

from .events_kit import without_events

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def game() -> Game:
    # the sample's events (6) would put event decisions in the way of these scripts
    return without_events(Game.load(ROOT / "scenarios" / "harbour-crossing.yaml"))


def situation(game: Game, placed: dict[str, str], turn: int = 1) -> Play:
    """A play in its impulses phase with only `placed` blocks on the map."""
    play = Play(game, 0)
    rng = random.Random(0)
    while play.state.phase == Phase.setup:
        play.apply(rng.choice(play.legal_actions()))
    for bid, block in play.state.blocks.items():
        block.location = placed.get(bid)
        block.revealed = False
    play.state.turn = turn
    return play


def green_foot(game: Game) -> tuple[str, str]:
    """A green infantry block of a force on the map from the start, and its force."""
    info = next(
        b
        for b in game.blocks.values()
        if b.side == Side.green
        and not b.dummy
        and b.type == "infantry"
        and game.forces[b.force].entry is None
        and not b.mounted_in
    )
    return info.id, info.force


def red_block(game: Game) -> str:
    return next(
        b.id
        for b in game.blocks.values()
        if b.side == Side.red and not b.dummy and game.forces[b.force].entry is None
    )


def activate(play: Play, force: str, block: str) -> None:
    play.state.active = play.game.forces[force].side
    play.apply(StartImpulse(force))
    play.apply(Activate(block))


def moves(play: Play) -> set[str]:
    return {a.location for a in play.legal_actions() if isinstance(a, Move)}


def walk(play: Play, goal: str) -> int:
    """Move along the cheapest legal path to `goal`; the MP spent."""
    from engine.battlefield.movement import path

    act = play.state.activation
    assert act is not None
    mp, steps = path(
        play.game.battlefield, play.state.blocks[act.block].location, goal, play.mover(act.block)
    )
    for loc in steps[1:]:
        play.apply(Move(loc))
    return mp


def test_8_1_13_out_of_sight_a_foot_block_moves_9_mp(game: Game) -> None:
    block, force = green_foot(game)
    play = situation(game, {block: "A1010"})  # no enemy on the map: nobody sees it
    activate(play, force, block)
    far = {loc for loc, mp in reach(game.battlefield, "A1010", play.mover(block), 9).items() if mp == 9}
    assert far
    goal = sorted(far)[0]
    assert walk(play, goal) == 9
    assert play.state.activation.spent == 9


def test_8_1_a_block_in_enemy_sight_moves_6_mp(game: Game) -> None:
    block, force = green_foot(game)
    enemy = red_block(game)
    play = situation(game, {block: "A1010", enemy: "A1016"})
    assert play.seen_by_enemy(Side.green, "A1010")
    activate(play, force, block)
    reachable = reach(game.battlefield, "A1010", play.mover(block), 9)
    seven = {loc for loc, mp in reachable.items() if mp == 7}
    assert seven and not (seven & moves(play))  # nothing beyond 6 MP from the start
    assert play.state.activation.unseen is False


def test_9_1_no_out_of_sight_move_at_night(game: Game) -> None:
    block, force = green_foot(game)
    night = game.scenario.night_turns[0]
    play = situation(game, {block: "A1010"}, turn=night)
    activate(play, force, block)
    reachable = reach(game.battlefield, "A1010", play.mover(block), 9)
    seven = {loc for loc, mp in reachable.items() if mp == 7}
    assert seven and not (seven & moves(play))


def test_8_1_1_a_block_passes_a_friendly_block_but_cannot_stop_on_it(game: Game) -> None:
    block, force = green_foot(game)
    friend = next(b for b in game.forces[force].blocks if b != block and not game.blocks[b].mounted_in)
    play = situation(game, {block: "A1010", friend: "A1011"})
    activate(play, force, block)
    assert "A1011" in moves(play)
    play.apply(Move("A1011"))
    assert EndActivation() not in play.legal_actions()
    play.apply(Move("A1012"))
    assert EndActivation() in play.legal_actions()


def _ringed_manhole(game: Game, spent: int) -> tuple[Play, str]:
    """A green foot block out of every enemy's sight (none on the map) on A2313, one step
    from A2213, having spent what leaves it `spent` MP on entering A2213. A2213 and its
    every surface neighbour (A2313 included) hold a friend: from A2213 only the manhole down
    to U0704 leads to a free location. The play, and that underground location."""
    bf = game.battlefield
    ring = ["A2213", *(bf.locations[st.dst].id for st in bf.out[bf.location("A2213").index])]
    down = [loc for loc in ring if bf.location(loc).kind == LocKind.underground]
    assert down == ["U0704"]
    block, force = green_foot(game)
    greens = [b.id for b in game.blocks.values() if b.side == Side.green and not b.dummy and not b.mounted_in]
    friends = [b for b in greens if b != block]
    play = situation(game, dict(zip(friends, [loc for loc in ring if loc not in down], strict=False)))
    mover, dyn = play.mover(block), play.dynamic(Side.green)
    step_in = min(
        c
        for st in bf.out[bf.location("A2313").index]
        if bf.locations[st.dst].id == "A2213" and (c := step_cost(bf, st, mover, dyn)) is not None
    )
    before = spent - step_in  # MP to spend reaching A2313, from a start outside the ring

    def clear_of_ring(loc: str) -> bool:
        found = path(bf, loc, "A2313", mover)
        return found is not None and found[0] == before and not set(found[1][:-1]) & set(ring)

    start = next(loc for loc in sorted(reach(bf, "A2313", mover, before)) if clear_of_ring(loc))
    play.state.blocks[block].location = start
    activate(play, force, block)
    walk(play, "A2313")
    assert play.state.activation.spent == before and play.state.activation.unseen
    return play, down[0]


def test_8_1_13_no_out_of_sight_move_underground_to_leave_a_friends_location(game: Game) -> None:
    """8.1.1: "Two blocks cannot stay in the same location at the end of an Impulse. However,
    a block may cross a friendly block (or move over it) during its movement." 8.1.13: the
    9 MP move out of sight "is not allowed in the underground". A block that would enter a
    friend's location with 8 MP spent out of sight, whose only free way on is down a
    manhole, may not step there: it could neither go down (beyond the 6 MP of a move that
    goes underground) nor stay, and would have no legal action at all (issue 27:
    house-rules-demo, seed 1021)."""
    play, down = _ringed_manhole(game, spent=8)
    assert "A2213" not in moves(play)
    # 5 MP: the manhole is within the 6 MP of a move that goes underground
    play, down = _ringed_manhole(game, spent=5)
    assert "A2213" in moves(play)
    play.apply(Move("A2213"))
    assert down in moves(play)
    assert EndActivation() not in play.legal_actions()


def test_8_2_8_an_enemy_location_is_not_entered_by_moving(game: Game) -> None:
    block, force = green_foot(game)
    enemy = red_block(game)
    play = situation(game, {block: "A1010", enemy: "A1011"})
    activate(play, force, block)
    assert "A1011" not in moves(play)


def test_8_1_12_contact_reveals_both_blocks(game: Game) -> None:
    block, force = green_foot(game)
    enemy = red_block(game)
    play = situation(game, {block: "A1010", enemy: "A1014"})
    activate(play, force, block)
    assert not play.state.blocks[block].revealed
    play.apply(Move("A1011"))  # 3 hexes from the enemy, in the open street
    assert play.state.blocks[block].revealed and play.state.blocks[enemy].revealed


def test_7_1_1_the_command_limit_caps_activations(game: Game) -> None:
    force = next(f for f in game.forces.values() if f.entry is None and len(f.blocks) > 5)
    free = [loc.id for loc in game.battlefield.locations if loc.kind.value == "hex"][: len(force.blocks)]
    placed = {b: free[i] for i, b in enumerate(force.blocks) if not game.blocks[b].mounted_in}
    play = situation(game, placed)
    play.state.active = force.side
    play.apply(StartImpulse(force.id))
    limit = play.state.impulse.limit
    for _ in range(limit):
        block = next(a.block for a in play.legal_actions() if isinstance(a, Activate))
        play.apply(Activate(block))
        play.apply(EndActivation())
    assert not any(isinstance(a, Activate) for a in play.legal_actions())
    assert EndImpulse() in play.legal_actions()


def test_7_1_1_reinforcements_enter_at_their_entry_hexes(game: Game) -> None:
    force = next(f for f in game.forces.values() if f.entry is not None)
    play = situation(game, {}, turn=force.entry.turn)
    play.state.active = force.side
    play.apply(StartImpulse(force.id))
    enters = [a for a in play.legal_actions() if isinstance(a, Enter)]
    assert enters and {a.location for a in enters} == set(force.entry.hexes)
    play.apply(enters[0])
    assert play.state.blocks[enters[0].block].location == enters[0].location
    assert play.state.activation is not None  # 8.1: entering begins its move
