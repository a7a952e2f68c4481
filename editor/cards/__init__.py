"""The card library editor: unit, support and event cards, each edit an undo command."""
