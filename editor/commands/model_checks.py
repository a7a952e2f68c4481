"""A value checked by the model before a command is pushed: a form or page that gets
`Refused` shows its message under the field and pushes nothing."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ValidationError


class Refused(ValueError):
    """A value the model does not accept; the message says why, in the model's words."""


def message(exc: ValidationError) -> str:
    first = exc.errors()[0]
    return str(first.get("msg", exc)).removeprefix("Value error, ")


def located_message(exc: ValidationError) -> str:
    """The message, after the field it concerns (`quality: Input should be ...`)."""
    where = ".".join(str(p) for p in exc.errors()[0].get("loc", ()))
    return f"{where}: {message(exc)}" if where else message(exc)


def checked(parent: BaseModel, name: str, raw: Any, *, located: bool = False) -> Any:
    """`raw` as field `name` of `parent` would hold it (enums, aliases, constraints);
    Refused if the model does not accept it (its message after the field's name when
    `located`)."""
    probe = parent.model_copy()
    try:
        type(parent).__pydantic_validator__.validate_assignment(probe, name, raw)
    except ValidationError as exc:
        raise Refused(located_message(exc) if located else message(exc)) from None
    return getattr(probe, name)


def built(cls: type[BaseModel], data: dict[str, Any]) -> BaseModel:
    """A new model object from `data`; Refused, naming the field, if the model refuses it."""
    try:
        return cls.model_validate(data)
    except ValidationError as exc:
        raise Refused(located_message(exc)) from None
