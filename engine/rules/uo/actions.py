"""The decisions a player makes, as plain frozen values: the log is a list of them.

Enemy blocks are named by their location, never by id: an id would tell a hidden block's
identity to the side choosing (4.3.2.2). Own blocks are named by id.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from ...model.log import ENTRY_KEYS
from ..ruleset import IllegalAction

__all__ = ["IllegalAction"]  # the interface's, raised by Play.apply


# --- set-up and the sequence of play (3) ---------------------------------------------------


@dataclass(frozen=True)
class Deploy:
    """Set up a block the scenario leaves to its player, in its deployment area."""

    block: str
    location: str


@dataclass(frozen=True)
class StartImpulse:
    """Activate an impulse force for this impulse (3.2)."""

    force: str


@dataclass(frozen=True)
class EndImpulse:
    pass


@dataclass(frozen=True)
class Pass:
    """Pass the impulse (3.1.3): two passes in a row end the turn."""


# --- activating a block (7.1.2, 8) ----------------------------------------------------------


@dataclass(frozen=True)
class Activate:
    """Activate a block of the impulse force (7.1.2)."""

    block: str


@dataclass(frozen=True)
class Enter:
    """Bring a reinforcement block onto the map at one of its entry hexes (7.1.1, 8.1)."""

    block: str
    location: str


@dataclass(frozen=True)
class Move:
    """Move the active block into an adjacent location (8.1)."""

    location: str


@dataclass(frozen=True)
class Fire:
    """The active block fires at the enemy block at `target` with one of its weapons (8.2.7)."""

    target: str
    weapon: str


@dataclass(frozen=True)
class Assault:
    """The active block assaults the enemy block in an adjacent location (8.2.8)."""

    target: str
    weapon: str


@dataclass(frozen=True)
class Scout:
    """The active block scouts the hidden enemy block at `target` (8.2.5)."""

    target: str


@dataclass(frozen=True)
class EndActivation:
    pass


# --- decisions of the side under fire (8.2.7.3, 8.2.7.4, 8.3.2) ----------------------------


@dataclass(frozen=True)
class ReturnFire:
    """The targeted block fires back (not an action nor a reaction, 8.2.7.3)."""

    weapon: str


@dataclass(frozen=True)
class CoverFire:
    """A friendly block within 3 EP of the target fires in its place (8.2.7.3)."""

    block: str
    weapon: str


@dataclass(frozen=True)
class Withdraw:
    """Avoid the fight by a withdrawal (8.3.2); where to comes next (WithdrawTo)."""


@dataclass(frozen=True)
class WithdrawTo:
    """Where the withdrawing block goes: 2 MP for foot, 4 for vehicles (8.3.2)."""

    location: str


@dataclass(frozen=True)
class TakeLosses:
    """A block without adequate armament stays and loses 2 OSL, no die rolled (8.2.7.4)."""


# --- opportunity fire (8.3.1) ---------------------------------------------------------------


@dataclass(frozen=True)
class OpportunityFire:
    """Fire on the enemy block that has just entered a location (+2 FP, a reaction)."""

    block: str
    weapon: str


@dataclass(frozen=True)
class OpportunityScout:
    """Scout the moving block first, without revealing oneself (8.2.5.7, 8.3.1.1)."""

    block: str


@dataclass(frozen=True)
class HoldFire:
    """Let the moving block go on (or, after scouting it, not fire)."""


# --- after an assault (8.2.8) ---------------------------------------------------------------


@dataclass(frozen=True)
class Advance:
    """The winner of an assault occupies the location the loser left (free, 8.1.14)."""


@dataclass(frozen=True)
class StayPut:
    pass


# --- No Man's Land (5.2, 8.2.3, 8.2.5, 8.2.6) -----------------------------------------------


@dataclass(frozen=True)
class PlaceCounter:
    """Put down a barricade, an AT mine or an IED/UXO of the side's allotment (`kind`:
    "barricade", "at_mine", "ied_uxo", or an AP trap "ap_mine"): at set-up in a deployment
    area (not an IED/UXO), or by the active engineer in an adjacent location (5.2.1,
    5.2.2.1, 8.2.3.1). A mine's location stays secret; an IED/UXO is face down to the enemy."""

    kind: str
    location: str


@dataclass(frozen=True)
class KeepInReserve:
    """Place no more at set-up: the rest of the allotments is for the engineers (8.2.3.1)."""


@dataclass(frozen=True)
class ScoutMines:
    """"I am scouting": the active Scout or Engineer reveals itself, moves at most 3 MP and
    finds the enemy AT mines within 2 EP of its way (5.2.2.3, 8.2.5.6)."""


@dataclass(frozen=True)
class ScoutCounter:
    """The active block scouts the face-down counter(s) at `location` (8.2.5, 5.2.3)."""

    location: str


@dataclass(frozen=True)
class ScatterPopulation:
    """The active block scatters the Population counter at `location` (adjacent to it) to
    `to`, up to 6 MP away and in contact with no block (8.2.6)."""

    location: str
    to: str


@dataclass(frozen=True)
class Destroy:
    """The active engineer destroys the barricade, IED/UXO or AT mine at the adjacent
    `location`, then moves (2 MP, free) to `to` (8.2.3.2)."""

    location: str
    to: str


# --- mounting, support, breaching, smoke (8.2.2, 8.2.4, 8.2.7.8, 8.2.9) ---------------------


@dataclass(frozen=True)
class Mount:
    """The active foot block boards the adjacent `vehicle` of its impulse force: its
    activation ends and the vehicle's starts, its action done (8.2.4.3)."""

    vehicle: str


@dataclass(frozen=True)
class Dismount:
    """The active vehicle sets down its passenger `block` at the adjacent hex `location`:
    the vehicle's activation ends and the passenger's starts, its action done (8.2.4.4)."""

    block: str
    location: str


@dataclass(frozen=True)
class Support:
    """A support action between the active block and the adjacent friendly block `block`
    (the active block itself: a Plt Support block supporting itself): one of them, a Plt
    Support or Logistics block, spends a support point and the other recovers 1 OSL; or a
    Plt Support block without points takes up to 2 from the Logistics block's reserve
    (8.2.2). Ends the active block's activation and starts `block`'s, its action done."""

    block: str


@dataclass(frozen=True)
class Breach:
    """The active block opens the breach `aperture` with `weapon` (8.2.9): in contact, then
    moves (2 MP, free) to `to`; or remotely (`to` is where it stands)."""

    aperture: str
    weapon: str
    to: str


@dataclass(frozen=True)
class SmokeFire:
    """The active armoured or MBT block fires smoke at the hex `target` with `weapon`
    (8.2.7.8): three hexes downwind hold Smoke counters until the end of the turn."""

    target: str
    weapon: str


# --- events (6) -----------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayEvent:
    """Play an event card from hand (6.2.1)."""

    card: str


@dataclass(frozen=True)
class EventTarget:
    """The location an event card's effect falls on, chosen by the card's owner (6.2.1)."""

    location: str


# --- third-dimension actions (7.3) -------------------------------------------------------------


@dataclass(frozen=True)
class Request3D:
    """Request a 3D action of the matrix (7.3.3.1): the requesting Platoon Leader or JFO (own
    block, by id) and the targeted location."""

    support: str
    requester: str
    target: str


@dataclass(frozen=True)
class Carry3D:
    """Let a planned 3D action take place where it was requested (7.3.3.2)."""


@dataclass(frozen=True)
class Cancel3D:
    """Cancel a planned 3D action (7.3.3.2): its mission stays spent."""


@dataclass(frozen=True)
class Adjust3D:
    """Move a planned air-to-ground action up to 10 EP from where it was requested (7.3.3.2)."""

    target: str


@dataclass(frozen=True)
class EndRequests:
    """No more 3D requests this turn (7.3.3)."""


# --- advanced rules of movement, command and environment (11-13) ----------------------------


@dataclass(frozen=True)
class Ride:
    """The active foot block mounts the superstructure of the adjacent `vehicle` (11.1): as
    a mounting (8.2.4.3), but it rides outside."""

    vehicle: str


@dataclass(frozen=True)
class Transfer:
    """Attach the own block `block` to the impulse force `force` (12.1)."""

    block: str
    force: str


@dataclass(frozen=True)
class EndReorganisation:
    """No more order of battle changes this turn (12.1)."""


@dataclass(frozen=True)
class BlockEntry:
    """The active engineer demolishes the underground entry (manhole) at the hex `manhole`
    (13.1): a barricade below, any block there eliminated."""

    manhole: str


@dataclass(frozen=True)
class MovePopulation:
    """Move the Population counter at `location` 1 MP to the adjacent hex `to` (13.3: the
    die gave this side the choice)."""

    location: str
    to: str


# --- advanced rules, 10 Combat (advanced_combat.py, armour_cover.py, infantry_smoke.py) ------


@dataclass(frozen=True)
class SmokeGrenade:
    """The active Infantry or Engineer block throws a smoke grenade at the hex `target`
    within 3 EP (10.1): Smoke counters as for a smoke fire. One action."""

    target: str


@dataclass(frozen=True)
class SupportedFire:
    """The active block (A) fires at `target` with `weapon`, supported by the friendly block
    `support` (B) of its impulse force (10.2): +2 FP if B sees the target with an adequate
    weapon; only A takes the combat's results; B counts as activated."""

    target: str
    weapon: str
    support: str


@dataclass(frozen=True)
class SuppressingFire:
    """The active Infantry block (or Support Weapons block with a machine gun), not having
    moved, fires at the Foot unit block at `target` to suppress it (10.3): +1 FP, a critical
    hit wins, a win puts a Reaction marker on the target instead of losses; no move after."""

    target: str
    weapon: str


@dataclass(frozen=True)
class JoinCover:
    """The active Foot unit block enters the hex of the friendly armoured vehicle or tank
    `vehicle` to form a pair (10.4.1): its activation ends, the vehicle cannot be activated
    this turn."""

    vehicle: str


@dataclass(frozen=True)
class ActivatePair:
    """Activate the pair of `vehicle` and the Foot unit block it covers (10.4.2): both
    activations; the pair moves up to 6 MP, the vehicle may only fire."""

    vehicle: str


Action = (
    Deploy
    | StartImpulse
    | EndImpulse
    | Pass
    | Activate
    | Enter
    | Move
    | Fire
    | Assault
    | Scout
    | EndActivation
    | ReturnFire
    | CoverFire
    | Withdraw
    | WithdrawTo
    | TakeLosses
    | OpportunityFire
    | OpportunityScout
    | HoldFire
    | Advance
    | StayPut
    | PlaceCounter
    | KeepInReserve
    | ScoutMines
    | ScoutCounter
    | ScatterPopulation
    | Destroy
    | Mount
    | Dismount
    | Support
    | Breach
    | SmokeFire
    | PlayEvent
    | EventTarget
    | Request3D
    | EndRequests
    | Carry3D
    | Cancel3D
    | Adjust3D
    | Ride
    | Transfer
    | EndReorganisation
    | BlockEntry
    | MovePopulation
    | SmokeGrenade
    | SupportedFire
    | SuppressingFire
    | JoinCover
    | ActivatePair
)
ACTIONS: dict[str, type[Action]] = {
    cls.__name__: cls
    for cls in (
        Deploy,
        StartImpulse,
        EndImpulse,
        Pass,
        Activate,
        Enter,
        Move,
        Fire,
        Assault,
        Scout,
        EndActivation,
        ReturnFire,
        CoverFire,
        Withdraw,
        WithdrawTo,
        TakeLosses,
        OpportunityFire,
        OpportunityScout,
        HoldFire,
        Advance,
        StayPut,
        PlaceCounter,
        KeepInReserve,
        ScoutMines,
        ScoutCounter,
        ScatterPopulation,
        Destroy,
        Mount,
        Dismount,
        Support,
        Breach,
        SmokeFire,
        PlayEvent,
        EventTarget,
        Request3D,
        EndRequests,
        Carry3D,
        Cancel3D,
        Adjust3D,
        Ride,
        Transfer,
        EndReorganisation,
        BlockEntry,
        MovePopulation,
        SmokeGrenade,
        SupportedFire,
        SuppressingFire,
        JoinCover,
        ActivatePair,
    )
}


def action_to_json(action: Action) -> dict[str, Any]:
    cls = type(action)
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = tuple(f.name for f in fields(action))
    values = [getattr(action, name) for name in names]
    if all(type(v) in _PLAIN for v in values):  # asdict's answer, without its deep copy
        return {"action": cls.__name__, **dict(zip(names, values, strict=True))}
    return {"action": cls.__name__, **asdict(action)}


#: an action class's field names, in order (`action_to_json`)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: values `asdict` hands back as they are
_PLAIN = frozenset({str, int, bool, float, type(None)})


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The action a log entry holds; ValueError names what is wrong with it."""
    if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
        raise ValueError("a log entry needs an 'action' name")
    cls = ACTIONS.get(data["action"])
    if cls is None:
        raise ValueError(f"unknown action '{data['action']}'")
    fields = {k: v for k, v in data.items() if k not in ENTRY_KEYS}  # the log's keys: kind, dice, rows
    try:
        return cls(**fields)
    except TypeError as exc:
        raise ValueError(f"{data['action']}: {exc}") from None
