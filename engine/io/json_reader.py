"""Bounded JSON reading that remembers where every value came from.

An iterative parser (no recursion, so deep nesting cannot exhaust the stack) that records
the line and column of every value and key and reports duplicate keys, which the
standard `json` module silently merges.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .positions import Positions
from .problems import LoadError, Problem, pointer_join
from .yaml_reader import MAX_DEPTH, MAX_INT_DIGITS, MAX_NODES, number_problem

_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
_SURROGATE = re.compile("[\ud800-\udfff]")
_LITERALS = {"true": True, "false": False, "null": None}


class _Reader:
    def __init__(self, text: str, file: str):
        self.text = text
        self.file = file
        self.pos = 0
        # offsets of line starts, to turn an offset into line:col
        self.line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(self, offset: int) -> tuple[int, int]:
        lo, hi = 0, len(self.line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.line_starts[mid] <= offset:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1, offset - self.line_starts[lo] + 1

    def fail(self, message: str, offset: int | None = None, code: str = "P001") -> LoadError:
        line, col = self.where(self.pos if offset is None else offset)
        return LoadError(
            [Problem(self.file, line, col, code, f"JSON syntax: {message}" if code == "P001" else message)]
        )

    def skip(self) -> None:
        self.pos = _WS.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def string(self) -> str:
        try:
            value, end = json.decoder.scanstring(self.text, self.pos + 1, True)  # type: ignore[attr-defined]
        except json.JSONDecodeError as exc:
            raise self.fail(exc.msg, exc.pos) from None
        if _SURROGATE.search(value):  # "\ud800" alone: valid JSON, but no UTF-8 file can hold it
            raise self.fail("a lone surrogate (\\ud800-\\udfff) is not text: it cannot be saved", self.pos)
        self.pos = end
        return value

    def scalar(self) -> Any:
        c = self.peek()
        if c == '"':
            return self.string()
        m = _NUMBER.match(self.text, self.pos)
        if m and m.end() > self.pos:
            digits = m.group()
            if not (m.group(1) or m.group(2)) and len(digits) > MAX_INT_DIGITS:
                line, col = self.where(self.pos)
                raise LoadError([number_problem(self.file, line, col, digits)])
            self.pos = m.end()
            return float(digits) if (m.group(1) or m.group(2)) else int(digits)
        for word, value in _LITERALS.items():
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return value
        raise self.fail(f"unexpected {c!r}" if c else "unexpected end of file")


def read_json(text: str, file: str) -> tuple[Any, Positions, list[Problem]]:
    r = _Reader(text, file)
    positions = Positions()
    problems: list[Problem] = []
    nodes = 0
    # frame: [container, pointer, keys_seen]
    stack: list[list[Any]] = []
    root: Any = None
    r.skip()
    if not r.peek():
        raise LoadError([Problem(file, 1, 1, "P001", "the file is empty")])

    def read_value(pointer: str) -> tuple[Any, bool]:
        """Read a value at r.pos; returns (value, opened) where opened means a container
        was pushed and must be filled."""
        nonlocal nodes
        nodes += 1
        if nodes > MAX_NODES:
            raise r.fail(f"file holds more than {MAX_NODES} values", code="P005")
        positions.values[pointer] = r.where(r.pos)
        c = r.peek()
        if c in "[{":
            if len(stack) >= MAX_DEPTH:
                raise r.fail(f"nesting deeper than {MAX_DEPTH} levels", code="P004")
            r.pos += 1
            container: Any = [] if c == "[" else {}
            stack.append([container, pointer, set()])
            return container, True
        return r.scalar(), False

    root, _opened = read_value("")
    while stack:
        container, ptr, seen = stack[-1]
        r.skip()
        closer = "]" if isinstance(container, list) else "}"
        if r.peek() == closer:
            r.pos += 1
            stack.pop()
            continue
        if container or (isinstance(container, dict) and seen):
            if r.peek() != ",":
                raise r.fail(f"expected ',' or '{closer}'")
            r.pos += 1
            r.skip()
        if isinstance(container, list):
            child = pointer_join(ptr, len(container))
            value, _ = read_value(child)
            container.append(value)
        else:
            if r.peek() != '"':
                raise r.fail("expected a string key")
            key_at = r.where(r.pos)
            key = r.string()
            child = pointer_join(ptr, key)
            if key in seen:
                problems.append(Problem(file, key_at[0], key_at[1], "P007", f"duplicate key '{key}'", child))
            seen.add(key)
            positions.keys[child] = key_at
            r.skip()
            if r.peek() != ":":
                raise r.fail("expected ':'")
            r.pos += 1
            r.skip()
            value, _ = read_value(child)
            container[key] = value
    r.skip()
    if r.pos != len(r.text):
        raise r.fail("extra data after the end of the document")
    return root, positions, problems
