"""Edits of a scenario's orders of battle as undo commands on its document's stack.

Values are checked by the model before they are pushed (a refused value never reaches the
file, the model's own message says why); a value equal to the one held pushes nothing.
Moving a block is one undo entry made of a removal and an insertion.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from PySide6.QtGui import QUndoCommand

from engine.model.scenario import Block, ImpulseForce, Scenario

from ..commands import AddObjects, ChangeValues, RemoveObjects, pointers
from ..commands.model_checks import Refused, built, checked
from ..document import Document

SIDES = ("green", "red")


def force_pointer(side: str, f: int) -> str:
    return f"/sides/{side}/impulse_forces/{f}"


def block_pointer(side: str, f: int, b: int) -> str:
    return f"{force_pointer(side, f)}/blocks/{b}"


def row_pointer(side: str, f: int | None, b: int | None) -> str:
    """The pointer of the tree row that shows (side, force, block): the nearest of them."""
    if f is None:
        return f"/sides/{side}"
    return force_pointer(side, f) if b is None else block_pointer(side, f, b)


def parse(pointer: str) -> tuple[str, int | None, int | None] | None:
    """(side, force index, block index) of a pointer within an order of battle."""
    parts = pointer.strip("/").split("/")
    if len(parts) < 2 or parts[0] != "sides" or parts[1] not in SIDES:
        return None
    f = b = None
    if len(parts) >= 4 and parts[2] == "impulse_forces" and parts[3].isdigit():
        f = int(parts[3])
        if len(parts) >= 6 and parts[4] == "blocks" and parts[5].isdigit():
            b = int(parts[5])
    return parts[1], f, b


class Choice(ChangeValues):
    """Changes made by stepping through one combo box's items: one undo entry."""

    MERGE_ID = 1102


class MoveBlocks(QUndoCommand):
    """Blocks taken out of their lists and put in at other positions, as one command (no
    child commands: their Python side would not outlive Qt's ownership safely)."""

    def __init__(self, document: Document, text: str, sources: list[str], targets: list[str]):
        super().__init__(text)
        self.document = document
        model = document.model
        self.objs = [pointers.copy(pointers.get(model, p)) for p in sources]
        self.sources = sources
        self.targets = targets

    def _move(self, out: list[str], into: list[str]) -> None:
        model = self.document.model
        # taken out from the last, put in from the first: no index shifts under the next
        for pointer in sorted(out, key=_order, reverse=True):
            pointers.remove(model, pointer)
        for pointer, obj in sorted(zip(into, self.objs, strict=True), key=lambda po: _order(po[0])):
            pointers.insert(model, pointer, pointers.copy(obj))

    def redo(self) -> None:
        self._move(self.sources, self.targets)

    def undo(self) -> None:
        self._move(self.targets, self.sources)


def _order(pointer: str) -> tuple[tuple[int, Any], ...]:
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in pointer.split("/")[1:])


class OobEdits:
    """Pushes order-of-battle commands on one scenario document's undo stack."""

    def __init__(self, document: Document):
        self.document = document

    @property
    def scenario(self) -> Scenario:
        model = self.document.model
        assert isinstance(model, Scenario)
        return model

    def get(self, pointer: str) -> Any:
        return pointers.get(self.scenario, pointer)

    def block_ids(self) -> set[str]:
        return {b.id for s in SIDES for f in self._forces(s) for b in f.blocks}

    def force_ids(self) -> set[str]:
        return {f.id for s in SIDES for f in self._forces(s)}

    def _forces(self, side: str) -> list[ImpulseForce]:
        forces: list[ImpulseForce] = getattr(self.scenario.sides, side).impulse_forces
        return forces

    # -- values --------------------------------------------------------------------------
    def set_fields(
        self, text: str, changes: list[tuple[str, Any]], merge_key: Hashable | None = None
    ) -> bool:
        """Set model fields (each pointer's last token names one) in one undo entry, each
        value checked first; with `merge_key`, merged with the entry before it when that one
        has the same key. Raises Refused; False when nothing changed."""
        out = []
        for pointer, raw in changes:
            head, name = pointers.split(pointer)
            value = checked(pointers.get(self.scenario, head), name, raw, located=True)
            old = pointers.get(self.scenario, pointer)
            if old != value:
                out.append((pointer, old, value))
        if not out:
            return False
        if merge_key is None:
            self.document.undo_stack.push(ChangeValues(self.document, text, out))
        else:
            self.document.undo_stack.push(Choice(self.document, text, out, merge_key))
        return True

    # -- objects -------------------------------------------------------------------------
    def fresh_id(self, stem: str, taken: set[str]) -> str:
        n = 1
        while f"{stem}{n}" in taken:
            n += 1
        return f"{stem}{n}"

    def add_force(self, side: str) -> str:
        forces = self._forces(side)
        fid = self.fresh_id(f"{side[0]}-if", self.force_ids())
        pointer = force_pointer(side, len(forces))
        self.document.undo_stack.push(
            AddObjects(self.document, f"Add impulse force {fid}", [(pointer, ImpulseForce(id=fid))])
        )
        return pointer

    def add_block(self, side: str, f: int, card: str, block_type: str, at: int | None = None) -> str:
        force = self._forces(side)[f]
        bid = self.fresh_id(f"{force.id}-", self.block_ids())
        block = built(Block, {"id": bid, "card": card, "type": block_type})
        pointer = block_pointer(side, f, len(force.blocks) if at is None else at)
        self.document.undo_stack.push(AddObjects(self.document, f"Add block {bid}", [(pointer, block)]))
        return pointer

    def duplicate(self, targets: list[str]) -> list[str]:
        """Copies of blocks (after the last of their force) and forces (after the side's
        last force, their blocks renamed), with fresh ids; one undo entry."""
        blocks, forces = self.block_ids(), self.force_ids()
        added: list[tuple[str, Any]] = []
        extra: dict[tuple[str, int], int] = {}
        for pointer in targets:
            where = parse(pointer)
            if where is None or where[1] is None:
                continue
            side, f, b = where
            obj = pointers.copy(pointers.get(self.scenario, pointer))
            if b is None:
                assert isinstance(obj, ImpulseForce)
                obj.id = self.fresh_id(f"{obj.id}-", forces)
                forces.add(obj.id)
                renamed = {}
                for block in obj.blocks:
                    new = self.fresh_id(f"{block.id}-", blocks)
                    blocks.add(new)
                    renamed[block.id] = new
                    block.id = new
                    block.at = None
                for block in obj.blocks:
                    block.mounted_in = renamed.get(block.mounted_in or "", block.mounted_in)
                obj.platoon_leader = renamed.get(obj.platoon_leader or "", obj.platoon_leader)
                n = len(self._forces(side)) + extra.get((side, -1), 0)
                extra[(side, -1)] = extra.get((side, -1), 0) + 1
                added.append((force_pointer(side, n), obj))
            else:
                assert isinstance(obj, Block)
                obj.id = self.fresh_id(f"{obj.id}-", blocks)
                obj.at = None
                blocks.add(obj.id)
                n = len(self._forces(side)[f].blocks) + extra.get((side, f), 0)
                extra[(side, f)] = extra.get((side, f), 0) + 1
                added.append((block_pointer(side, f, n), obj))
        if added:
            n = len(added)
            self.document.undo_stack.push(
                AddObjects(self.document, f"Duplicate {n} item{'s' * (n != 1)}", added)
            )
        return [p for p, _o in added]

    def remove(self, targets: list[str]) -> None:
        """Remove blocks and forces; a side keeps at least one force (the model needs one)."""
        keep = []
        for side in SIDES:
            forces = [
                p for p in targets if (w := parse(p)) and w[0] == side and w[1] is not None and w[2] is None
            ]
            if forces and len(forces) >= len(self._forces(side)):
                raise Refused(f"the {side} side needs at least one impulse force")
        for pointer in targets:
            where = parse(pointer)
            if where is not None and where[1] is not None:
                keep.append(pointer)
        if keep:
            n = len(keep)
            self.document.undo_stack.push(
                RemoveObjects(self.document, f"Remove {n} item{'s' * (n != 1)}", keep)
            )

    def move_blocks(self, sources: list[str], side: str, f: int, row: int) -> list[str]:
        """Move blocks to force `f` of `side`, before its block `row` (as numbered before
        the move); one undo entry. Blocks keep their order. Returns their new pointers."""
        sources = sorted({p for p in sources if (w := parse(p)) and w[2] is not None}, key=_order)
        if not sources:
            return []
        # the target row, counted once the sources are out of the list
        before = sum(
            1 for p in sources if (w := parse(p)) and w[0] == side and w[1] == f and (w[2] or 0) < row
        )
        row -= before
        targets = [block_pointer(side, f, row + i) for i in range(len(sources))]
        if targets == sources:
            return sources
        n = len(sources)
        text = f"Move {n} block{'s' * (n != 1)}"
        self.document.undo_stack.push(MoveBlocks(self.document, text, sources, targets))
        return targets

    def references(self, old: str, new: str) -> list[tuple[str, Any]]:
        """Every field naming block `old`, as changes naming `new` (a rename keeps the order
        of battle and the victory conditions consistent in the same undo entry)."""
        out: list[tuple[str, Any]] = []
        s = self.scenario
        for side in SIDES:
            setup = getattr(s.sides, side)
            for name in ("commander", "command_post"):
                if getattr(setup, name) == old:
                    out.append((f"/sides/{side}/{name}", new))
            if setup.logistics is not None and setup.logistics.block == old:
                out.append((f"/sides/{side}/logistics/block", new))
            for f, force in enumerate(setup.impulse_forces):
                if force.platoon_leader == old:
                    out.append((f"{force_pointer(side, f)}/platoon_leader", new))
                for b, block in enumerate(force.blocks):
                    if block.mounted_in == old:
                        out.append((f"{block_pointer(side, f, b)}/mounted_in", new))
        for c, condition in enumerate(s.victory.conditions):
            blocks = getattr(condition, "blocks", None)
            if isinstance(blocks, list) and old in blocks:
                out.append((f"/victory/conditions/{c}/blocks", [new if x == old else x for x in blocks]))
        return out
