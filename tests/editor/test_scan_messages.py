"""Issue 17.11, editor part: a sheet whose scan cannot be shown says why (missing, a folder,
a device or FIFO, not an image, damaged, too large) and keeps saying it while the sheet is
shown, instead of a passing message replaced at once by "Opened ..."."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from .conftest import DATA


def png_header_only(width: int, height: int) -> bytes:
    """A PNG that states its size and holds one empty row of pixels: enough to ask for its
    size (libpng reads the header up to the first IDAT chunk)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    pixels = chunk(b"IDAT", zlib.compress(b"\0"))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + pixels + chunk(b"IEND", b"")


def sheet_with_scan(tmp_path: Path, image: str) -> Path:
    text = (DATA / "town.yaml").read_text(encoding="utf-8")
    path = tmp_path / "scanned.yaml"
    path.write_text(text + f"background:\n  image: {image!r}\n", encoding="utf-8")
    return path


def make_png(path: Path) -> None:
    image = QImage(64, 64, QImage.Format.Format_RGB32)
    image.fill(0xFF8040)
    assert image.save(str(path))


def scan_cases(tmp_path: Path) -> dict[str, tuple[str, str]]:
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "notes.png").write_text("these are notes, not pixels\n" * 10)
    make_png(tmp_path / "whole.png")
    data = (tmp_path / "whole.png").read_bytes()
    (tmp_path / "truncated.png").write_bytes(data[: len(data) // 2])
    (tmp_path / "huge.png").write_bytes(png_header_only(20_000, 20_000))
    cases = {
        "missing": ("nope.png", "no such file"),
        "folder": ("folder.png", "a folder, not an image file"),
        "device": ("/dev/zero", "not a regular file"),
        "not an image": ("notes.png", "not an image the editor can read"),
        "truncated": ("truncated.png", "damaged or truncated image"),
        "too large": ("huge.png", "20,000 × 20,000 pixels, too large to decode"),
    }
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.png")
        cases["fifo"] = ("pipe.png", "not a regular file")
    return cases


@pytest.mark.parametrize(
    "case", ["missing", "folder", "device", "fifo", "not an image", "truncated", "too large"]
)
def test_17_11_a_broken_scan_says_why_and_stays_said(window, qtbot, tmp_path, case):
    cases = scan_cases(tmp_path)
    if case not in cases:
        pytest.skip("no FIFOs here")
    image, cause = cases[case]
    path = sheet_with_scan(tmp_path, image)
    assert window.open_file(path)
    warning = window.scan_warning
    assert warning.isVisible()
    assert warning.text() == f"Scan not loaded: {Path(image).name}: {cause}" or (
        warning.text().startswith(f"Scan not loaded: {Path(image).name}: {cause}")
    )
    assert cause in window.statusBar().currentMessage()  # the "Opened ..." message says it too
    # an edit redraws the sheet: the warning stays
    window.document.undo_stack.push(_title_change(window))
    assert warning.isVisible() and cause in warning.text()


def test_17_11_a_good_scan_shows_no_warning(window, qtbot, tmp_path):
    make_png(tmp_path / "whole.png")
    assert window.open_file(sheet_with_scan(tmp_path, "whole.png"))
    assert window.scene.background_error == ""
    assert not window.scan_warning.isVisible()
    # opening a sheet with a broken scan after it, then one without a scan, clears it again
    assert window.open_file(sheet_with_scan(tmp_path, "nope.png"))
    assert window.scan_warning.isVisible()
    assert window.open_file(DATA / "town.yaml")
    assert not window.scan_warning.isVisible()


def _title_change(window):
    from editor.commands import SetProperty

    doc = window.document
    return SetProperty(doc, "Change title", [("/title", doc.model.title, "Edited")])
