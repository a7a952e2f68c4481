"""Where each value of a parsed file came from, by JSON pointer."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Positions:
    """1-based (line, col) of every value and mapping key, keyed by JSON pointer."""

    values: dict[str, tuple[int, int]] = field(default_factory=dict)
    keys: dict[str, tuple[int, int]] = field(default_factory=dict)

    def locate(self, pointer: str, *, key: bool = False) -> tuple[int, int]:
        """Position of `pointer`, or of its nearest ancestor that has one (a missing key
        is reported at the mapping that should hold it)."""
        if key and pointer in self.keys:
            return self.keys[pointer]
        p = pointer
        while True:
            if p in self.values:
                return self.values[p]
            if not p:
                return (1, 1)
            p = p.rsplit("/", 1)[0]
