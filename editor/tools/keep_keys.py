"""Letters typed on a widget that searches by them go to it, not to the tools' keys."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent


class KeepKeys(QObject):
    """Letters typed on a widget that searches by them (a combo box, a tree) go to it, not
    to the window's single-key tool shortcuts (T, B, R...), which would otherwise take
    them first. Install it as an event filter on such widgets."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.text().isprintable()
            and event.text()
            and not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        ):
            event.accept()
        return False
