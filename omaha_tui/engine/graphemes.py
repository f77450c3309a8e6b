"""Text as a person sees it: characters on screen (grapheme clusters) and their width.

A name such as ``Zoë 👩‍🍳`` is six code points but five characters on screen, and the
cook takes two columns. Lengths of names are counted here and names are cut here, so
a name is never cut inside a character (an accent torn from its letter, half of a
joined emoji or of a flag).

The segmentation follows the main rules of Unicode's extended grapheme clusters
(UAX #29: combining marks, joiners and emoji sequences, regional-indicator pairs,
Hangul syllables); widths follow East Asian Width, with emoji sequences two columns.
Only the standard library is used.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

ZWJ = "\u200d"
VS16 = "\ufe0f"

_EXTEND_CATEGORIES = frozenset({"Mn", "Me", "Mc"})


def _regional(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def _modifier(ch: str) -> bool:
    """Emoji skin-tone modifiers and tag characters: they extend the emoji before them."""
    return "\U0001f3fb" <= ch <= "\U0001f3ff" or "\U000e0020" <= ch <= "\U000e007f"


def pictographic(ch: str) -> bool:
    """Emoji and other pictographs (an approximation of Extended_Pictographic).

    >>> pictographic("😀"), pictographic("♠"), pictographic("A")
    (True, True, False)
    """
    code = ord(ch)
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2600 <= code <= 0x27BF
        or 0x2B00 <= code <= 0x2BFF
        or 0x2300 <= code <= 0x23FF
        or unicodedata.category(ch) == "So"
    )


def _extends(ch: str) -> bool:
    return ch == ZWJ or _modifier(ch) or unicodedata.category(ch) in _EXTEND_CATEGORIES


def _hangul(ch: str) -> str:
    """The Hangul syllable type of ``ch``: L, V, T, LV, LVT or empty."""
    code = ord(ch)
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    return ""


_HANGUL_JOINS = {
    "L": {"L", "V", "LV", "LVT"},
    "LV": {"V", "T"},
    "V": {"V", "T"},
    "LVT": {"T"},
    "T": {"T"},
}


def _joins(cluster: str, ch: str) -> bool:
    """Whether ``ch`` continues the cluster ``cluster`` (UAX #29, GB3 to GB13)."""
    last = cluster[-1]
    if last == "\r" and ch == "\n":
        return True
    if unicodedata.category(last) in ("Cc", "Zl", "Zp") or ch in "\r\n":
        return False
    if _extends(ch):
        return True
    if last == ZWJ and pictographic(ch) and pictographic(cluster[0]):
        return True
    if _regional(ch) and _regional(last):
        return sum(1 for c in cluster if _regional(c)) % 2 == 1
    return _hangul(ch) in _HANGUL_JOINS.get(_hangul(last), set())


def clusters(text: str) -> Iterator[str]:
    """The characters of ``text`` as they are seen, one string each.

    >>> list(clusters("Zoë"))  # e + combining diaeresis is one character
    ['Z', 'o', 'ë']
    >>> list(clusters("a👩\u200d🍳🇫🇷"))
    ['a', '👩\u200d🍳', '🇫🇷']
    """
    cluster = ""
    for ch in text:
        if cluster and _joins(cluster, ch):
            cluster += ch
            continue
        if cluster:
            yield cluster
        cluster = ch
    if cluster:
        yield cluster


def cluster_width(cluster: str) -> int:
    """Columns one seen character takes: 2 for wide (East Asian) characters and emoji.

    >>> cluster_width("a"), cluster_width("山"), cluster_width("👩\u200d🍳"), cluster_width("é")
    (1, 2, 2, 1)
    """
    first = cluster[0]
    if len(cluster) > 1 and (
        _regional(first) or (pictographic(first) and (VS16 in cluster or ZWJ in cluster))
    ):
        return 2
    if unicodedata.east_asian_width(first) in ("W", "F"):
        return 2
    if unicodedata.category(first) in ("Mn", "Me", "Cf") or _hangul(first) in ("V", "T"):
        return 0
    return 1


def width(text: str) -> int:
    """Columns ``text`` takes on screen.

    >>> width("Ann"), width("山田"), width("Zoë 👩\u200d🍳")
    (3, 4, 6)
    """
    return sum(cluster_width(c) for c in clusters(text))


def clip(text: str, columns: int, measure: Callable[[str], int] | None = None) -> str:
    """``text`` cut to at most ``columns`` columns, between characters, with ``…`` when cut.

    ``measure`` gives a character's width when the caller's renderer counts differently
    (the widest of the two is used, so the renderer never cuts again).

    >>> clip("Bartholomew", 6), clip("Ann", 6), clip("ab👩\u200d🍳cd", 4)
    ('Barth…', 'Ann', 'ab…')
    """
    if columns <= 0:
        return ""

    def size(cluster: str) -> int:
        own = cluster_width(cluster)
        return max(own, measure(cluster)) if measure is not None else own

    parts = list(clusters(text))
    sizes = [size(c) for c in parts]
    if sum(sizes) <= columns:
        return text
    out, used = [], 0
    for part, cells in zip(parts, sizes, strict=True):
        if used + cells > columns - 1:
            break
        out.append(part)
        used += cells
    return "".join(out) + "…"


__all__ = ["clip", "cluster_width", "clusters", "pictographic", "width"]
