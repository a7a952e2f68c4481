"""Scenario authoring: the Scenario dock (Settings, Events & 3D, Victory pages) and the New
scenario dialog. Every edit is an undo command on the scenario document, addressed by JSON
pointer (editor/commands), one undo entry per edit."""
