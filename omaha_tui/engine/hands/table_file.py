"""The evaluator's board rows as bytes, so a process can start with them instead of
building them (R10.3's equity wants thousands of rows before the flop).

Building every row takes a few tenths of a second of pure Python; reading them back is
a copy of a few megabytes. The bytes carry their own checksum and the layout they were
written with, so a damaged or foreign file is refused (``None``) and the rows are built
as usual: a table file can make the evaluator faster, never wrong. Where the file lives
is the caller's business (the engine does no I/O).
"""

from __future__ import annotations

import hashlib
import struct
import sys
from array import array

from omaha_tui.engine.hands import evaluate
from omaha_tui.engine.hands.evaluate import FLUSH_ROWS, HIGH_ROWS, ROW_LENGTH, prepare_tables

FORMAT = 1
"""Bumped whenever the values or the layout of a row change."""
_MAGIC = b"omaha-tui board rows\n"
_HEADER = struct.Struct("<32sIIIII")  # checksum, format, byte order, high, flush, low rows
_LOW_LENGTH = 256


def _order() -> int:
    return 1 if sys.byteorder == "little" else 2


def dump_tables() -> bytes:
    """Every board row (built now if need be) as bytes for :func:`load_tables`.

    >>> data = dump_tables()
    >>> data.startswith(_MAGIC) and load_tables(data)
    True
    """
    prepare_tables()
    high_keys = array("q", sorted(HIGH_ROWS))
    flush_keys = array("q", sorted(FLUSH_ROWS))
    values = array("i")
    for rows, keys in ((HIGH_ROWS, high_keys), (FLUSH_ROWS, flush_keys)):
        for key in keys:
            values.extend(rows[key])
    for mask in range(_LOW_LENGTH):
        values.extend(evaluate.low_row(mask))
    payload = high_keys.tobytes() + flush_keys.tobytes() + values.tobytes()
    header = _HEADER.pack(
        hashlib.sha256(payload).digest(),
        FORMAT,
        _order(),
        len(high_keys),
        len(flush_keys),
        _LOW_LENGTH,
    )
    return _MAGIC + header + payload


def load_tables(data: bytes) -> bool:
    """Take the board rows from ``data`` (from :func:`dump_tables`); ``False`` and nothing
    changed when the bytes are not a whole table file of this format.

    >>> load_tables(b"not a table file")
    False
    """
    if not data.startswith(_MAGIC) or len(data) < len(_MAGIC) + _HEADER.size:
        return False
    digest, fmt, order, n_high, n_flush, n_low = _HEADER.unpack_from(data, len(_MAGIC))
    payload = memoryview(data)[len(_MAGIC) + _HEADER.size :]
    key_bytes = 8 * (n_high + n_flush)
    value_count = ROW_LENGTH * (n_high + n_flush) + _LOW_LENGTH * n_low
    if (
        fmt != FORMAT
        or order != _order()
        or n_low != _LOW_LENGTH
        or len(payload) != key_bytes + 4 * value_count
        or hashlib.sha256(payload).digest() != digest
    ):
        return False
    keys = array("q")
    keys.frombytes(payload[:key_bytes])
    values = array("i")
    values.frombytes(payload[key_bytes:])
    high = {key: i * ROW_LENGTH for i, key in enumerate(keys[:n_high])}
    base = n_high * ROW_LENGTH
    flush = {key: base + i * ROW_LENGTH for i, key in enumerate(keys[n_high:])}
    HIGH_ROWS.stored = (values, high)
    FLUSH_ROWS.stored = (values, flush)
    low_at = (n_high + n_flush) * ROW_LENGTH
    evaluate.store_low_rows(
        [
            values[low_at + m * _LOW_LENGTH : low_at + (m + 1) * _LOW_LENGTH].tolist()
            for m in range(n_low)
        ]
    )
    return True
