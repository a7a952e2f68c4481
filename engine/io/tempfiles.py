"""Temporary files left behind by a killed save.

The atomic writer (files.write_bytes_atomic) writes `.<name>.<8 random>.tmp` beside the
file and renames it over the file. A save killed between the two leaves the temporary file
for ever; the next save of the same file removes such leftovers. A temporary file younger
than STALE_SECONDS is left alone: it may be another editor's save under way, and removing
it would make that save fail.
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path

#: A save writes, syncs and renames within seconds; an older temporary file is a leftover.
STALE_SECONDS = 60.0
#: mkstemp's random part: 8 characters of this set
_RANDOM = "[a-z0-9_]{8}"


def stray_temps(path: Path | str) -> list[Path]:
    """The atomic writer's temporary files for `path` found beside it (any age)."""
    path = Path(path)
    pattern = re.compile(r"^\." + re.escape(path.name) + r"\." + _RANDOM + r"\.tmp$")
    try:
        names = os.listdir(path.parent or ".")
    except OSError:
        return []
    return sorted(path.parent / name for name in names if pattern.match(name))


def remove_stray_temps(
    path: Path | str, stale_seconds: float = STALE_SECONDS, now: float | None = None
) -> list[Path]:
    """Remove the leftovers of killed saves of `path` (temporary files older than
    `stale_seconds`); return those removed. Never raises: cleaning up is a courtesy."""
    now = time.time() if now is None else now
    removed = []
    for temp in stray_temps(path):
        with contextlib.suppress(OSError):
            st = temp.lstat()
            if now - st.st_mtime >= stale_seconds and os.path.isfile(temp) and not temp.is_symlink():
                temp.unlink()
                removed.append(temp)
    return removed
