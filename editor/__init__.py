"""UO Studio editor (PySide6)."""
