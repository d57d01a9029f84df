"""Reading a job file's text: the only place the loaders open files."""

from __future__ import annotations

import errno
import os
import stat

from .. import load_codes as codes
from .problems import Problems


def read_text(path: str, out: Problems) -> str | None:
    """The file's text, or None with an unreadable-file finding in `out`."""
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            # A FIFO or a device could block forever or never end.
            out.add(codes.UNREADABLE_FILE, "cannot read: not a regular file")
            return None
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        out.add(codes.UNREADABLE_FILE, _os_reason(path, error))
        return None
    return decode_text(data, out)


def decode_text(data: bytes, out: Problems) -> str | None:
    """A job file's bytes as text, or None with an unreadable-file finding (NUL, not UTF-8)."""
    wide = _wide_encoding(data)
    if wide is not None:
        out.add(
            codes.UNREADABLE_FILE,
            f"the file is {wide} text; a job file is UTF-8 (save it as UTF-8)",
            1,
            1,
        )
        return None
    nul = data.find(b"\0")
    if nul >= 0:
        line, col = _byte_position(data, nul)
        out.add(
            codes.UNREADABLE_FILE,
            "binary file (it contains NUL bytes); a job file is UTF-8 text",
            line,
            col,
        )
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, col = _byte_position(data, error.start)
        out.add(
            codes.UNREADABLE_FILE,
            f"not valid UTF-8 (byte 0x{data[error.start]:02x}); save the file as UTF-8",
            line,
            col,
        )
        return None


_BOMS = (
    (b"\xff\xfe\0\0", "UTF-32 (little-endian)"),
    (b"\0\0\xfe\xff", "UTF-32 (big-endian)"),
    (b"\xff\xfe", "UTF-16 (little-endian)"),
    (b"\xfe\xff", "UTF-16 (big-endian)"),
)


def _wide_encoding(data: bytes) -> str | None:
    """UTF-16 or UTF-32 by its byte-order mark, or UTF-16 by its NUL pattern; else None."""
    for bom, name in _BOMS:
        if data.startswith(bom):
            return name
    sample = data[:4096]
    if len(sample) >= 4 and sample.find(b"\0") >= 0:
        # ASCII text in UTF-16: every other byte is NUL.
        odd, even = sample[1::2], sample[0::2]
        if odd.count(0) >= 0.9 * len(odd) and not even.count(0):
            return "UTF-16 (little-endian, no byte-order mark)"
        if even.count(0) >= 0.9 * len(even) and not odd.count(0):
            return "UTF-16 (big-endian, no byte-order mark)"
    return None


def _os_reason(path: str, error: OSError) -> str:
    if isinstance(error, IsADirectoryError):
        return "cannot read: it is a directory, not a job file"
    if isinstance(error, FileNotFoundError):
        if os.path.islink(path):
            return f"cannot read: broken symbolic link (points to {os.readlink(path)!r})"
        return "cannot read: no such file"
    if isinstance(error, PermissionError):
        return "cannot read: permission denied"
    reason = error.strerror or errno.errorcode.get(error.errno or 0, str(error))
    return f"cannot read: {reason}"


def _byte_position(data: bytes, index: int) -> tuple[int, int]:
    """1-based line and character column of a byte offset."""
    start = data.rfind(b"\n", 0, index) + 1
    line = data.count(b"\n", 0, index) + 1
    col = len(data[start:index].decode("utf-8", "replace")) + 1
    return line, col
