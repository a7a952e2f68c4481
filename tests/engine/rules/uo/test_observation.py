"""A side's observation (engine/rules/uo/observation.py) and briefing (briefing.py): fog of
war (4.3.2.2), inserts (8.1.10), the fight as declared (8.2.7.1)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.model.scenario import Side
from engine.rules.uo.actions import Fire, StartImpulse
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.observation import FightKind, identities
from engine.rules.uo.play import Play
from engine.rules.uo.state import Phase

ROOT = Path(__file__).resolve().parents[4]


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(ROOT / "scenarios" / "harbour-crossing.yaml")


def deployed(game: Game, seed: int = 0) -> Play:
    """A play past set-up, deploying by random legal choices."""
    play = Play(game, seed)
    rng = random.Random(seed)
    while play.state.phase == Phase.setup:
        play.apply(rng.choice(play.legal_actions()))
    return play


def test_4_3_2_2_observation_hides_what_hidden_enemy_blocks_are(game: Game) -> None:
    play = deployed(game)
    s = play.state
    view = play.observation(Side.green)
    own = {bid for bid, b in game.blocks.items() if b.side == Side.green}
    assert {b.id for b in view.own} == own
    assert all(b.type is not None for b in view.own if not game.blocks[b.id].dummy)
    seen = {(e.location, e.revealed): e for e in view.enemies}
    ident = identities(play, Side.red)
    for bid, info in game.blocks.items():
        block = s.blocks[bid]
        if info.side != Side.red or not block.on_map:
            continue
        layer = game.battlefield.location(block.location).layer
        if block.revealed:
            enemy = seen[(block.location, True)]
            assert enemy.type == info.type and enemy.identity == ident[bid]
            assert briefing(game, Side.green).enemy[ident[bid]].card == info.card
        elif layer == "surface":
            # an upright block: seen where it stands, not what it is, nor which it is
            enemy = seen[(block.location, False)]
            assert (enemy.identity, enemy.type, enemy.losses, enemy.markers) == (None, None, None, None)
    # listed by place: the state's order would tell which hidden block is which
    assert [e.location for e in view.enemies] == sorted(e.location for e in view.enemies)
    assert "r-cmd" not in str(view.to_json())


def test_8_1_10_enemies_in_an_insert_the_side_lacks_are_not_shown(game: Game) -> None:
    play = deployed(game)
    (insert_id, known_by), *_ = game.insert_known_by.items()
    blind = next(side for side in Side if side not in known_by)
    seer = next(iter(known_by))
    block = next(b for b in game.blocks.values() if b.side == seer and not b.vehicle)
    underground = next(loc.id for loc in game.battlefield.locations if loc.layer == insert_id)
    play.state.blocks[block.id].location = underground
    play.state.blocks[block.id].revealed = True
    assert all(e.location != underground for e in play.observation(blind).enemies)
    mine = next(b for b in play.observation(seer).own if b.id == block.id)
    assert mine.location == underground
    assert briefing(game, blind).closed_layers == {insert_id}
    assert briefing(game, seer).inserts == {insert_id}


def test_8_2_7_1_the_fight_is_declared_in_the_open(game: Game) -> None:
    """The target's side sees who fires from where with what, at which location; the
    side's own activated block's record is its own."""
    play = deployed(game, 3)
    rng = random.Random(3)
    for _ in range(5000):
        actions = play.legal_actions()
        fires = [a for a in actions if isinstance(a, Fire)]
        if fires:
            fire = fires[0]
            firer = play.state.activation.block
            before = len(play.log)
            play.apply(fire)
            if play.state.pending and len(play.log) == before + 1:
                break
        else:
            play.apply(rng.choice(actions))
    else:
        pytest.fail("no fire in 5,000 actions")
    side = game.blocks[firer].side
    target_side = Side.red if side == Side.green else Side.green
    theirs, mine = play.observation(target_side), play.observation(side)
    assert theirs.decision is not None and theirs.decision.side == target_side
    assert mine.decision is None  # the other side's choice is its own
    fight = theirs.fight
    assert fight is not None and fight.kind is FightKind.fire
    assert fight.firer_side == side and fight.weapon == fire.weapon and fight.target_at == fire.target
    assert fight.firer is None and fight.firer_identity == identities(play, side)[firer]  # laid flat
    assert fight.firer_at == play.state.blocks[firer].location
    assert mine.fight is not None and mine.fight.firer == firer
    assert mine.activation is not None and mine.activation.block == firer and mine.activation.acted
    assert theirs.activation is None and theirs.enemy_active_at == play.state.blocks[firer].location
    # the activated enemy block is seen moving: where two share a place it is listed first
    assert [e.location for e in theirs.enemies if e.moving] == [theirs.enemy_active_at]
    assert theirs.impulse is not None and theirs.impulse.limit is None  # the enemy's limit
    assert mine.impulse is not None and mine.impulse.limit == play.state.impulse.limit


def test_the_briefing_publishes_the_enemy_order_of_battle_not_where_it_hides(game: Game) -> None:
    green = briefing(game, Side.green)
    red_blocks = [info for info in game.blocks.values() if info.side == Side.red]
    assert [(e.card, e.type, e.dummy) for e in green.enemy] == [(b.card, b.type, b.dummy) for b in red_blocks]
    assert all(e.at is None for e, b in zip(green.enemy, red_blocks, strict=True) if b.hidden)
    assert set(green.own) == {bid for bid, info in game.blocks.items() if info.side == Side.green}
    assert all(f.side == Side.green for f in green.forces.values())
    assert green.turns == game.scenario.turns and green.night_turns == set(game.scenario.night_turns)
    assert green.tables is game.tables
    with pytest.raises(TypeError):
        green.own["x"] = green.own["g-cmd"]  # type: ignore[index]


def test_4_3_2_2_blocks_shared_between_observations_are_those_of_the_state_now(game: Game) -> None:
    """Observations share equal block values from one decision to the next (issue 14): a
    block that changes is shown as it is now, one that does not is the same value."""
    from engine.rules.uo.observation import MARKERS, EnemyBlock, OwnBlock

    play = deployed(game, 3)
    s = play.state
    placed = [bid for bid, b in game.blocks.items() if not b.dummy and s.blocks[bid].on_map]
    green = next(bid for bid in placed if game.blocks[bid].side == Side.green)
    red = next(bid for bid in placed if game.blocks[bid].side == Side.red)
    before = play.observation(Side.green)
    s.blocks[green].losses += 1
    s.blocks[green].activated = True
    s.blocks[red].revealed = True
    s.blocks[red].reaction = True
    after = play.observation(Side.green)
    mine = {b.id: b for b in after.own}
    b = s.blocks[green]
    assert mine[green] == OwnBlock(
        green, game.blocks[green].type, b.location, b.losses, b.revealed, MARKERS[(True, False, False)],
        None, False,
    )
    untouched = [o for o in before.own if o.id != green]
    assert all(o is mine[o.id] for o in untouched)  # the same values, shared
    r = s.blocks[red]
    shown = [e for e in after.enemies if e.location == r.location]
    index = identities(play, Side.red)[red]
    assert shown == [
        EnemyBlock(r.location, True, index, game.blocks[red].type, r.losses, MARKERS[(False, True, False)])
    ]


def test_7_1_1_a_side_sees_which_of_its_forces_have_had_their_impulse(game: Game) -> None:
    """Each force has one impulse a turn (7.1.1): the side's observation lists its own
    forces started this turn, the one under way included, never the enemy's."""
    play = deployed(game)
    rng = random.Random(1)
    started: set[str] = set()
    turn = play.state.turn
    while play.state.turn == turn and play.decision is not None:
        actions = play.legal_actions()
        starts = [a for a in actions if isinstance(a, StartImpulse)]
        action = starts[0] if starts else rng.choice(actions)
        if isinstance(action, StartImpulse) and game.forces[action.force].side == Side.green:
            started.add(action.force)
        play.apply(action)
        if play.state.turn == turn:
            view = play.observation(Side.green)
            assert set(view.forces_used) == started
            assert view.to_json()["forces_used"] == sorted(started)
            assert set(play.observation(Side.red).forces_used).isdisjoint(started)
    assert started  # Green had impulses this turn
    assert play.observation(Side.green).forces_used == ()  # a new turn: none yet
