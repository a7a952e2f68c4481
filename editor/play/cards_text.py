"""Event and support cards in words, for the play mode's Events and 3D panels (no Qt): what a
card's structured effect does, a 3D card's rings, a matrix row's d10 results and what each
costs (6.2.1, 7.3.1, 7.3.3.1)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.model.cards import (
    AffectedSides,
    EventCard,
    EventSide,
    EventTiming,
    ExtraMission,
    Initiative,
    OslChange,
    Reinforcement,
    Reveal,
    SupportCard,
    SupportKind,
    SupportPoints,
)
from engine.model.scenario import SupportRow


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if abs(n) == 1 else 's'}"


def timing_text(card: EventCard) -> str:
    if card.timing == EventTiming.immediate:
        return "red title: played at once when drawn (6.2.1)"
    return "black title: kept in hand, played at your turn decision (6.2.1)"


def effect_text(card: EventCard) -> str:
    """What the engine does when the card is played; a card without a structured effect is
    played for its text only."""
    e = card.effect
    if e is None:
        return "no structured effect: its text is for the players"
    if isinstance(e, OslChange):
        whose = "your" if e.side == EventSide.own else "enemy"
        change = f"gains {plural(e.amount, 'OSL')}" if e.amount > 0 else f"loses {plural(-e.amount, 'OSL')}"
        return f"{plural(e.blocks, f'{whose} block')} of your choice: each {change}"
    if isinstance(e, Reinforcement):
        return f"impulse force {e.force} may enter now instead of its entry turn"
    if isinstance(e, SupportPoints):
        sign = "+" if e.amount >= 0 else ""
        return f"{sign}{e.amount} support points in your logistics reserve (8.2.2)"
    if isinstance(e, ExtraMission):
        return f"+{plural(e.count, 'mission')} for 3D support {e.support} (7.3)"
    if isinstance(e, Initiative):
        return "you take the initiative this turn"
    if isinstance(e, Reveal):
        return f"reveal {plural(e.count, 'enemy block')} of your choice"
    return str(getattr(e, "kind", "effect")).replace("_", " ")


def rolls_text(rolls: Iterable[int]) -> str:
    """[2, 3, 4, 6] -> '2-4, 6'; none -> '-'."""
    values = sorted(set(rolls))
    if not values:
        return "-"
    runs: list[list[int]] = []
    for v in values:
        if runs and v == runs[-1][-1] + 1:
            runs[-1].append(v)
        else:
            runs.append([v])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def row_costs(row: SupportRow) -> list[str]:
    """The matrix row's three results and what each costs (7.3.3.1)."""
    return [
        f"U on {rolls_text(row.unavailable)}: unavailable, the request of the turn is used, no mission",
        f"T+1 on {rolls_text(row.next_turn)}: one mission spent, it falls in next turn's resolution "
        "sequence (cancel or adjust then, 7.3.3.2)",
        f"T on {rolls_text(row.this_turn)}: one mission spent, it falls now",
    ]


def rings_text(card: SupportCard) -> str:
    """'2 OSL on the target, 1 at 1 EP; soft targets, both sides' ..."""
    parts = []
    for ring in sorted(card.effect, key=lambda r: r.radius):
        if ring.osl <= 0:
            continue
        where = "on the target" if ring.radius == 0 else f"at {ring.radius} EP"
        parts.append(f"{ring.osl} OSL {where}")
    if card.kind == SupportKind.flare:
        parts.append(f"lights {card.area} EP round the target this turn")
    elif card.kind == SupportKind.smoke:
        parts.append("a Smoke counter on the target hex")
    if card.reveals or card.kind in (SupportKind.drone_recon, SupportKind.helicopter_recon):
        parts.append(f"reveals blocks within {card.area} EP outside buildings")
    text = ", ".join(parts) or "no weapons effect"
    if card.effect and any(r.osl for r in card.effect):
        who = "both sides" if card.sides == AffectedSides.both else "the enemy only"
        text += f"; {card.targets.value} targets, {who}; fortified locations 1 OSL less"
    return text
