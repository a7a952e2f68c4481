"""What `uo query`'s two kinds of board share in reading a query: its batch line and its
id fields, with the error that says why a query cannot be answered."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class QueryError(Exception):
    """A query that cannot be answered: the message says why (a batch answers it as a line)."""


#: the example a batch line that is not a JSON object is shown (Urban Battle's names squares)
HEX_EXAMPLE = '{"query": "los", "from": "A0505", "to": "A0510"}'


def _parse_line(line: str, example: str = HEX_EXAMPLE) -> dict[str, Any]:
    from ..io.json_reader import read_json
    from ..io.problems import LoadError

    try:  # the bounded reader: deep nesting is a message, not a RecursionError
        data, _positions, problems = read_json(line, "stdin")
    except LoadError as exc:
        raise QueryError("; ".join(f"col {p.col}: {p.message}" for p in exc.problems)) from None
    if problems:
        raise QueryError("; ".join(p.message for p in problems))
    if not isinstance(data, dict):
        raise QueryError(f"a query is a JSON object, e.g. {example}")
    return data


def _text(query: Mapping[str, Any], key: str, what: str = "a location id") -> str:
    value = query[key]
    if not isinstance(value, str):
        raise QueryError(f"'{key}' must be {what} (a string), got {value!r}")
    return value


def _ids(query: Mapping[str, Any], key: str, what: str = "ids") -> frozenset[str]:
    value = query.get(key)
    if value is None:
        return frozenset()
    if isinstance(value, str):
        return frozenset(v.strip() for v in value.split(",") if v.strip())
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return frozenset(value)
    raise QueryError(f"'{key}' must be {what}: a comma-separated string or a list of strings")
