"""The game report's view: entries appended as paragraphs, found by row for hovering and
double-clicking, with real mouse events."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from editor.play.report_view import ReportView

LONG = "Green fires mg at A1234  [8.2.7]  — dice: firer's d10 3 → critical hits (soft) 0-6: no critical hit"


def test_entries_wrap_and_are_found_by_row(qtbot):
    view = ReportView()
    qtbot.addWidget(view)
    view.resize(260, 400)
    view.show()
    qtbot.waitExposed(view)
    for i in range(3):
        view.add(f"{i + 1:>4}  {LONG}")
    assert view.count() == 3 and view.text(1).startswith("   2  Green fires")
    rects = [view.entry_rect(i) for i in range(3)]
    assert rects[0].height() > view.fontMetrics().height()  # wrapped onto several lines
    assert rects[0].bottom() < rects[1].top() + 1 and rects[1].bottom() < rects[2].top() + 1
    assert [view.row_at(r.center()) for r in rects] == [0, 1, 2]
    assert view.row_at(QPoint(5, rects[2].bottom() + 20)) == -1  # below the last entry
    with qtbot.waitSignal(view.hovered) as hovered:
        qtbot.mouseMove(view.viewport(), rects[1].center())
    assert hovered.args == [1]
    with qtbot.waitSignal(view.activated) as activated:
        qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rects[2].center())
    assert activated.args == [2]
    view.clear()
    assert view.count() == 0 and view.row_at(rects[0].center()) == -1
