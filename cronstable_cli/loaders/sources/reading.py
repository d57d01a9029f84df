"""The one reader of every file the tool reads: job files, the config file, the baseline.

`read_bytes` is the only place a file is opened for its content. It opens
without blocking (a FIFO named as a baseline must not hang the run) and
accepts only regular files, or standard input when the caller passes `-`;
it refuses a file larger than the caller's limit with a message that says
so (`/dev/zero` is refused as a device, a huge regular file by its size).
Every file it opens is remembered as an input of the run, and the writer
(cli/writer.py) refuses to replace any of them, and the file standard
input comes from, with a report.

`read_text` is the job files' use of it: their text, or an unreadable-file
finding; the config file and the baseline call `read_bytes` and raise their
own errors. Nesting depth of the JSON and TOML documents is bounded by
`nesting_depth`, a linear scan made before a recursive parser sees them.
"""

from __future__ import annotations

import errno
import os
import stat
import sys

from ... import load_codes as codes
from ..problems import Problems

# Largest file each kind of input may be (bytes). A job file of 100,000 jobs is
# about 10 MB; a baseline of as many findings about 20 MB.
JOB_FILE_LIMIT = 256 * 1024 * 1024
BASELINE_LIMIT = 256 * 1024 * 1024
CONFIG_LIMIT = 16 * 1024 * 1024
# Deepest nesting of brackets a JSON or TOML input may have (a baseline has 3).
NESTING_LIMIT = 64


class ReadError(OSError):
    """A file the reader refuses or cannot read; `str()` is the reason, without the path."""


# (device, inode) and real path of every file read in this run: the writer's refusals.
_INPUT_IDS: set[tuple[int, int]] = set()
_INPUT_PATHS: set[str] = set()


def forget_inputs() -> None:
    """Start a new run (the CLI calls this before each command)."""
    _INPUT_IDS.clear()
    _INPUT_PATHS.clear()


def note_input(path: str) -> None:
    """Remember `path` as an input though it was not read here (a path a command named)."""
    _INPUT_PATHS.add(os.path.realpath(path))
    try:
        info = os.stat(path)
    except OSError:
        return
    if stat.S_ISREG(info.st_mode):
        _INPUT_IDS.add((info.st_dev, info.st_ino))


def is_input(real: str, info: os.stat_result | None) -> bool:
    """True when the file at `real` (its stat, None if absent) is an input of this run."""
    if real in _INPUT_PATHS:
        return True
    if info is None:
        return False
    key = (info.st_dev, info.st_ino)
    if key in _INPUT_IDS:
        return True
    try:
        given = os.fstat(0)  # the file fed on standard input, read or not
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(given.st_mode) and (given.st_dev, given.st_ino) == key


def read_bytes(path: str, limit: int) -> bytes:
    """The bytes of a regular file (or of standard input for `-`), at most `limit` of them."""
    if path == "-":
        if sys.stdin is None:  # started with `<&-`
            raise ReadError("standard input is closed")
        binary = getattr(sys.stdin, "buffer", None)
        try:
            if binary is not None:
                data: bytes = binary.read(limit + 1)
            else:  # a text stream without bytes under it (an embedding, a test)
                data = sys.stdin.read(limit + 1).encode("utf-8", "surrogateescape")
        except (OSError, ValueError) as error:
            raise ReadError(f"cannot read standard input: {error}") from None
        if len(data) > limit:
            raise ReadError(f"standard input is larger than {_size(limit)}")
        return data
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise ReadError(_os_reason(path, error)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ReadError("cannot read: it is a directory, not a file")
        if not stat.S_ISREG(info.st_mode):
            # A FIFO, socket or device could block forever or never end.
            raise ReadError("cannot read: not a regular file")
        if info.st_size > limit:
            raise ReadError(f"cannot read: larger than {_size(limit)} ({_size(info.st_size)})")
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        chunks = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > limit:
            raise ReadError(f"cannot read: larger than {_size(limit)} (it grew while read)")
    except ReadError:
        raise
    except OSError as error:
        raise ReadError(_os_reason(path, error)) from None
    finally:
        os.close(fd)
    _INPUT_IDS.add((info.st_dev, info.st_ino))
    _INPUT_PATHS.add(os.path.realpath(path))
    return data


def _size(count: int) -> str:
    return f"{count / (1024 * 1024):,.0f} MiB" if count >= 1024 * 1024 else f"{count:,} bytes"


def nesting_depth(data: bytes, limit: int = NESTING_LIMIT) -> int:
    """How deep `[` and `{` nest in a JSON or TOML text, strings and comments skipped.

    Linear in the input, and stops as soon as `limit` is passed (returns limit + 1),
    so a recursive parser is never handed a document that would exhaust the stack.
    """
    depth = deepest = 0
    quote = 0
    i, n = 0, len(data)
    while i < n:
        byte = data[i]
        if quote:
            if byte == 0x5C and quote == 0x22:  # backslash in a "..." string
                i += 2
                continue
            if byte == quote:
                quote = 0
        elif byte in (0x22, 0x27):  # " or '
            quote = byte
        elif byte == 0x23:  # a TOML comment runs to the end of the line
            end = data.find(b"\n", i)
            i = n if end < 0 else end
            continue
        elif byte in (0x5B, 0x7B):
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif byte in (0x5D, 0x7D):
            depth = max(0, depth - 1)
        i += 1
    return deepest


def read_text(path: str, out: Problems) -> str | None:
    """A job file's text, or None with an unreadable-file finding in `out`."""
    try:
        data = read_bytes(path, JOB_FILE_LIMIT)
    except ReadError as error:
        out.add(codes.UNREADABLE_FILE, str(error))
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
    if isinstance(error, ReadError):
        return str(error)
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
