"""What the advanced combat rules change in a fight being resolved (10.2, 10.3, 10.5, 10.7,
10.8): bonuses, the firepower of a surprised vehicle, suppressing fire's critical hits and
result, and the OSL antitank ammunition costs. fight.py asks these while it resolves; the
choices that start such fights are `advanced_combat.py`'s.

Every term is nought unless the scenario lists its rule (`Scenario.advanced_rules`), and the
fight carries what was declared (`Fight.support`, `Fight.mode`, `Fight.reply_bonus`), so a
game without advanced rules resolves its fights exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...battlefield.movement import EP_HORIZON
from ...model.cards import BlockType, Weapon
from ...model.scenario import AdvancedRule
from . import antitank, combat
from .situation import Situation
from .state import Fight
from .tables import Critical

#: the supporting block's firepower bonus (10.2)
SUPPORT_BONUS = 2
#: suppressing fire's bonus (10.3)
SUPPRESSING_BONUS = 1
#: an anti-sniping sniper hidden when the combat starts (10.7)
HIDDEN_SNIPER_BONUS = 2
#: the band of a sniper's main armament for anti-sniping, in EP (10.7: "between 11 and 20")
ANTI_SNIPING_EP = (11, 20)
#: `Fight.mode` of a suppressing fire (10.3)
SUPPRESSING = "suppressing"


@dataclass(frozen=True)
class Terms:
    """The advanced rules' part in one exchange: firepower added to each side, the reply's
    base firepower when a rule sets it, and whether the firer is suppressing."""

    firer_bonus: int = 0
    reply_bonus: int = 0
    reply_fp: int | None = None
    suppressing: bool = False
    #: the supporting block fired with an adequate weapon in range (its weapons effect
    #: applies, 10.2)
    support_fired: bool = False


NONE = Terms()


def terms(sit: Situation, p: Fight) -> Terms:
    """The terms of fight `p`, its reply known (8.2.7.5)."""
    if not sit.game.scenario.advanced_rules:
        return NONE
    firer_bonus = 0
    fired = supports(sit, p)
    if fired:
        firer_bonus += SUPPORT_BONUS
    suppressing = p.mode == SUPPRESSING
    if suppressing:
        firer_bonus += SUPPRESSING_BONUS
    w = sit.weapon(p.firer, p.weapon)
    reply_fp = antitank.AMBUSH_FP if antitank.ambush(sit, p.kind, p.firer, w, p.target, p.reply) else None
    if not (firer_bonus or p.reply_bonus or reply_fp is not None or suppressing):
        return NONE
    return Terms(firer_bonus, p.reply_bonus, reply_fp, suppressing, fired)


def supports(sit: Situation, p: Fight) -> bool:
    """10.2: the B block gives its +2 when it has LOS to the target and an appropriate
    weapon (in range and able to hit what the target turned out to be); otherwise no
    bonus, though it still counts as activated."""
    return support_weapon(sit, p) is not None


def support_weapon(sit: Situation, p: Fight) -> str | None:
    """The weapon the supporting block fires with: its first on the card that is adequate
    (8.2.7.4) from where it stands, seeing the target; None when it has none."""
    if p.support is None or AdvancedRule.supporting_fire not in sit.game.scenario.advanced_rules:
        return None
    s = sit.state
    b = s.blocks[p.support]
    if not b.on_map or b.location is None or not s.blocks[p.target].on_map:
        return None
    there = s.blocks[p.target].location or ""
    if not sit.sees(b.location, there):
        return None
    ep = sit.ep(b.location, there, EP_HORIZON)
    if ep is None:
        return None
    for w in sit.game.blocks[p.support].profile.weapons:
        if adequate(sit, p.support, w, p.target, ep):
            return w.id
    return None


def adequate(sit: Situation, shooter: str, w: Weapon, target: str, ep: int) -> bool:
    """In range from where the shooter stands and able to hit `target` (8.2.7.4)."""
    g, s = sit.game, sit.state
    info = g.blocks[shooter]
    inside = g.battlefield.location(s.blocks[shooter].location or "").interior
    if not combat.fires_from(w, inside_building=inside):
        return False
    fp = combat.weapon_firepower(sit.combat, w, ep, False, sit.night(), info.profile.night_equipment)
    if fp is None:
        return False
    t = g.blocks[target]
    return t.dummy or combat.capable(info.type, w, t.type, t.profile.protection)


def suppressing_critical(crit: Critical) -> Critical:
    """10.3: "On every critical hit result (7, 8 or 9) the block wins the combat instead of
    usual critical hits results"."""
    return Critical(wins=True) if crit != Critical() else crit


def cover_bonus(sit: Situation, p: Fight, cover: str) -> int:
    """10.7: a friendly sniper covering against a sniper's fire or opportunity fire gets +2
    if it was not revealed when the combat started (asked before the cover is revealed)."""
    if not anti_sniping(sit, p) or sit.game.blocks[cover].type != BlockType.sniper:
        return 0
    return 0 if sit.state.blocks[cover].revealed else HIDDEN_SNIPER_BONUS


def anti_sniping(sit: Situation, p: Fight) -> bool:
    """10.7 applies to `p`: a sniper's fire or opportunity fire (not a return fire, which
    starts no fight of its own) with the rule on."""
    return (
        AdvancedRule.anti_sniping in sit.game.scenario.advanced_rules
        and p.kind in ("fire", "opportunity")
        and sit.game.blocks[p.firer].type == BlockType.sniper
    )


def ammunition(sit: Situation, p: Fight, *, firer: bool, reply: bool) -> list[str]:
    """10.5: the blocks that used an antitank weapon against a Foot unit block in `p` (the
    firer, and the reply if it fired) and lose 1 OSL after the combat results."""
    if AdvancedRule.antitank_vs_infantry not in sit.game.scenario.advanced_rules:
        return []
    out = []
    if firer and antitank.against_infantry(sit, p.firer, sit.weapon(p.firer, p.weapon), p.target):
        out.append(p.firer)
    if not reply or p.reply is None or p.reply_weapon is None:
        return out
    if antitank.against_infantry(sit, p.reply, sit.weapon(p.reply, p.reply_weapon), p.firer):
        out.append(p.reply)
    return out
