"""situation.py's shortcuts give the answers of the rule they stand for: whether an enemy
sees a location (8.1.13) read from the LOS table's row of that location, and the movement
situation (8.1.6, 8.1.7, 5.2.3) shared while it stands. Small map (small.py)."""

from __future__ import annotations

import random

from engine.battlefield import Dynamic
from engine.model.cards import BlockType
from engine.model.scenario import Side
from engine.rules.uo import counters, fight, obstructions
from engine.rules.uo.play import Play

from .small import ROOM_N, B
from .test_breaching import BREACH, on_breach_map
from .test_fire import game_of, play_of

INF, APC = BlockType.infantry, BlockType.apc


def _pairwise_seen(play: Play, side: Side, location: str) -> bool:
    """8.1.13 by its definition: some enemy block on the map sees the location."""
    return any(play.sees(location, there) for there in play.enemy_locations(side))


def test_8_1_13_seen_by_enemy_from_the_table_row_equals_every_pair() -> None:
    play = play_of(
        game_of(
            [B("g1", INF, "S0302"), B("g2", INF, "S0508")],
            [B("r1", INF, "S1104"), B("r2", INF, "S0806"), B("r3", INF, "S1209")],
        )
    )
    bf = play.game.battlefield
    assert bf.los_table.built_row(bf.locations[0].id) is not None  # a small map: rows built
    smoke_at = {"S0904", "S0905"}
    # the answers are kept while the enemy and the counters stand: asked again after an
    # enemy moves, or a counter comes or goes, they are those of the new situation
    for smoke, r2_at in ((set(), "S0806"), (smoke_at, "S0806"), (smoke_at, ROOM_N), (set(), ROOM_N)):
        play.state.smoke = set(smoke)  # counters only add obstacles: the row, then `sees`
        play.state.blocks["r2"].location = r2_at
        for side in (Side.green, Side.red):
            answers = [play.seen_by_enemy(side, loc.id) for loc in bf.locations]
            assert answers == [_pairwise_seen(play, side, loc.id) for loc in bf.locations]
            assert any(answers) and not all(answers)


def test_8_1_13_seen_by_enemy_with_a_breach_opened_equals_every_pair() -> None:
    """An opened breach opens lines the static table holds closed (5.2.4.1): the pairs with
    an end behind it are judged by `sees`, the others read from the row as with none."""
    play = play_of(
        on_breach_map(
            game_of(
                [B("g1", INF, "S0302"), B("g2", INF, "S0508")],
                [B("r1", INF, "S1104"), B("r2", INF, ROOM_N), B("r3", INF, "S1209")],
            )
        )
    )
    bf = play.game.battlefield
    opened = []
    for r2_at, breaches in ((ROOM_N, set()), (ROOM_N, {BREACH}), ("S0806", {BREACH}), (ROOM_N, {BREACH})):
        play.state.breaches = set(breaches)
        play.state.blocks["r2"].location = r2_at
        for side in (Side.green, Side.red):
            answers = [play.seen_by_enemy(side, loc.id) for loc in bf.locations]
            assert answers == [_pairwise_seen(play, side, loc.id) for loc in bf.locations]
        opened.append(sum(play.seen_by_enemy(Side.green, loc.id) for loc in bf.locations))
    assert opened[1] > opened[0]  # the breach opened lines to room 1.1 (the case asked)


def test_8_1_6_the_movement_situation_is_shared_while_it_stands() -> None:
    play = play_of(game_of([B("apc", APC, "S0302"), B("g", INF, "S0303")], [B("r", INF, "S1209")]))
    first = play.dynamic(Side.green)
    assert play.dynamic(Side.green) is first  # nothing changed: the same one
    assert first.helpers == frozenset({"S0302"})  # the APC helps climbing (8.1.6)
    play.state.blocks["apc"].location = "S0402"
    moved = play.dynamic(Side.green)
    barricades, impassable = counters.closed(play.state.nml)
    assert moved == Dynamic(
        helpers=frozenset({"S0402"}),
        barricades=barricades,
        impassable=impassable,
        opened_breaches=obstructions.opened_breaches(play.game, play.state),
    )
    play.state.blocks["apc"].eliminated = True
    assert play.dynamic(Side.green).helpers == frozenset()
    assert play.dynamic(Side.red).helpers == frozenset()  # a side's own blocks only


def test_5_1_7_static_sight_says_no_only_where_sees_says_no() -> None:
    """`static_sight` (opportunity fire's first look, 8.3.1): a location whose bit is not set
    in the row is not seen, with Smoke counters too; with a breach opened it leaves the
    answer to `sees` (a breach may open a line the static table holds closed, 5.2.4.1)."""
    play = play_of(game_of([B("g1", INF, "S0302")], [B("r1", INF, "S1104")]))
    bf = play.game.battlefield
    bit = bf.los_table.bit_of
    ids = [loc.id for loc in bf.locations]
    for smoke in (set(), {"S0904", "S0905"}):
        play.state.smoke = set(smoke)
        for a in ids[::7]:
            row = play.static_sight(a)
            assert row is not None
            unseen = [b for b in ids if not (row >> bit(b)) & 1]
            assert unseen and not any(play.sees(a, b) for b in unseen)
    play.state.breaches = {"B1"}
    assert play.static_sight(ids[0]) is None


def _plain_enemy_blocks(play: Play, side: Side) -> list[tuple[str, str]]:
    """The enemy on the map by its definition (4.3.2.1: eliminated blocks are removed): every
    block not of `side` with a location, in the state's order."""
    return [
        (bid, b.location)
        for bid, b in play.state.blocks.items()
        if b.location and not b.eliminated and play.game.blocks[bid].side != side
    ]


def test_4_3_2_1_the_enemy_kept_is_the_enemy_on_the_map_whatever_changed() -> None:
    """`enemy_blocks`, `enemy_locations` (and so `fight.fighters`, `seen_by_enemy` and
    `enemy_sight`) keep their answer while the enemy stands where it stood: after each change made by hand (a
    block moved, eliminated, taken off or put back, a pair formed, both sides' blocks), in
    or out of a question of legal actions, they are those of the state now."""
    play = play_of(
        game_of(
            [B("g1", INF, "S0302"), B("g2", INF, "S0508"), B("apc", APC, "S0303")],
            [B("r1", INF, "S1104"), B("r2", INF, "S0806"), B("r3", INF, "S1209"), B("rapc", APC, "S1009")],
        )
    )
    rng = random.Random(4)
    ids = [loc.id for loc in play.game.battlefield.locations]
    blocks = play.state.blocks
    for _ in range(300):
        bid = rng.choice(list(blocks))
        change = rng.randrange(5)
        if change == 0:
            blocks[bid].location = rng.choice(ids)
        elif change == 1:
            blocks[bid].eliminated = not blocks[bid].eliminated
        elif change == 2:
            blocks[bid].location = None
        elif change == 3:
            play.state.pairs = {"rapc": "r3"} if not play.state.pairs else {}
        else:
            play.legal_actions()  # (answers kept from inside a question too)
        for side in (Side.green, Side.red):
            plain = _plain_enemy_blocks(play, side)
            assert play.enemy_blocks(side) == plain
            assert play.enemy_locations(side) == {loc for _, loc in plain}
            covered = play.state.pairs
            assert fight.fighters(play, "g1" if side == Side.green else "r1") == [
                (b, loc) for b, loc in plain if b not in covered
            ]
            sight = play.enemy_sight(side)  # (several locations asked with nothing changed)
            for loc in ids[::9]:
                seen = any(play.sees(loc, there) for _, there in plain)
                assert play.seen_by_enemy(side, loc) == seen
                assert sight(loc) == seen
