"""Fire, assault, scouting and the reactions (8.2.5, 8.2.7, 8.2.8, 8.3).

A fight is a short sequence of decisions held in `state.pending`:

1. the active block declares a fire or an assault (or the other side an opportunity fire on
   a block that has just entered a location): the firer is revealed, the LOS is checked
   (a blocked fire ends the firer's activation, 8.2.7.2), a dummy fired on is removed;
2. the target's side reacts: return fire, covering fire by a friend within 3 EP, a
   withdrawal, or, without an adequate weapon, taking 2 OSL of losses (8.2.7.3-8.2.7.4);
3. if the firer's weapon proves inadequate against what the target turned out to be, the
   firer's side withdraws it or takes the 2 OSL (8.2.7.4);
4. both roll a d10 at once: chance (+1 to the higher), critical hits, firepower with its
   modifiers, the combat results table, losses by quality, +1 OSL for an elimination,
   wrecks (8.2.7.5-8.2.7.6); an assault's loser withdraws and the winner may advance (8.2.8).

Every number comes from the game's combat tables (`tables.py`, `data/combat.yaml` or house rules); the
weapons effect on the shooters' own sides is `effects.py` (8.2.1, 8.2.7.7). The deterministic
parts (firepower, modifiers, critical hits, who wins an exchange) are `combat.py`'s functions
over values, which the bots use too; here they are applied to the play's state.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Literal
from weakref import WeakKeyDictionary

from ...battlefield import StepKind
from ...battlefield.movement import EP_HORIZON, ep_from, reach, step_cost
from ...model.cards import BlockType, Weapon
from ...model.scenario import Quality, Side
from . import (
    antitank,
    arrival,
    cohesion,
    combat,
    effects,
    fight_terms,
    flares,
    reorganisation,
    transport,
    wall_crossing,
)
from . import fortified as fortification
from .actions import (
    Action,
    Advance,
    Assault,
    CoverFire,
    Fire,
    HoldFire,
    OpportunityFire,
    OpportunityScout,
    ReturnFire,
    Scout,
    StayPut,
    TakeLosses,
    Withdraw,
    WithdrawTo,
)
from .game import Game
from .situation import Situation
from .state import AdvanceChoice, Fight, Opportunity, Pending, Withdrawal, other

# --- what a block can do ------------------------------------------------------------------


def weapon(sit: Situation, block: str, weapon_id: str) -> Weapon:
    return sit.weapon(block, weapon_id)


def firepower(
    sit: Situation, block: str, w: Weapon, ep: int, assault: bool, at: str | None = None
) -> int | None:
    """The weapon's base firepower at `ep` for `block` now (day or night); `at`: the location
    fired at, seen as by day at night if a flare lights it (7.3.3.4, flares.py)."""
    equipped = sit.game.blocks[block].profile.night_equipment
    return combat.weapon_firepower(sit.combat, w, ep, assault, flares.dark(sit, at), equipped)


def capable(sit: Situation, shooter: str, w: Weapon, target: str) -> bool:
    """Capability check (8.2.7.4) against `target` as it is; a dummy is hit by anything."""
    g = sit.game
    t = g.blocks[target]
    if t.dummy:
        return True
    return combat.capable(g.blocks[shooter].type, w, t.type, t.profile.protection)


def usable(sit: Situation, block: str, w: Weapon, ep: int, assault: bool, at: str | None = None) -> bool:
    """In range, and not a back-blast weapon fired from inside a building (4.3.5)."""
    inside = sit.game.battlefield.location(sit.state.blocks[block].location or "").interior
    if not combat.fires_from(w, inside_building=inside):
        return False
    return firepower(sit, block, w, ep, assault, at) is not None


def usable_weapons(sit: Situation, block: str, ep: int, assault: bool, at: str | None = None) -> list[Weapon]:
    """The block's weapons that are `usable` at `ep` (towards `at`), in the card's order: where
    it stands and whether the night rules apply looked up once for them all."""
    inside = sit.game.battlefield.location(sit.state.blocks[block].location or "").interior
    dark = flares.dark(sit, at)
    # what a block is and the game's tables never change: the answer is kept per game for
    # each (block, inside, distance, assault, dark) asked
    kept = sit.usable_kept
    if kept is None:
        kept = _USABLE.get(sit.game)
        if kept is None:
            kept = _USABLE[sit.game] = {}
        sit.usable_kept = kept
    key = (block, inside, ep, assault, dark)
    found = kept.get(key)
    if found is None:
        profile, tables = sit.game.blocks[block].profile, sit.combat
        found = kept[key] = [
            w
            for w in profile.weapons
            if combat.fires_from(w, inside_building=inside)
            and combat.weapon_firepower(tables, w, ep, assault, dark, profile.night_equipment) is not None
        ]
    return list(found)


#: per game, `usable_weapons` by (block, inside a building, EP, assault, dark)
_USABLE: WeakKeyDictionary[Game, dict[tuple[str, bool, int, bool, bool], list[Weapon]]] = WeakKeyDictionary()


def known(sit: Situation, block: str) -> bool:
    return sit.state.blocks[block].revealed


def fighters(sit: Situation, side_of: str) -> list[tuple[str, str]]:
    """(block, location) of the enemies of `side_of`'s block on the map; a Foot unit block
    covered by a vehicle is neither a target nor a reactor (10.4.1)."""
    side = sit.side_of(side_of)
    return sit.still(("fighters", side), lambda: _fighters(sit, side))  # (asked for each block)


def _fighters(sit: Situation, side: Side) -> list[tuple[str, str]]:
    covered = sit.state.pairs
    enemies = sit.enemy_blocks(side)
    return [(bid, loc) for bid, loc in enemies if bid not in covered] if covered else enemies


def can_react(sit: Situation, block: str) -> bool:
    """One reaction a turn (8.3): no Reaction or Completed marker yet."""
    b = sit.state.blocks[block]
    return not (b.reaction or b.completed)


def scouting_range(sit: Situation, block: str, at: str | None = None) -> int:
    """9.3, towards `at` (as by day if a flare lights it, 7.3.3.4)."""
    info = sit.game.blocks[block]
    return sit.combat.scouting_range(
        info.type, night=flares.dark(sit, at), equipped=info.profile.night_equipment
    )


def can_scout(sit: Situation, scout: str, here: str, there: str) -> bool:
    """8.2.5: within scouting range with a clear LOS; never from one room to another
    (8.2.5.3; the LOS rule already says so, zones of one room excepted)."""
    reach = scouting_range(sit, scout, there)
    return scout_in_reach(sit, here, there, sit.ep(here, there, reach), reach)


def scout_in_reach(sit: Situation, here: str, there: str, ep: int | None, reach: int) -> bool:
    """`can_scout` given the EP distance from `here` to `there` (`ep`: None if beyond `reach`
    or EP_HORIZON) and the scout's range towards `there` (`scouting_range`): callers that ask
    of many targets have both at hand."""
    return ep is not None and ep <= reach and sit.sees(here, there)


def leader_ep(sit: Situation, block: str, here: str | None = None) -> int | None:
    """EP from `block` (at `here`, else where it stands) to its platoon leader within command
    range (7.2), None if the leader is beyond it, gone, or the block has none."""
    g, s = sit.game, sit.state
    info = g.blocks[block]
    if not info.force:
        return None
    force = reorganisation.force_of(sit, block)  # 12.1: the force it is attached to now
    leader = g.forces[force].leader
    if leader is None or force in s.eliminated_leaders or not s.blocks[leader].on_map:
        return None
    if leader == block:
        return 0
    where = here if here is not None else s.blocks[block].location or ""
    return sit.ep(where, s.blocks[leader].location or "", sit.combat.command_range)


# --- choices of the active block ------------------------------------------------------------


def action_choices(sit: Situation, block: str) -> list[Action]:
    """Fire, assault and scouting open to the active block (8.2): targets named by their
    location; a hidden target's capability is the firer's gamble (8.2.7.4)."""
    g, s = sit.game, sit.state
    bf = g.battlefield
    info = g.blocks[block]
    here = s.blocks[block].location or ""
    side = info.side
    dark = sit.night() and not flares.any_lit(sit)  # a lit target is fired at as by day (7.3.3.4)
    max_range = sit.combat.max_range(night=dark, equipped=info.profile.night_equipment)
    out: list[Action] = []
    enemies = [(bid, loc) for bid, loc in fighters(sit, block) if sit.visible_layer(side, loc)]
    by_location = {loc: bid for bid, loc in enemies}
    layer = bf.location(here).layer
    # what every target asks, looked up once: the EP row from here (`Situation.ep`), the
    # weapons usable at each distance by day or by night (`usable_weapons`)
    ep_row = ep_from(bf, here)
    usable_at: dict[tuple[int, bool], list[Weapon]] = {}
    # ... and the scouting range by day and by night (`scouting_range` reads it towards each
    # target through `flares.dark`, as `dark_there` below does)
    scout_range: dict[bool, int] = {}
    blocks = s.blocks
    for bid, loc in enemies:
        d = ep_row.get(loc)
        dark_there = flares.dark(sit, loc)
        hidden = not blocks[bid].revealed
        # 8.2.8.4: between the underground and the surface only at the exit, by assault (a
        # fire there would be at 1 EP, and no LOS crosses the layers, 5.1.5)
        if d is not None and d <= max_range and bf.location(loc).layer == layer:
            weapons = usable_at.get((d, dark_there))
            if weapons is None:
                weapons = usable_at[(d, dark_there)] = usable_weapons(sit, block, d, False, loc)
            for w in weapons:
                if hidden or capable(sit, block, w, bid):
                    out.append(Fire(loc, w.id))
        if hidden and d is not None:
            scouting = scout_range.get(dark_there)
            if scouting is None:
                scouting = scout_range[dark_there] = scouting_range(sit, block, loc)
            if scout_in_reach(sit, here, loc, d, scouting):  # (`can_scout`)
                out.append(Scout(loc))
    mover, dyn = sit.mover(block), sit.dynamic(side)
    here_loc = bf.location(here)
    for step in bf.out[here_loc.index]:
        dst = bf.locations[step.dst]
        target = by_location.get(dst.id)
        if target is None or step.kind == StepKind.climb:
            continue  # no assault between a roof and the street by a ladder (8.2.8.2)
        if step_cost(bf, step, mover, dyn) is None:
            continue  # an assault needs a way to move between the two (8.2.8)
        entering = dst.interior and not here_loc.interior and step.kind != StepKind.stairs
        if entering and not may_storm(sit, block):
            continue  # 8.2.8.1 (down the roof access is 8.2.8.2's, within the building)
        for w in usable_weapons(sit, block, 1, True):  # (`usable` for each, in the card's order)
            if not known(sit, target) or capable(sit, block, w, target):
                out.append(Assault(dst.id, w.id))
    return out


def may_storm(sit: Situation, block: str) -> bool:
    """8.2.8.1: an assault to enter a building needs the platoon leader within 6 EP, except
    for elite blocks (the leader itself counts as within range of itself)."""
    g, s = sit.game, sit.state
    info = g.blocks[block]
    leader = g.forces[reorganisation.force_of(sit, block)].leader if info.force else None
    ep = None
    if leader is not None and s.blocks[leader].on_map and leader != block:
        ep = sit.ep(s.blocks[block].location or "", s.blocks[leader].location or "", sit.combat.command_range)
    return combat.may_storm(
        sit.combat,
        into_building=True,
        elite=combat.elite(info.quality),
        is_leader=leader == block and s.blocks[block].on_map,
        leader_ep=ep,
    )


def apply_action(sit: Situation, action: Fire | Assault | Scout) -> None:
    s = sit.state
    act = s.activation
    assert act is not None
    act.acted_at = act.spent
    side = sit.side_of(act.block)
    enemy = sit.block_at(action.target, other(side))
    assert enemy is not None
    if isinstance(action, Scout):
        sit.reveal(enemy)  # 8.2.5: laid flat; a dummy is removed
        return
    kind = "assault" if isinstance(action, Assault) else "fire"
    declare(sit, kind, act.block, enemy, action.weapon)


def declare(sit: Situation, kind: str, firer: str, target: str, weapon_id: str) -> None:
    """8.2.7.1-8.2.7.2: the firer is revealed; a blocked LOS ends its activation and no fire
    is resolved; a dummy fired on is removed (5.2.1)."""
    s = sit.state
    s.blocks[firer].revealed = True
    here, there = s.blocks[firer].location or "", s.blocks[target].location or ""
    if kind != "assault" and not sit.sees(here, there):
        # 8.2.7.2: no fire, but its weapons effect still falls on friends in range
        effects.apply(sit, firer, weapon_id, there)
        if s.activation is not None and s.activation.block == firer:
            sit.end_activation()
        return
    if sit.game.blocks[target].dummy:
        sit.remove(target)
        return
    s.pending.append(Fight(kind, firer, weapon_id, target))


# --- decisions ------------------------------------------------------------------------------


def pending_actions(sit: Situation, p: Pending) -> list[Action]:
    if isinstance(p, Fight):
        return _fight_actions(sit, p)
    if isinstance(p, Opportunity):
        return _opportunity_actions(sit, p)
    if isinstance(p, Withdrawal):
        return [WithdrawTo(loc) for loc in withdrawal_options(sit, p.block)]
    return [Advance(), StayPut()]


def _fight_actions(sit: Situation, p: Fight) -> list[Action]:
    s = sit.state
    assault = p.kind == "assault"
    if p.stage == "inadequate":
        out: list[Action] = [TakeLosses()]
        if can_react(sit, p.firer) and withdrawal_options(sit, p.firer):
            out.append(Withdraw())  # 8.3.2: "if it has fired with an inadequate armament"
        return out
    target_loc = s.blocks[p.target].location or ""
    firer_loc = s.blocks[p.firer].location or ""
    out = []
    ep = 1 if assault else sit.ep(target_loc, firer_loc, EP_HORIZON)
    if ep is not None:
        for w in usable_weapons(sit, p.target, ep, assault, firer_loc):
            if capable(sit, p.target, w, p.firer):
                out.append(ReturnFire(w.id))
    must_lose = not out
    if not assault:
        side = sit.side_of(p.target)
        for bid, b in s.blocks.items():
            info = sit.game.blocks[bid]
            if bid == p.target or info.side != side or info.dummy or not b.on_map or not b.location:
                continue
            if sit.ep(target_loc, b.location, sit.combat.cover_fire) is None or not sit.sees(
                b.location, firer_loc
            ):
                continue
            cover_ep = sit.ep(b.location, firer_loc, EP_HORIZON)
            if cover_ep is None:
                continue
            for w in usable_weapons(sit, bid, cover_ep, False, firer_loc):
                if capable(sit, bid, w, p.firer):
                    out.append(CoverFire(bid, w.id))
    active = s.activation.block if s.activation is not None else None
    # 8.3.2: a withdrawal by the target of a fire or assault when it is not the block being
    # activated, or by the moving block under opportunity fire
    may_withdraw = (p.kind == "opportunity" or p.target != active) and can_react(sit, p.target)
    if may_withdraw and withdrawal_options(sit, p.target):
        out.append(Withdraw())
    if must_lose:
        out.append(TakeLosses())  # 8.2.7.4: no adequate armament
    return out


def _opportunity_actions(sit: Situation, p: Opportunity) -> list[Action]:
    out: list[Action] = []
    for block, weapons, scouts in opportunity_options(sit, p.mover, p.location):
        if p.scout is not None and block != p.scout:
            continue
        out.extend(OpportunityFire(block, w) for w in weapons)
        if scouts and p.scout is None:
            out.append(OpportunityScout(block))
    out.append(HoldFire())
    return out


def opportunity_options(sit: Situation, mover: str, location: str) -> list[tuple[str, list[str], bool]]:
    """8.3.1: enemy blocks without a Reaction or Completed marker that see the location the
    mover has entered: the weapons they could fire with, and whether they could scout it
    first (only a hidden mover needs scouting)."""
    return list(_opportunities(sit, mover, location))


def _opportunities(sit: Situation, mover: str, location: str) -> Iterator[tuple[str, list[str], bool]]:
    """`opportunity_options` one by one (whether there is any needs only the first)."""
    g, s = sit.game, sit.state
    hidden = not s.blocks[mover].revealed
    row, bit = sit.static_sight(location), g.battlefield.los_table.bit_of
    for bid, loc in fighters(sit, mover):
        if row is not None and not (row >> bit(loc)) & 1:
            continue  # out of sight on the static map (`sees` would say so)
        info = g.blocks[bid]
        if info.dummy or not can_react(sit, bid) or not sit.sees(loc, location):
            continue
        ep = sit.ep(loc, location, EP_HORIZON)
        if ep is None:
            continue
        usable_here = usable_weapons(sit, bid, ep, False, location)
        weapons = [w.id for w in usable_here if hidden or capable(sit, bid, w, mover)]
        scouts = hidden and ep <= scouting_range(sit, bid, location)
        if weapons or scouts:
            yield bid, weapons, scouts


def offer_opportunity(sit: Situation, mover: str, location: str) -> None:
    """A block entering a location may draw one opportunity decision there (8.3.1)."""
    s = sit.state
    if s.blocks[mover].on_map and next(_opportunities(sit, mover, location), None) is not None:
        s.pending.append(Opportunity(mover, location))


def apply_pending(sit: Situation, action: Action) -> None:
    s = sit.state
    p = s.pending[-1]
    if isinstance(p, Fight):
        _apply_fight(sit, p, action)
    elif isinstance(p, Opportunity):
        if isinstance(action, OpportunityScout):
            sit.reveal(p.mover)  # 8.2.5.7: without revealing the scout
            # 8.3.1.1: it may still fire, so its marker comes with the fire or the hold
            p.scout = action.block
        elif isinstance(action, OpportunityFire):
            s.pending.pop()
            sit.mark_reaction(action.block)
            declare(sit, "opportunity", action.block, p.mover, action.weapon)
        else:
            s.pending.pop()
            if p.scout is not None:
                sit.mark_reaction(p.scout)  # 8.3.1.2: a reaction even without firing
    elif isinstance(p, Withdrawal):
        assert isinstance(action, WithdrawTo)
        s.pending.pop()
        finish_withdrawal(sit, p, action.location)
    else:
        s.pending.pop()
        if isinstance(action, Advance):
            # 8.1.14: taking the loser's place costs no MP
            came_from = s.blocks[p.block].location
            s.blocks[p.block].location = p.location
            s.control[p.location] = sit.side_of(p.block)
            sit.contact(p.block)
            arrival.entered(sit, p.block, p.location, came_from=came_from)  # 5.2


def _apply_fight(sit: Situation, p: Fight, action: Action) -> None:
    s = sit.state
    if p.stage == "inadequate":
        s.pending.pop()
        if p.reply is not None and p.reply_weapon is not None:  # the reply was fired (8.2.7.3)
            effects.apply(sit, p.reply, p.reply_weapon, s.blocks[p.firer].location or "", p.kind == "assault")
        if isinstance(action, Withdraw):
            # 8.2.8: the other block of an assault may advance into the place left
            start_withdrawal(sit, p.firer, credit=p.reply, winner=p.reply if p.kind == "assault" else None)
        else:
            lose(sit, p.firer, sit.combat.inadequate_loss, by=p.reply, quality=False)
            after_fight(sit)
        spend_ammunition(sit, p, firer=False, reply=True)  # 10.5
        return
    if isinstance(action, (ReturnFire, CoverFire)):
        p.reply = action.block if isinstance(action, CoverFire) else p.target
        p.reply_weapon = action.weapon
        if isinstance(action, CoverFire):
            p.reply_bonus = fight_terms.cover_bonus(sit, p, action.block)  # 10.7, before it shows
        s.blocks[p.reply].revealed = True
        if capable(sit, p.firer, weapon(sit, p.firer, p.weapon), p.target):
            s.pending.pop()
            resolve(sit, p)
        else:
            p.stage = "inadequate"  # the target turned out to be beyond the firer's weapon
        return
    s.pending.pop()
    # the firer's weapons effect applies though the target withdraws or cannot reply
    # (8.2.7.3, 8.2.7.4)
    effects.apply(sit, p.firer, p.weapon, s.blocks[p.target].location or "", p.kind == "assault")
    if isinstance(action, Withdraw):
        # no die for the firer (8.2.7.3); after an assault it may advance (8.2.8)
        start_withdrawal(sit, p.target, credit=p.firer, winner=p.firer if p.kind == "assault" else None)
    else:
        lose(sit, p.target, sit.combat.inadequate_loss, by=p.firer, quality=False)
        after_fight(sit)
    spend_ammunition(sit, p, firer=True, reply=False)  # 10.5


# --- resolution -----------------------------------------------------------------------------


def modifiers(sit: Situation, block: str, opponent: str, opportunity: bool) -> int:
    """The aid card's firepower modifiers for `block` firing at `opponent` now
    (`combat.modifiers`): command chain (7.2.2), infrastructure (a roof, the sewers, a
    fortified location, or firing out of a building through its aperture), opportunity fire
    (8.3.1), and the penalty of a block at its last OSL level."""
    g, s = sit.game, sit.state
    info = g.blocks[block]
    here = s.blocks[block].location or ""
    there = s.blocks[opponent].location or ""
    fortified = fortification.at(sit, here)  # whoever holds it (5.2.4.2), a collapse's (13.4)
    return combat.modifiers(
        sit.combat,
        commanded=combat.commanded(info.type, bool(info.force), leader_ep(sit, block), sit.combat)
        and not cohesion.command_bonus_lost(sit, block),  # 12.2.1
        infrastructure=combat.infrastructure(g.battlefield, here, there, fortified),
        opportunity=opportunity,
        losses=s.blocks[block].losses,
        levels=info.levels,
    )


def resolve(sit: Situation, p: Fight) -> None:
    """8.2.7.5-8.2.7.6, 8.2.8: simultaneous resolution, then each side applies its own
    weapons effect (8.2.7.7), from where each block fired."""
    s = sit.state
    assert p.reply is not None and p.reply_weapon is not None
    firer_loc = s.blocks[p.firer].location or ""
    target_loc = s.blocks[p.target].location or ""
    reply_loc = s.blocks[p.reply].location or ""
    support_weapon = fight_terms.support_weapon(sit, p)  # 10.2: the supporting block fires too
    _resolve(sit, p)
    spend_ammunition(sit, p, firer=True, reply=True)  # 10.5: just after the combat results
    assault = p.kind == "assault"
    effects.apply(sit, p.firer, p.weapon, target_loc, assault, origin=firer_loc)
    effects.apply(sit, p.reply, p.reply_weapon, firer_loc, assault, origin=reply_loc)
    if support_weapon is not None and p.support is not None and s.blocks[p.support].on_map:
        effects.apply(sit, p.support, support_weapon, target_loc)
    after_fight(sit)


def spend_ammunition(sit: Situation, p: Fight, *, firer: bool, reply: bool) -> None:
    """10.5: a Foot unit block that used an antitank weapon against a Foot unit block loses
    1 OSL after the combat results; a block it eliminates leaves no decision behind."""
    hit = fight_terms.ammunition(sit, p, firer=firer, reply=reply)
    if not hit:
        return
    s = sit.state
    for block in hit:
        lose(sit, block, antitank.AMMUNITION_OSL, by=None, quality=False)
    for q in list(s.pending):
        if isinstance(q, (Withdrawal, AdvanceChoice)) and not s.blocks[q.block].on_map:
            s.pending.remove(q)
            if isinstance(q, Withdrawal) and q.winner is not None:
                offer_advance(sit, q.winner, q.origin)
    after_fight(sit)


def _critical(
    sit: Situation, shooter: str, target: str, w: Weapon, roll: int, ep: int, assault: bool
) -> combat.Critical:
    g = sit.game
    shooter_type, target_type = g.blocks[shooter].type, g.blocks[target].type
    return combat.critical_hit(
        sit.combat,
        roll,
        target=g.blocks[target].profile.protection,
        weapon_bonus=w.critical_bonus,
        assault=assault,
        sniper_long=combat.sniper_long(sit.combat, shooter_type, target_type, ep),
        # 8.2.7.4: a sniper cannot bring an MBT below its operational level, so its
        # "destruction" only wins the fight (`lose` caps the losses)
        sniper_at_mbt=shooter_type == BlockType.sniper and target_type == BlockType.mbt,
    )


def _critical_table(sit: Situation, shooter: str, target: str, w: Weapon, ep: int, assault: bool) -> str:
    """The critical hits table `_critical` reads (the log names its row)."""
    g = sit.game
    return sit.combat.critical_table(
        target=g.blocks[target].profile.protection,
        weapon_bonus=w.critical_bonus,
        assault=assault,
        sniper_long=combat.sniper_long(sit.combat, g.blocks[shooter].type, g.blocks[target].type, ep),
    )


def _resolve(sit: Situation, p: Fight) -> None:
    s = sit.state
    assert p.reply is not None and p.reply_weapon is not None
    assault = p.kind == "assault"
    firer_loc = s.blocks[p.firer].location or ""
    target_loc = s.blocks[p.target].location or ""
    reply_loc = s.blocks[p.reply].location or ""
    wa, wd = weapon(sit, p.firer, p.weapon), weapon(sit, p.reply, p.reply_weapon)
    ep_a = 1 if assault else sit.ep(firer_loc, target_loc, EP_HORIZON) or 1
    ep_d = 1 if assault else sit.ep(reply_loc, firer_loc, EP_HORIZON) or 1
    terms = fight_terms.terms(sit, p)  # the advanced rules' part (10.2, 10.3, 10.7, 10.8)
    fp_a = (
        (firepower(sit, p.firer, wa, ep_a, assault, target_loc) or 0)
        + modifiers(sit, p.firer, p.target, p.kind == "opportunity")
        + wall_crossing.fire_bonus(sit, p)  # 11.2: +3 instead of +2 over an outer wall
        + terms.firer_bonus
    )
    base_d = firepower(sit, p.reply, wd, ep_d, assault, firer_loc) or 0
    if terms.reply_fp is not None:
        base_d = terms.reply_fp  # 10.8: a surprised vehicle fires back at 5
    fp_d = base_d + modifiers(sit, p.reply, p.firer, False) + terms.reply_bonus
    roll_a, roll_d = sit.roll(), sit.roll()
    crit_a = _critical(sit, p.firer, p.target, wa, roll_a, ep_a, assault)
    if terms.suppressing:
        crit_a = fight_terms.suppressing_critical(crit_a)
    crit_d = _critical(sit, p.reply, p.firer, wd, roll_d, ep_d, assault)
    sit.read_on(_critical_table(sit, p.firer, p.target, wa, ep_a, assault), -2)
    sit.read_on(_critical_table(sit, p.reply, p.firer, wd, ep_d, assault), -1)
    result = combat.exchange(sit.combat, fp_a, fp_d, roll_a, roll_d, crit_a, crit_d)
    if result.destruction:  # applied at once, simultaneously (8.2.7.5)
        if result.attacker_destroys:
            sit.eliminate(p.target, by=p.firer)
        if result.defender_destroys:
            sit.eliminate(p.firer, by=p.reply)
        if result.attacker_destroys != result.defender_destroys and assault:
            winner, loser_loc = (p.firer, target_loc) if result.attacker_destroys else (p.target, firer_loc)
            offer_advance(sit, winner, loser_loc)
        after_fight(sit)
        return
    kind: Literal["fire", "assault"] = "assault" if assault else "fire"
    target_loss, firer_loss = combat.losses(sit.combat, kind, result, crit_a, crit_d)
    if result.attacker_wins is None:
        said = f"equality: each loses {target_loss} OSL"
    elif result.attacker_wins and terms.suppressing:
        said = "firer wins: target suppressed (10.3)"
    elif result.attacker_wins:
        said = f"firer wins: target loses {target_loss} OSL"
    else:
        said = f"target wins: firer loses {firer_loss} OSL"
    sit.read_on(f"combat_results.{kind}", -2, -1, row=said)
    if result.attacker_wins is None:  # equality: each loses (combat results table)
        # at once (8.2.7.5), so a block eliminated in the exchange earns nothing and the
        # survivor's +1 OSL (8.2.7.6) comes after its own loss, whichever side was at its
        # last level; the target's loss is the firer's doing, even when a friend covered it
        # (8.2.7.3: losses fall only on the targeted block)
        lose_together(sit, [(p.target, target_loss, p.firer), (p.firer, firer_loss, p.reply)])
        after_fight(sit)
        return
    if terms.suppressing and result.attacker_wins:
        # 10.3: the target is suppressed: a Reaction marker (Completed if it was Activated),
        # no OSL lost, no losses table
        sit.mark_reaction(p.target)
        after_fight(sit)
        return
    winner, loser = (p.firer, p.target) if result.attacker_wins else (p.reply, p.firer)
    loser_loc = s.blocks[loser].location or ""
    lose(sit, loser, target_loss if result.attacker_wins else firer_loss, by=winner)
    if assault and sit.combat.assault_loser_withdraws():
        if s.blocks[loser].on_map:
            if withdrawal_options(sit, loser):
                s.pending.append(Withdrawal(loser, loser_loc, winner=winner))
            else:
                sit.eliminate(loser, by=winner)  # 8.2.8.1: it cannot move: eliminated
        if not s.blocks[loser].on_map:
            offer_advance(sit, winner, loser_loc)
    after_fight(sit)


def offer_advance(sit: Situation, winner: str, location: str) -> None:
    s = sit.state
    if s.blocks[winner].on_map and location and location not in sit.occupied():
        s.pending.append(AdvanceChoice(winner, location))


def after_fight(sit: Situation) -> None:
    """The active block's activation ends if it was eliminated (nothing left to do)."""
    s = sit.state
    if s.activation is not None and not s.blocks[s.activation.block].on_map:
        s.activation = None


def lose(sit: Situation, block: str, n: int, by: str | None, quality: bool = True) -> None:
    """Apply `n` OSL of losses, modified by quality (4.3.8: one d10 per loss); a block
    losing beyond its last level is eliminated (4.3.2.1)."""
    if _take(sit, block, n, by, quality):
        sit.eliminate(block, by=by)


def lose_together(sit: Situation, hits: list[tuple[str, int, str | None]]) -> None:
    """Losses of one exchange applied simultaneously (8.2.7.5): every (block, OSL, by) is
    taken first (quality dice in the order given), then the eliminations, each earning its
    `by` +1 OSL (8.2.7.6) only if that block survived the exchange."""
    fallen = [(block, by) for block, n, by in hits if _take(sit, block, n, by, True)]
    gone = {block for block, _ in fallen}
    for block, by in fallen:
        sit.eliminate(block, by=None if by in gone else by)


def _take(sit: Situation, block: str, n: int, by: str | None, quality: bool) -> bool:
    """Add `n` OSL of losses (quality-modified, 4.3.8); whether the block is now beyond its
    last level (to be eliminated, 4.3.2.1)."""
    g, s = sit.game, sit.state
    b = s.blocks[block]
    if not b.on_map:
        return False
    info = g.blocks[block]
    if quality and n > 0 and info.quality != Quality.veteran:
        n = max(0, n + sit.combat.quality_adjustment(info.quality, sit.roll(f"quality.{info.quality.value}")))
    if by is not None and info.type == BlockType.mbt and g.blocks[by].type == BlockType.sniper:
        n = min(n, max(0, info.levels - 2 - b.losses))  # never below operational (8.2.7.4)
    b.losses += n
    if info.vehicle:
        transport.share_losses(sit, block, n)  # 8.2.4.5: its passengers lose as much
    return b.losses >= info.levels


# --- withdrawal (8.3.2) -----------------------------------------------------------------------


def withdrawal_options(sit: Situation, block: str) -> list[str]:
    """Free locations within 2 MP (foot) or 4 MP (vehicle), never through an enemy's
    location, other than the one it leaves."""
    g, s = sit.game, sit.state
    here = s.blocks[block].location
    if here is None:
        return []
    info = g.blocks[block]
    dyn = sit.dynamic(info.side)
    # enemy locations are closed to the withdrawal as an IED/UXO location is to a move
    closed = dataclasses.replace(dyn, impassable=dyn.impassable | sit.enemy_locations(info.side))
    reached = reach(g.battlefield, here, sit.mover(block), sit.combat.withdrawal_mp(info.vehicle), closed)
    taken = sit.others_at(block)
    return sorted(loc for loc in reached if loc != here and loc not in taken)


def start_withdrawal(sit: Situation, block: str, credit: str | None, winner: str | None = None) -> None:
    """8.3.2: roll on the withdrawal table (losses not changed by quality, as the raw card
    says), then the block's side picks where it goes. A Reaction (or Completed) marker.
    `winner`: the other block of an assault, which may then take the place (8.2.8)."""
    s = sit.state
    origin = s.blocks[block].location or ""
    sit.mark_reaction(block)
    roll = sit.roll("withdrawal.losses")
    roll = max(0, roll + wall_crossing.withdrawal_drm(sit, block))  # 11.2: -1 over an outer wall
    lose(sit, block, sit.combat.withdrawal_loss(roll), by=credit, quality=False)
    if s.blocks[block].on_map:
        s.pending.append(Withdrawal(block, origin, winner=winner))
    elif winner is not None:
        offer_advance(sit, winner, origin)  # 8.2.8: withdrew or destroyed, the place is free
    after_fight(sit)


def finish_withdrawal(sit: Situation, p: Withdrawal, location: str) -> None:
    s = sit.state
    s.blocks[p.block].location = location
    s.control[location] = sit.side_of(p.block)
    sit.contact(p.block)
    # clouds, counters, mines (5.2): only where it ends, the way it took is not played out
    arrival.entered(sit, p.block, location, came_from=p.origin)
    if s.activation is not None and s.activation.block == p.block:
        sit.end_activation()  # 8.3.2: a withdrawal ends the block's activation
    if p.winner is not None:
        offer_advance(sit, p.winner, p.origin)
