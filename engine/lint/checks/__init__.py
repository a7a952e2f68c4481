"""Semantic checks, one module per file format. Codes: L1xx sheets, L2xx cards, L3xx scenarios."""

from . import cards, scenario, sheet  # noqa: F401
