"""Output a terminal can show: an ASCII fallback when the locale is not UTF-8.

Under ``LANG=C`` with an old Python, or an ISO-8859-1 locale, the suit symbols, the
table frames and the ellipsis cannot be written; instead of failing, every command
writes them in ASCII (``A♥`` becomes ``Ah``, frames become ``+-|``) and anything
else that cannot be written becomes ``?``.
"""

from __future__ import annotations

import codecs
import sys
from typing import TextIO

HANDLER = "omaha-tui-ascii"

_WORDS = {
    "♠": "s",
    "♥": "h",
    "♦": "d",
    "♣": "c",
    "…": "...",
    "–": "-",
    "—": "-",
    "·": "-",
    "→": "->",
    "←": "<-",
    "▶": ">",
    "●": "*",
    "✓": "ok",
    "×": "x",
    "±": "+/-",
    "≤": "<=",
    "≥": ">=",
    "½": "1/2",
    "¼": "1/4",
    "¾": "3/4",
}


def _frame(ch: str) -> str | None:
    """Box-drawing characters as ASCII: corners and crossings ``+``, lines ``-`` and ``|``."""
    code = ord(ch)
    if not 0x2500 <= code <= 0x257F:
        return None
    if code in (0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550):
        return "-"
    if code in (0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551):
        return "|"
    return "+"


def ascii_text(text: str) -> str:
    """``text`` with what ASCII cannot write replaced by the nearest ASCII.

    >>> ascii_text("A♥ K♠ · pot 5…"), ascii_text("┏━┓"), ascii_text("Zoë")
    ('Ah Ks - pot 5...', '+-+', 'Zo?')
    """
    out = []
    for ch in text:
        if ch.isascii():
            out.append(ch)
        else:
            frame = _frame(ch)
            out.append(frame if frame is not None else _WORDS.get(ch, "?"))
    return "".join(out)


def _replace(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return ascii_text(error.object[error.start : error.end]), error.end


codecs.register_error(HANDLER, _replace)


def _writes(stream: TextIO, sample: str = "♥┏…") -> bool:
    try:
        sample.encode(stream.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def fall_back_to_ascii() -> None:
    """Make stdout and stderr write ASCII stand-ins where their encoding cannot go."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not _writes(stream):
            reconfigure(errors=HANDLER)


__all__ = ["ascii_text", "fall_back_to_ascii"]
