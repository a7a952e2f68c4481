"""What the board offers the deciding player, worked out from the legal actions alone (no Qt).

Every legal action becomes exactly one `Offer`, anchored where the player finds it on the
board: on one of their own blocks (activate it; fire in its place), on a location (move
there, withdraw there, set a block up there), on an enemy block (fire at it, assault it,
scout it), or in the prompt shown in place of the decision (start an impulse, pass, end,
withdraw, take the losses, hold fire, advance). Nothing is offered that `legal_actions()`
does not hold, and everything it holds is offered (tests/editor/play/test_offers.py drives
whole games through these lookups). An action type this module has no special place for is
offered where its fields say (a location, an own block, else the prompt), never left out.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from engine.battlefield import Dynamic
from engine.battlefield.movement import step_cost
from engine.rules.uo import actions as A
from engine.rules.uo.activation import helps_climb, mover_of
from engine.rules.uo.briefing import Briefing
from engine.rules.uo.observation import Observation


class Where(StrEnum):
    block = "block"  # one of the decider's own blocks on the map
    place = "place"  # a location (for the selected off-map block, or for the active one)
    target = "target"  # an enemy block's location
    prompt = "prompt"  # the decision's own question
    hand = "hand"  # an event card in the side's hand (the Events dock)


@dataclass(frozen=True)
class Offer:
    action: A.Action
    where: Where
    anchor: str  # block id (block), location id (place, target), "" (prompt)
    label: str  # the menu entry or button text
    #: the off-map block a place offer sets up or brings on (Deploy, Enter); None: no
    #: selection needed (the active or withdrawing block moves)
    subject: str | None = None
    mp: int | None = None  # a move's MP spent after the step (8.1)


#: the rule section each action plays (the log dock and the prompts cite it)
SECTIONS: dict[str, str] = {
    "Deploy": "3.1",
    "StartImpulse": "3.2",
    "EndImpulse": "3.2",
    "Pass": "3.1.3",
    "Activate": "7.1.2",
    "Enter": "7.1.1",
    "Move": "8.1",
    "Fire": "8.2.7",
    "Assault": "8.2.8",
    "Scout": "8.2.5",
    "EndActivation": "7.1.2",
    "ReturnFire": "8.2.7.3",
    "CoverFire": "8.2.7.3",
    "Withdraw": "8.3.2",
    "WithdrawTo": "8.3.2",
    "TakeLosses": "8.2.7.4",
    "OpportunityFire": "8.3.1",
    "OpportunityScout": "8.3.1.1",
    "HoldFire": "8.3.1",
    "Advance": "8.2.8",
    "StayPut": "8.2.8",
    "PlaceCounter": "5.2.1",
    "KeepInReserve": "8.2.3.1",
    "ScoutMines": "8.2.5.6",
    "ScoutCounter": "8.2.5",
    "ScatterPopulation": "8.2.6",
    "Destroy": "8.2.3.2",
    "Mount": "8.2.4.3",
    "Dismount": "8.2.4.4",
    "Support": "8.2.2",
    "Breach": "8.2.9",
    "SmokeFire": "8.2.7.8",
    "PlayEvent": "6.2.1",
    "EventTarget": "6.2.1",
    "Request3D": "7.3.3.1",
    "EndRequests": "7.3.3",
    "Carry3D": "7.3.3.2",
    "Cancel3D": "7.3.3.2",
    "Adjust3D": "7.3.3.2",
    # the advanced rules (10-13), played only when the scenario lists them
    "SmokeGrenade": "10.1",
    "SupportedFire": "10.2",
    "SuppressingFire": "10.3",
    "JoinCover": "10.4.1",
    "ActivatePair": "10.4.2",
    "Ride": "11.1",
    "Transfer": "12.1",
    "EndReorganisation": "12.1",
    "BlockEntry": "13.1",
    "MovePopulation": "13.3",
}


#: the label of actions offered by `Offers._other`, by kind (else the kind's own words)
LABELS: dict[str, str] = {
    "PlaceCounter": "Place counter",
    "KeepInReserve": "Keep the rest of the allotments in reserve (8.2.3.1)",
    "ScoutMines": "Scout for mines (8.2.5.6)",
    "ScoutCounter": "Scout the counter (8.2.5)",
    "ScatterPopulation": "Scatter the population (8.2.6)",
    "Destroy": "Destroy the counter (8.2.3.2)",
    "Mount": "Mount (8.2.4.3)",
    "Dismount": "Dismount (8.2.4.4)",
    "Support": "Support (8.2.2)",
    "Breach": "Breach (8.2.9)",
    "SmokeFire": "Fire smoke (8.2.7.8)",
    "EndRequests": "End the 3D requests (7.3.3)",
    "Carry3D": "Let the 3D action fall (7.3.3.2)",
    "Cancel3D": "Cancel the 3D action: its mission stays spent (7.3.3.2)",
    "SmokeGrenade": "Throw a smoke grenade (10.1)",
    "JoinCover": "Join the vehicle's cover (10.4.1)",
    "ActivatePair": "Activate the pair (10.4.2)",
    "Ride": "Ride on the superstructure (11.1)",
    "Transfer": "Transfer (12.1)",
    "EndReorganisation": "End the order of battle changes (12.1)",
    "BlockEntry": "Block the underground entry (13.1)",
    "MovePopulation": "Move the population (13.3)",
}

#: the subject of a 3D request's offers: the mission and who requests it (the 3D panel picks
#: one, then the board shows its targets)
REQUEST = "3D {support} by {requester}"


def request_key(support: str, requester: str) -> str:
    return REQUEST.format(support=support, requester=requester)


class Offers:
    """The legal actions of one decision, sorted by where the board shows them."""

    def __init__(self, legal: Sequence[A.Action], observation: Observation, briefing: Briefing):
        self.observation = observation
        self.briefing = briefing
        self.items: list[Offer] = [self._offer(a) for a in legal]

    # -- lookups the board uses --------------------------------------------------------
    def at_block(self, block: str) -> list[Offer]:
        return [o for o in self.items if o.where is Where.block and o.anchor == block]

    def at_place(self, location: str, selected: str | None = None) -> list[Offer]:
        return [
            o
            for o in self.items
            if o.where is Where.place and o.anchor == location and o.subject in (None, selected)
        ]

    def at_target(self, location: str) -> list[Offer]:
        return [o for o in self.items if o.where is Where.target and o.anchor == location]

    def at_hand(self, card: str) -> list[Offer]:
        """Playing event card `card` from hand (6.2.1), if it may be played now."""
        return [o for o in self.items if o.where is Where.hand and o.anchor == card]

    def requests(self) -> list[A.Request3D]:
        """The 3D requests the side may make now, each (mission, requester) once."""
        out: dict[tuple[str, str], A.Request3D] = {}
        for o in self.items:
            if isinstance(o.action, A.Request3D):
                out.setdefault((o.action.support, o.action.requester), o.action)
        return list(out.values())

    @property
    def prompts(self) -> list[Offer]:
        return [o for o in self.items if o.where is Where.prompt]

    def blocks(self) -> set[str]:
        return {o.anchor for o in self.items if o.where is Where.block}

    def places(self, selected: str | None = None) -> dict[str, Offer]:
        """Locations to highlight: each with one of its offers (a move's carries its MP)."""
        return {o.anchor: o for o in self.items if o.where is Where.place and o.subject in (None, selected)}

    def targets(self) -> set[str]:
        return {o.anchor for o in self.items if o.where is Where.target}

    def subjects(self) -> list[str]:
        """Off-map blocks the player picks before a location (set-up, reinforcements)."""
        return list(
            dict.fromkeys(
                o.subject
                for o in self.items
                if o.subject is not None and not isinstance(o.action, A.Request3D)
            )
        )

    def reachable(self) -> Iterable[Offer]:
        """Every offer as the board reaches it: through each lookup, once (a 3D request's
        targets once its mission and requester are picked in the 3D panel)."""
        keys = [request_key(r.support, r.requester) for r in self.requests()]
        for subject in [None, *self.subjects(), *keys]:
            for loc in sorted({o.anchor for o in self.items if o.where is Where.place}):
                yield from (o for o in self.at_place(loc, subject) if o.subject == subject)
        for bid in sorted(self.blocks()):
            yield from self.at_block(bid)
        for loc in sorted(self.targets()):
            yield from self.at_target(loc)
        for card in sorted({o.anchor for o in self.items if o.where is Where.hand}):
            yield from self.at_hand(card)
        yield from self.prompts

    # -- one action -> one offer ----------------------------------------------------------
    def _own_at(self, location: str | None) -> str | None:
        if location is None:
            return None
        return next((b.id for b in self.observation.own if b.location == location and not b.eliminated), None)

    def _offer(self, a: A.Action) -> Offer:
        obs = self.observation
        match a:
            case A.Deploy(block, location):
                return Offer(a, Where.place, location, f"Set up {block} here", subject=block)
            case A.Enter(block, location):
                return Offer(a, Where.place, location, f"Bring {block} on here", subject=block)
            case A.Move(location):
                return Offer(a, Where.place, location, f"Move to {location}", mp=self._mp_after(location))
            case A.WithdrawTo(location):
                return Offer(a, Where.place, location, f"Withdraw to {location}")
            case A.Activate(block):
                return Offer(a, Where.block, block, f"Activate {block}")
            case A.CoverFire(block, weapon):
                return Offer(a, Where.block, block, f"Cover fire: {block} with {weapon}")
            case A.OpportunityFire(block, weapon):
                return Offer(a, Where.block, block, f"Opportunity fire: {block} with {weapon}")
            case A.OpportunityScout(block):
                return Offer(a, Where.block, block, f"Scout the mover first: {block}")
            case A.ReturnFire(weapon):
                # the block under fire answers: it stands where the fight is aimed
                target = obs.fight.target_at if obs.fight is not None else None
                own = self._own_at(target)
                if own is None:
                    return Offer(a, Where.prompt, "", f"Return fire with {weapon}")
                return Offer(a, Where.block, own, f"Return fire with {weapon}")
            case A.Fire(target, weapon):
                return Offer(a, Where.target, target, f"Fire {weapon}")
            case A.Assault(target, weapon):
                return Offer(a, Where.target, target, f"Assault with {weapon}")
            case A.Scout(target):
                return Offer(a, Where.target, target, "Scout")
            case A.StartImpulse(force):
                return Offer(a, Where.prompt, "", f"Start impulse: {force}")
            case A.Pass():
                return Offer(a, Where.prompt, "", "Pass")
            case A.EndImpulse():
                return Offer(a, Where.prompt, "", "End impulse")
            case A.EndActivation():
                return Offer(a, Where.prompt, "", "End activation")
            case A.Withdraw():
                return Offer(a, Where.prompt, "", "Withdraw (8.3.2)")
            case A.TakeLosses():
                return Offer(a, Where.prompt, "", "Stay and take 2 losses (8.2.7.4)")
            case A.HoldFire():
                return Offer(a, Where.prompt, "", "Hold fire")
            case A.Advance():
                return Offer(a, Where.prompt, "", "Advance into the location")
            case A.StayPut():
                return Offer(a, Where.prompt, "", "Stay put")
            case A.PlayEvent(card):
                return Offer(a, Where.hand, card, f"Play event {card}")
            case A.EventTarget(location):
                return Offer(a, Where.place, location, "The event card's effect falls here (6.2.1)")
            case A.Request3D(support, requester, target):
                return Offer(
                    a,
                    Where.place,
                    target,
                    f"Request {support} by {requester} on {target}",
                    subject=request_key(support, requester),
                )
            case A.SupportedFire(target, weapon, support):
                return Offer(a, Where.target, target, f"Supported fire {weapon}, {support} supporting (10.2)")
            case A.SuppressingFire(target, weapon):
                return Offer(a, Where.target, target, f"Suppressing fire {weapon} (10.3)")
            case A.Adjust3D(target):
                return Offer(a, Where.place, target, f"Adjust the 3D action to {target} (7.3.3.2)")
        return self._other(a)

    def _other(self, a: A.Action) -> Offer:
        """An action the board has no special place for (the rules grow new ones: counters,
        mines, mounting...): offered where its fields say, never left out. On the location
        it names (`location`, `target`, `to`), on the own block it names (`block`, `vehicle`), else in
        the prompt; its label is its kind and its other fields, in the rules' words."""
        if not dataclasses.is_dataclass(a):
            raise TypeError(f"the board has no place for {type(a).__name__}")
        fields = {f.name: getattr(a, f.name) for f in dataclasses.fields(a)}
        words = re.sub(r"(?<!^)(?=[A-Z])", " ", type(a).__name__).lower().capitalize()
        label = LABELS.get(type(a).__name__, words)
        for key in ("location", "target", "to"):
            where = fields.get(key)
            if isinstance(where, str) and self._is_location(where):
                rest = ", ".join(f"{k} {v}" for k, v in fields.items() if k != key and v is not None)
                return Offer(a, Where.place, where, f"{label}: {rest}" if rest else label)
        rest = ", ".join(f"{k} {v}" for k, v in fields.items() if v is not None)
        for key in ("block", "vehicle"):
            block = fields.get(key)
            if isinstance(block, str) and self._own_on_map(block):
                return Offer(a, Where.block, block, f"{label}: {rest}")
        return Offer(a, Where.prompt, "", f"{label}: {rest}" if rest else label)

    def _is_location(self, location: str) -> bool:
        try:
            self.briefing.battlefield.location(location)
        except KeyError:
            return False
        return True

    def _own_on_map(self, block: str) -> bool:
        return any(b.id == block and b.on_map and b.location for b in self.observation.own)

    def _mp_after(self, location: str) -> int | None:
        """MP the active block will have spent after stepping into `location` (8.1): the
        activation's spent MP (own, from the observation) plus the cheapest step, costed
        with what the side knows (its own climbing helpers, the public NML counters)."""
        obs, brief = self.observation, self.briefing
        act = obs.activation
        if act is None:
            return None
        here = next((b.location for b in obs.own if b.id == act.block), None)
        info = brief.own.get(act.block)
        if here is None or info is None:
            return None
        bf = brief.battlefield
        helpers = frozenset(
            b.location
            for b in obs.own
            if b.on_map and b.location and b.type is not None and helps_climb(brief.own[b.id].profile)
        )
        dyn = Dynamic(helpers=helpers, barricades=brief.barricades, impassable=brief.impassable)
        mover = mover_of(info.profile)
        dst = bf.location(location).index
        costs = [
            c
            for step in bf.out[bf.location(here).index]
            if step.dst == dst and (c := step_cost(bf, step, mover, dyn)) is not None
        ]
        return act.spent + min(costs) if costs else None
