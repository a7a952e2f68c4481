"""The canonical JSON of a play state and its sha256 digests: equal states, equal digests,
whichever rule set's state it is (plain dataclasses, enums, sets, dicts and lists).

A log records the final digest and the per-part digests, so a replay that ends elsewhere
can say where the two states differ (a field, or one block).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from typing import Any

#: metadata key of a dataclass field left out of the canonical JSON while it equals its
#: default: the state an optional rule adds (the advanced rules, 10-13) leaves the digests
#: of games that do not use it as they were
OMIT_DEFAULT = "digest_omit_default"


def _omitted(value: Any, f: dataclasses.Field[Any]) -> bool:
    if not f.metadata.get(OMIT_DEFAULT):
        return False
    if f.default_factory is not dataclasses.MISSING:
        return bool(getattr(value, f.name) == f.default_factory())
    return bool(getattr(value, f.name) == f.default)


def _canonical(value: Any) -> Any:
    """Plain JSON values in a fixed order: sets sorted, enums by value."""
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if isinstance(value, dict):
        return {str(_canonical(k)): _canonical(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        items = [_canonical(v) for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = [f for f in dataclasses.fields(value) if not _omitted(value, f)]
        return {f.name: _canonical(getattr(value, f.name)) for f in fields}
    return value


def canonical_state(state: Any) -> dict[str, Any]:
    """The state as plain JSON values in a fixed order (a dataclass: a dict of its fields)."""
    out = _canonical(state)
    if not isinstance(out, dict):
        raise TypeError(f"a state is a dataclass or a dict, got {type(state).__name__}")
    return out


def digest_of(value: Any) -> str:
    """sha256 of a JSON value written canonically (sorted keys, no spaces, ASCII)."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def state_digest(state: Any) -> str:
    """sha256 of the state's canonical JSON: equal states, equal digests."""
    return digest_of(canonical_state(state))


def state_parts(state: Any) -> dict[str, str]:
    """Digests of the state's parts (each field, each block), to say where two final states
    differ."""
    data = canonical_state(state)
    parts = {key: digest_of(value) for key, value in data.items() if key != "blocks"}
    parts.update({f"blocks.{bid}": digest_of(value) for bid, value in data.get("blocks", {}).items()})
    return parts
