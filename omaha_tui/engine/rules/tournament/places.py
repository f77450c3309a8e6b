"""Places and the prizes they win (R11.3).

An entry that loses its last chip and does not (or may not) rebuy is out. Entries out
in the same hand are placed among themselves by the chips they started that hand with;
equal starting stacks tie and share the prizes of the places they cover. Places are
counted from the bottom: the first entry out is last. Places are derived from the order
of the busts, so a re-entry that adds an entry later moves the earlier busts down with
it, and every place from 1 to the number of entries is given once or shared by a tie.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from typing import Generic, TypeVar

from omaha_tui.engine.records import frozen
from omaha_tui.engine.rules.tournament.money import ZERO, floor_to

K = TypeVar("K", bound=Hashable)


@frozen
class Out(Generic[K]):
    """One entry out: who, the chips they started the hand with, and in which hand.

    ``order`` is their position counting round the table from the first seat left of
    the button in that hand; it breaks what a shared prize leaves (R7.4's odd chips).
    """

    entry: K
    start_stack: int
    hand: int
    order: int = 0


@frozen
class Placing(Generic[K]):
    """An entry's place; ``tied`` entries share places ``place`` .. ``place + tied - 1``."""

    entry: K
    place: int
    tied: int = 1
    order: int = 0


def places(outs: Sequence[Out[K]], entries: int, left: Sequence[K] = ()) -> tuple[Placing[K], ...]:
    """Every entry's place from the busts in the order they happened (R11.3).

    ``outs`` are in the order they were recorded (hands in order); ``entries`` is how
    many entries there were in all; ``left`` are the entries still playing, placed only
    once there is one (the winner, 1st). The result runs from the best place down.

    >>> [(p.entry, p.place) for p in places([Out("A", 40, 7), Out("B", 60, 7)], 4)]
    [('B', 3), ('A', 4)]
    >>> [(p.entry, p.place, p.tied) for p in places([Out("A", 60, 7), Out("B", 60, 7)], 4)]
    [('A', 3, 2), ('B', 3, 2)]
    """
    result: list[Placing[K]] = []
    bottom = entries
    hands: list[int] = []
    for out in outs:
        if out.hand not in hands:
            hands.append(out.hand)
    for hand in hands:
        group = [o for o in outs if o.hand == hand]
        top = bottom - len(group) + 1
        for out in group:
            bigger = sum(1 for o in group if o.start_stack > out.start_stack)
            tied = sum(1 for o in group if o.start_stack == out.start_stack)
            result.append(Placing(out.entry, top + bigger, tied, out.order))
        bottom -= len(group)
    if len(left) == 1:
        result.append(Placing(left[0], 1))
    return tuple(sorted(result, key=lambda p: (p.place, p.order)))


def placing_prizes(
    placings: Sequence[Placing[K]], prizes: Sequence[Decimal], unit: Decimal
) -> dict[K, Decimal]:
    """What each placed entry wins: its place's prize, or an equal share for a tie (R11.3).

    A tie shares the prizes of the places it covers, rounded down to ``unit``; what is
    left goes one unit at a time to the tied entries in seat order from the first seat
    left of the button (``order``), as odd chips do (R7.4).

    >>> pl = places([Out("A", 60, 7, order=2), Out("B", 60, 7, order=1)], 4)
    >>> placing_prizes(pl, (Decimal(450), Decimal(270), Decimal(181)), Decimal(1))
    {'B': Decimal('91'), 'A': Decimal('90')}
    """
    won: dict[K, Decimal] = {}
    groups: dict[tuple[int, int], list[Placing[K]]] = {}
    for p in placings:
        groups.setdefault((p.place, p.tied), []).append(p)
    for (place, tied), members in groups.items():
        total = sum((_prize(prizes, place + i) for i in range(tied)), ZERO)
        share = floor_to(total / len(members), unit)
        left = total - share * len(members)
        for p in sorted(members, key=lambda m: m.order):
            extra = unit if left >= unit else ZERO
            left -= extra
            won[p.entry] = share + extra
    return won


def _prize(prizes: Sequence[Decimal], place: int) -> Decimal:
    return prizes[place - 1] if 1 <= place <= len(prizes) else ZERO


def standings_order(stacks: Mapping[K, int]) -> list[K]:
    """Entries still playing, the biggest stack first (the standings' order).

    >>> standings_order({"A": 10, "B": 30, "C": 20})
    ['B', 'C', 'A']
    """
    return sorted(stacks, key=lambda k: -stacks[k])
