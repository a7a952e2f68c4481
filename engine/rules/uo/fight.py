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

Every number comes from the aid card's tables (`tables.py`, `data/combat.yaml`); the
weapons effect on the shooters' own sides is `effects.py` (8.2.1, 8.2.7.7).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Literal

from ...battlefield import LocKind, StepKind
from ...battlefield.movement import EP_HORIZON, reach, step_cost
from ...model.cards import VEHICLE_TYPES, BlockType, Protection, TargetCapability, Weapon
from ...model.scenario import Quality
from . import effects, tables
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
from .state import AdvanceChoice, Fight, Opportunity, Pending, Withdrawal, other

if TYPE_CHECKING:
    from .play import Play

#: who a sniper may engage with its long-range weapon (8.2.7.4): leaders, observers, other
#: snipers, and vehicles (armoured or not, MBTs included)
SNIPER_TARGETS = frozenset(
    {BlockType.platoon_leader, BlockType.commander, BlockType.jfo, BlockType.sniper} | VEHICLE_TYPES
)
#: a sniper's critical "destruction" at long range strikes these (the card's CDS / CDU)
SNIPER_DESTROYS = frozenset({BlockType.platoon_leader, BlockType.commander})
LEADERS = frozenset({BlockType.platoon_leader, BlockType.commander})


# --- what a block can do ------------------------------------------------------------------


def night(play: Play) -> bool:
    return play.state.turn in play.game.scenario.night_turns


def weapon(play: Play, block: str, weapon_id: str) -> Weapon:
    return next(w for w in play.game.blocks[block].profile.weapons if w.id == weapon_id)


def firepower(play: Play, block: str, w: Weapon, ep: int, assault: bool) -> int | None:
    """The weapon's base firepower at `ep` for `block` now (day or night)."""
    equipped = play.game.blocks[block].profile.night_equipment
    return weapon_firepower(w, ep, assault, night(play), equipped)


def weapon_firepower(w: Weapon, ep: int, assault: bool, night: bool, equipped: bool) -> int | None:
    """The weapon's base firepower at `ep` (4.3.6): the 1 EP box in an assault, else the
    range band, in steps of 3 or 4 EP at night (9.2); None if it cannot fire that far."""
    if assault:
        index: int | None = 0
    else:
        if ep < max(2, w.min_range):  # no fire at point-blank (8.2.7): that is an assault
            return None
        # the raw card: weapons with a minimum range keep their daylight bands at night
        index = tables.band(ep, night=night and not w.min_range, equipped=equipped)
    if index is None or index >= len(w.firepower):
        return None
    return w.firepower[index]


def can_hit(capability: TargetCapability, protection: Protection) -> bool:
    """Capability check (8.2.7.4): a weapon's targets against a target's protection."""
    if protection == Protection.soft:
        return True
    if protection == Protection.armoured:
        return capability in (TargetCapability.armoured, TargetCapability.all)
    return capability == TargetCapability.all


def capable(play: Play, shooter: str, w: Weapon, target: str) -> bool:
    """Capability check (8.2.7.4): the weapon must be effective against the target's
    protection; a sniper engages only leaders, observers, snipers and vehicles, MBTs
    included although it has no anti-tank capability (then it cannot bring them below
    their operational level)."""
    g = play.game
    t = g.blocks[target]
    if t.dummy:
        return True
    if g.blocks[shooter].type == BlockType.sniper:
        return t.type in SNIPER_TARGETS
    return can_hit(w.targets, t.profile.protection)


def usable(play: Play, block: str, w: Weapon, ep: int, assault: bool) -> bool:
    """In range, and not a back-blast weapon fired from inside a building (4.3.5)."""
    if (
        w.no_fire_from_building
        and play.game.battlefield.location(play.state.blocks[block].location or "").interior
    ):
        return False
    return firepower(play, block, w, ep, assault) is not None


def known(play: Play, block: str) -> bool:
    return play.state.blocks[block].revealed


def fighters(play: Play, side_of: str) -> list[tuple[str, str]]:
    """(block, location) of the enemies of `side_of`'s block on the map."""
    side = play.side_of(side_of)
    return [
        (bid, b.location)
        for bid, b in play.state.blocks.items()
        if b.on_map and b.location and play.game.blocks[bid].side != side
    ]


def can_react(play: Play, block: str) -> bool:
    """One reaction a turn (8.3): no Reaction or Completed marker yet."""
    b = play.state.blocks[block]
    return not (b.reaction or b.completed)


def scouting_range(play: Play, block: str) -> int:
    info = play.game.blocks[block]
    return tables.scouting_range(info.type, night=night(play), equipped=info.profile.night_equipment)


def can_scout(play: Play, scout: str, here: str, there: str) -> bool:
    """8.2.5: within scouting range with a clear LOS; never from one room to another
    (8.2.5.3; the LOS rule already says so, zones of one room excepted)."""
    return play.ep(here, there, scouting_range(play, scout)) is not None and play.sees(here, there)


# --- choices of the active block ------------------------------------------------------------


def action_choices(play: Play, block: str) -> list[Action]:
    """Fire, assault and scouting open to the active block (8.2): targets named by their
    location; a hidden target's capability is the firer's gamble (8.2.7.4)."""
    g, s = play.game, play.state
    bf = g.battlefield
    info = g.blocks[block]
    here = s.blocks[block].location or ""
    side = info.side
    max_range = tables.max_range(night=night(play), equipped=info.profile.night_equipment)
    out: list[Action] = []
    enemies = [(bid, loc) for bid, loc in fighters(play, block) if play._visible_layer(side, loc)]
    by_location = {loc: bid for bid, loc in enemies}
    for bid, loc in enemies:
        ep = play.ep(here, loc, max_range)
        if ep is not None:
            for w in info.profile.weapons:
                if usable(play, block, w, ep, False) and (
                    not known(play, bid) or capable(play, block, w, bid)
                ):
                    out.append(Fire(loc, w.id))
        if not known(play, bid) and can_scout(play, block, here, loc):
            out.append(Scout(loc))
    mover, dyn = play.mover(block), play.dynamic(side)
    here_loc = bf.location(here)
    for step in bf.out[here_loc.index]:
        dst = bf.locations[step.dst]
        target = by_location.get(dst.id)
        if target is None or step.kind == StepKind.climb:
            continue  # no assault between a roof and the street by a ladder (8.2.8.2)
        if step_cost(bf, step, mover, dyn) is None:
            continue  # an assault needs a way to move between the two (8.2.8)
        if dst.interior and not here_loc.interior and not may_storm(play, block):
            continue  # 8.2.8.1
        for w in info.profile.weapons:
            if usable(play, block, w, 1, True) and (
                not known(play, target) or capable(play, block, w, target)
            ):
                out.append(Assault(dst.id, w.id))
    return out


def may_storm(play: Play, block: str) -> bool:
    """8.2.8.1: an assault to enter a building needs the platoon leader within 6 EP, except
    for elite blocks (the leader itself counts as within range of itself)."""
    g, s = play.game, play.state
    info = g.blocks[block]
    if info.quality == Quality.elite:
        return True
    leader = g.forces[info.force].leader
    if leader is None or not s.blocks[leader].on_map:
        return False
    if leader == block:
        return True
    return (
        play.ep(s.blocks[block].location or "", s.blocks[leader].location or "", tables.COMMAND_RANGE_EP)
        is not None
    )


def apply_action(play: Play, action: Fire | Assault | Scout) -> None:
    s = play.state
    act = s.activation
    assert act is not None
    act.acted_at = act.spent
    side = play.side_of(act.block)
    enemy = play.block_at(action.target, other(side))
    assert enemy is not None
    if isinstance(action, Scout):
        play.reveal(enemy)  # 8.2.5: laid flat; a dummy is removed
        return
    kind = "assault" if isinstance(action, Assault) else "fire"
    declare(play, kind, act.block, enemy, action.weapon)


def declare(play: Play, kind: str, firer: str, target: str, weapon_id: str) -> None:
    """8.2.7.1-8.2.7.2: the firer is revealed; a blocked LOS ends its activation and no fire
    is resolved; a dummy fired on is removed (5.2.1)."""
    s = play.state
    s.blocks[firer].revealed = True
    here, there = s.blocks[firer].location or "", s.blocks[target].location or ""
    if kind != "assault" and not play.sees(here, there):
        # 8.2.7.2: no fire, but its weapons effect still falls on friends in range
        effects.apply(play, firer, weapon_id, there)
        if s.activation is not None and s.activation.block == firer:
            play.end_activation()
        return
    if play.game.blocks[target].dummy:
        remove(play, target)
        return
    s.pending.append(Fight(kind, firer, weapon_id, target))


# --- decisions ------------------------------------------------------------------------------


def pending_actions(play: Play, p: Pending) -> list[Action]:
    if isinstance(p, Fight):
        return _fight_actions(play, p)
    if isinstance(p, Opportunity):
        return _opportunity_actions(play, p)
    if isinstance(p, Withdrawal):
        return [WithdrawTo(loc) for loc in withdrawal_options(play, p.block)]
    return [Advance(), StayPut()]


def _fight_actions(play: Play, p: Fight) -> list[Action]:
    s = play.state
    assault = p.kind == "assault"
    if p.stage == "inadequate":
        out: list[Action] = [TakeLosses()]
        if can_react(play, p.firer) and withdrawal_options(play, p.firer):
            out.append(Withdraw())  # 8.3.2: "if it has fired with an inadequate armament"
        return out
    target_loc = s.blocks[p.target].location or ""
    firer_loc = s.blocks[p.firer].location or ""
    out = []
    ep = 1 if assault else play.ep(target_loc, firer_loc, EP_HORIZON)
    if ep is not None:
        for w in play.game.blocks[p.target].profile.weapons:
            if usable(play, p.target, w, ep, assault) and capable(play, p.target, w, p.firer):
                out.append(ReturnFire(w.id))
    must_lose = not out
    if not assault:
        side = play.side_of(p.target)
        for bid, b in s.blocks.items():
            info = play.game.blocks[bid]
            if bid == p.target or info.side != side or info.dummy or not b.on_map or not b.location:
                continue
            if play.ep(target_loc, b.location, tables.COVER_FIRE_EP) is None or not play.sees(
                b.location, firer_loc
            ):
                continue
            cover_ep = play.ep(b.location, firer_loc, EP_HORIZON)
            if cover_ep is None:
                continue
            for w in info.profile.weapons:
                if usable(play, bid, w, cover_ep, False) and capable(play, bid, w, p.firer):
                    out.append(CoverFire(bid, w.id))
    active = s.activation.block if s.activation is not None else None
    # 8.3.2: a withdrawal by the target of a fire or assault when it is not the block being
    # activated, or by the moving block under opportunity fire
    may_withdraw = (p.kind == "opportunity" or p.target != active) and can_react(play, p.target)
    if may_withdraw and withdrawal_options(play, p.target):
        out.append(Withdraw())
    if must_lose:
        out.append(TakeLosses())  # 8.2.7.4: no adequate armament
    return out


def _opportunity_actions(play: Play, p: Opportunity) -> list[Action]:
    out: list[Action] = []
    for block, weapons, scouts in opportunity_options(play, p.mover, p.location):
        if p.scout is not None and block != p.scout:
            continue
        out.extend(OpportunityFire(block, w) for w in weapons)
        if scouts and p.scout is None:
            out.append(OpportunityScout(block))
    out.append(HoldFire())
    return out


def opportunity_options(play: Play, mover: str, location: str) -> list[tuple[str, list[str], bool]]:
    """8.3.1: enemy blocks without a Reaction or Completed marker that see the location the
    mover has entered: the weapons they could fire with, and whether they could scout it
    first (only a hidden mover needs scouting)."""
    g, s = play.game, play.state
    out = []
    hidden = not s.blocks[mover].revealed
    for bid, loc in fighters(play, mover):
        info = g.blocks[bid]
        if info.dummy or not can_react(play, bid) or not play.sees(loc, location):
            continue
        ep = play.ep(loc, location, EP_HORIZON)
        if ep is None:
            continue
        weapons = [
            w.id
            for w in info.profile.weapons
            if usable(play, bid, w, ep, False) and (hidden or capable(play, bid, w, mover))
        ]
        scouts = hidden and ep <= scouting_range(play, bid)
        if weapons or scouts:
            out.append((bid, weapons, scouts))
    return out


def offer_opportunity(play: Play, mover: str, location: str) -> None:
    """A block entering a location may draw one opportunity decision there (8.3.1)."""
    s = play.state
    if s.blocks[mover].on_map and opportunity_options(play, mover, location):
        s.pending.append(Opportunity(mover, location))


def apply_pending(play: Play, action: Action) -> None:
    s = play.state
    p = s.pending[-1]
    if isinstance(p, Fight):
        _apply_fight(play, p, action)
    elif isinstance(p, Opportunity):
        if isinstance(action, OpportunityScout):
            play.reveal(p.mover)  # 8.2.5.7: without revealing the scout
            # 8.3.1.1: it may still fire, so its marker comes with the fire or the hold
            p.scout = action.block
        elif isinstance(action, OpportunityFire):
            s.pending.pop()
            mark_reaction(play, action.block)
            declare(play, "opportunity", action.block, p.mover, action.weapon)
        else:
            s.pending.pop()
            if p.scout is not None:
                mark_reaction(play, p.scout)  # 8.3.1.2: a reaction even without firing
    elif isinstance(p, Withdrawal):
        assert isinstance(action, WithdrawTo)
        s.pending.pop()
        finish_withdrawal(play, p, action.location)
    else:
        s.pending.pop()
        if isinstance(action, Advance):
            # 8.1.14: taking the loser's place costs no MP
            s.blocks[p.block].location = p.location
            s.control[p.location] = play.side_of(p.block)
            play._contact(p.block)


def _apply_fight(play: Play, p: Fight, action: Action) -> None:
    s = play.state
    if p.stage == "inadequate":
        s.pending.pop()
        if p.reply is not None and p.reply_weapon is not None:  # the reply was fired (8.2.7.3)
            effects.apply(
                play, p.reply, p.reply_weapon, s.blocks[p.firer].location or "", p.kind == "assault"
            )
        if isinstance(action, Withdraw):
            # 8.2.8: the other block of an assault may advance into the place left
            start_withdrawal(play, p.firer, credit=p.reply, winner=p.reply if p.kind == "assault" else None)
        else:
            lose(play, p.firer, tables.INADEQUATE_LOSS, by=p.reply, quality=False)
            after_fight(play)
        return
    if isinstance(action, (ReturnFire, CoverFire)):
        p.reply = action.block if isinstance(action, CoverFire) else p.target
        p.reply_weapon = action.weapon
        s.blocks[p.reply].revealed = True
        if capable(play, p.firer, weapon(play, p.firer, p.weapon), p.target):
            s.pending.pop()
            resolve(play, p)
        else:
            p.stage = "inadequate"  # the target turned out to be beyond the firer's weapon
        return
    s.pending.pop()
    # the firer's weapons effect applies though the target withdraws or cannot reply
    # (8.2.7.3, 8.2.7.4)
    effects.apply(play, p.firer, p.weapon, s.blocks[p.target].location or "", p.kind == "assault")
    if isinstance(action, Withdraw):
        # no die for the firer (8.2.7.3); after an assault it may advance (8.2.8)
        start_withdrawal(play, p.target, credit=p.firer, winner=p.firer if p.kind == "assault" else None)
    else:
        lose(play, p.target, tables.INADEQUATE_LOSS, by=p.firer, quality=False)
        after_fight(play)


# --- resolution -----------------------------------------------------------------------------


def modifiers(play: Play, block: str, opponent: str, opportunity: bool) -> int:
    """The aid card's firepower modifiers: command chain (7.2.2), infrastructure (a roof,
    the sewers, a fortified location, or firing out of a building through its aperture),
    opportunity fire (8.3.1), and the penalty of a block at its last OSL level."""
    g, s = play.game, play.state
    bf = g.battlefield
    info = g.blocks[block]
    here = s.blocks[block].location or ""
    there = s.blocks[opponent].location or ""
    total = 0
    m = tables.MODIFIERS
    if info.type not in LEADERS and info.force:
        leader = g.forces[info.force].leader
        near = (
            leader is not None
            and s.blocks[leader].on_map
            and info.force not in s.eliminated_leaders
            and play.ep(here, s.blocks[leader].location or "", tables.COMMAND_RANGE_EP) is not None
        )
        if near:
            total += m.command
    loc, opp = bf.location(here), bf.location(there)
    fortified = here in getattr(g.scenario.sides, info.side.value).environment.fortified.locations
    behind_aperture = loc.interior and opp.building != loc.building
    if loc.kind in (LocKind.roof, LocKind.underground) or fortified or behind_aperture:
        total += m.infrastructure
    if opportunity:
        total += m.opportunity
    b = s.blocks[block]
    if b.losses > 0 and b.losses == info.levels - 1:
        total += m.poor_osl
    return total


def resolve(play: Play, p: Fight) -> None:
    """8.2.7.5-8.2.7.6, 8.2.8: simultaneous resolution, then each side applies its own
    weapons effect (8.2.7.7), from where each block fired."""
    s = play.state
    assert p.reply is not None and p.reply_weapon is not None
    firer_loc = s.blocks[p.firer].location or ""
    target_loc = s.blocks[p.target].location or ""
    reply_loc = s.blocks[p.reply].location or ""
    _resolve(play, p)
    assault = p.kind == "assault"
    effects.apply(play, p.firer, p.weapon, target_loc, assault, origin=firer_loc)
    effects.apply(play, p.reply, p.reply_weapon, firer_loc, assault, origin=reply_loc)
    after_fight(play)


def _resolve(play: Play, p: Fight) -> None:
    g, s = play.game, play.state
    assert p.reply is not None and p.reply_weapon is not None
    assault = p.kind == "assault"
    firer_loc = s.blocks[p.firer].location or ""
    target_loc = s.blocks[p.target].location or ""
    reply_loc = s.blocks[p.reply].location or ""
    wa, wd = weapon(play, p.firer, p.weapon), weapon(play, p.reply, p.reply_weapon)
    ep_a = 1 if assault else play.ep(firer_loc, target_loc, EP_HORIZON) or 1
    ep_d = 1 if assault else play.ep(reply_loc, firer_loc, EP_HORIZON) or 1
    fp_a = (firepower(play, p.firer, wa, ep_a, assault) or 0) + modifiers(
        play, p.firer, p.target, p.kind == "opportunity"
    )
    fp_d = (firepower(play, p.reply, wd, ep_d, assault) or 0) + modifiers(play, p.reply, p.firer, False)
    roll_a, roll_d = play.roll(), play.roll()
    if roll_a > roll_d:
        fp_a += tables.CHANCE_BONUS
    elif roll_d > roll_a:
        fp_d += tables.CHANCE_BONUS
    crit_a = tables.critical(
        roll_a,
        target=g.blocks[p.target].profile.protection,
        weapon_bonus=wa.critical_bonus,
        assault=assault,
        sniper_long=sniper_long(play, p.firer, p.target, ep_a),
    )
    crit_d = tables.critical(
        roll_d,
        target=g.blocks[p.firer].profile.protection,
        weapon_bonus=wd.critical_bonus,
        assault=assault,
        sniper_long=sniper_long(play, p.reply, p.firer, ep_d),
    )
    # 8.2.7.4: a sniper cannot bring an MBT below its operational level, so its
    # "destruction" only wins the fight (`lose` caps the losses)
    crit_a = _sniper_spares_mbt(play, p.firer, p.target, crit_a)
    crit_d = _sniper_spares_mbt(play, p.reply, p.firer, crit_d)
    fp_a += crit_a.fp
    fp_d += crit_d.fp
    if crit_a.destroys or crit_d.destroys:  # applied at once, simultaneously (8.2.7.5)
        if crit_a.destroys:
            eliminate(play, p.target, by=p.firer)
        if crit_d.destroys:
            eliminate(play, p.firer, by=p.reply)
        if crit_a.destroys != crit_d.destroys and assault:
            winner, loser_loc = (p.firer, target_loc) if crit_a.destroys else (p.target, firer_loc)
            offer_advance(play, winner, loser_loc)
        after_fight(play)
        return
    if crit_a.wins and crit_d.wins:
        attacker_wins: bool | None = None
    elif crit_a.wins or crit_d.wins:
        attacker_wins = crit_a.wins
    else:
        attacker_wins = None if fp_a == fp_d else fp_a > fp_d
    kind: Literal["fire", "assault"] = "assault" if assault else "fire"
    if attacker_wins is None:  # equality: each loses (combat results table)
        each = tables.combat_loss(kind, True)
        lose(play, p.target, each, by=p.reply if p.reply != p.target else p.firer)
        lose(play, p.firer, each, by=p.reply)
        after_fight(play)
        return
    winner, loser = (p.firer, p.target) if attacker_wins else (p.reply, p.firer)
    extra = (crit_a if attacker_wins else crit_d).extra_loss
    loser_loc = s.blocks[loser].location or ""
    lose(play, loser, tables.combat_loss(kind, False) + extra, by=winner)
    if assault and tables.assault_loser_withdraws():
        if s.blocks[loser].on_map:
            if withdrawal_options(play, loser):
                s.pending.append(Withdrawal(loser, loser_loc, winner=winner))
            else:
                eliminate(play, loser, by=winner)  # 8.2.8.1: it cannot move: eliminated
        if not s.blocks[loser].on_map:
            offer_advance(play, winner, loser_loc)
    after_fight(play)


def _sniper_spares_mbt(play: Play, shooter: str, target: str, crit: tables.Critical) -> tables.Critical:
    g = play.game
    if (
        crit.destroys
        and g.blocks[shooter].type == BlockType.sniper
        and g.blocks[target].type == BlockType.mbt
    ):
        return dataclasses.replace(crit, destroys=False)  # 8.2.7.4
    return crit


def sniper_long(play: Play, shooter: str, target: str, ep: int) -> bool:
    g = play.game
    return (
        g.blocks[shooter].type == BlockType.sniper
        and ep > tables.SNIPER_LONG_EP
        and g.blocks[target].type in SNIPER_DESTROYS
    )


def offer_advance(play: Play, winner: str, location: str) -> None:
    s = play.state
    if s.blocks[winner].on_map and location and location not in play.occupied():
        s.pending.append(AdvanceChoice(winner, location))


def after_fight(play: Play) -> None:
    """The active block's activation ends if it was eliminated (nothing left to do)."""
    s = play.state
    if s.activation is not None and not s.blocks[s.activation.block].on_map:
        s.activation = None


def lose(play: Play, block: str, n: int, by: str | None, quality: bool = True) -> None:
    """Apply `n` OSL of losses, modified by quality (4.3.8: one d10 per loss); a block
    losing beyond its last level is eliminated (4.3.2.1)."""
    g, s = play.game, play.state
    b = s.blocks[block]
    if not b.on_map:
        return
    info = g.blocks[block]
    if quality and n > 0 and info.quality != Quality.veteran:
        n = max(0, n + tables.quality_adjustment(info.quality, play.roll()))
    if by is not None and info.type == BlockType.mbt and g.blocks[by].type == BlockType.sniper:
        n = min(n, max(0, info.levels - 2 - b.losses))  # never below operational (8.2.7.4)
    b.losses += n
    if b.losses >= info.levels:
        eliminate(play, block, by=by)


def eliminate(play: Play, block: str, by: str | None) -> None:
    """4.3.2.1: removed; a vehicle leaves a wreck (5.2.4.5) and takes its passengers with
    it; the winner gains 1 OSL (8.2.7.6); a fallen platoon leader limits its force to 3
    activations (7.1.1)."""
    g, s = play.game, play.state
    b = s.blocks[block]
    if b.eliminated:
        return
    info = g.blocks[block]
    where = b.location
    b.eliminated, b.location = True, None
    b.activated = b.reaction = b.completed = False
    b.losses = min(b.losses, info.levels)
    if info.vehicle and where:
        s.wrecks.add(where)
    for passenger in s.blocks.values():
        if passenger.mounted_in == block:
            passenger.eliminated = True
            passenger.mounted_in = None
    if info.force and g.forces[info.force].leader == block:
        s.eliminated_leaders.add(info.force)
    if by is not None and s.blocks[by].on_map:
        s.blocks[by].losses = max(0, s.blocks[by].losses - 1)
    if s.activation is not None and s.activation.block == block:
        s.activation = None


def remove(play: Play, dummy: str) -> None:
    """A dummy scouted, fired on or met is removed from the game (5.2.1)."""
    b = play.state.blocks[dummy]
    b.eliminated, b.location, b.revealed = True, None, True


def mark_activated(play: Play, block: str) -> None:
    """4.3.3: Activated, or Completed on a block that has reacted already."""
    b = play.state.blocks[block]
    if b.reaction:
        b.reaction, b.completed = False, True
    elif not b.completed:
        b.activated = True


def mark_reaction(play: Play, block: str) -> None:
    """4.3.3: Reaction, or Completed on a block already activated."""
    b = play.state.blocks[block]
    if b.activated:
        b.activated, b.completed = False, True
    elif not b.completed:
        b.reaction = True


# --- withdrawal (8.3.2) -----------------------------------------------------------------------


def withdrawal_options(play: Play, block: str) -> list[str]:
    """Free locations within 2 MP (foot) or 4 MP (vehicle), never through an enemy's
    location, other than the one it leaves."""
    g, s = play.game, play.state
    here = s.blocks[block].location
    if here is None:
        return []
    info = g.blocks[block]
    dyn = play.dynamic(info.side)
    # enemy locations are closed to the withdrawal as an IED/UXO location is to a move
    closed = dataclasses.replace(dyn, impassable=dyn.impassable | play.enemy_locations(info.side))
    reached = reach(g.battlefield, here, play.mover(block), tables.withdrawal_mp(info.vehicle), closed)
    taken = play._others_at(block)
    return sorted(loc for loc in reached if loc != here and loc not in taken)


def start_withdrawal(play: Play, block: str, credit: str | None, winner: str | None = None) -> None:
    """8.3.2: roll on the withdrawal table (losses not changed by quality, as the raw card
    says), then the block's side picks where it goes. A Reaction (or Completed) marker.
    `winner`: the other block of an assault, which may then take the place (8.2.8)."""
    s = play.state
    origin = s.blocks[block].location or ""
    mark_reaction(play, block)
    lose(play, block, tables.withdrawal_loss(play.roll()), by=credit, quality=False)
    if s.blocks[block].on_map:
        s.pending.append(Withdrawal(block, origin, winner=winner))
    elif winner is not None:
        offer_advance(play, winner, origin)  # 8.2.8: withdrew or destroyed, the place is free
    after_fight(play)


def finish_withdrawal(play: Play, p: Withdrawal, location: str) -> None:
    s = play.state
    s.blocks[p.block].location = location
    s.control[location] = play.side_of(p.block)
    play._contact(p.block)
    if s.activation is not None and s.activation.block == p.block:
        play.end_activation()  # 8.3.2: a withdrawal ends the block's activation
    if p.winner is not None:
        offer_advance(play, p.winner, p.origin)
