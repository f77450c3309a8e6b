"""Deals (R11.5): the chip chop and the ICM (Malmuth–Harville) split of the prizes left.

A deal is only a proposal until every player left agrees; recording it is the
reducer's business. Both proposals share what is on offer (the prizes not yet won,
less any part kept back for the winner) rounded down to the money unit, the
remainder to the biggest stack (equal biggest stacks take it a unit at a time in seat
order from the first seat left of the button), so a proposal always adds up to what is
on offer. Once a deal is agreed, what is still unpaid is only the money it kept back.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import TypeVar

from omaha_tui.engine.rules.tournament.money import ZERO, floor_to

K = TypeVar("K", bound=Hashable)


class DealError(ValueError):
    """A deal that cannot be proposed as asked; the message says why."""


def finish_chances(stacks: Sequence[int]) -> list[list[Fraction]]:
    """``p[i][k]``: the chance that player ``i`` finishes in place ``k + 1`` (Malmuth–Harville).

    First place goes in proportion to the stacks; given who finished above, each next
    place goes in proportion to the stacks left.

    >>> [str(p) for p in finish_chances([50, 30, 20])[2]]
    ['1/5', '2/7', '18/35']
    """
    n = len(stacks)
    if n == 0:
        return []
    if any(s <= 0 for s in stacks):
        raise DealError("every player in a deal needs chips")
    total_all = sum(stacks)
    chances = [[Fraction(0)] * n for _ in range(n)]

    @cache
    def reach(taken: int) -> Fraction:
        """The chance that exactly the players in ``taken`` fill the top places, in any order."""
        if taken == 0:
            return Fraction(1)
        result = Fraction(0)
        for i in range(n):
            if taken >> i & 1:
                before = taken & ~(1 << i)
                left = total_all - sum(stacks[j] for j in range(n) if before >> j & 1)
                result += reach(before) * Fraction(stacks[i], left)
        return result

    for taken in range(1 << n):
        placed = bin(taken).count("1")
        if placed == n:
            continue
        p = reach(taken)
        if not p:
            continue
        left = total_all - sum(stacks[j] for j in range(n) if taken >> j & 1)
        for i in range(n):
            if not taken >> i & 1:
                chances[i][placed] += p * Fraction(stacks[i], left)
    return chances


def icm_values(stacks: Sequence[int], prizes: Sequence[Decimal]) -> list[Fraction]:
    """Each player's ICM value: the prizes weighted by their finish chances (R11.5).

    >>> [str(v) for v in icm_values([50, 30, 20], [Decimal(50), Decimal(30), Decimal(20)])]
    ['1075/28', '131/4', '202/7']
    """
    chances = finish_chances(stacks)
    paid = [Fraction(p) for p in prizes[: len(stacks)]]
    return [sum((row[k] * paid[k] for k in range(len(paid))), Fraction(0)) for row in chances]


def _rounded(
    shares: Mapping[K, Fraction],
    stacks: Mapping[K, int],
    offer: Decimal,
    unit: Decimal,
    order: Sequence[K] | None = None,
) -> dict[K, Decimal]:
    """Each share rounded down to ``unit``; what rounding leaves goes to the biggest stack,
    or, when the biggest stacks are equal, one unit at a time to them in ``order`` (seat
    order from the first seat left of the button, as odd chips go, R7.4), R11.5.

    >>> third = Fraction(59, 3)
    >>> _rounded({"Ann": third, "Bob": third, "Cy": third}, {"Ann": 5, "Bob": 5, "Cy": 5},
    ...          Decimal(59), Decimal(1), order=["Bob", "Cy", "Ann"])
    {'Ann': Decimal('19'), 'Bob': Decimal('20'), 'Cy': Decimal('20')}
    """
    amounts = {k: floor_to(v, unit) for k, v in shares.items()}
    top = max(stacks.values())
    seats = list(order) if order is not None else list(stacks)
    biggest = [k for k in seats if stacks[k] == top] or [k for k in stacks if stacks[k] == top]
    left = offer - sum(amounts.values(), ZERO)
    if len(biggest) == 1:
        amounts[biggest[0]] += left
        return amounts
    i = 0
    while left >= unit:
        amounts[biggest[i % len(biggest)]] += unit
        left -= unit
        i += 1
    amounts[biggest[0]] += left  # less than a unit (an offer off the unit): the first tied
    return amounts


def _offer(prizes_left: Sequence[Decimal], keep: Decimal, players: int) -> list[Decimal]:
    prizes = list(prizes_left[:players]) + [ZERO] * max(0, players - len(prizes_left))
    prizes[0] += sum(prizes_left[players:], ZERO)
    if keep < 0 or keep > prizes[0]:
        raise DealError(f"the part kept for the winner must be 0 to {prizes[0]}, not {keep}")
    prizes[0] -= keep
    return prizes


def chip_chop(
    stacks: Mapping[K, int],
    prizes_left: Sequence[Decimal],
    unit: Decimal,
    keep: Decimal = ZERO,
    order: Sequence[K] | None = None,
) -> dict[K, Decimal]:
    """The chip chop (R11.5): every player left first gets the smallest prize still to be
    paid, and the rest of what is on offer is shared in proportion to the stacks, so
    nobody is offered less than the prize they are already sure of.

    >>> chip_chop({"A": 5000, "B": 3000, "C": 2000}, [Decimal(100), Decimal(60), Decimal(20)],
    ...           Decimal(1))
    {'A': Decimal('80'), 'B': Decimal('56'), 'C': Decimal('44')}
    >>> chip_chop({"A": 1, "B": 1, "C": 1}, [Decimal(100)], Decimal(1), keep=Decimal(10))
    {'A': Decimal('30'), 'B': Decimal('30'), 'C': Decimal('30')}
    """
    _check(stacks)
    offered = _offer(prizes_left, keep, len(stacks))
    offer = sum(offered, ZERO)
    sure = min(offered)
    rest = offer - sure * len(stacks)
    total = sum(stacks.values())
    shares = {k: Fraction(sure) + Fraction(rest) * Fraction(s, total) for k, s in stacks.items()}
    return _rounded(shares, stacks, offer, unit, order)


def icm_deal(
    stacks: Mapping[K, int],
    prizes_left: Sequence[Decimal],
    unit: Decimal,
    keep: Decimal = ZERO,
    order: Sequence[K] | None = None,
) -> dict[K, Decimal]:
    """The ICM split of the prizes left; a part kept back comes off first prize (R11.5).

    >>> icm_deal({"A": 50, "B": 30, "C": 20}, [Decimal(50), Decimal(30), Decimal(20)], Decimal(1))
    {'A': Decimal('40'), 'B': Decimal('32'), 'C': Decimal('28')}
    """
    _check(stacks)
    prizes = _offer(prizes_left, keep, len(stacks))
    keys = list(stacks)
    values = icm_values([stacks[k] for k in keys], prizes)
    return _rounded(dict(zip(keys, values, strict=True)), stacks, sum(prizes, ZERO), unit, order)


def _check(stacks: Mapping[K, int]) -> None:
    if len(stacks) < 2:
        raise DealError("a deal needs two or more players left")
    for k, s in stacks.items():
        if s <= 0:
            raise DealError(f"{k} has no chips and is not in the deal")
