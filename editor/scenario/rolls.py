"""Die results as a designer types them: '0, 1', '2-6', '7 8 9'."""

from __future__ import annotations

import re

from ..commands.model_checks import Refused


def parse_rolls(text: str) -> list[int]:
    """The rolls named by `text`, in the order typed; Refused for anything but 0-9."""
    out: list[int] = []
    for token in re.split(r"[,\s]+", text.strip()):
        if not token:
            continue
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", token)
        if match is None:
            raise Refused(f"'{token}' is not a die result 0-9 (write e.g. 0, 1 or 2-6)")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) else low
        if not (0 <= low <= 9 and 0 <= high <= 9) or high < low:
            raise Refused(f"'{token}': a d10 gives 0 to 9")
        out += [r for r in range(low, high + 1)]
    return out


def rolls_label(rolls: list[int]) -> str:
    """Rolls as a table cell shows them: runs of three or more as a range ('2-6'), so a
    3D matrix row reads at a glance and fits its column; '0, 1', '7, 8, 9' -> '7-9'."""
    parts: list[str] = []
    run: list[int] = []
    for roll in [*rolls, None]:
        if run and (roll is None or roll != run[-1] + 1):
            parts += [f"{run[0]}-{run[-1]}"] if len(run) >= 3 else [str(r) for r in run]
            run = []
        if roll is not None:
            run.append(roll)
    return ", ".join(parts)
