"""The game log as a game report: one line per action, who did it, the rule section it
plays and every die rolled, with the table row it was read on when the log names it (no Qt).

Seen from one side, the enemy's entries say what the enemy did in the open (fires,
assaults, scouting, which are declared to both sides, 8.2.7.1; the dice, rolled in the
open) and only the kind of its other actions: an enemy block's id or its hidden set-up place
never reaches the report of the side that may not know it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.model.log import ENTRY_KEYS
from engine.model.scenario import Side

from .offers import SECTIONS

#: actions whose fields are public to both sides: declared fights (8.2.7.1), the reactions
#: to them, and what the sequence of play shows (a pass, an impulse's end)
PUBLIC = {
    "Fire",
    "Assault",
    "Scout",
    "ReturnFire",
    "Withdraw",
    "TakeLosses",
    "HoldFire",
    "Advance",
    "StayPut",
    "Pass",
    "EndImpulse",
    "EndActivation",
    "PlayEvent",  # an event card played is face up on the table (6.2.1)
    "EventTarget",  # and its effect falls in the open
    "EndRequests",
    "SupportedFire",  # fights, declared in the open (8.2.7.1)
    "SuppressingFire",
}
VERB = {
    "Deploy": "sets up {block} in {location}",
    "StartImpulse": "starts an impulse with {force}",
    "EndImpulse": "ends the impulse",
    "Pass": "passes",
    "Activate": "activates {block}",
    "Enter": "brings {block} on at {location}",
    "Move": "moves to {location}",
    "Fire": "fires {weapon} at {target}",
    "Assault": "assaults {target} with {weapon}",
    "Scout": "scouts {target}",
    "EndActivation": "ends the activation",
    "ReturnFire": "returns fire with {weapon}",
    "CoverFire": "covers with {block}'s {weapon}",
    "Withdraw": "withdraws",
    "WithdrawTo": "withdraws to {location}",
    "TakeLosses": "stays and takes 2 OSL",
    "OpportunityFire": "opportunity fire: {block} with {weapon}",
    "OpportunityScout": "scouts the mover first with {block}",
    "HoldFire": "holds fire",
    "Advance": "advances",
    "StayPut": "stays put",
    "PlaceCounter": "places a counter ({kind}) at {location}",
    "KeepInReserve": "keeps the rest of its allotments for its engineers",
    "ScoutMines": "scouts for mines",
    "ScoutCounter": "scouts the counter at {location}",
    "ScatterPopulation": "scatters the population at {location} to {to}",
    "Destroy": "destroys the counter at {location}, moves to {to}",
    "Mount": "mounts {vehicle}",
    "Dismount": "sets {block} down at {location}",
    "Support": "supports {block}",
    "Breach": "breaches {aperture} with {weapon}, moves to {to}",
    "SmokeFire": "fires smoke at {target} with {weapon}",
    "PlayEvent": "plays event card {card}",
    "EventTarget": "the event card's effect falls on {location}",
    "Request3D": "requests {support} by {requester} on {target}",
    "EndRequests": "ends its 3D requests",
    "Carry3D": "lets its planned 3D action fall",
    "Cancel3D": "cancels its planned 3D action",
    "Adjust3D": "adjusts its planned 3D action to {target}",
    "SmokeGrenade": "throws a smoke grenade at {target}",
    "SupportedFire": "fires {weapon} at {target}, {support} supporting",
    "SuppressingFire": "fires {weapon} at {target} to suppress it",
    "JoinCover": "joins the cover of {vehicle}",
    "ActivatePair": "activates the pair of {vehicle}",
    "Ride": "rides on {vehicle}",
    "Transfer": "attaches {block} to {force}",
    "EndReorganisation": "ends its order of battle changes",
    "BlockEntry": "blocks the underground entry at {manhole}",
    "MovePopulation": "moves the population at {location} to {to}",
}
#: what an enemy's hidden action shows: that it happened
HIDDEN = {
    "Deploy": "sets up a block",
    "StartImpulse": "starts an impulse",
    "Activate": "activates a block",
    "Enter": "brings a block on",
    "Move": "a block moves",
    "CoverFire": "covers with another block",
    "WithdrawTo": "the block withdraws",
    "OpportunityFire": "opportunity fire",
    "OpportunityScout": "scouts the mover",
    "PlaceCounter": "places a counter",
    "KeepInReserve": "keeps allotments in reserve",
    "ScoutMines": "scouts for mines",
    "ScoutCounter": "scouts a counter",
    "ScatterPopulation": "scatters the population",
    "Destroy": "destroys a counter",
    "Mount": "a block mounts a vehicle",
    "Dismount": "a vehicle sets a block down",
    "Support": "a block supports another",
    "Breach": "a block opens a breach",
    "SmokeFire": "fires smoke",
    "Request3D": "requests a 3D action",
    "Carry3D": "decides on a planned 3D action",
    "Cancel3D": "decides on a planned 3D action",
    "Adjust3D": "decides on a planned 3D action",
    "SmokeGrenade": "throws a smoke grenade",
    "JoinCover": "a block joins a vehicle's cover",
    "ActivatePair": "activates a pair",
    "Ride": "a block rides on a vehicle",
    "Transfer": "reorganises its order of battle",
    "EndReorganisation": "ends its order of battle changes",
    "BlockEntry": "blocks an underground entry",
    "MovePopulation": "moves a population counter",
}
#: tables of the initial phase and the 3D requests (6.2.2, 7.3.3.1): an entry reading its
#: dice on them is no fight
PHASE_TABLES = ("events.", "3d.", "3d")
#: actions whose dice are no fight's: the initial phase's rolls (events table, IED/UXO and
#: wreck checks, 3.1.1) come in the entry of the action that ended the turn; a request's die
#: is read on the 3D matrix (7.3.3.1)
SEQUENCE = {
    "Pass",
    "EndImpulse",
    "EndActivation",
    "EndRequests",
    "Request3D",
    "Carry3D",
    "Cancel3D",
    "Adjust3D",
    "PlayEvent",
    "EventTarget",
    "EndReorganisation",  # the initial phase's order of battle changes (12.1)
}


def words(name: str) -> str:
    """An action's kind as words (`ScatterPopulation` -> `scatter population`): what the
    report says of a kind it has no sentence for."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


@dataclass(frozen=True)
class ReportLine:
    index: int
    text: str
    section: str
    rolls: tuple[int, ...]
    blocks: tuple[str, ...]  # own block ids it names (for the viewing side)
    locations: tuple[str, ...]  # locations it names


def report_line(
    index: int,
    entry: Mapping[str, Any],
    side: Side,
    viewer: Side | None,
    seen: list[str] | None = None,
    withdrawal_loss: Any = None,
    titles: Mapping[str, str] | None = None,
) -> ReportLine:
    """Entry `index` of the log, made by `side`, as `viewer` may read it (None: all-seeing);
    `seen`: what the viewer saw it change (`consequences`); `titles`: event and support
    cards' titles by id, said beside the id an entry names."""
    name = str(entry.get("action", "?"))
    fields = {k: v for k, v in entry.items() if k not in ENTRY_KEYS}
    if titles:
        fields = {
            k: f"{titles[v]} ({v})" if k in ("card", "support") and isinstance(v, str) and v in titles else v
            for k, v in fields.items()
        }
    rolls = tuple(int(r) for r in entry.get("rolls") or ())
    section = SECTIONS.get(name, "")
    open_ = viewer is None or viewer == side or name in PUBLIC
    if open_:
        try:
            what = VERB[name].format(**fields)
        except (KeyError, IndexError):  # a kind the report has no sentence for: its words, its fields
            said = ", ".join(f"{k} {v}" for k, v in fields.items() if v is not None)
            what = f"{words(name)}: {said}" if said else words(name)
        blocks = tuple(str(v) for k, v in fields.items() if k == "block")
        locations = tuple(str(v) for k, v in fields.items() if k in ("location", "target", "to"))
    else:
        what, blocks, locations = HIDDEN.get(name, words(name)), (), ()
    text = f"{index + 1:>4}  {side.value.capitalize()} {what}"
    if section:
        text += f"  [{section}]"
    if rolls:
        rows = entry.get("rows") or ()
        if not open_:  # which 3D support the enemy asked for is written on its paper (7.3.3.1)
            rows = [{**r, "table": "3d"} if str(r.get("table", "")).startswith("3d.") else r for r in rows]
        text += "  — dice: " + dice_text(name, rolls, withdrawal_loss, rows)
    if seen:
        text += "  ⇒ " + ", ".join(seen)
    return ReportLine(index, text, section, rolls, blocks, locations)


#: what each d10 of an action's rolls was for, in the order the rules roll them: a fight's
#: two dice at once (8.2.7.5), then one per OSL lost, modified by quality (4.3.8); a
#: withdrawal's die on the withdrawal table (8.3.2)
EXCHANGE = ("firer's d10", "target's d10")


def dice_text(
    name: str,
    rolls: tuple[int, ...],
    withdrawal_loss: Any = None,
    rows: Sequence[Mapping[str, Any]] = (),
) -> str:
    """The dice of an entry, each named by what it was rolled for and, when the log names
    them (`rows`), the table row it was read on; a row read from several dice (the combat
    result) follows the last of them."""
    if not rolls:
        return ""
    if name == "Withdraw":
        names = [f"withdrawal table (8.3.2) d10 {rolls[0]}"] + [f"quality (4.3.8) d10 {r}" for r in rolls[1:]]
        if withdrawal_loss is not None and not rows:
            names[0] += f" → {withdrawal_loss(rolls[0])} OSL"
    elif name in SEQUENCE or any(str(r.get("table", "")).startswith(PHASE_TABLES) for r in rows):
        # the action that ended the set-up or the turn carries the initial phase's dice
        names = [f"d10 {r}" for r in rolls]
    elif len(rolls) >= 2:
        names = [f"{EXCHANGE[0]} {rolls[0]}", f"{EXCHANGE[1]} {rolls[1]} (8.2.7.5)"]
        names += [f"quality (4.3.8) d10 {r}" for r in rolls[2:]]
    else:
        names = [f"quality (4.3.8) d10 {r}" for r in rolls]
    said = list(names)
    for row in rows:
        dice = [d for d in row.get("dice") or [] if 0 <= d < len(names)]
        if len(dice) == 1:
            said[dice[0]] += f" → {row_text(row)}"
        elif dice:  # read from several dice: said after the last of them
            said[max(dice)] += f"; {row_text(row)}"
    return "; ".join(said)


def row_text(row: Mapping[str, Any]) -> str:
    """`critical_hits.soft` row `7-8: +1 FP` -> `critical hits (soft) 7-8: +1 FP`."""
    table = str(row.get("table", "?"))
    head, _, tail = table.partition(".")
    head = {"events": "events table", "3d": "3D matrix"}.get(head, head)  # 6.2.2, 7.3.3.1
    words = head.replace("_", " ") + (f" ({tail.replace('_', ' ')})" if tail else "")
    return f"{words} {row.get('row', '?')}"


def consequences(before: Any, after: Any, titles: Mapping[str, str] | None = None) -> list[str]:
    """What the viewing side saw change (two observations of it): its blocks' losses,
    eliminations and reveals, enemy blocks revealed, hit or gone, new wrecks; event cards
    taken into its hand (by title, `titles`), the enemy's hand growing, cards played (6.2),
    3D actions falling and its own planned for next turn (7.3.3), counters revealed."""
    names = titles or {}
    out: list[str] = []
    hand = list(getattr(before, "hand", ()))
    for card in getattr(after, "hand", ()):
        if card in hand:
            hand.remove(card)
        else:
            out.append(f"event card to hand: {names.get(card, card)}")
    grown = getattr(after, "enemy_hand", 0) - getattr(before, "enemy_hand", 0)
    if grown > 0:
        out.append(f"the enemy takes {grown} event card{'s' * (grown != 1)}")
    played = getattr(before, "events_played", ())
    for card in getattr(after, "events_played", ())[len(played) :]:
        out.append(f"event played: {names.get(card, card)}")
    fell = set(getattr(before, "strikes", ()))
    for k in getattr(after, "strikes", ()):
        if k not in fell:
            out.append(f"3D action falls: {k.side.value}'s {names.get(k.support, k.support)} on {k.target}")
    planned = set(getattr(before, "missions", ()))
    for support, target, turn in getattr(after, "missions", ()):
        if (support, target, turn) not in planned:
            out.append(f"T+1: {names.get(support, support)} on {target} in turn {turn}")
    down = {(c.location, c.owner) for c in getattr(before, "counters", ()) if c.kind is None}
    for c in getattr(after, "counters", ()):
        if c.kind is not None and (c.location, c.owner) in down:
            kind = {"ied_uxo": "IED/UXO", "at_mine": "AT mine"}.get(c.kind, c.kind)
            out.append(f"counter at {c.location} revealed: {kind}")
    old_own = {b.id: b for b in before.own}
    for b in after.own:
        was = old_own.get(b.id)
        if was is None:
            continue
        if b.eliminated and not was.eliminated:
            out.append(f"{b.id} eliminated")
        elif b.losses > was.losses:
            out.append(f"{b.id} loses {b.losses - was.losses} OSL")
        if b.revealed and not was.revealed:
            out.append(f"{b.id} revealed")
    old_enemy = {e.location: e for e in before.enemies}
    new_enemy = {e.location: e for e in after.enemies}
    for loc, e in new_enemy.items():
        was = old_enemy.get(loc)
        if was is None:
            continue
        kind = e.type.value if e.type is not None else "block"
        if e.revealed and not was.revealed:
            out.append(f"enemy at {loc} revealed: {kind}")
        elif (e.losses or 0) > (was.losses or 0):
            out.append(f"enemy {kind} at {loc} loses {(e.losses or 0) - (was.losses or 0)} OSL")
    gone = sorted(set(old_enemy) - set(new_enemy))
    if gone and not set(new_enemy) - set(old_enemy):  # not a move: removed (a dummy, a loss)
        out.extend(f"enemy block at {loc} gone" for loc in gone)
    out.extend(f"wreck at {w}" for w in sorted(set(after.wrecks) - set(before.wrecks)))
    return out
