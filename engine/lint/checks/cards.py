"""Checks of card libraries (L2xx)."""
