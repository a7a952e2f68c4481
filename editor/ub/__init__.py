"""Urban Battle in the editor: square boards (ub-board/1) drawn, painted and digitised,
missions (ub-mission/1) shown on their board with their set-up."""
