"""Semantic checks, one module per file format. Codes: L1xx sheets, L2xx cards, L3xx scenarios,
L4xx rule tables."""

from . import cards, rule_tables, scenario, sheet  # noqa: F401
