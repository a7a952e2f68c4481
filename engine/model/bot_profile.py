"""Bot profile format (`uo-bot-profile/1`): the heuristic bot's parameters, as data.

The defaults here are the bot's own: the bot reads every parameter from its profile (a
profile left out is `BotProfile()`), so a designer may try a more cautious or a more eager
player on a scenario without touching code. Timings are shares of the scenario's turns,
never turn numbers, so one profile means the same on a 4-turn and on a 12-turn scenario.
Each parameter's description says what it weighs and why it has its default."""

from __future__ import annotations

import math
from typing import Final, Literal

from pydantic import Field

from .common import Strict

BOT_PROFILE_FORMAT: Final = "uo-bot-profile/1"


class BotProfile(Strict):
    """The heuristic bot's parameters (docs/bots.md explains each)."""

    format: Literal["uo-bot-profile/1"] = Field(
        BOT_PROFILE_FORMAT, alias="schema", description="File format and version."
    )
    name: str = Field("default", min_length=1, description="Name of the profile, shown nowhere but here.")
    # -- posture and goals ---------------------------------------------------------------
    hold_reach: int = Field(
        18,
        ge=0,
        le=99,
        description=(
            "MP a block of a holding side walks, at most, to a goal: about two turns' walk "
            "on foot (7.1.2), so defenders close gaps near their posts and keep them."
        ),
    )
    goal_weight: float = Field(
        4.0,
        ge=0.0,
        le=20.0,
        description=(
            "What holding a location of a stake is worth in a fight over it, in OSL of "
            "exchange per victory point: ground is what the game is scored on."
        ),
    )
    precious: float = Field(
        2.0,
        ge=1.0,
        le=10.0,
        description=(
            "How much more a block the enemy scores for destroying is worth (its losses, "
            "the risk of moving it under fire): losing it gives the enemy points."
        ),
    )
    # -- the hunt of enemy vehicles holding the side's stakes (hunt.py) ---------------------
    hunt_from: float = Field(
        0.25,
        ge=0.0,
        le=1.0,
        description=(
            "Share of the game's turns played before an enemy vehicle holding a location "
            "of a stake is hunted: earlier, the side's heavy weapons are still on their way."
        ),
    )
    hunters: int = Field(1, ge=1, le=5, description="Blocks sent against each such vehicle.")
    hunt_intent: float = Field(
        1.0, ge=0.0, le=5.0, description="How much a hunter wants activating (decisions.intent's scale)."
    )
    hunt_push: float = Field(
        1.0,
        ge=0.0,
        le=10.0,
        description="What a hunter's strike at its quarry is worth beyond its exchange: the stake reopened.",
    )
    # -- roofs and the last turns (sweep.py, errands.py, endgame.py) ------------------------
    sweep_from: float = Field(
        0.5,
        ge=0.0,
        le=1.0,
        description=(
            "Share of the game's turns played before a roof of the side's buildings the "
            "enemy crossed gets a sweeper: the second half, when the fight for the rooms "
            "has settled and a block can be spared."
        ),
    )
    sweep_reach: float = Field(
        3.0,
        ge=0.0,
        le=20.0,
        description="Farthest a sweeper is taken from, in turns' walk on foot (7.1.2).",
    )
    errand_share: float = Field(
        0.25,
        ge=0.0,
        le=1.0,
        description=(
            "Share of the game's turns, at its end, in which each empty location of a "
            "stake the side misses gets the nearest block that can walk there in time."
        ),
    )
    errand_intent: float = Field(
        1.0, ge=0.0, le=5.0, description="How much a block on an errand wants activating."
    )
    sweep_intent: float = Field(
        1.25,
        ge=0.0,
        le=5.0,
        description="How much a roof's sweeper wants activating: more than an engineer at a barricade.",
    )
    walk_lost: float = Field(
        1.5, ge=0.0, le=10.0, description="What a withdrawal costs a block on an errand, of its intent."
    )
    last_push: float = Field(
        6.0,
        ge=0.0,
        le=50.0,
        description=(
            "How much more a missed stake's location is worth on the last turn, in OSL: a "
            "draw is a loss to the side that must take ground."
        ),
    )
    early_push: float = Field(2.0, ge=0.0, le=50.0, description="The same on the turn before the last.")

    def first_turn(self, share: float, turns: int) -> int:
        """The first turn by which `share` of a `turns`-turn game has been played."""
        return math.ceil(share * turns - 1e-9) + 1

    def last_turns(self, share: float, turns: int) -> int:
        """How many turns at the end make `share` of the game (at least one when share > 0)."""
        if share <= 0:
            return 0
        return max(1, round(share * turns))


DEFAULT_PROFILE: Final = BotProfile()
