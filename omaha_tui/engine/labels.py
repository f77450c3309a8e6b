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
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from omaha_tui.engine.state import TableState


NAME_LIMIT = 24
"""Most characters a player's name may have: it must fit a seat box and a ledger column."""

_KEEP_FORMAT = frozenset("\u200d")  # zero-width joiner: part of emoji such as 👩‍🍳


def _hidden(ch: str) -> bool:
    """Control characters, and format characters that reorder or hide text (bidi)."""
    cat = unicodedata.category(ch)
    return cat == "Cc" or (cat == "Cf" and ch not in _KEEP_FORMAT)


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
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def check_name(name: str) -> str:
    r"""A new player's name, trimmed; or ValueError saying what is allowed.

    A name is 1 to :data:`NAME_LIMIT` characters of text without control characters.
    Brackets, backslashes and any other printable characters are allowed: the
    front ends show names as data.

    >>> check_name("  Ann [/x] ")
    'Ann [/x]'
    >>> check_name("Bartholomew Fitzgerald-Smythe")
    Traceback (most recent call last):
    ...
    ValueError: the name "Bartholomew Fitzgerald-Smythe" has 29 characters: a name has at most 24
    >>> check_name("Cy\x1b[2J")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the name "Cy\x1b[2J" holds a control character (\x1b): use letters, ...
    """
    trimmed = name.strip()
    if not trimmed:
        raise ValueError("a player needs a name: 1 to 24 characters")
    bad = [ch for ch in trimmed if _hidden(ch)]
    if bad:
        raise ValueError(
            f'the name "{printable(trimmed)}" holds a control character ({_escape(bad[0])}): '
            "use letters, digits, spaces and punctuation"
        )
    if len(trimmed) > NAME_LIMIT:
        raise ValueError(
            f'the name "{trimmed}" has {len(trimmed)} characters: a name has at most {NAME_LIMIT}'
        )
    return trimmed


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

    >>> from omaha_tui.engine.testing import quick_table
    >>> s = quick_table(stacks=(100, 100))
    >>> player_name(s, 1), player_name(s, 7)
    ('P1', 'seat 8')
    """
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    return seat_label(seat) if s is None else s.name


def name_of(state: TableState, seat: int) -> str:
    """``Dee (seat 4)`` for the player at index 3, or ``seat 4`` when it is empty.

    >>> from omaha_tui.engine.testing import quick_table
    >>> s = quick_table(stacks=(100, 100))
    >>> name_of(s, 1), name_of(s, 7)
    ('P1 (seat 2)', 'seat 8')
    """
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    return seat_label(seat) if s is None else f"{s.name} ({seat_label(seat)})"


def pot_label(pot: int) -> str:
    """``main pot`` for index 0, ``side pot N`` after it, as the table shows them (R5.1).

    >>> pot_label(0), pot_label(2)
    ('main pot', 'side pot 2')
    """
    return "main pot" if pot == 0 else f"side pot {pot}"


def run_times(runs: int) -> str:
    """How many times the board is run, as the table says it (R10.2: one to three runs).

    >>> run_times(1), run_times(2), run_times(3)
    ('once', 'twice', 'three times')
    """
    return ("once", "twice", "three times")[runs - 1]


__all__ = [
    "NAME_LIMIT",
    "check_name",
    "name_of",
    "player_name",
    "pot_label",
    "printable",
    "run_times",
    "seat_label",
    "seat_number",
    "seat_range",
]
