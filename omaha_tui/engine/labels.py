"""How seats are named in text a person reads: seats count from 1, as dealers count them.

Events, states and every API index seats from 0 (the journal and PHH files rely on
it); only words shown or spoken to people say ``seat 1`` for index 0. Keeping that
one conversion here means no message can drift back to a 0-based number.

Names, titles and everything else people type are data, never instructions to a
terminal: :func:`printable` shows control characters as visible escapes (``\\x1b``)
so a name cannot move the cursor, recolour the screen or hide text, and every front end
shows names through it. :func:`check_name` is the one rule for a new player's name.

This module builds text only: it does not validate seats.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from omaha_tui.engine import graphemes

if TYPE_CHECKING:
    from omaha_tui.engine.state import TableState


ZWJ = graphemes.ZWJ
"""Zero-width joiner: part of emoji such as 👩‍🍳, and nowhere else in a name."""

NAME_LIMIT = 24
"""Most columns a player's name may take (a wide character or an emoji counts two):
it must fit a seat box and a ledger column."""

_FILLERS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5\u180e\U0001d159")
"""Letters and symbols that show nothing: Hangul fillers, the blank braille pattern, the
combining grapheme joiner, Khmer inherent vowels, the musical null notehead."""

_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Bidirectional controls: they reorder the text around them."""

_SELECTORS = (("\ufe00", "\ufe0f"), ("\U000e0100", "\U000e01ef"), ("\u180b", "\u180f"))


def _selector(ch: str) -> bool:
    return any(low <= ch <= high for low, high in _SELECTORS)


def _hidden(ch: str) -> bool:
    """Control characters, format characters that reorder or hide text (bidi), and the
    line and paragraph separators (U+2028, U+2029), which end a line as a new line does."""
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Zl", "Zp") or (cat == "Cf" and ch != ZWJ and not _tag(ch))


def _tag(ch: str) -> bool:
    """Tag characters: they spell a region inside a flag emoji (🏴 England)."""
    return "\U000e0020" <= ch <= "\U000e007f"


def _blank(ch: str) -> bool:
    """A character that shows nothing on its own (format, private use, unassigned, filler)."""
    return unicodedata.category(ch) in ("Cf", "Co", "Cn", "Cs", "Zl", "Zp") or ch in _FILLERS


def printable(text: str) -> str:
    r"""``text`` with every control character shown as a visible escape.

    Escape sequences, bells, new lines and right-to-left overrides in a typed name
    reach no terminal and no file as such; the dealer sees what was typed.

    >>> printable("Ann\x1b[31m red"), printable("Bob\nCy"), printable("Zoë ♠")
    ('Ann\\x1b[31m red', 'Bob\\nCy', 'Zoë ♠')
    >>> printable("evil\u202eexe.txt")
    'evil\\u202eexe.txt'
    """
    if not any(_hidden(ch) for ch in text):
        return text
    return "".join(_escape(ch) if _hidden(ch) else ch for ch in text)


def _escape(ch: str) -> str:
    code = ord(ch)
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
    if ch in named:
        return named[ch]
    if code > 0xFFFF:
        return f"\\U{code:08x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _code(ch: str) -> str:
    """``U+3164 HANGUL FILLER``: a character named so a person can find it."""
    kind = "a private-use character" if unicodedata.category(ch) == "Co" else "unassigned"
    return f"U+{ord(ch):04X} {unicodedata.name(ch, kind)}"


def identity(name: str) -> str:
    """Who a name stands for: the same for every way of typing it.

    Unicode compatibility form (NFKC) then case folded, with runs of spaces as one and
    variation selectors dropped, so ``Ann``, ``ann``, ``ANN`` and a full-width ``Ａｎｎ``
    are one person at the table; every lookup of a player by name compares identities.

    >>> identity("Ann") == identity("ANN") == identity(" ａｎｎ ") == identity("ann")
    True
    >>> identity("Straße") == identity("STRASSE"), identity("Ann Lee") == identity("Ann  Lee")
    (True, True)
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join("".join(ch for ch in folded if not _selector(ch)).split())


def same_name(first: str, second: str) -> bool:
    """Whether two names stand for the same person (:func:`identity`).

    >>> same_name("Ann", "aNN"), same_name("Ann", "Anne")
    (True, False)
    """
    return identity(first) == identity(second)


def _showing_nothing(name: str) -> str | None:
    """The first character of ``name`` that shows nothing where it stands, if any.

    A joiner is allowed only inside an emoji sequence and a variation selector or a
    tag only after the character it changes; everything else that is invisible is not.
    """
    for cluster in graphemes.clusters(name):
        first = cluster[0]
        if _blank(first) or first == ZWJ or _selector(first) or _tag(first):
            return first
        if unicodedata.category(first) in ("Mn", "Me", "Mc"):
            return first  # a mark with no letter to sit on
        emoji = graphemes.pictographic(first) or first in "0123456789#*"
        for i, ch in enumerate(cluster[1:], start=1):
            if ch == ZWJ:
                if not (emoji and i + 1 < len(cluster)):
                    return ch
            elif _selector(ch) or _tag(ch):
                if not emoji:
                    return ch
            elif _blank(ch) or ch in _FILLERS:
                return ch
    return None


def check_visible(name: str) -> None:
    """Refuse a name that holds a character showing nothing, or that shows nothing.

    Look-alikes are refused so the ledger never reads ``Ann: -1; Ann: +1``. Control
    characters are :func:`check_name`'s to refuse; names read from other programs'
    files keep them, shown as escapes (:func:`printable`).

    >>> check_visible("Ann\u2800")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name "Ann\u2800" holds U+2800 BRAILLE PATTERN BLANK, which shows nothing: ...
    """
    blank = _showing_nothing(name)
    if blank is not None:
        raise ValueError(
            f'the name "{_shown(name)}" holds {_code(blank)}, which shows nothing: '
            "use letters, digits, spaces, punctuation and emoji"
        )
    if not any(unicodedata.category(ch)[0] in "LNSP" for ch in name):
        raise ValueError(f'the name "{_shown(name)}" shows no letter, digit or symbol: type a name')


def check_name(name: str) -> str:
    r"""A new player's name, trimmed; or ValueError saying what is allowed.

    A name is text that shows: 1 to :data:`NAME_LIMIT` columns on screen, counted by
    the characters a person sees (:mod:`.graphemes`), without control characters or
    characters that show nothing (a joiner outside an emoji, format characters, private
    use, fillers such as U+3164 or the blank braille pattern). Brackets, backslashes and
    any other printable characters are allowed: the front ends show names as data.
    Whether the name is free at the table is :func:`name_taken`'s question.

    >>> check_name("  Ann [/x] "), check_name("Zoë 👩\u200d🍳")
    ('Ann [/x]', 'Zoë 👩\u200d🍳')
    >>> check_name("Bartholomew Fitzgerald-Smythe")
    Traceback (most recent call last):
    ...
    ValueError: the name "Bartholomew Fitzgerald-Smythe" is 29 columns wide: a name has at most 24
    >>> check_name("Cy\x1b[2J")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name "Cy\x1b[2J" holds a control character (\x1b): use letters, ...
    >>> check_name("Ann\u3164")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name "Ann\u3164" holds U+3164 HANGUL FILLER, which shows nothing: use ...
    >>> check_name("x" * 10_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name "xxx...x..." is 10000 characters long: a name has at most 24 columns
    """
    trimmed = unicodedata.normalize("NFC", name).strip()
    if not trimmed:
        raise ValueError(f"a player needs a name: 1 to {NAME_LIMIT} characters")
    bad = [ch for ch in trimmed if unicodedata.category(ch) == "Cc" or ch in _BIDI]
    if bad:
        raise ValueError(
            f'the name "{printable(trimmed)}" holds a control character ({_escape(bad[0])}): '
            "use letters, digits, spaces and punctuation"
        )
    check_visible(trimmed)
    if any(len(c) > 12 for c in graphemes.clusters(trimmed)):
        raise ValueError(
            f'the name "{_shown(trimmed)}" stacks too many marks on one character: '
            "use at most a few accents per letter"
        )
    if len(trimmed) > graphemes.NAME_CODE_POINTS:  # long before it is wide: said by its length
        raise ValueError(
            f'the name "{_shown(trimmed)}" is {len(trimmed)} characters long: '
            f"a name has at most {NAME_LIMIT} columns"
        )
    columns = graphemes.width(trimmed)
    if columns > NAME_LIMIT:
        raise ValueError(
            f'the name "{_shown(trimmed)}" is {columns} columns wide: '
            f"a name has at most {NAME_LIMIT}"
        )
    return trimmed


def _shown(text: str) -> str:
    """A refused name in a message: every invisible character written as an escape."""
    out = "".join(
        _escape(ch) if _hidden(ch) or _blank(ch) or _selector(ch) or ch in _FILLERS else ch
        for ch in text
    )
    return out if len(out) <= 60 else out[:57] + "..."


def name_taken(names: Iterable[str | None], name: str) -> str | None:
    """The seated name that is the same person as ``name`` (:func:`identity`), if any.

    >>> name_taken(["Ann", None, "Bob"], "ANN"), name_taken(["Ann"], "Cy")
    ('Ann', None)
    """
    wanted = identity(name)
    return next((n for n in names if n is not None and identity(n) == wanted), None)


def taken_message(seated: str, name: str) -> str:
    """The one line that refuses a second seat for the same person.

    >>> taken_message("Ann", "ann")
    '"ann" is Ann, who is already seated: use another name'
    """
    if seated == name:
        return f"{printable(seated)} is already seated: use another name"
    return f'"{_shown(name)}" is {printable(seated)}, who is already seated: use another name'


def clip_name(name: str, columns: int, measure: Callable[[str], int] | None = None) -> str:
    """``name`` cut to ``columns`` on screen between characters, never inside one.

    >>> clip_name("Zoë 👩\u200d🍳 Smith", 7)
    'Zoë 👩\u200d🍳…'
    """
    return graphemes.clip(name, columns, measure)


def seat_number(seat: int) -> int:
    """The number a dealer calls the seat at 0-based index ``seat``.

    >>> seat_number(0), seat_number(9)
    (1, 10)
    """
    return seat + 1


def seat_label(seat: int) -> str:
    """``seat 4`` for index 3.

    >>> seat_label(3)
    'seat 4'
    """
    return f"seat {seat_number(seat)}"


def seat_range(size: int) -> str:
    """The seats a table of ``size`` has, as a dealer counts them: ``seats 1 to 9``.

    >>> seat_range(9)
    'seats 1 to 9'
    """
    return f"seats 1 to {size}"


def player_name(state: TableState, seat: int) -> str:
    """The player's name alone, or ``seat 8`` when the seat is empty.

    >>> from tests.tables import quick_table
    >>> s = quick_table(stacks=(100, 100))
    >>> player_name(s, 1), player_name(s, 7)
    ('P1', 'seat 8')
    """
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    return seat_label(seat) if s is None else s.name


def name_of(state: TableState, seat: int) -> str:
    """``Dee (seat 4)`` for the player at index 3, or ``seat 4`` when it is empty.

    >>> from tests.tables import quick_table
    >>> s = quick_table(stacks=(100, 100))
    >>> name_of(s, 1), name_of(s, 7)
    ('P1 (seat 2)', 'seat 8')
    """
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    return seat_label(seat) if s is None else f"{s.name} ({seat_label(seat)})"


UNMATCHED_ANTE = "unmatched ante"
"""What a pot holding only one player's ante beyond everyone else's is called (R2.9,
R5.2: the antes layer like R5.1, and nobody else reached that layer): no side pot anyone
contests, but their own ante, which goes back to them."""


def pot_label(pot: int, unmatched: int | None = None) -> str:
    """``main pot`` for index 0, ``side pot N`` after it, as the table shows them (R5.1);
    ``unmatched ante`` for the pot ``unmatched``, the hand's pot that is one player's
    ante nobody else matched (:func:`~omaha_tui.engine.rules.pots.unmatched_pot`).
    Every front end and the narrator name pots by this.

    >>> pot_label(0), pot_label(2), pot_label(2, unmatched=2)
    ('main pot', 'side pot 2', 'unmatched ante')
    """
    if pot == unmatched:
        return UNMATCHED_ANTE
    return "main pot" if pot == 0 else f"side pot {pot}"


def back_to(name: str) -> str:
    """Who an unmatched ante goes to, as the felt says it under the pot (R5.2).

    >>> back_to("Ann")
    'back to Ann'
    """
    return f"back to {name}"


def ante_back(name: str, amount: str = "") -> str:
    """What is said when an unmatched ante goes back to its poster (R2.9, R5.2): the
    award of a pot only they could win, said as what it is, not as a side pot won.

    >>> ante_back("Ann", "10"), ante_back("Ann")
    ('unmatched ante 10 goes back to Ann', 'unmatched ante goes back to Ann')
    """
    return f"{UNMATCHED_ANTE}{f' {amount}' if amount else ''} goes {back_to(name)}"


def run_times(runs: int) -> str:
    """How many times the board is run, as the table says it (R10.2: one to three runs).

    >>> run_times(1), run_times(2), run_times(3)
    ('once', 'twice', 'three times')
    """
    return ("once", "twice", "three times")[runs - 1]


def part_label(boards: int, run: int) -> str:
    """What part ``run`` of a pot is called: ``board 2`` on a double board (R13.2),
    ``run 2`` on a board run more than once (R10.2).

    >>> part_label(2, 1), part_label(1, 2)
    ('board 1', 'run 2')
    """
    return f"{'board' if boards > 1 else 'run'} {run}"


__all__ = [
    "NAME_LIMIT",
    "UNMATCHED_ANTE",
    "ante_back",
    "back_to",
    "check_name",
    "check_visible",
    "clip_name",
    "identity",
    "name_of",
    "name_taken",
    "part_label",
    "player_name",
    "pot_label",
    "printable",
    "run_times",
    "same_name",
    "seat_label",
    "seat_number",
    "seat_range",
    "taken_message",
]
