"""Which rows of a d10 table give each die result: one home for the coverage check that
the linter (L321, L322) and the editor's events and 3D tables both show.

A table is complete when each roll 0-9 is given by exactly one row (events table, 6.1)
or one column of a 3D actions matrix row (U, T+1, T; 7.3.1). A roll no row gives is
*uncovered*; a roll two rows give is *doubled* (the table would answer twice)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .scenario import EventTableRow, SupportRow

D10_ROLLS = tuple(range(10))


@dataclass(frozen=True)
class Coverage:
    """Every listing of a roll, in table order: (roll, row name, index in the row)."""

    listings: tuple[tuple[int, str, int], ...]

    @property
    def owners(self) -> list[list[tuple[str, int]]]:
        """`owners[roll]`: the rows giving that roll, in order, each as (row, index)."""
        out: list[list[tuple[str, int]]] = [[] for _ in D10_ROLLS]
        for roll, row, j in self.listings:
            out[roll].append((row, j))
        return out

    @property
    def uncovered(self) -> list[int]:
        return [roll for roll in D10_ROLLS if not self.owners[roll]]

    @property
    def doubled(self) -> list[int]:
        return [roll for roll in D10_ROLLS if len(self.owners[roll]) > 1]

    @property
    def complete(self) -> bool:
        return not self.uncovered and not self.doubled

    def extra(self) -> list[tuple[int, str, int, str]]:
        """Each listing of a roll after its first, in table order: (roll, row, index in
        the row, the row that gave the roll first)."""
        first: dict[int, str] = {}
        out = []
        for roll, row, j in self.listings:
            if roll in first:
                out.append((roll, row, j, first[roll]))
            first.setdefault(roll, row)
        return out


def coverage(rows: Sequence[tuple[str, Sequence[int]]]) -> Coverage:
    """Coverage of named rows of rolls, e.g. [("U", [0, 1]), ("T+1", [2, 3]), ...].
    Rolls outside 0-9 are ignored (the schema refuses them)."""
    return Coverage(
        tuple((roll, name, j) for name, rolls in rows for j, roll in enumerate(rolls) if roll in D10_ROLLS)
    )


def support_columns(row: SupportRow) -> list[tuple[str, list[int]]]:
    """A 3D actions matrix row's result columns, in printed order."""
    return [("U", row.unavailable), ("T+1", row.next_turn), ("T", row.this_turn)]


def support_coverage(row: SupportRow) -> Coverage:
    return coverage(support_columns(row))


def events_coverage(table: Sequence[EventTableRow]) -> Coverage:
    """Rows are named by their index ("0", "1", ...)."""
    return coverage([(str(k), row.roll) for k, row in enumerate(table)])


def rolls_text(rolls: Sequence[int]) -> str:
    """'3' or '0, 4, 5': rolls as a designer types them."""
    return ", ".join(str(r) for r in rolls)
