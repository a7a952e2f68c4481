"""Characters no name or text of ours may hold, even written as escapes.

YAML refuses raw control characters, but `"\0"` or `"\x01"` in a quoted string, and JSON's
`\u0001`, make them; bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069)
reorder what is shown, so that a name the Outliner shows as "live" is "evil" (the trick
known as Trojan Source). Tabs and line breaks stay allowed: descriptions have several lines.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Any

from .problems import pointer_join

_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def describe(char: str) -> str:
    """U+202E (RIGHT-TO-LEFT OVERRIDE), U+0000 (a control character)."""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} ({name or 'a control character'})"


def _any_bad(data: Any) -> bool:
    """Whether some key or string holds a bad character: a walk without pointers, which
    cost more than the search (a sheet holds ~100,000 numbers and few strings)."""
    stack = [data]
    search = _BAD.search
    while stack:
        value = stack.pop()
        if type(value) is str:
            if search(value):
                return True
        elif type(value) is dict:
            if any(search(k) for k in value if type(k) is str):
                return True
            stack.extend(v for v in value.values() if type(v) in (str, dict, list))
        elif type(value) is list:
            stack.extend(v for v in value if type(v) in (str, dict, list))
    return False


def bad_characters(data: Any) -> Iterator[tuple[str, bool, str, int]]:
    """(pointer, is_key, character, index in the text) for every string key and value of
    `data` holding a character it must not; the first such character of each string."""
    if not _any_bad(data):
        return
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        pointer, value = stack.pop()
        if isinstance(value, str):
            m = _BAD.search(value)
            if m:
                yield pointer, False, m.group(), m.start()
        elif isinstance(value, dict):
            for key, item in value.items():
                child = pointer_join(pointer, key)
                if isinstance(key, str):
                    m = _BAD.search(key)
                    if m:
                        yield child, True, m.group(), m.start()
                stack.append((child, item))
        elif isinstance(value, list):
            stack.extend((pointer_join(pointer, i), item) for i, item in enumerate(value))
