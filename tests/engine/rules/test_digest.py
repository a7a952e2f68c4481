"""The canonical JSON and digests of a play state (engine/rules/digest.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import pytest

from engine.rules.digest import canonical_state, digest_of, state_digest, state_parts


class Colour(StrEnum):
    green = "green"
    red = "red"


@dataclass
class Block:
    location: str | None
    losses: int = 0


@dataclass
class Toy:
    turn: int
    side: Colour
    blocks: dict[str, Block]
    wrecks: set[str] = field(default_factory=set)
    path: tuple[str, ...] = ()


def test_canonical_state_is_plain_json_in_a_fixed_order() -> None:
    state = Toy(2, Colour.red, {"b": Block("A0101", 1)}, {"Z9", "A1"}, ("x", "y"))
    assert canonical_state(state) == {
        "turn": 2,
        "side": "red",
        "blocks": {"b": {"location": "A0101", "losses": 1}},
        "wrecks": ["A1", "Z9"],
        "path": ["x", "y"],
    }


def test_equal_states_have_equal_digests_whatever_the_set_order() -> None:
    a = Toy(1, Colour.green, {"b": Block("A")}, {"w1", "w2", "w3"})
    b = Toy(1, Colour.green, {"b": Block("A")}, {"w3", "w2", "w1"})
    assert state_digest(a) == state_digest(b)
    b.blocks["b"].losses = 1
    assert state_digest(a) != state_digest(b)


def test_state_parts_name_the_block_that_differs() -> None:
    a = Toy(1, Colour.green, {"b1": Block("A"), "b2": Block("B")})
    b = Toy(1, Colour.green, {"b1": Block("A"), "b2": Block("C")})
    pa, pb = state_parts(a), state_parts(b)
    assert set(pa) == {"turn", "side", "wrecks", "path", "blocks.b1", "blocks.b2"}
    assert [k for k in pa if pa[k] != pb[k]] == ["blocks.b2"]


def test_digest_is_sha256_of_compact_sorted_json() -> None:
    # the empty object's sha256, a fixed point other tools can check against
    assert digest_of({}) == "44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"


def test_a_state_must_be_a_dataclass_or_dict() -> None:
    with pytest.raises(TypeError):
        canonical_state([1, 2])
