"""Reading files the user names, safely: regular files only, with a size limit.

A path in a file or on the command line may name anything: `/dev/zero` (endless), a FIFO
(a read blocks until someone writes), a directory, a symlink loop, a file in a folder we
may not enter. Every file the engine reads goes through `read_regular`, which checks what
the path is before opening it, opens without blocking, checks again on the open file (the
path may have been swapped in between) and never reads more than the limit.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

#: The largest file the loader reads (model files, logs); scans have their own limit.
MAX_BYTES = 16 * 1024 * 1024


class ReadRefused(Exception):
    """A path that cannot or must not be read; the message says why, for the user."""

    def __init__(self, message: str, code: str = "P000"):
        self.code = code  # P000: cannot be read; P003: not a text file or too large
        super().__init__(message)


def kind_of(mode: int) -> str:
    """What a non-regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def os_reason(exc: OSError) -> str:
    """An OSError in words, with the symlink loop said plainly."""
    if exc.errno == errno.ELOOP:
        return "too many levels of symbolic links (a symlink loop?)"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.ENOENT:
        return "no such file"
    return exc.strerror or str(exc)


def stat_regular(path: Path | str) -> os.stat_result:
    """The file's status if it is a regular file (symlinks followed); ReadRefused otherwise."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ReadRefused(f"cannot read file: {os_reason(exc)}") from None
    except ValueError as exc:  # e.g. a NUL byte in the path
        raise ReadRefused(f"cannot read file: {exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise ReadRefused(f"cannot read file: it is {kind_of(st.st_mode)}, not a regular file")
    return st


def read_regular(path: Path | str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; ReadRefused otherwise."""
    st = stat_regular(path)
    if st.st_size > limit:
        raise ReadRefused(f"file is {st.st_size} bytes, more than {limit}", "P003")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    flags |= getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise ReadRefused(f"cannot read file: {os_reason(exc)}") from None
    try:
        st = os.fstat(fd)  # the path may have been replaced since the first look
        if not stat.S_ISREG(st.st_mode):
            raise ReadRefused(f"cannot read file: it is {kind_of(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise ReadRefused(f"file is {st.st_size} bytes, more than {limit}", "P003")
        chunks = []
        left = limit + 1  # one byte more tells a file that grew past the limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as exc:
        raise ReadRefused(f"cannot read file: {os_reason(exc)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise ReadRefused(f"file grew to more than {limit} bytes while being read", "P003")
    return data


def read_text(path: Path | str, limit: int = MAX_BYTES) -> str:
    """A regular UTF-8 text file (a BOM is dropped); ReadRefused if unusable."""
    raw = read_regular(path, limit)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise ReadRefused(f"not a text file: invalid UTF-8 on line {line} (binary data?)", "P003") from None


def safe_resolve(path: Path) -> Path:
    """Path.resolve() that never raises: a symlink loop (RuntimeError before Python 3.13,
    OSError after) or an unreadable folder leaves the path made absolute but unresolved."""
    try:
        return path.resolve()
    except (OSError, RuntimeError, ValueError):
        return Path(os.path.abspath(path))


def path_exists(path: Path | str) -> bool:
    """Whether something is at `path`, a dangling or looping symlink and an entry of a
    folder we may not search included (only "no such file" is False)."""
    try:
        os.lstat(path)
    except OSError as exc:
        return exc.errno not in (errno.ENOENT, errno.ENOTDIR)
    except ValueError:
        return False
    return True
