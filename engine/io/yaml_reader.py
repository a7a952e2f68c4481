"""Safe, bounded YAML reading that remembers where every value came from.

We do not use `yaml.safe_load`: it loses positions, silently accepts duplicate keys,
recurses (deep nesting can exhaust the C stack) and expands aliases without bound (alias
bombs). Instead we read the parser's event stream with the C safe loader and build plain
JSON-like data iteratively, with limits on depth and on the number of nodes produced.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

from .positions import Positions
from .problems import LoadError, Problem, pointer_join

try:  # the C loader is much faster; fall back only where libyaml is missing
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

MAX_DEPTH = 64
MAX_NODES = 500_000

_STD = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_STD + t for t in ("null", "bool", "int", "float", "str", "timestamp", "seq", "map")}
# YAML 1.1 reads 0512 as an octal number and 1:30 as sexagesimal; in our files such
# scalars are hex numbers and labels, so plain scalars like these stay strings.
_KEEP_AS_STRING = re.compile(r"^[-+]?(0[0-9_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?|.*_.*)$")


class _Budget:
    def __init__(self) -> None:
        self.nodes = 0

    def spend(self, n: int, mark: Any, file: str) -> None:
        self.nodes += n
        if self.nodes > MAX_NODES:
            raise LoadError(
                [
                    _problem(
                        file,
                        mark,
                        "P005",
                        f"file expands to more than {MAX_NODES} values (alias bomb or huge file)",
                    )
                ]
            )


def _problem(file: str, mark: Any, code: str, message: str, pointer: str = "") -> Problem:
    line = mark.line + 1 if mark is not None else 0
    col = mark.column + 1 if mark is not None else 0
    return Problem(file, line, col, code, message, pointer)


def _size(value: Any) -> int:
    """Node count of an anchored value, computed once so aliases cost what they expand to."""
    stack = [value]
    n = 0
    while stack:
        v = stack.pop()
        n += 1
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
    return n


def read_yaml(text: str, file: str) -> tuple[Any, Positions, list[Problem]]:
    """Parse one YAML document. Returns (data, positions, recoverable problems);
    raises LoadError when the file cannot be used at all."""
    loader = _Loader(text)
    positions = Positions()
    problems: list[Problem] = []
    budget = _Budget()
    anchors: dict[str, tuple[Any, int]] = {}
    # Each frame: [container, pointer, pending_key, pending_key_mark, keys_seen]
    stack: list[list[Any]] = []
    root: Any = None
    have_root = False
    documents = 0

    def attach(value: Any, mark: Any) -> str:
        """Place a finished value in its parent; returns its pointer."""
        nonlocal root, have_root
        if not stack:
            root, have_root = value, True
            positions.values[""] = (mark.line + 1, mark.column + 1)
            return ""
        frame = stack[-1]
        container, ptr = frame[0], frame[1]
        if isinstance(container, list):
            child = pointer_join(ptr, len(container))
            container.append(value)
        else:
            key = frame[2]
            frame[2] = None
            child = pointer_join(ptr, key)
            if key in frame[4]:
                problems.append(_problem(file, frame[3], "P007", f"duplicate key '{key}'", child))
            frame[4].add(key)
            container[key] = value
        positions.values.setdefault(child, (mark.line + 1, mark.column + 1))
        return child

    def expecting_key() -> bool:
        return bool(stack) and isinstance(stack[-1][0], dict) and stack[-1][2] is None

    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    raise LoadError(
                        [_problem(file, event.start_mark, "P001", "only one YAML document per file")]
                    )
                continue
            if isinstance(event, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
                continue
            mark = event.start_mark
            tag = getattr(event, "tag", None)
            if tag is not None and tag not in ("!", *_ALLOWED_TAGS):
                raise LoadError([_problem(file, mark, "P002", f"tag '{tag}' is not allowed (safe YAML only)")])

            if isinstance(event, yaml.ScalarEvent):
                budget.spend(1, mark, file)
                if expecting_key():
                    frame = stack[-1]
                    frame[2] = event.value
                    frame[3] = mark
                    positions.keys[pointer_join(frame[1], event.value)] = (mark.line + 1, mark.column + 1)
                    if event.anchor:
                        anchors[event.anchor] = (event.value, 1)
                    continue
                value = _construct_scalar(loader, event, file)
                if event.anchor:
                    anchors[event.anchor] = (value, 1)
                attach(value, mark)
            elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                if expecting_key():
                    raise LoadError(
                        [_problem(file, mark, "P001", "mapping keys must be plain strings, not collections")]
                    )
                if len(stack) >= MAX_DEPTH:
                    raise LoadError(
                        [_problem(file, mark, "P004", f"nesting deeper than {MAX_DEPTH} levels")]
                    )
                budget.spend(1, mark, file)
                container: Any = [] if isinstance(event, yaml.SequenceStartEvent) else {}
                ptr = attach(container, mark)
                stack.append([container, ptr, None, None, set(), event.anchor])
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                frame = stack.pop()
                if frame[5]:
                    anchors[frame[5]] = (frame[0], _size(frame[0]))
            elif isinstance(event, yaml.AliasEvent):
                if event.anchor not in anchors:
                    raise LoadError([_problem(file, mark, "P001", f"unknown alias '*{event.anchor}'")])
                value, size = anchors[event.anchor]
                budget.spend(size, mark, file)
                if expecting_key():
                    if not isinstance(value, str):
                        raise LoadError([_problem(file, mark, "P001", "mapping keys must be plain strings")])
                    stack[-1][2] = value
                    stack[-1][3] = mark
                    continue
                attach(value, mark)
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        raise LoadError([_problem(file, m, "P001", f"YAML syntax: {exc.problem or exc.context}")]) from None
    except yaml.reader.ReaderError as exc:  # control characters: located by character offset
        line = text.count("\n", 0, exc.position) + 1
        col = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise LoadError(
            [Problem(file, line, col, "P003", f"character {exc.character!r} is not allowed in a YAML file")]
        ) from None
    except yaml.YAMLError as exc:
        raise LoadError([Problem(file, 1, 1, "P001", f"YAML: {exc}")]) from None
    if not have_root:
        raise LoadError([Problem(file, 1, 1, "P001", "the file is empty")])
    return root, positions, problems


def _construct_scalar(loader: Any, event: yaml.ScalarEvent, file: str) -> Any:
    if event.tag in (None, "!"):
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    else:
        tag = event.tag
    if event.tag is None and not event.style and tag != _STD + "str" and _KEEP_AS_STRING.match(event.value):
        return event.value
    if tag == _STD + "str" or tag == _STD + "timestamp":
        return event.value
    node = yaml.ScalarNode(tag, event.value, event.start_mark, event.end_mark, event.style)
    try:
        if tag == _STD + "null":
            return None
        if tag == _STD + "bool":
            return loader.construct_yaml_bool(node)
        if tag == _STD + "int":
            return loader.construct_yaml_int(node)
        if tag == _STD + "float":
            return loader.construct_yaml_float(node)
    except (ValueError, yaml.YAMLError):
        raise LoadError(
            [_problem(file, event.start_mark, "P001", f"'{event.value}' is not a valid {tag.rsplit(':', 1)[-1]}")]
        ) from None
    raise LoadError([_problem(file, event.start_mark, "P002", f"tag '{tag}' is not allowed on a scalar")])
