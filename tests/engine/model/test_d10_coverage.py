"""d10 coverage of events tables (6.1) and 3D actions matrix rows (7.3.1): one function the
linter and the editor share."""

from engine.model.d10_coverage import coverage, events_coverage, rolls_text, support_coverage
from engine.model.scenario import EventTableRow, SupportRow


def test_7_3_1_complete_support_row_covers_each_roll_once():
    row = SupportRow.model_validate(
        {"support": "s", "missions": 1, "U": [0, 1], "T+1": [2, 3, 4], "T": [5, 6, 7, 8, 9]}
    )
    cover = support_coverage(row)
    assert cover.complete and cover.uncovered == [] and cover.doubled == []


def test_7_3_1_support_row_with_gap_and_overlap():
    row = SupportRow.model_validate({"support": "s", "missions": 1, "U": [0, 1], "T+1": [1, 2], "T": [9]})
    cover = support_coverage(row)
    assert cover.uncovered == [3, 4, 5, 6, 7, 8]
    assert cover.doubled == [1]
    assert cover.extra() == [(1, "T+1", 0, "U")]
    assert cover.owners[1] == [("U", 1), ("T+1", 0)]


def test_6_1_events_table_rows_named_by_index():
    table = [
        EventTableRow(roll=[0, 1], outcome="a"),
        EventTableRow(roll=[1, 2, 3, 4, 5, 6, 7, 8], outcome="b"),
    ]
    cover = events_coverage(table)
    assert cover.uncovered == [9]
    assert cover.extra() == [(1, "1", 0, "0")]


def test_extra_listings_follow_table_order():
    cover = coverage([("a", [5, 0]), ("b", [0, 5]), ("c", [5])])
    assert cover.extra() == [(0, "b", 0, "a"), (5, "b", 1, "a"), (5, "c", 0, "a")]
    assert rolls_text([0, 4, 5]) == "0, 4, 5"
