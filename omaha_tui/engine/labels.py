"""How seats are named in text a person reads: seats count from 1, as dealers count them.

Events, states and every API index seats from 0 (the journal and PHH files rely on
it); only words shown or spoken to people say ``seat 1`` for index 0. Keeping that
one conversion here means no message can drift back to a 0-based number.

This module builds text only: it does not validate seats.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TableState


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

    >>> from omaha_tui.engine.commands import quick_table
    >>> s = quick_table(stacks=(100, 100))
    >>> player_name(s, 1), player_name(s, 7)
    ('P1', 'seat 8')
    """
    s = state.seats[seat] if 0 <= seat < len(state.seats) else None
    return seat_label(seat) if s is None else s.name


def name_of(state: TableState, seat: int) -> str:
    """``Dee (seat 4)`` for the player at index 3, or ``seat 4`` when it is empty.

    >>> from omaha_tui.engine.commands import quick_table
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


__all__ = ["name_of", "player_name", "pot_label", "seat_label", "seat_number", "seat_range"]
