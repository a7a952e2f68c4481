"""What the heuristic bot's view keeps while the enemy stays put (engine/bots/view.py): when
some enemy blocks move or are found, the exposure and risks it keeps for the places none of
them sees (before or after; every hidden one when what a hidden block may be changes) are
those a view without memory works out."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.battlefield import Dynamic
from engine.battlefield.los import los
from engine.bots import RandomBot
from engine.bots.estimates import enemy_fp, exposure, guns, risk, risk_row
from engine.bots.knowledge import Knowledge
from engine.bots.routes import seen
from engine.bots.runner import bot_seed
from engine.bots.view import Memory, View
from engine.model.cards import Protection
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.observation import Markers, Observation
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    return Game.load(SCENARIO)


@pytest.fixture(scope="module")
def mid_game(game: Game) -> Observation:
    """Green's observation some way into a random game, enemy blocks hidden and revealed."""
    play = Play(game, 11)
    bots = {side: RandomBot(None, bot_seed(11, side)) for side in Side}
    while (decision := play.decision) is not None:
        if len(play.log) % 10 == 0:
            obs = play.observation(Side.green)
            if any(e.revealed for e in obs.enemies) and any(not e.revealed for e in obs.enemies):
                return obs
        play.apply(bots[decision.side].choose(None, play.legal_actions()))
    raise AssertionError("no such observation")


@pytest.mark.parametrize("change", ["hidden moves", "revealed moves", "hidden found", "revealed reacts"])
def test_values_kept_when_an_enemy_moves_are_a_fresh_views(
    game: Game, mid_game: Observation, change: str
) -> None:
    know = Knowledge(briefing(game, Side.green))
    obs = mid_game
    mem = Memory()
    view = View(know, obs, mem)
    places = [loc.id for loc in game.battlefield.locations]
    for protection in (Protection.soft, Protection.armoured):
        rows = risk_row(view, protection)  # (as the move search fills them)
        for loc in places:
            exposure(view, loc, protection)
            rows[game.battlefield.location(loc).index] = risk(view, loc, protection)
    revealed = change in ("revealed moves", "revealed reacts")
    k = next(
        i
        for i, e in enumerate(obs.enemies)
        if e.revealed == revealed and not (e.markers and e.markers.reacted)
    )
    enemy = obs.enemies[k]
    exposed = sum(len(values) for values in mem.exposure.values())
    if change == "revealed reacts":
        # it reacts where it stands (8.3): only the risks of entering what it sees change
        now = dataclasses.replace(enemy, markers=Markers(reaction=True))
    elif change == "hidden found":
        # a hidden block shows what it is: what the other hidden ones may be changes too
        identity = next(i for i, e in enumerate(know.brief.enemy) if i not in view.identified)
        entry = know.brief.enemy[identity]
        now = dataclasses.replace(enemy, revealed=True, identity=identity, type=entry.type, losses=0)
    else:  # it steps next door
        taken = {e.location for e in obs.enemies}
        there = next(n for n in game.battlefield.neighbours(enemy.location) if n not in taken)
        now = dataclasses.replace(enemy, location=there)
    enemies = list(obs.enemies)
    enemies[k] = now
    changed = dataclasses.replace(obs, enemies=enemies)
    View(know, changed, mem)
    kept = [
        (estimate, loc, protection, value)
        for estimate, known in ((exposure, mem.exposure), (risk, mem.risk))
        for protection, values in known.items()
        for loc, value in values.items()
    ]
    assert len(kept) < 4 * len(places)  # the places the blocks see forgotten
    if change == "revealed reacts":  # its guns hold: every exposure kept
        assert sum(len(values) for values in mem.exposure.values()) == exposed
    if change != "hidden found":  # (every hidden block's: perhaps most of the map, then all)
        assert kept  # not all
    fresh = View(know, changed, Memory())
    for estimate, loc, protection, value in kept:
        assert estimate(fresh, loc, protection) == value, (estimate.__name__, loc)
    by_index = [(protection, i, r) for protection, rows in mem.risk_rows.items() for i, r in enumerate(rows)]
    if change != "hidden found":  # (perhaps forgotten whole, as above)
        assert any(r is None for _, _, r in by_index) and any(r is not None for _, _, r in by_index)
    for protection, i, r in by_index:
        assert r is None or r == risk(fresh, places[i], protection), places[i]


def test_8_1_13_seen_reads_the_enemies_bits_as_clear_reads_each_pair(
    game: Game, mid_game: Observation
) -> None:
    """Whether a known enemy block sees a location (routes.seen, the move search's out of
    sight test): the location's LOS row against the enemies' bits (View.enemy_bits) is the
    static table asked enemy by enemy."""
    know = Knowledge(briefing(game, Side.green))
    view = View(know, mid_game, Memory())
    clear = game.battlefield.los_table.clear
    answers = [seen(view, loc.id) for loc in game.battlefield.locations]
    assert answers == [
        any(clear(enemy.location, loc.id) for enemy in view.enemies) for loc in game.battlefield.locations
    ]
    assert any(answers) and not all(answers)


def test_5_1_7_1_sees_past_wrecks_is_the_los_rule(game: Game, mid_game: Observation) -> None:
    """A wreck blocks only the lines of sight crossing its hex: the view judges a pair the
    static table sees clear with the wrecks its lines may meet (Knowledge.wrecks_near), and
    answers what the whole rule answers with every wreck, rooms and roofs included."""
    bf = game.battlefield
    know = Knowledge(briefing(game, Side.green))
    near_hall = know.ep_from("36.1").items()
    hexes = sorted(loc for loc, ep in near_hall if ep <= 4 and bf.location(loc).kind == "hex")
    wrecks = (hexes[0], hexes[len(hexes) // 2], hexes[-1])
    view = View(know, dataclasses.replace(mid_game, wrecks=wrecks), Memory())
    sources = sorted(loc for loc, ep in know.ep_from(wrecks[1]).items() if ep <= 6)
    ends = [loc.id for loc in bf.locations]
    judged = skipped = 0
    for a in sources:
        for b in ends:
            if not bf.los_table.clear(a, b):
                continue
            assert view.sees(a, b) == los(bf, a, b, Dynamic(wrecks=frozenset(wrecks))).clear, (a, b)
            near = know.wrecks_near(a, b, frozenset(wrecks))
            judged += bool(near)
            skipped += not near
    assert judged and skipped  # both ways taken


def test_a_view_reusing_the_last_views_blocks_sees_what_a_fresh_view_sees(game: Game) -> None:
    """The observation shares the blocks that did not change from one decision to the next;
    the view reuses what it made of them while they are the very same. At every decision of
    a game, what it knows of the blocks, the counters, the enemy guns and control is a fresh
    view's (2.3: control as last seen, followed here on its own)."""
    know = Knowledge(briefing(game, Side.green))
    mem = Memory()
    control: dict[str, Side] = {}
    play = Play(game, 5)
    bots = {side: RandomBot(None, bot_seed(5, side)) for side in Side}
    reused = 0
    while (decision := play.decision) is not None:
        obs = play.observation(Side.green)
        kept = mem.own_seen, mem.enemies_seen
        view = View(know, obs, mem)
        reused += kept[0] is not None and view.own is kept[0][1] and view.enemies is kept[1][1]
        counters = know.counters
        fresh = View(Knowledge(know.brief), obs, Memory())
        assert view.own == fresh.own and view.own_at == fresh.own_at
        assert view.enemies == fresh.enemies and view.enemy_at == fresh.enemy_at
        assert view.identified == fresh.identified
        assert (view.barricades, view.impassable, view.breaches) == (
            fresh.barricades,
            fresh.impassable,
            fresh.breaches,
        )
        assert counters == fresh.know.counters
        assert (view.goals, view.goal_set, view.roofs) == (fresh.goals, fresh.goal_set, fresh.roofs)
        for protection in (Protection.soft, Protection.armoured):
            for reacting in (False, True):
                kept_guns, fresh_guns = guns(view, protection, reacting), guns(fresh, protection, reacting)
                assert [(g[0].__self__, g[2]) for g in kept_guns] == [  # type: ignore[attr-defined]
                    (g[0].__self__, g[2])  # type: ignore[attr-defined]
                    for g in fresh_guns
                ]
                for _, threat, enemy in kept_guns:
                    for ep, fp in threat.items():
                        assert fp == enemy_fp(fresh, enemy, max(ep, 2), protection, False)
            for loc in ("36.1", "39.1", "A2108"):
                exposure(view, loc, protection)  # (fills the guns' firepower by EP)
        control.update((e.location, Side.red) for e in fresh.enemies)
        control.update((loc, Side.green) for loc in fresh.own_at)
        assert view.control == control
        play.apply(bots[decision.side].choose(None, play.legal_actions()))
    assert reused  # the blocks were the same at some decisions
