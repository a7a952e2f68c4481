"""Scan files are recognised from their headers, without Qt, and damaged ones are told apart
(issue 17.11). The images are written here, by Qt's own writers where the format needs one."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest

from engine.io.images import MAX_SCAN_SIDE, ImageInfo, ScanProblem, check_scan


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width: int, height: int) -> bytes:
    """A one-bit grey PNG of one colour (small even at 20,000 x 20,000)."""
    rows = (b"\x00" + b"\x00" * ((width + 7) // 8)) * height
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(rows, 9))
        + _chunk(b"IEND", b"")
    )


def _problem(path: Path | str) -> ScanProblem:
    with pytest.raises(ScanProblem) as info:
        check_scan(path)
    return info.value


def test_a_png_gives_its_size(tmp_path: Path) -> None:
    (tmp_path / "a.png").write_bytes(png(64, 48))
    assert check_scan(tmp_path / "a.png") == ImageInfo("PNG", 64, 48)


@pytest.mark.parametrize("fmt", ["png", "jpg", "bmp", "tiff", "webp"])
def test_qt_written_images_are_read_and_their_halves_refused(tmp_path: Path, fmt: str) -> None:
    qtgui = pytest.importorskip("PySide6.QtGui")
    image = qtgui.QImage(123, 45, qtgui.QImage.Format.Format_RGB32)
    image.fill(qtgui.QColor(200, 10, 10))
    path = tmp_path / f"scan.{fmt}"
    assert image.save(str(path))
    assert (check_scan(path).width, check_scan(path).height) == (123, 45)
    raw = path.read_bytes()
    cut = tmp_path / f"cut.{fmt}"
    cut.write_bytes(raw[: len(raw) // 2])
    problem = _problem(cut)
    assert problem.kind == "not-image" and "cut-short" in str(problem)


def test_17_11_a_missing_scan_a_folder_and_a_device_are_unreadable(tmp_path: Path) -> None:
    assert str(_problem(tmp_path / "nope.png")) == "no such file"
    assert "folder" in str(_problem(tmp_path))
    assert _problem("/dev/zero").kind == "unreadable"
    assert "character device" in str(_problem("/dev/zero"))


def test_17_11_a_fifo_scan_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "scan.png")
    assert "FIFO" in str(_problem(tmp_path / "scan.png"))


def test_17_11_text_and_random_bytes_are_not_images(tmp_path: Path) -> None:
    assert _problem("/etc/passwd").kind == "not-image"
    (tmp_path / "random.png").write_bytes(bytes(range(256)) * 8)
    assert _problem(tmp_path / "random.png").kind == "not-image"
    (tmp_path / "empty.png").write_bytes(b"")
    assert str(_problem(tmp_path / "empty.png")) == "an empty file"


def test_17_11_a_truncated_png_is_damaged(tmp_path: Path) -> None:
    data = png(300, 200)
    for cut in (len(data) - 12, len(data) - 30, 40, 20):
        (tmp_path / "cut.png").write_bytes(data[:cut])
        assert _problem(tmp_path / "cut.png").kind == "not-image", cut
    # a PNG header with a wrong checksum
    bad = bytearray(data)
    bad[20] ^= 0xFF
    (tmp_path / "bad.png").write_bytes(bytes(bad))
    assert "checksum" in str(_problem(tmp_path / "bad.png"))


def test_17_11_a_20000_pixel_png_is_too_large_to_decode(tmp_path: Path) -> None:
    (tmp_path / "big.png").write_bytes(png(20_000, 20_000))
    problem = _problem(tmp_path / "big.png")
    assert problem.kind == "too-large" and "20,000 × 20,000" in str(problem)
    (tmp_path / "edge.png").write_bytes(png(MAX_SCAN_SIDE, 8))
    assert check_scan(tmp_path / "edge.png").width == MAX_SCAN_SIDE
