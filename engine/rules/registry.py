"""Which rule sets the studio has, by the name a scenario gives (`rules: urban-operations`).

Entries are import paths, not modules: naming a rule set costs nothing until it is used, so
`uo query` and `uo validate` never import a rules engine they do not need.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..model.rule_sets import DEFAULT, RULE_SETS
from .ruleset import RuleSet

__all__ = ["DEFAULT", "RULE_SETS", "UnknownRuleSet", "invariants_of", "rule_set"]


class UnknownRuleSet(KeyError):
    def __str__(self) -> str:
        return f"unknown rule set {self.args[0]!r}; the studio has: {', '.join(sorted(RULE_SETS))}"


def rule_set(name: str | None = None) -> RuleSet[Any, Any]:
    """The rule set called `name` (None: the default, Urban Operations)."""
    target = RULE_SETS.get(name or DEFAULT)
    if target is None:
        raise UnknownRuleSet(name)
    module, _, attribute = target.partition(":")
    value: RuleSet[Any, Any] = getattr(import_module(module), attribute)
    return value


def invariants_of(name: str | None = None) -> Callable[[Any], None]:
    """The rule set's invariant check (`uo play --check`): `check(play)` of the `invariants`
    module beside its rule set, raising AssertionError when the state breaks one."""
    target = RULE_SETS.get(name or DEFAULT)
    if target is None:
        raise UnknownRuleSet(name)
    package = target.partition(":")[0].rpartition(".")[0]
    check: Callable[[Any], None] = import_module(package + ".invariants").check
    return check
