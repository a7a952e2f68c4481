"""Firing (rulebook: Firing - Basic Mode, Absolute Mode, Realistic Mode): direction, line of
sight, distance, armour by facing, resulting firepower; parabolic range, trajectory and target
locating. Pure functions over squares; the play state calls them, the bots too."""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from ...model.ub_units import Armour, DirectFire, Mount, ParabolicFire
from .board import DIRECTIONS, Board, Square, between, distance, line

#: the purple die's faces (Firepower)
PURPLE = (1, 2, 2, 3, 3, 4)
_EPS = 1e-9


# --- geometry of the three modes ---------------------------------------------------------------


def crossed(a: Square, b: Square) -> list[Square]:
    """Realistic mode: the squares whose inside the ruler from `a`'s centre to `b`'s crosses
    (neither end); a ruler running exactly along a corner or an edge crosses neither square
    beside it (interpretation: the players agree it passes)."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    out = []
    for x in range(min(ax, bx), max(ax, bx) + 1):
        # only the rows the ruler spans within this column's strip (not the whole box)
        if dx == 0:
            ys = range(min(ay, by), max(ay, by) + 1)
        else:
            t1, t2 = sorted(((x - 0.5 - ax) / dx, (x + 0.5 - ax) / dx))
            y1, y2 = sorted((ay + dy * max(0.0, t1), ay + dy * min(1.0, t2)))
            ys = range(math.floor(y1 + 0.5), math.ceil(y2 - 0.5) + 1)
        for y in ys:
            if (x, y) in (a, b):
                continue
            lo, hi = 0.0, 1.0
            inside = True
            for p, d, c in ((ax, dx, x), (ay, dy, y)):
                if d == 0:
                    if not (c - 0.5 + _EPS < p < c + 0.5 - _EPS):
                        inside = False
                    continue
                t1, t2 = (c - 0.5 - p) / d, (c + 0.5 - p) / d
                lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
            if inside and hi - lo > _EPS:
                out.append((x, y))
    return out


def ruler_distance(a: Square, b: Square) -> int:
    """Realistic mode: the ruler's number above the target's centre, one unit a square side,
    read to the nearest mark (halves up)."""
    return int(math.hypot(b[0] - a[0], b[1] - a[1]) + 0.5)


def bearing(a: Square, b: Square) -> float:
    """Degrees clockwise from north (up the board) from `a` to `b`."""
    return math.degrees(math.atan2(b[0] - a[0], a[1] - b[1])) % 360


def off_axis(a: Square, b: Square, facing: int) -> float:
    """How far (0-180 degrees) the direction from `a` to `b` is from `facing`."""
    diff = abs(bearing(a, b) - facing * 45) % 360
    return min(diff, 360 - diff)


def path(a: Square, b: Square, realistic: bool) -> list[Square] | None:
    """The squares between shooter and target, or None when no shot runs between them (Basic
    and Absolute: only straight or diagonal lines)."""
    if realistic:
        return crossed(a, b)
    return None if line(a, b) is None else between(a, b)


def dist(a: Square, b: Square, realistic: bool) -> int:
    return ruler_distance(a, b) if realistic else distance(a, b)


def adjacent(a: Square, b: Square) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


# --- direction ---------------------------------------------------------------------------------


def in_arc(a: Square, b: Square, facing: int, realistic: bool) -> bool:
    """The three forward directions (Basic), or strictly within 45 degrees (Realistic: the
    exact 45-degree lines excluded) of `facing`."""
    if realistic:
        return off_axis(a, b, facing) < 45 - _EPS
    d = line(a, b)
    return d is not None and (d - facing) % 8 in (0, 1, 7)


def may_aim(
    a: Square,
    b: Square,
    *,
    mount: Mount,
    facing: int,
    realistic: bool,
    passage: bool,
    turret: int | None = None,
) -> bool:
    """Firing Direction: a turret fires all round, a hull-mounted weapon forward; in a narrow
    passage only straight along the passage where the gun points (interpretation of 'in front
    of the passage'). `turret` (the optional Rotating Turrets): the one direction the turret
    points, an arc in Realistic mode."""
    if passage:
        # 'The tank fires only in a single direction the turret is pointing at': a turret
        # turned backward before entering fires out of the rear mouth, never ahead of the
        # hull; the passage still forbids the diagonal, in every firing mode.
        return line(a, b) == (facing if turret is None else turret)
    if turret is not None:
        if realistic:
            return in_arc(a, b, turret, True)
        return line(a, b) == turret
    if mount is Mount.turret:
        return realistic or line(a, b) is not None
    return in_arc(a, b, facing, realistic)


# --- direct fire ---------------------------------------------------------------------------------


def armour_value(armour: Armour, target: Square, facing: int, shooter: Square) -> int:
    """Armor: front within 45 degrees of the target's front, rear within 45 degrees of its
    back, side otherwise; a shot exactly 45 degrees off the longitudinal axis hits the side."""
    angle = off_axis(target, shooter, facing)
    if angle < 45 - _EPS:
        return armour.front
    if angle > 135 + _EPS:
        return armour.rear
    return armour.side


def clear(squares: list[Square], board: Board, occupied: Collection[Square]) -> bool:
    """Line of Sight: only empty squares between (no building, no vehicle, wrecks included);
    low obstacles do not block."""
    return not any(board.blocks_sight(sq) or sq in occupied for sq in squares)


def direct_result(fire: DirectFire, red: int, purple: int | None, armour: int, d: int) -> bool:
    """Basic / Realistic firing procedure: RF = dice + fixed; destroyed if RF >= A + D, never
    when the red die shows 1."""
    if red == 1:
        return False
    return red + (purple or 0) + fire.fixed >= armour + d


def absolute_result(fire: DirectFire, armour: int, d: int) -> bool:
    """Absolute Mode: destroyed if the firepower is at least A + D."""
    return fire.absolute >= armour + d


def direct_chance(fire: DirectFire, armour: int, d: int) -> float:
    """The chance a direct shot destroys (Basic / Realistic), over the dice."""
    purples: tuple[int | None, ...] = PURPLE if fire.purple else (None,)
    wins = sum(direct_result(fire, r, p, armour, d) for r in range(1, 7) for p in purples)
    return wins / (6 * len(purples))


# --- parabolic fire ------------------------------------------------------------------------------


def trajectory_ok(
    board: Board, shooter: Square, target: Square, parabolic: ParabolicFire, realistic: bool, passage: bool
) -> bool:
    """Trajectory: over buildings, neither the weapon nor its target may be next to a building
    on the shell's path (mortars excepted); from or into a narrow passage, never diagonally."""
    squares = path(shooter, target, realistic)
    if squares is None:
        return False
    if passage:
        d = line(shooter, target)
        if d is None or d % 2 == 1:
            return False
    buildings = [sq for sq in squares if board.blocks_sight(sq)]
    if not buildings or parabolic.mortar:
        return True
    return not any(adjacent(sq, shooter) or adjacent(sq, target) for sq in buildings)


def locates(board: Board, spotter: Square, target: Square, realistic: bool) -> bool:
    """Target Locating: straight or diagonally (any direction with the ruler in Realistic
    mode), unlimited range, only buildings block; vehicles do not."""
    squares = path(spotter, target, realistic)
    return squares is not None and not any(board.blocks_sight(sq) for sq in squares)


def in_range(parabolic: ParabolicFire, d: int, absolute: bool) -> bool:
    if absolute:
        return parabolic.absolute_min <= d <= parabolic.absolute_max
    return parabolic.min_range <= d <= parabolic.max_range


def parabolic_result(parabolic: ParabolicFire, red: int, d: int) -> bool:
    """RF = red die x multiplier; destroyed if RF >= D (armour does not count)."""
    return red * parabolic.multiplier >= d


#: the spinner's eight squares (Missed Shot), in the order the roll 0-7 names them
SPINNER = DIRECTIONS

Roller = Callable[[int], int]
