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
