"""A bot that searches: determinised Monte Carlo over the decision's actions, with the
heuristic bot as the prior and the rollout policy (issue 27 item 4).

At a decision worth searching (a turn or a reaction with more than one action), it draws a
few play states consistent with its observation (determinise.py: the hidden enemy blocks,
counters and hand sampled, never read from the true play), keeps those that offer the very
actions it was offered, and plays each candidate action on copies of them (Play.copy, the
dice from its own seeded source), the heuristic bot choosing for both sides after it, to a
horizon: the end of the impulse under way or ROLLOUT_ACTIONS actions, whichever comes first (a whole
heuristic game costs some 0.7 s, far above a decision's budget). A rollout is scored from
the side's point of view: victory points (victory.py's score) plus MATERIAL points per OSL
level standing, its own less the enemy's. The candidate with the best mean wins; the
heuristic's own answer starts PRIOR ahead, so a few noisy rollouts do not overturn it.

Its budget per decision (`think`): "0.2s" of CPU time, or "200r" rollouts. With rollouts it
is deterministic for a seed; with time the number of rollouts depends on the machine's
speed and load, so two runs may differ.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass

from ..model.scenario import Side
from ..rules.ruleset import DecisionKind
from ..rules.uo.actions import Action
from ..rules.uo.briefing import Briefing, briefing
from ..rules.uo.game import Game
from ..rules.uo.observation import Observation
from ..rules.uo.play import Play
from ..rules.uo.state import other
from .determinise import determinise
from .heuristic import HeuristicBot

#: actions a rollout plays at most after the candidate (an activation is some 5-10 actions:
#: a heuristic decision costs some 4 ms with its observation and legal actions, so a
#: rollout of 12 fits several times in 0.2 s)
ROLLOUT_ACTIONS = 12
#: victory points one OSL level standing is worth to a rollout's score: a step lost is a
#: step toward losing the block, below any location's points (a location is worth >= 1)
MATERIAL = 0.25
#: the heuristic's answer's head start, in victory points (a rollout's noise is of that order)
PRIOR = 0.25
#: candidates searched at most: the heuristic's answer and others drawn at random
CANDIDATES = 4
#: determinisations drawn per decision (each kept only if it offers the actions offered)
SAMPLES = 4
DEFAULT_THINK = "0.2s"


@dataclass(frozen=True)
class Budget:
    """A decision's budget: CPU seconds, or a number of rollouts."""

    seconds: float | None = None
    rollouts: int | None = None

    @staticmethod
    def parse(text: str) -> Budget:
        found = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(s|r)\s*", text)
        if found is None:
            raise ValueError(f"think {text!r}: give seconds (0.2s) or rollouts (200r)")
        value, unit = found.groups()
        if unit == "s":
            return Budget(seconds=float(value))
        return Budget(rollouts=int(float(value)))


class SearchBot:
    name = "search"
    takes_sole_action = True
    #: built with the game and a budget (runner.make_bot)
    simulates = True

    def __init__(
        self, briefing_: Briefing, seed: int = 0, game: Game | None = None, think: str | None = DEFAULT_THINK
    ):
        if game is None:
            raise ValueError("the search bot needs the game's rules to simulate (make_bot gives them)")
        self.briefing = briefing_
        self.side = briefing_.side
        self.game = game
        self.budget = Budget.parse(think or DEFAULT_THINK)
        self.rng = random.Random(seed)
        self.prior = HeuristicBot(briefing_, seed)
        #: the briefings the rollout bots play with (each side's, as published to it)
        self.briefings = {s: briefing_ if s == self.side else briefing(game, s) for s in Side}
        self.searched = 0  # decisions searched, and rollouts played (for the figures)
        self.rollouts = 0

    def choose(self, observation: Observation, actions: list[Action]) -> Action:
        if len(actions) == 1:
            return actions[0]
        pick = self.prior.choose(observation, actions)
        decision = observation.decision
        if decision is None or decision.kind not in (DecisionKind.turn, DecisionKind.reaction):
            return pick
        samples = self._samples(observation, actions)
        if not samples:
            return pick  # no sample offers these actions: a state the samples cannot rebuild
        others = [a for a in actions if a != pick]
        self.rng.shuffle(others)
        candidates = [pick, *others[: CANDIDATES - 1]]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        start = time.process_time()
        n = 0
        while self._within(n, start):
            c = n % len(candidates)
            sample = samples[(n // len(candidates)) % len(samples)]
            totals[c] += self._rollout(sample, candidates[c])
            counts[c] += 1
            n += 1
        if min(counts) == 0:
            return pick
        self.searched += 1
        self.rollouts += n
        means = [t / k for t, k in zip(totals, counts, strict=True)]
        means[0] += PRIOR
        return candidates[max(range(len(candidates)), key=lambda i: (means[i], -i))]

    def _within(self, n: int, start: float) -> bool:
        if self.budget.rollouts is not None:
            return n < self.budget.rollouts
        return time.process_time() - start < (self.budget.seconds or 0.0)

    def _samples(self, observation: Observation, actions: list[Action]) -> list[Play]:
        offered = sorted(map(str, actions))
        out = []
        for _ in range(SAMPLES):
            try:
                play = determinise(self.game, self.briefing, observation, self.rng)
                ok = play.decider == self.side and sorted(map(str, play.legal_actions())) == offered
            except (KeyError, ValueError, AssertionError, IndexError):
                ok = False  # a sample the rules refuse (an assumption that does not hold here)
            if ok:
                out.append(play)
        return out

    def _rollout(self, sample: Play, action: Action) -> float:
        play = sample.copy(random.Random(self.rng.randrange(2**31)))
        turn, impulse = play.state.turn, play.state.impulse is not None
        bots = {s: HeuristicBot(self.briefings[s], 0) for s in Side}
        try:
            play.apply(action)
            for _ in range(ROLLOUT_ACTIONS):
                decision = play.decision
                if decision is None or play.state.turn != turn or (impulse and play.state.impulse is None):
                    break
                legal = play.legal_actions()
                side = decision.side
                play.apply(legal[0] if len(legal) == 1 else bots[side].choose(play.observation(side), legal))
        except (KeyError, ValueError, AssertionError, IndexError):
            pass  # (a sampled state the rules stumble on: scored as it stands)
        return self._score(play)

    def _score(self, play: Play) -> float:
        outcome = play.outcome
        side, enemy = self.side, other(self.side)
        value = float(outcome.points.get(side, 0) - outcome.points.get(enemy, 0))
        if outcome.over:
            value += 10.0 if outcome.winner == side else -10.0 if outcome.winner == enemy else 0.0
        game, blocks = play.game, play.state.blocks
        for bid, b in blocks.items():
            info = game.blocks[bid]
            if info.dummy or b.eliminated:
                continue
            standing = MATERIAL * (info.levels - b.losses)
            value += standing if info.side == side else -standing
        return value
