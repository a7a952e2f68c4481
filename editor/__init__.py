"""UO Studio editor (PySide6): document + undo stack, canvas, tools, panels."""
