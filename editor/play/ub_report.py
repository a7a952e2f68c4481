"""The Urban Battle game report: one line per log entry, in the rulebook's words, with every
die the entry records (the log's `rolls`) and what came of it.

A line is written from the log entry and the decider's observations just before and just
after it (the pieces where they stood, and which were destroyed), with the unit charts of the
game: a shot reads "red 5 + purple 3 + 5 = 13 vs armour side 4 + distance 6 = 10: destroyed".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.model.square_board import parse_square
from engine.model.ub_mission import FiringMode
from engine.rules.ub import fire as F
from engine.rules.ub.board import COMPASS
from engine.rules.ub.play import SPEED_DIE

from .ub_offers import armour_face, compass


@dataclass(frozen=True)
class UbLine:
    text: str
    pieces: tuple[str, ...]  # the vehicles the entry names (marked when it is hovered)
    shot: tuple[str, str] | None = None  # a shot's shooter and target squares, before it
    result: str = ""  # a shot's result in a word or two, shown on the board by its line


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n) if n < 0 else "blank"


def report_line(
    index: int, entry: Mapping[str, Any], side: Any, before: Any, after: Any, game: Any
) -> UbLine:
    """Entry `index` of the log, played by `side`; `before` and `after` are observations."""
    pieces = {p.id: p for p in before.pieces}
    later = {p.id: p for p in after.pieces}
    rolls = list(entry.get("rolls", []))
    head = f"{index + 1}. R{before.round} {side.value.capitalize()}: "
    name = entry.get("action")
    if name == "Step":
        unit = entry["unit"]
        p, q = pieces[unit], later[unit]
        step = entry["step"]
        if step in ("left", "right"):
            what = f"turns {step}, now facing {q.facing}" if q.facing != p.facing else f"cannot turn {step}"
        elif q.square != p.square:
            what = f"{'moves forward' if step == 'forward' else 'reverses'} {p.square} → {q.square}"
        else:
            what = f"cannot {step}"
        return UbLine(f"{head}{unit} {what}", (unit,))
    if name == "SpeedRoll" and rolls:  # Random Speed: the die rolled before the vehicle moves
        unit = entry["unit"]
        base = game.types[pieces[unit].type].speed
        change = SPEED_DIE[rolls[0] - 1]
        return UbLine(
            f"{head}{unit} rolls its speed die: {_signed(change)}, speed {max(1, base + change)}", (unit,)
        )
    if name == "Fire":
        return _fire(head, entry, rolls, pieces, later, game)
    if name == "Turret":
        turn = int(entry["turn"])
        way = "right" if turn > 0 else "left"
        return UbLine(f"{head}{entry['unit']} turns its turret {abs(turn) * 45}° {way}", (entry["unit"],))
    if name == "Repair":
        return UbLine(
            f"{head}{entry['unit']} repairs {entry['wreck']} (it moves again next round)",
            (entry["unit"], entry["wreck"]),
        )
    text = f"{head}ends its turn"
    if after.round != before.round:
        text += f"; round {after.round} begins"
    return UbLine(text, ())


def _fire(
    head: str,
    entry: Mapping[str, Any],
    rolls: list[int],
    pieces: dict[str, Any],
    later: dict[str, Any],
    game: Any,
) -> UbLine:
    unit, target = entry["unit"], entry["target"]
    s, t = pieces[unit], pieces[target]
    a, b = parse_square(s.square), parse_square(t.square)
    mode = game.mission.firing_mode
    d = F.dist(a, b, mode is FiringMode.realistic)
    kind = game.types[s.type]
    hit = later[target].destroyed
    words = (
        f"{unit} ({s.square}) fires {entry.get('kind', 'direct')} at {target} ({t.square}), distance {d}: "
    )
    if entry.get("kind", "direct") == "direct":
        fire = kind.direct
        armour = F.armour_value(game.types[t.type].armour, b, compass(t.facing), a)
        face = armour_face(b, compass(t.facing), a)
        need = f"armour {face} {armour} + distance {d} = {armour + d}"
        if mode is FiringMode.absolute:
            detail = f"firepower {fire.absolute} vs {need}"
        elif rolls and rolls[0] == 1:
            detail = "red die 1: no effect"
        else:
            red = rolls[0]
            parts = [f"red {red}"]
            total = red
            if fire.purple and len(rolls) > 1:
                purple = F.PURPLE[rolls[1] - 1]
                parts.append(f"purple {purple}")
                total += purple
            if fire.fixed:
                parts.append(str(fire.fixed))
                total += fire.fixed
            detail = f"{' + '.join(parts)} = {total} vs {need}"
    else:
        par = kind.parabolic
        if mode is FiringMode.absolute:
            detail = "in range and located: certain"
        else:
            detail = f"red {rolls[0]} × {par.multiplier} = {rolls[0] * par.multiplier} vs distance {d}"
    text = f"{head}{words}{detail}: {'DESTROYED' if hit else 'missed'}"
    named = [unit, target]
    if not hit and len(rolls) > 1 and entry.get("kind") == "parabolic":
        # Missed Shot: the spinner names a square round the target
        dx, dy = F.SPINNER[rolls[-1]]
        sq = (b[0] + dx, b[1] + dy)
        struck = next(
            (
                p.id
                for p in later.values()
                if parse_square(p.square) == sq and p.destroyed and not pieces[p.id].destroyed
            ),
            None,
        )
        where = f"spinner {COMPASS[rolls[-1]]}"
        text += f"; {where}: {struck} destroyed" if struck else f"; {where}: no vehicle hit"
        if struck:
            named.append(struck)
    result = "DESTROYED" if hit else "missed"
    if len(named) > 2:
        result += f", {named[2]} destroyed"
    return UbLine(text, tuple(named), (s.square, t.square), result)


__all__ = ["UbLine", "report_line"]
