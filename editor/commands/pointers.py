"""Reading and writing model values by JSON pointer (the address problems and the outliner
use too), so commands can name what they change without holding Python references that
an undo of an earlier command would invalidate."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from engine.io.problems import pointer_parts


class _Missing:
    """The value of a dict key that is absent (a terrain entry left at the default)."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


def _step(obj: Any, key: str) -> Any:
    if isinstance(obj, BaseModel):
        return getattr(obj, key)
    if isinstance(obj, list):
        return obj[int(key)]
    if isinstance(obj, dict):
        return obj.get(key, MISSING)
    raise KeyError(key)


def get(root: Any, pointer: str) -> Any:
    obj = root
    for key in pointer_parts(pointer):
        obj = _step(obj, key)
    return obj


def split(pointer: str) -> tuple[str, str]:
    """('/walls/3/points', 'points') -> parent pointer and last token."""
    parts = pointer_parts(pointer)
    if not parts:
        raise KeyError("the root has no parent")
    head = pointer.rsplit("/", 1)[0]
    return head, parts[-1]


def set_value(root: Any, pointer: str, value: Any) -> None:
    """Replace the value at `pointer`; MISSING deletes a dict key."""
    head, key = split(pointer)
    parent = get(root, head)
    if isinstance(parent, BaseModel):
        setattr(parent, key, value)
    elif isinstance(parent, list):
        parent[int(key)] = value
    elif value is MISSING:
        parent.pop(key, None)
    else:
        parent[key] = value


def insert(root: Any, pointer: str, value: Any) -> None:
    """Insert into a list at the index `pointer` ends with."""
    head, key = split(pointer)
    parent = get(root, head)
    parent.insert(int(key), value)


def remove(root: Any, pointer: str) -> Any:
    head, key = split(pointer)
    parent = get(root, head)
    return parent.pop(int(key))


def index_of(pointer: str) -> int:
    return int(pointer.rsplit("/", 1)[1])


def parent_of(pointer: str) -> str:
    return pointer.rsplit("/", 1)[0]


def is_within(pointer: str, ancestor: str) -> bool:
    """`/walls/2/apertures/0` is within `/walls/2` (and within itself)."""
    return pointer == ancestor or pointer.startswith(ancestor + "/")


def copy(value: Any) -> Any:
    """A deep copy, so the model and the undo history never share mutable values."""
    if isinstance(value, BaseModel):
        return value.model_copy(deep=True)
    if isinstance(value, list):
        return [copy(v) for v in value]
    if isinstance(value, dict):
        return {k: copy(v) for k, v in value.items()}
    return value
