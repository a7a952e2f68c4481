"""Safe, bounded YAML reading that remembers where every value came from.

We do not use `yaml.safe_load`: it loses positions, silently accepts duplicate keys,
recurses (deep nesting can exhaust the C stack) and expands aliases without bound (alias
bombs). Instead we read the parser's event stream with the C safe loader and build plain
JSON-like data iteratively, with limits on depth and on the number of nodes produced.
"""

from __future__ import annotations

import re
from typing import Any, cast

import yaml

from .positions import Positions
from .problems import LoadError, Problem

try:  # the C loader is much faster; fall back only where libyaml is missing
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

MAX_DEPTH = 64
# A large real sheet holds ~50k values; refusing at 200k keeps hostile files under a second.
MAX_NODES = 200_000

_STD = "tag:yaml.org,2002:"
_ALLOWED_TAGS = {_STD + t for t in ("null", "bool", "int", "float", "str", "timestamp", "seq", "map")}
# YAML 1.1 reads 0512 as an octal number and 1:30 as sexagesimal; in our files such
# scalars are hex numbers and labels, so plain scalars like these stay strings.
_KEEP_AS_STRING = re.compile(r"^[-+]?(0[0-9_]+|[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?|.*_.*)$")


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


def _join(pointer: str, key: str) -> str:
    # JSON pointer escaping only when needed: this runs once per value
    if "~" in key or "/" in key:
        key = key.replace("~", "~0").replace("/", "~1")
    return f"{pointer}/{key}"


def read_yaml(text: str, file: str) -> tuple[Any, Positions, list[Problem]]:
    """Parse one YAML document. Returns (data, positions, recoverable problems);
    raises LoadError when the file cannot be used at all."""
    loader = _Loader(text)
    positions = Positions()
    values = positions.values
    keys = positions.keys
    problems: list[Problem] = []
    anchors: dict[str, tuple[Any, int]] = {}
    nodes = 0
    # Each frame: [container, pointer, pending_key, pending_key_mark, keys_seen, anchor]
    stack: list[list[Any]] = []
    root: Any = None
    have_root = False
    documents = 0
    allowed = {"!", *_ALLOWED_TAGS}

    def too_many(mark: Any) -> LoadError:
        return LoadError(
            [
                _problem(
                    file,
                    mark,
                    "P005",
                    f"file expands to more than {MAX_NODES} values (alias bomb or huge file)",
                )
            ]
        )

    def attach(value: Any, mark: Any) -> str:
        """Place a finished value in its parent; returns its pointer."""
        nonlocal root, have_root
        if not stack:
            root, have_root = value, True
            values[""] = (mark.line + 1, mark.column + 1)
            return ""
        frame = stack[-1]
        container = frame[0]
        if type(container) is list:
            child = f"{frame[1]}/{len(container)}"
            container.append(value)
        else:
            key = frame[2]
            frame[2] = None
            child = _join(frame[1], key)
            if key in container:
                problems.append(_problem(file, frame[3], "P007", f"duplicate key '{key}'", child))
            container[key] = value
        if child not in values:
            values[child] = (mark.line + 1, mark.column + 1)
        return child

    scalar_event = yaml.ScalarEvent
    start_events = {yaml.SequenceStartEvent: list, yaml.MappingStartEvent: dict}
    end_events = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    try:
        while loader.check_event():
            event = loader.get_event()
            kind = type(event)
            if kind is scalar_event:
                mark = event.start_mark
                if event.tag is not None and event.tag not in allowed:
                    raise LoadError(
                        [_problem(file, mark, "P002", f"tag '{event.tag}' is not allowed (safe YAML only)")]
                    )
                nodes += 1
                if nodes > MAX_NODES:
                    raise too_many(mark)
                if stack and stack[-1][2] is None and type(stack[-1][0]) is dict:
                    # a mapping key: always the source text (so 0512: stays '0512')
                    frame = stack[-1]
                    frame[2] = event.value
                    frame[3] = mark
                    if event.value == "<<" and not event.style:
                        frame[4] = True  # a merge key (`<<: *base`): merged when the mapping ends
                    keys[_join(frame[1], event.value)] = (mark.line + 1, mark.column + 1)
                    if event.anchor:
                        anchors[event.anchor] = (event.value, 1)
                    continue
                value = _construct_scalar(loader, event, file)
                if event.anchor:
                    anchors[event.anchor] = (value, 1)
                attach(value, mark)
            elif kind in start_events:
                mark = event.start_mark
                if event.tag is not None and event.tag not in allowed:
                    raise LoadError(
                        [_problem(file, mark, "P002", f"tag '{event.tag}' is not allowed (safe YAML only)")]
                    )
                if stack and stack[-1][2] is None and type(stack[-1][0]) is dict:
                    raise LoadError(
                        [_problem(file, mark, "P001", "mapping keys must be plain strings, not collections")]
                    )
                if len(stack) >= MAX_DEPTH:
                    raise LoadError([_problem(file, mark, "P004", f"nesting deeper than {MAX_DEPTH} levels")])
                nodes += 1
                if nodes > MAX_NODES:
                    raise too_many(mark)
                container: Any = start_events[kind]()
                ptr = attach(container, mark)
                stack.append([container, ptr, None, None, None, event.anchor])
            elif kind in end_events:
                frame = stack.pop()
                if frame[4]:
                    _merge(frame[0], frame[1], positions, file)
                if frame[5]:
                    anchors[frame[5]] = (frame[0], _size(frame[0]))
            elif kind is yaml.AliasEvent:
                mark = event.start_mark
                if event.anchor not in anchors:
                    raise LoadError([_problem(file, mark, "P001", f"unknown alias '*{event.anchor}'")])
                value, size = anchors[event.anchor]
                nodes += size
                if nodes > MAX_NODES:
                    raise too_many(mark)
                if stack and stack[-1][2] is None and type(stack[-1][0]) is dict:
                    if not isinstance(value, str):
                        raise LoadError([_problem(file, mark, "P001", "mapping keys must be plain strings")])
                    stack[-1][2] = value
                    stack[-1][3] = mark
                    continue
                attach(value, mark)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    raise LoadError(
                        [_problem(file, event.start_mark, "P001", "only one YAML document per file")]
                    )
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


def _merge(mapping: dict[str, Any], pointer: str, positions: Positions, file: str) -> None:
    """Apply a YAML merge key: `<<: *base` (or `<<: [*a, *b]`) adds the keys of those
    mappings that this one does not set itself; the first listed wins. The aliases were
    already counted against the node limit when they were read."""
    if "<<" not in mapping:
        return
    here = _join(pointer, "<<")
    merged = mapping.pop("<<")
    sources = merged if isinstance(merged, list) else [merged]
    line, col = positions.values.get(here, (0, 0))
    if not sources or not all(isinstance(m, dict) for m in sources):
        raise LoadError(
            [Problem(file, line, col, "P001", "a merge key `<<` takes a mapping or a list of mappings", here)]
        )
    for source in sources:
        for key, value in source.items():
            if key not in mapping:
                mapping[key] = value
                positions.values.setdefault(_join(pointer, key), (line, col))


_PLAIN_INT = re.compile(r"^[-+]?(0|[1-9][0-9]*)$")
# YAML 1.2 floats: a dot or an exponent (1e2 as well as 1.0e+2; YAML 1.1 wanted both)
_PLAIN_FLOAT = re.compile(r"^[-+]?(([0-9]+\.[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?|[0-9]+[eE][-+]?[0-9]+)$")
#: Python refuses to read integers longer than this (sys.int_info.str_digits_check_threshold
#: is 640, the default limit 4300): a longer one is refused, located, before int() sees it.
MAX_INT_DIGITS = 4300


def number_problem(file: str, line: int, col: int, text: str, pointer: str = "") -> Problem:
    """A number too long to be one: located, with the text shortened."""
    shown = text if len(text) <= 24 else f"{text[:10]}...{text[-6:]}"
    message = f"number {shown} has {len(text)} digits; at most {MAX_INT_DIGITS} are read"
    return Problem(file, line, col, "P001", message, pointer)


_PLAIN_WORDS: dict[str, Any] = {
    "": None,
    "~": None,
    "null": None,
    "Null": None,
    "NULL": None,
    "true": True,
    "True": True,
    "TRUE": True,
    "yes": True,
    "Yes": True,
    "YES": True,
    "on": True,
    "On": True,
    "ON": True,
    "false": False,
    "False": False,
    "FALSE": False,
    "no": False,
    "No": False,
    "NO": False,
    "off": False,
    "Off": False,
    "OFF": False,
}


def _construct_scalar(loader: Any, event: yaml.ScalarEvent, file: str) -> Any:
    if event.style:  # quoted or block scalars are strings unless explicitly tagged
        if event.tag is None or event.tag == "!" or event.tag == _STD + "str":
            return event.value
    elif event.tag is None:
        # fast path for the plain scalars our files are made of (same results as YAML 1.1
        # resolution, minus octal/sexagesimal: see _KEEP_AS_STRING)
        v = event.value
        if _PLAIN_INT.match(v):
            if len(v) > MAX_INT_DIGITS:
                mark = cast(Any, event.start_mark)
                raise LoadError([number_problem(file, mark.line + 1, mark.column + 1, v)])
            return int(v)
        if _PLAIN_FLOAT.match(v):
            return float(v)
        if v in _PLAIN_WORDS:
            return _PLAIN_WORDS[v]
    if event.tag in (None, "!"):
        tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
    else:
        tag = event.tag
    if event.tag is None and not event.style and tag != _STD + "str" and _KEEP_AS_STRING.match(event.value):
        return event.value
    if tag == _STD + "str" or tag == _STD + "timestamp":
        return event.value
    mark = cast(Any, event.start_mark)  # the C parser's Mark type is not yaml.error.Mark
    node = yaml.ScalarNode(tag, event.value, mark, mark, event.style)
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
        shown = event.value if len(event.value) <= 40 else f"{event.value[:20]}...{event.value[-10:]}"
        raise LoadError(
            [
                _problem(
                    file,
                    event.start_mark,
                    "P001",
                    f"'{shown}' is not a valid {tag.rsplit(':', 1)[-1]}"
                    + (f" ({len(event.value)} characters)" if len(event.value) > 40 else ""),
                )
            ]
        ) from None
    raise LoadError([_problem(file, event.start_mark, "P002", f"tag '{tag}' is not allowed on a scalar")])
