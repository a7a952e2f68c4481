"""Checks of scenarios (L3xx); L301/L302 are bad file references (see context.py)."""
