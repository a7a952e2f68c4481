"""The advanced rules of combat (10) in play: the choices they add or take away and the
actions they apply, so that play.py only asks and hands over. Each acts only when the
scenario lists it (`Scenario.advanced_rules`); with none listed every function here gives
back what it was given.

- 10.1 infantry smoke: `infantry_smoke.py`
- 10.2 supporting fire, 10.3 suppressing fire: offered and declared here, resolved by
  fight.py with `fight_terms.py`
- 10.4 armour cover: `armour_cover.py`
- 10.5, 10.6, 10.8 antitank weapons: `antitank.py` (asked by fight.py and breaching.py)
- 10.7 anti-sniping: the covering fire offered here, its bonus in `fight_terms.py`
"""

from __future__ import annotations

from ...battlefield.movement import EP_HORIZON
from ...model.cards import BlockType, BreachCapability, EffectClass, TargetCapability, Weapon
from ...model.scenario import AdvancedRule
from . import activation, armour_cover, fight, fight_terms, infantry_smoke, reorganisation
from .actions import (
    Action,
    ActivatePair,
    CoverFire,
    Fire,
    JoinCover,
    Move,
    SmokeGrenade,
    SupportedFire,
    SuppressingFire,
    Withdraw,
)
from .situation import Situation
from .state import Fight, Pending, other

#: the action classes this module applies
COMBAT_ACTIONS = (SmokeGrenade, SupportedFire, SuppressingFire, JoinCover, ActivatePair)


def _on(sit: Situation, rule: AdvancedRule) -> bool:
    return rule in sit.game.scenario.advanced_rules


def fingerprint(sit: Situation) -> tuple[object, ...]:
    """What these rules' choices depend on beyond blocks and markers (`Play._fingerprint`)."""
    s = sit.state
    act = s.activation
    flags = (act.pair, act.suppressing) if act is not None and (act.pair or act.suppressing) else ()
    return (tuple(sorted(s.pairs.items())), flags) if s.pairs or flags else ()


# --- the active block ------------------------------------------------------------------------


def activation_actions(sit: Situation, actions: list[Action]) -> list[Action]:
    """The active block's choices with the advanced rules: smoke grenades (10.1), supported
    and suppressing fire beside each fire offered (10.2, 10.3); a suppressing block moves no
    more (10.3); pairs (10.4)."""
    if not sit.game.scenario.advanced_rules:
        return actions
    s = sit.state
    act = s.activation
    assert act is not None
    block = act.block
    out = list(actions)
    here = s.blocks[block].location or ""
    unit = sit.mover(block).unit
    if activation.may_still_act(unit, spent=act.spent, acted_at=act.acted_at) and here not in sit.others_at(
        block
    ):
        out.extend(infantry_smoke.choices(sit, block))
        fires = [a for a in actions if isinstance(a, Fire)]
        if fires and _on(sit, AdvancedRule.supporting_fire):
            out.extend(supported_fires(sit, block, fires))
        if fires and _on(sit, AdvancedRule.suppressing_fire):
            out.extend(suppressing_fires(sit, block, fires))
    if act.suppressing:
        out = [a for a in out if not isinstance(a, (Move, JoinCover))]  # 10.3: no move
    return armour_cover.activation_actions(sit, out)


def supporters(sit: Situation, block: str) -> list[str]:
    """Blocks of the active block's impulse force that may still be activated in this
    impulse (10.2: B "is considered activated", so the impulse needs room for it)."""
    g, s = sit.game, sit.state
    imp = s.impulse
    info = g.blocks[block]
    if imp is None or not info.force or len(imp.activated) >= imp.limit:
        return []
    out = []
    for bid in reorganisation.force_blocks(sit, reorganisation.force_of(sit, block)):  # 12.1
        b = s.blocks[bid]
        if bid == block or bid in imp.activated or g.blocks[bid].dummy or not b.on_map:
            continue
        if b.activated or b.completed or armour_cover.paired(sit, bid):
            continue
        out.append(bid)
    return out


#: the weapons a block may use at a distance (`fight.usable_weapons`), by block and EP
_Usable = dict[tuple[str, int], list[Weapon]]


def supported_fires(sit: Situation, block: str, fires: list[Fire]) -> list[SupportedFire]:
    """10.2: each fire offered, with each friend of the impulse force that sees the target
    and has a weapon in range able to hit it (as far as it is known: a hidden target's
    capability is the firer's gamble, 8.2.7.4)."""
    side = sit.side_of(block)
    friends = supporters(sit, block)
    out: list[SupportedFire] = []
    if not friends:
        return out
    # the supporters of a target, in `friends` order: the same for each weapon firing at it;
    # the weapons a friend may use at a distance, the same for every target that far
    by_target: dict[str, list[str]] = {}
    usable_at: _Usable = {}
    # ... and kept from one question to the next (`Situation.supporters_kept`: an activation's
    # steps move the active block alone) with all they depend on beyond the target: the
    # friends and where they stand, the counters in play (their sight), the night (their
    # weapons' ranges), the enemy block at the target and whether it is known (capability);
    # the rest (the map, the blocks' cards, the tables) never changes
    blocks = sit.state.blocks
    places = tuple([blocks[bid].location for bid in friends])
    standing = (tuple(friends), places, sit.counters_in_play(), sit.night())
    kept = sit.supporters_kept
    enemy_side = other(side)
    for f in fires:
        target = f.target
        able = by_target.get(target)
        if able is None:
            enemy = sit.block_at(target, enemy_side)
            known = enemy is not None and blocks[enemy].revealed
            found = kept.get(target)
            if found is not None and found[1] == enemy and found[2] == known and found[0] == standing:
                able = found[3]
            else:
                able = _able_supporters(sit, enemy, friends, target, usable_at)
                kept[target] = (standing, enemy, known, able)
            by_target[target] = able
        out.extend([SupportedFire(target, f.weapon, bid) for bid in able])
    return out


def _able_supporters(
    sit: Situation, enemy: str | None, friends: list[str], target: str, usable_at: _Usable
) -> list[str]:
    """The friends that see `target` and have a weapon in range able to hit `enemy`, the
    enemy block there (`supported_fires`); `usable_at`: `fight.usable_weapons` by friend and
    EP, kept from one target to the next."""
    s = sit.state
    if enemy is None:
        return []
    # out of sight on the static map: `sees` would say so (`Situation.static_sight`)
    row, bit = sit.static_sight(target), sit.game.battlefield.los_table.bit_of
    out = []
    for bid in friends:
        where = s.blocks[bid].location or ""
        if row is not None and not (row >> bit(where)) & 1:
            continue
        if not sit.sees(where, target):
            continue
        ep = sit.ep(where, target, EP_HORIZON)
        if ep is None:
            continue
        # `fight.usable` for each weapon at `ep`, in the card's order (`usable_weapons`)
        weapons = usable_at.get((bid, ep))
        if weapons is None:
            weapons = usable_at[(bid, ep)] = fight.usable_weapons(sit, bid, ep, False)
        if any(not fight.known(sit, enemy) or fight.capable(sit, bid, w, enemy) for w in weapons):
            out.append(bid)
    return out


def machine_gun(w: Weapon) -> bool:
    """A machine gun, as the card format tells one: a light weapons effect against foot and
    unarmoured targets only, no red symbol, no breach symbol."""
    return (
        w.targets == TargetCapability.soft
        and w.area_of_effect.effect == EffectClass.light
        and not w.critical_bonus
        and w.breach == BreachCapability.none
    )


def suppressing_fires(sit: Situation, block: str, fires: list[Fire]) -> list[SuppressingFire]:
    """10.3: an Infantry block (or a Support Weapons block with its machine gun) that has
    not moved in this activation ("announce it is firing - suppressing when activated") at
    a revealed enemy Foot unit block."""
    g, s = sit.game, sit.state
    act = s.activation
    assert act is not None
    kind = g.blocks[block].type
    if kind not in (BlockType.infantry, BlockType.support_weapons):
        return []
    if act.spent or len(act.path) > 1 or act.acted_at is not None:
        return []
    out = []
    side = sit.side_of(block)
    for f in fires:
        enemy = sit.block_at(f.target, other(side))
        if enemy is None or not s.blocks[enemy].revealed or g.blocks[enemy].vehicle or g.blocks[enemy].dummy:
            continue
        if kind == BlockType.support_weapons and not machine_gun(sit.weapon(block, f.weapon)):
            continue
        out.append(SuppressingFire(f.target, f.weapon))
    return out


# --- decisions during a fight ------------------------------------------------------------------


def pending_actions(sit: Situation, p: Pending, actions: list[Action]) -> list[Action]:
    """The choices of a fight with the advanced rules: anti-snipers' covering fire (10.7);
    no reaction but an opportunity fire for a paired vehicle, none for its foot block
    (10.4.2)."""
    if not sit.game.scenario.advanced_rules or not isinstance(p, Fight):
        return actions
    out = list(actions)
    if p.stage == "reaction" and fight_terms.anti_sniping(sit, p):
        have = set(out)
        out.extend(a for a in anti_snipers(sit, p) if a not in have)
    if sit.state.pairs:
        reacting = p.target if p.stage == "reaction" else p.firer
        out = [
            a
            for a in out
            if not (isinstance(a, Withdraw) and armour_cover.paired(sit, reacting))
            and not (isinstance(a, CoverFire) and a.block in sit.state.pairs)
        ]
    return out


def anti_snipers(sit: Situation, p: Fight) -> list[CoverFire]:
    """10.7: friendly snipers anywhere that see the enemy sniper within their main
    armament's range, 11 to 20 EP, cover the targeted block."""
    g, s = sit.game, sit.state
    side = sit.side_of(p.target)
    firer_loc = s.blocks[p.firer].location or ""
    low, high = fight_terms.ANTI_SNIPING_EP
    out = []
    for bid, b in s.blocks.items():
        info = g.blocks[bid]
        if bid == p.target or info.side != side or info.dummy or info.type != BlockType.sniper:
            continue
        if (
            not b.on_map
            or not b.location
            or armour_cover.paired(sit, bid)
            or not sit.sees(b.location, firer_loc)
        ):
            continue
        ep = sit.ep(b.location, firer_loc, high)
        if ep is None or ep < low:
            continue
        for w in info.profile.weapons:
            if fight.usable(sit, bid, w, ep, False) and fight.capable(sit, bid, w, p.firer):
                out.append(CoverFire(bid, w.id))
    return out


# --- applying ----------------------------------------------------------------------------------


def apply(sit: Situation, action: Action) -> None:
    s = sit.state
    if isinstance(action, SmokeGrenade):
        infantry_smoke.apply(sit, action)
    elif isinstance(action, JoinCover):
        armour_cover.join(sit, action)
    elif isinstance(action, ActivatePair):
        armour_cover.activate_pair(sit, action)
    elif isinstance(action, (SupportedFire, SuppressingFire)):
        act = s.activation
        assert act is not None
        act.acted_at = act.spent
        enemy = sit.block_at(action.target, other(sit.side_of(act.block)))
        assert enemy is not None
        if isinstance(action, SupportedFire):
            imp = s.impulse
            assert imp is not None
            imp.activated.append(action.support)  # 10.2: B counts as activated
            sit.mark_activated(action.support)
            s.blocks[action.support].revealed = True  # it fires too (8.2.7.1)
        else:
            act.suppressing = True
        before = len(s.pending)
        fight.declare(sit, "fire", act.block, enemy, action.weapon)
        if len(s.pending) > before and isinstance(s.pending[-1], Fight):
            p = s.pending[-1]
            if isinstance(action, SupportedFire):
                p.support = action.support
            else:
                p.mode = fight_terms.SUPPRESSING


def activated(sit: Situation, block: str) -> None:
    """A block activated alone (`Activate`): a pair it was in is split (10.4.2)."""
    if sit.state.pairs:
        armour_cover.split_on_activation(sit, block)


def covers(sit: Situation, block: str) -> dict[str, str]:
    """Hex -> vehicle the active block may pair with (10.4.1; empty without the rule)."""
    return armour_cover.covers(sit, block)


def budget_cap(sit: Situation) -> int | None:
    return armour_cover.budget_cap(sit)


def impulse_actions(sit: Situation, actions: list[Action]) -> list[Action]:
    return armour_cover.impulse_actions(sit, actions)


def after(sit: Situation) -> None:
    """After every action (`Play.apply`)."""
    armour_cover.settle(sit)


def check(sit: Situation) -> list[str]:
    """Invariants of these rules' state (invariants.py)."""
    s = sit.state
    problems = armour_cover.check(sit)
    act = s.activation
    if act is not None and act.suppressing and len(act.path) > 1:
        problems.append(f"{act.block} moved after a suppressing fire (10.3)")
    if s.pairs and not _on(sit, AdvancedRule.armor_cover):
        problems.append("pairs without the armour cover rule (10.4)")
    for p in s.pending:
        if isinstance(p, Fight) and (p.support is not None or p.mode or p.reply_bonus):
            if p.support is not None and not _on(sit, AdvancedRule.supporting_fire):
                problems.append("a supported fire without the supporting fire rule (10.2)")
            if p.mode and not _on(sit, AdvancedRule.suppressing_fire):
                problems.append("a suppressing fire without its rule (10.3)")
    return problems
