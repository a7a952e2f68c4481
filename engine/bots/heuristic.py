"""A bot that plays by rules of thumb, seeing only what its side may see.

What it gets: its side's briefing (engine/rules/uo/briefing.py: the map, the rule tables,
the scenario as published, its own order of battle, the enemy's as published) when it is
built, then at each decision the observation (observation.py: fog of war, enemy blocks
upright at their locations until revealed, the fight as declared, 8.2.7.1) and the legal
actions. Never the play state. The rules it weighs are the rules engine's own functions
over values (activation budget, modifiers, may_storm, the exchange, the weapons effect).
Control (2.3) it keeps itself, from what it has seen.

The modules: `view` (what it knows at a decision, and its memory), `estimates` (values,
firepower, exchanges, exposure, hidden-enemy averages), `routes` (goals, MP fields, the
move search), `decisions` (one function per kind of choice), `hunt` (enemy vehicles holding
its stakes), `sweep` (roofs the enemy crossed), `endgame` and `errands` (the last turns),
`command` (when the commander moves, 7.2.1); this module holds the bot.

Strategy:

- Posture: a side holding less than half of what it scores for at the start attacks; the
  other holds (its blocks keep their posts, and walk at most the profile's hold_reach MP to a goal).
- Goals: the locations its side scores for holding, then those the enemy scores for (to
  deny them), roofs when the enemy is on them. A block heads for the nearest goal not yet
  its side's (MP fields cached per map; vehicles for the streets around a building);
  goals on the way are taken in passing (the last side through holds a location). A goal
  held by armour is left to blocks that can hurt it; from turn 3 an enemy vehicle in a
  location of a stake the side misses is hunted by the nearest such block (`hunt`), which
  wants activating and strikes it. Platoon leaders follow a few MP
  behind their blocks, the commander within command range of its own platoon leader
  (7 activations, 7.2.1); command posts, logistics and observers stay put.
- Moving: a Dijkstra over the block's MP (9 out of sight, 8.1.13), on MP plus the risk of
  opportunity fire (enemies who may still react and see the location; ten times as much
  for a block the enemy scores for destroying, such as armour); the end scoring
  best on progress, exposure and the goal's worth, then followed step by step (planned
  again if a step turns out illegal: a location found closed is avoided afterwards).
  Caution fades as the last turn nears.
- Fighting: the expected OSL exchange of a fire or an assault from both firepowers with
  their modifiers and the chance and critical hit tables (`knowledge.exchange`), weighted
  by what the blocks are worth (leaders, what the scenario wants destroyed, a block about
  to go) and what the location is worth (victory points), less the weapons effect on our
  own blocks. A hidden enemy is taken for the average of its side's order of battle (public
  in the scenario) less the blocks standing revealed elsewhere, dummies included, vehicles
  only where a vehicle can stand: the RPG and the tank as likely as the rifles. A fire at
  the holder of a goal is worth the chance of clearing it too: eliminated, or withdrawn
  (8.3.2), which a defender may choose whatever the odds. Fire only with a clear LOS (a
  blocked fire wastes the activation). A block near an enemy holding one of its goals
  closes in (3 MP on foot) and strikes; on the move it fires only at a very good target.
- Under fire: the best of return fire, covering fire, withdrawal (the table's losses, the
  location given up, and the rest of the move if it is the moving block) and losses.
- Supported fire (10.2): a fire with a friend's +2, less what the friend's own activation
  is worth (it counts as activated). An engineer's destruction is priced with its weapons
  effect on the friends within 2 EP (8.2.3.2).
- Against the clock (`endgame`, `errands`): while the side would not win as things stand, a
  location of one of its stakes it misses is worth more on the last two turns (a draw is
  worth nothing to the side that must take ground): an assault for the last rooms of a
  building goes in at poor odds on the last turn, and each empty location it misses (a room
  the enemy walked through, a roof it crossed) gets the nearest block that can walk there
  in the turns left; having taken a room, it walks on to the next one missed. Earlier,
  from turn 5, a roof of its buildings the enemy holds gets a sweeper (`sweep`): the
  nearest free foot block within three turns' walk, kept on it from turn to turn, which
  only walks. A block on an errand takes an opportunity fire rather than withdraw (or
  withdraws toward its errand), and our own shots that would mark it Activated count its
  lost walk. On the last turn, a side winning as far as it has seen first walks through
  the locations it holds by memory alone (the enemy may have crossed them unseen).
- Impulses: start the force with the most to do, activate its blocks most useful first
  (leaders and commander when out of command: the commander after the leader it follows,
  at once when the impulse will not activate that leader, so that the next impulse
  activates 7, 7.2.1), end the impulse when the rest have nothing to do, pass when no
  force has. On the last turn, a side that would win as things stand passes first and
  keeps its forces to answer.
"""

from __future__ import annotations

from ..model.bot_profile import DEFAULT_PROFILE, BotProfile
from ..rules.uo.actions import Action
from ..rules.uo.briefing import Briefing
from ..rules.uo.observation import Observation
from .decisions import decide, group
from .knowledge import Knowledge
from .view import Memory, View


class HeuristicBot:
    name = "heuristic"
    #: with one legal action it takes it unseen (base.takes_sole_action; choose, below)
    takes_sole_action = True

    def __init__(self, briefing: Briefing, seed: int = 0, profile: BotProfile | None = None):
        self.briefing = briefing
        self.seed = seed  # its choices are deterministic: the seed names the player only
        #: its parameters (docs/bots.md); none given: the defaults
        self.profile = profile if profile is not None else DEFAULT_PROFILE
        self.know = Knowledge(briefing, self.profile)
        self.memory = Memory()

    def choose(self, observation: Observation, actions: list[Action]) -> Action:
        if observation.side != self.briefing.side:
            raise ValueError(f"a bot briefed for {self.briefing.side} asked to play {observation.side}")
        if not actions:
            raise ValueError(f"{observation.side} has no legal action to choose from")
        if len(actions) == 1:
            return actions[0]
        view = View(self.know, observation, self.memory)
        try:
            return decide(view, group(actions))
        finally:
            view.release()  # (freed at once, not by the cyclic collector: View.release)
