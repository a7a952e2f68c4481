"""What a scan file is, read from its header without decoding it (and without Qt).

Validation must say that a sheet's scan is missing, a folder, a device, not an image, cut
short or too large for the editor to decode, before the editor tries. Each format's header
gives the pixel size; its structure (PNG chunks up to IEND, JPEG markers up to EOI, GIF's
trailer, BMP's and TIFF's stated sizes and offsets) tells a complete file from a cut one.
"""

from __future__ import annotations

import os
import stat
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from .reading import kind_of, os_reason

#: Larger files are refused before reading (no printed sheet's scan comes near).
MAX_SCAN_BYTES = 512 * 2**20
#: Pixels a side: Qt refuses larger images, and so do most viewers.
MAX_SCAN_SIDE = 16_384
#: Decoded size: Qt 6's image allocation limit (QImageReader.allocationLimit(), 256 MB at
#: 4 bytes a pixel); a larger scan cannot be shown by the editor.
MAX_SCAN_DECODED_BYTES = 256 * 2**20


@dataclass(frozen=True)
class ImageInfo:
    format: str  # PNG, JPEG, GIF, BMP, TIFF, WebP
    width: int
    height: int


class ScanProblem(Exception):
    """Why a path is not a usable scan. `kind`: 'unreadable' (missing, a folder, a device,
    not permitted), 'not-image' (not an image, damaged, cut short) or 'too-large'."""

    def __init__(self, kind: str, message: str):
        self.kind = kind
        super().__init__(message)


def check_scan(path: Path | str) -> ImageInfo:
    """The scan's format and size if the editor can show it; ScanProblem saying why not.
    Reads headers only (a few kB), never a FIFO or a device: safe to call on the GUI thread
    before handing the file to QImageReader."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ScanProblem("unreadable", os_reason(exc)) from None
    except ValueError as exc:
        raise ScanProblem("unreadable", str(exc)) from None
    if not stat.S_ISREG(st.st_mode):
        raise ScanProblem("unreadable", f"it is {kind_of(st.st_mode)}, not an image file")
    if st.st_size > MAX_SCAN_BYTES:
        raise ScanProblem(
            "too-large", f"{st.st_size:,} bytes, more than a scan may have ({MAX_SCAN_BYTES:,})"
        )
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ScanProblem("unreadable", os_reason(exc)) from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # swapped since the first look
            raise ScanProblem("unreadable", "not a regular file")
        try:
            info = _read_info(f, os.fstat(f.fileno()).st_size)
        except (OSError, struct.error, ValueError) as exc:
            raise ScanProblem("not-image", f"damaged image ({exc})") from None
    if info.width <= 0 or info.height <= 0:
        raise ScanProblem("not-image", f"damaged {info.format}: it says {info.width} × {info.height} pixels")
    if max(info.width, info.height) > MAX_SCAN_SIDE or info.width * info.height * 4 > MAX_SCAN_DECODED_BYTES:
        raise ScanProblem(
            "too-large",
            f"{info.width:,} × {info.height:,} pixels: more than the editor can decode (at most"
            f" {MAX_SCAN_SIDE:,} a side and {MAX_SCAN_DECODED_BYTES // 2**20} MB decoded); scan it at a lower"
            " resolution",
        )
    return info


def _read_info(f: BinaryIO, size: int) -> ImageInfo:
    head = f.read(32)
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return _png(f, size)
    if head.startswith(b"\xff\xd8\xff"):
        return _jpeg(f, size)
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return _gif(f, head, size)
    if head.startswith(b"BM"):
        return _bmp(head, size)
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return _tiff(f, head, size)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return _webp(head, size)
    if not head:
        raise ScanProblem("not-image", "an empty file")
    raise ScanProblem("not-image", "not an image (PNG, JPEG, TIFF, BMP, GIF or WebP) by its first bytes")


def _cut(fmt: str, what: str) -> ScanProblem:
    return ScanProblem("not-image", f"damaged or cut-short {fmt}: {what}")


def _png(f: BinaryIO, size: int) -> ImageInfo:
    """Walk the chunks: IHDR first (with its CRC), then lengths that stay in the file, up to IEND."""
    pos = 8
    width = height = -1
    seen_data = False
    while True:
        f.seek(pos)
        header = f.read(8)
        if len(header) < 8:
            raise _cut("PNG", "it ends before its IEND chunk")
        length, ctype = struct.unpack(">I4s", header)
        if not ctype.isalpha():
            raise _cut("PNG", f"bad chunk at byte {pos}")
        if pos + 12 + length > size:
            raise _cut("PNG", f"chunk {ctype.decode('ascii')} runs past the end of the file")
        if pos == 8:
            if ctype != b"IHDR" or length != 13:
                raise _cut("PNG", "no IHDR header chunk")
            body = f.read(13 + 4)
            if zlib.crc32(ctype + body[:13]) != struct.unpack(">I", body[13:])[0]:
                raise _cut("PNG", "its header's checksum is wrong")
            width, height = struct.unpack(">II", body[:8])
        elif ctype == b"IDAT":
            seen_data = True
        elif ctype == b"IEND":
            if not seen_data:
                raise _cut("PNG", "no image data")
            return ImageInfo("PNG", width, height)
        pos += 12 + length


_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg(f: BinaryIO, size: int) -> ImageInfo:
    """Markers up to the frame header (SOFn) for the size; the file must end with EOI."""
    pos = 2
    width = height = -1
    while width < 0:
        f.seek(pos)
        marker = f.read(4)
        if len(marker) < 4 or marker[0] != 0xFF:
            raise _cut("JPEG", "no frame header")
        kind = marker[1]
        if kind == 0xFF:  # fill byte
            pos += 1
            continue
        (length,) = struct.unpack(">H", marker[2:])
        if kind in _SOF:
            body = f.read(5)
            if len(body) < 5:
                raise _cut("JPEG", "its frame header is cut")
            height, width = struct.unpack(">HH", body[1:5])
        pos += 2 + length
        if pos > size:
            raise _cut("JPEG", "a segment runs past the end of the file")
    # the entropy-coded data ends with EOI (FF D9); some writers add a few bytes after it
    f.seek(max(0, size - 4096))
    if b"\xff\xd9" not in f.read(4096):
        raise _cut("JPEG", "it ends without its end-of-image marker")
    return ImageInfo("JPEG", width, height)


def _gif(f: BinaryIO, head: bytes, size: int) -> ImageInfo:
    width, height = struct.unpack("<HH", head[6:10])
    f.seek(max(0, size - 1))
    if f.read(1) != b";":
        raise _cut("GIF", "it ends without its trailer")
    return ImageInfo("GIF", width, height)


def _bmp(head: bytes, size: int) -> ImageInfo:
    if len(head) < 26:
        raise _cut("BMP", "its header is cut")
    (stated,) = struct.unpack("<I", head[2:6])
    (dib,) = struct.unpack("<I", head[14:18])
    if dib == 12:  # OS/2 header: 16-bit sizes
        width, height = struct.unpack("<HH", head[18:22])
    else:
        width, height = struct.unpack("<ii", head[18:26])
    if stated > size:
        raise _cut("BMP", f"it says {stated:,} bytes and has {size:,}")
    return ImageInfo("BMP", width, abs(height))


def _tiff(f: BinaryIO, head: bytes, size: int) -> ImageInfo:
    """The first IFD's ImageWidth (256) and ImageLength (257) tags."""
    end = "<" if head[:2] == b"II" else ">"
    (ifd,) = struct.unpack(end + "I", head[4:8])
    if ifd + 2 > size:
        raise _cut("TIFF", "its directory is past the end of the file")
    f.seek(ifd)
    (count,) = struct.unpack(end + "H", f.read(2))
    entries = f.read(12 * count)
    if len(entries) < 12 * count:
        raise _cut("TIFF", "its directory is cut")
    found: dict[int, int] = {}
    for k in range(count):
        tag, typ, _n = struct.unpack(end + "HHI", entries[12 * k : 12 * k + 8])
        if tag in (256, 257):
            raw = entries[12 * k + 8 : 12 * k + 12]
            found[tag] = (
                struct.unpack(end + "H", raw[:2])[0] if typ == 3 else struct.unpack(end + "I", raw)[0]
            )
    if 256 not in found or 257 not in found:
        raise _cut("TIFF", "no image width or length")
    return ImageInfo("TIFF", found[256], found[257])


def _webp(head: bytes, size: int) -> ImageInfo:
    """The RIFF size against the file's; the size from the VP8X, VP8L or VP8 chunk header."""
    (stated,) = struct.unpack("<I", head[4:8])
    if stated + 8 > size:
        raise _cut("WebP", f"it says {stated + 8:,} bytes and has {size:,}")
    chunk = head[12:16]
    if chunk == b"VP8X":
        width = 1 + int.from_bytes(head[24:27], "little")
        height = 1 + int.from_bytes(head[27:30], "little")
    elif chunk == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        width, height = 1 + (bits & 0x3FFF), 1 + ((bits >> 14) & 0x3FFF)
    elif chunk == b"VP8 ":
        width, height = (v & 0x3FFF for v in struct.unpack("<HH", head[26:30]))
    else:
        raise _cut("WebP", "no VP8, VP8L or VP8X chunk")
    return ImageInfo("WebP", width, height)
