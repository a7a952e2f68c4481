"""The heuristic bot's estimates of the enemy's hidden firepower (engine/bots/estimates.py):
what an unidentified block brings is the average over the order of battle less the blocks
standing identified (4.3.2.2: the order of battle is public, which is which is hidden)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from engine.bots.estimates import _hidden_fp, enemy_fps
from engine.bots.knowledge import Knowledge
from engine.bots.view import Memory, View
from engine.model.cards import Protection
from engine.model.scenario import Side
from engine.rules.uo.briefing import briefing
from engine.rules.uo.game import Game
from engine.rules.uo.play import Play

ROOT = Path(__file__).resolve().parents[3]
SCENARIO = ROOT / "scenarios" / "harbour-crossing.yaml"


def test_4_3_2_2_hidden_firepower_is_the_unidentified_blocks_average() -> None:
    game = Game.load(SCENARIO)
    know = Knowledge(briefing(game, Side.green))
    obs = Play(game, 3).observation(Side.green)
    enemy = know.brief.enemy
    # identified: none, some on foot and a vehicle (if any), all but one
    vehicle = [e.identity for e in enemy if e.vehicle][:1]
    for identified in ([], [0, 2, 5, *vehicle], [e.identity for e in enemy][1:]):
        shown = tuple(
            dataclasses.replace(obs.enemies[0], revealed=True, identity=i, type=enemy[i].type, losses=0)
            for i in identified
        )
        view = View(know, dataclasses.replace(obs, enemies=shown), Memory())
        for ep in (1, 2, 6, 12, 25):
            for target in Protection:
                for assault in (False, True):
                    for inside in (False, True):
                        fps = enemy_fps(view, ep, target, assault, inside)
                        hidden = [
                            (e.vehicle, fp)
                            for e, fp in zip(enemy, fps, strict=True)
                            if e.identity not in identified
                        ]
                        foot = [fp for vehicle, fp in hidden if not vehicle]
                        cars = [fp for vehicle, fp in hidden if vehicle]
                        plain = (sum(foot) / len(foot) if foot else 0.0, sum(cars), len(cars))
                        assert _hidden_fp(view, ep, target, assault, inside) == plain


def test_8_2_1_a_shots_effect_on_friends_kept_for_the_game_is_a_fresh_views() -> None:
    """The weapons effect of our shot on our own blocks (8.2.1, effects.hits) is kept by the
    shot, the wrecks and where our other blocks stand: at decisions through a game, what a
    view with the game's memory prices is what a fresh view works out."""
    from engine.bots import RandomBot
    from engine.bots.estimates import friendly_fire
    from engine.bots.runner import bot_seed

    game = Game.load(SCENARIO)
    know = Knowledge(briefing(game, Side.green))
    mem = Memory()
    play = Play(game, 7)
    bots = {side: RandomBot(None, bot_seed(7, side)) for side in Side}
    asked = 0
    while (decision := play.decision) is not None:
        if len(play.log) % 7 == 0:
            obs = play.observation(Side.green)
            view, fresh = View(know, obs, mem), View(Knowledge(know.brief), obs, Memory())
            shooters = [o for o in view.own.values() if o.on_map and o.location and not o.info.dummy][:4]
            places = sorted({e.location for e in view.enemies} | {o.location for o in shooters if o.location})
            for own in shooters:
                for w in own.info.profile.weapons:
                    for there in places[:6]:
                        for assault in (False, True):
                            got = friendly_fire(view, own.id, w, there, assault)
                            assert got == friendly_fire(fresh, own.id, w, there, assault)
                            asked += 1
        play.apply(bots[decision.side].choose(None, play.legal_actions()))
    assert asked > len(mem.friendly_hits) > 0  # some asked again, from the memory
    # the same shot once a friend in its lane has left: no longer what was kept
    obs = play.observation(Side.green)
    view = View(know, obs, mem)
    on_map = [o for o in view.own.values() if o.on_map and o.location and not o.info.dummy]
    shot = next(
        (own, w, friend)
        for own in on_map
        for w in own.info.profile.weapons
        for friend in on_map
        if friend.location != own.location
        and friendly_fire(view, own.id, w, friend.location or "", False) > 0
    )
    own, w, friend = shot
    there = friend.location or ""
    away = next(
        loc for loc in game.battlefield.neighbours(there) if loc not in view.own_at and loc != own.location
    )
    moved = tuple(dataclasses.replace(b, location=away) if b.id == friend.id else b for b in obs.own)
    now = dataclasses.replace(obs, own=moved)
    later, fresh = View(know, now, mem), View(Knowledge(know.brief), now, Memory())
    assert friendly_fire(later, own.id, w, there, False) == friendly_fire(fresh, own.id, w, there, False)
