"""Text as a person sees it: characters on screen (grapheme clusters) and their width.

A name such as ``Zoë 👩‍🍳`` is six code points but five characters on screen, and the
cook takes two columns. Lengths of names are counted here and names are cut here, so
a name is never cut inside a character (an accent torn from its letter, half of a
joined emoji or of a flag).

The segmentation follows Unicode's extended grapheme clusters (UAX #29: combining and
spacing marks, joiners and emoji sequences, regional-indicator pairs, Hangul syllables,
Indic conjuncts joined by a virama) and agrees with the ``regex`` module's ``\\X`` on
the scripts the tests cover. A width is what a terminal draws: each code point its East
Asian width (two for wide ones), nothing for a non-spacing mark, a format character or
a Hangul vowel or final jamo, one for a spacing mark (Devanagari ``का`` is two columns,
Thai ``กำ`` two); an emoji sequence (a flag, a skin tone, a ZWJ sequence, an emoji or
keycap with VS16) is two, as ``wcwidth`` and Rich count it. Rich before 15 and some
terminals count emoji sequences otherwise, so a renderer's own measure can be given to
:func:`clip` (the widest wins). Only the standard library is used: the engine imports
nothing else.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

ZWJ = "\u200d"
VS16 = "\ufe0f"

KEYCAP = "\u20e3"

NAME_CODE_POINTS = 128
"""Most code points a stored name may have: 24 columns of emoji sequences or accented
letters take more than 24 (a family emoji is seven). The events' schema holds a name to
it, and a name typed longer is refused by its length before its width is counted."""

_EXTEND_CATEGORIES = frozenset({"Mn", "Me", "Mc"})
# Grapheme_Cluster_Break Extend or SpacingMark beyond the mark categories: the zero-width
# non-joiner, the halfwidth katakana sound marks, Thai and Lao AM (GB9, GB9a).
_OTHER_EXTEND = frozenset("\u200c\uff9e\uff9f\u0e33\u0eb3")
# Indic conjuncts (GB9c): a consonant, a virama (InCB=Linker), a consonant stay one.
_LINKERS = frozenset("\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d")
_CONSONANTS = (
    (0x0915, 0x0939), (0x0958, 0x095F), (0x0978, 0x097F),
    (0x0995, 0x09A8), (0x09AA, 0x09B0), (0x09B2, 0x09B2), (0x09B6, 0x09B9),
    (0x09DC, 0x09DD), (0x09DF, 0x09DF), (0x09F0, 0x09F1),
    (0x0A95, 0x0AA8), (0x0AAA, 0x0AB0), (0x0AB2, 0x0AB3), (0x0AB5, 0x0AB9), (0x0AF9, 0x0AF9),
    (0x0B15, 0x0B28), (0x0B2A, 0x0B30), (0x0B32, 0x0B33), (0x0B35, 0x0B39),
    (0x0B5C, 0x0B5D), (0x0B5F, 0x0B5F), (0x0B71, 0x0B71),
    (0x0C15, 0x0C28), (0x0C2A, 0x0C39), (0x0C58, 0x0C5A),
    (0x0D15, 0x0D3A),
)  # fmt: skip


def _consonant(ch: str) -> bool:
    """An Indic consonant that a virama joins to the one before (InCB=Consonant)."""
    code = ord(ch)
    return any(low <= code <= high for low, high in _CONSONANTS)


def _grapheme_extend(ch: str) -> bool:
    """Grapheme_Cluster_Break Extend, spacing marks aside: non-spacing and enclosing
    marks, emoji modifiers, the halfwidth sound marks, the zero-width non-joiner."""
    return unicodedata.category(ch) in ("Mn", "Me") or _modifier(ch) or ch in "\u200c\uff9e\uff9f"


def _conjunct_extend(ch: str) -> bool:
    """A mark that may stand between a virama and the next consonant (InCB=Extend)."""
    return ch == ZWJ or (_grapheme_extend(ch) and ch != "\u200c")


def _emoji_joined(cluster: str) -> bool:
    """Whether ``cluster`` ends in an emoji, its extending marks and a ZWJ (GB11)."""
    if not cluster.endswith(ZWJ):
        return False
    i = len(cluster) - 1
    while i > 0 and _grapheme_extend(cluster[i - 1]):
        i -= 1
    return i > 0 and pictographic(cluster[i - 1])


def _conjunct_open(cluster: str) -> bool:
    """Whether ``cluster`` ends in consonant, virama (and marks): the next consonant
    joins it (UAX #29 GB9c)."""
    i = len(cluster)
    linked = False
    while i > 0 and (cluster[i - 1] in _LINKERS or _conjunct_extend(cluster[i - 1])):
        linked = linked or cluster[i - 1] in _LINKERS
        i -= 1
    return linked and i > 0 and _consonant(cluster[i - 1])


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
    if _regional(ch) or _modifier(ch):  # they pair, or extend an emoji; never start one
        return False
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2600 <= code <= 0x27BF
        or 0x2B00 <= code <= 0x2BFF
        or 0x2300 <= code <= 0x23FF
        or unicodedata.category(ch) == "So"
    )


def _extends(ch: str) -> bool:
    return (
        ch == ZWJ
        or ch in _OTHER_EXTEND
        or _modifier(ch)
        or unicodedata.category(ch) in _EXTEND_CATEGORIES
    )


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
    if _consonant(ch) and _conjunct_open(cluster):
        return True
    if pictographic(ch) and _emoji_joined(cluster):
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
    """Columns one seen character takes: an emoji sequence two, else the sum of its code
    points' widths (two for wide East Asian ones, none for a non-spacing mark).

    >>> cluster_width("a"), cluster_width("山"), cluster_width("👩\u200d🍳"), cluster_width("é")
    (1, 2, 2, 1)
    >>> cluster_width("\u0915\u093e"), cluster_width("1\ufe0f\u20e3")  # का, keycap 1
    (2, 2)
    """
    first = cluster[0]
    if len(cluster) > 1 and (
        _regional(first)
        or (pictographic(first) and any(c in cluster for c in (VS16, ZWJ)))
        or (pictographic(first) and _modifier(cluster[1]))
        or (first in "#*0123456789" and (VS16 in cluster or KEYCAP in cluster))
    ):
        return 2
    return sum(_code_width(ch) for ch in cluster)


def _code_width(ch: str) -> int:
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return 2
    if ch == VS16 or unicodedata.category(ch) in ("Mn", "Me", "Cf") or _hangul(ch) in ("V", "T"):
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
