"""Edits of a scenario document as undo commands: values checked by the model before they
are pushed, so a bad value is refused with the model's own message and never reaches the
file; a value equal to the one held pushes nothing (no empty undo entries)."""

from __future__ import annotations

from typing import Any

from engine.model.scenario import Scenario

from ..commands import AddObjects, ChangeValues, RemoveObjects, pointers
from ..commands.model_checks import checked
from ..document import Document


class ScenarioEdits:
    """Pushes commands on one scenario document's undo stack."""

    def __init__(self, document: Document):
        self.document = document

    @property
    def scenario(self) -> Scenario:
        model = self.document.model
        assert isinstance(model, Scenario)
        return model

    def get(self, pointer: str) -> Any:
        return pointers.get(self.scenario, pointer)

    def set_field(self, text: str, pointer: str, raw: Any) -> bool:
        """Set a model field (the pointer's last token names it) to `raw`, checked first.
        Raises Refused; False when nothing changed."""
        head, name = pointers.split(pointer)
        parent = pointers.get(self.scenario, head)
        value = checked(parent, name, raw)
        return self.change(text, [(pointer, value)])

    def change(self, text: str, changes: list[tuple[str, Any]]) -> bool:
        """Set several pointers in one undo entry (values already checked)."""
        out = [(p, pointers.get(self.scenario, p), v) for p, v in changes]
        out = [(p, old, new) for p, old, new in out if old != new]
        if not out:
            return False
        self.document.undo_stack.push(ChangeValues(self.document, text, out))
        return True

    def add(self, text: str, pointer: str, obj: Any) -> None:
        self.document.undo_stack.push(AddObjects(self.document, text, [(pointer, obj)]))

    def remove(self, text: str, targets: list[str]) -> None:
        if targets:
            self.document.undo_stack.push(RemoveObjects(self.document, text, targets))
