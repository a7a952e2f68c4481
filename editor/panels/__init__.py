"""Dock panels around the canvas: outliner, validation, cards, sheet selector."""
