"""What hovering a target tells (no Qt): the distance and range band, the firepower of the
chosen weapon and, if the target is revealed, of its best answer; all from the side's
briefing (map, rule tables, its own cards, the enemy order of battle as published) and
observation, with the rules' own functions (engine/rules/uo/combat.py)."""

from __future__ import annotations

from engine.battlefield import Dynamic, LocKind
from engine.battlefield.movement import EP_HORIZON, ep_within, reach
from engine.model.cards import Weapon
from engine.rules.uo import actions as A
from engine.rules.uo.activation import activation_budget, fire_and_move, helps_climb, mover_of, unit_of
from engine.rules.uo.briefing import Briefing
from engine.rules.uo.combat import Strike, expected_losses, weapon_firepower
from engine.rules.uo.observation import Observation
from engine.rules.uo.tables import CombatTables

BAND_NAMES = ("1 EP (assault)", "2-5 EP", "6-10 EP", "11-15 EP", "16-20 EP", "21-25 EP")


def target_info(action: A.Action, observation: Observation, briefing: Briefing) -> str:
    """One line per fight offered at a target: range band, our firepower, theirs."""
    act = observation.activation
    if act is None or not isinstance(action, A.Fire | A.Assault):
        return ""
    here = next((b.location for b in observation.own if b.id == act.block), None)
    info = briefing.own.get(act.block)
    if here is None or info is None:
        return ""
    bf, tables = briefing.battlefield, briefing.tables.combat
    assault = isinstance(action, A.Assault)
    ep = 1 if assault else ep_within(bf, here, action.target, EP_HORIZON)
    if ep is None:
        return "out of range"
    night = observation.night
    weapon = next((w for w in info.profile.weapons if w.id == action.weapon), None)
    ours = None
    if weapon is not None:
        ours = weapon_firepower(tables, weapon, ep, assault, night, info.profile.night_equipment)
    band = (
        0 if assault else tables.band(ep, night=night and not (weapon and weapon.min_range), equipped=False)
    )
    band_name = BAND_NAMES[band] if band is not None and band < len(BAND_NAMES) else "beyond range"
    enemy = next((e for e in observation.enemies if e.location == action.target), None)
    theirs = "hidden block: unknown"
    chance = ""
    if enemy is not None and enemy.revealed and enemy.identity is not None:
        pub = briefing.enemy[enemy.identity]
        best = _best(pub.profile.weapons, ep, assault, night, pub.profile.night_equipment, tables)
        theirs = "no answer" if best is None else f"up to {best}"
        if ours is not None and weapon is not None:
            # the rules' own expectation over the 100 pairs of dice (combat.expected_losses),
            # before modifiers and quality: what the exchange table gives these firepowers
            strike = Strike(pub.profile.protection, weapon.critical_bonus)
            answer = Strike(info.profile.protection, False)
            them, us = expected_losses(tables, ours - (best or 0), assault, strike, answer)
            chance = f"; expected OSL lost before modifiers: theirs {them:.1f}, ours {us:.1f}"
    return f"{ep} EP, band {band_name}: our firepower {ours}, theirs {theirs}{chance}"


def _best(
    weapons: list[Weapon], ep: int, assault: bool, night: bool, equipped: bool, tables: CombatTables
) -> int | None:
    values = [
        fp for w in weapons if (fp := weapon_firepower(tables, w, ep, assault, night, equipped)) is not None
    ]
    return max(values) if values else None


def reach_hint(observation: Observation, briefing: Briefing) -> dict[str, int]:
    """Where the activated block could get to with the MP its activation has left, and the
    MP it would have spent there (8.1; the activation's budget as the rules work it out,
    7.1.2, 8.1.13 out of sight, 9.1 at night): a hint beyond the next steps the board offers.
    It is costed over the map with the side's own climbing helpers and the public NML
    counters; enemy blocks, sight lost on the way and reactions may stop the block sooner,
    so only the next steps are clickable."""
    act = observation.activation
    if act is None:
        return {}
    here = next((b.location for b in observation.own if b.id == act.block), None)
    info = briefing.own.get(act.block)
    if here is None or info is None:
        return {}
    bf = briefing.battlefield
    profile = info.profile
    budget = activation_budget(
        unit_of(profile),
        spent=act.spent,
        acted_at=act.acted_at,
        fire_and_move=fire_and_move(profile),
        unseen=act.unseen,
        night=observation.night,
        underground=bf.location(here).kind == LocKind.underground,
    )
    if budget <= act.spent:
        return {}
    helpers = frozenset(
        b.location
        for b in observation.own
        if b.on_map and b.location and b.type is not None and helps_climb(briefing.own[b.id].profile)
    )
    dyn = Dynamic(helpers=helpers, barricades=briefing.barricades, impassable=briefing.impassable)
    enemies = {e.location for e in observation.enemies}
    got = reach(bf, here, mover_of(profile), budget - act.spent, dyn)
    return {loc: act.spent + mp for loc, mp in got.items() if loc != here and loc not in enemies}
