"""Orders of battle: the OOB dock (a tree per side, the selected item's form, the strength
summary), its edits as undo commands, and setting blocks up on the map."""
