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
