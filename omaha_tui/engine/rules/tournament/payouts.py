"""The prize pool (R11.1) and what each place is paid (R11.2).

A payout table is percentages by place; the default table picks them by the number of
entries. Prizes are rounded down to the money unit and what rounding leaves goes to
first place, so the prizes always add up to the pool exactly.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from omaha_tui.engine.rules.tournament.money import ZERO, floor_to

DEFAULT_PAYOUTS: tuple[tuple[int, tuple[int, ...]], ...] = (
    (2, (100,)),
    (5, (65, 35)),
    (8, (50, 30, 20)),
    (11, (45, 27, 18, 10)),
    (17, (40, 25, 16, 11, 8)),
    (25, (36, 23, 15, 11, 8, 7)),
)
"""R11.2's default: (fewest entries, percentages by place), in order of entries."""


class PayoutError(ValueError):
    """A payout table that is not percentages adding up to 100."""


def prize_pool(money_in: Decimal, fee: Decimal = ZERO) -> Decimal:
    """Every buy-in, rebuy, add-on and re-entry, less the stated fee (R11.1).

    >>> prize_pool(Decimal(200), Decimal(20))
    Decimal('180')
    """
    return max(ZERO, money_in - fee)


def payout_percents(entries: int, custom: Sequence[Decimal] | None = None) -> tuple[Decimal, ...]:
    """The percentages by place for ``entries`` entries (R11.2).

    A custom table is used whatever the entries; places beyond the number of entries do
    not exist, so their percentages go to first place.

    >>> payout_percents(9)
    (Decimal('50'), Decimal('30'), Decimal('20'))
    >>> payout_percents(2, (Decimal(50), Decimal(30), Decimal(20)))
    (Decimal('70'), Decimal('30'))
    """
    if custom is not None:
        table = tuple(custom)
    else:
        table = tuple(Decimal(p) for p in DEFAULT_PAYOUTS[0][1])
        for fewest, percents in DEFAULT_PAYOUTS:
            if entries >= fewest:
                table = tuple(Decimal(p) for p in percents)
    paid = max(1, min(len(table), entries))
    return (table[0] + sum(table[paid:], ZERO), *table[1:paid])


def prizes(pool: Decimal, percents: Sequence[Decimal], unit: Decimal) -> tuple[Decimal, ...]:
    """The prize of each paid place: rounded down to ``unit``, the rest to first (R11.2).

    >>> prizes(Decimal(900), payout_percents(9), Decimal(1))
    (Decimal('450'), Decimal('270'), Decimal('180'))
    >>> prizes(Decimal(1000), (Decimal(45), Decimal(27), Decimal(18), Decimal(10)), Decimal(25))
    (Decimal('475'), Decimal('250'), Decimal('175'), Decimal('100'))
    """
    amounts = [floor_to(pool * p / 100, unit) for p in percents]
    if amounts:
        amounts[0] += pool - sum(amounts, ZERO)
    return tuple(amounts)


def parse_payouts(text: str) -> tuple[Decimal, ...]:
    """Read a custom table such as ``50/30/20``: percentages by place adding up to 100.

    >>> parse_payouts("60/40")
    (Decimal('60'), Decimal('40'))
    >>> parse_payouts("50/30")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.tournament.payouts.PayoutError: payouts 50/30 add up to 80, not 100...
    """
    parts = [p.strip() for p in text.replace(",", "/").split("/")]
    values = []
    for part in parts:
        ok = part.replace(".", "", 1).isdigit() and part.isascii()
        if not ok:
            raise PayoutError(
                f'payout "{part[:20]}" is not a percentage: type percentages by place, '
                "e.g. 50/30/20"
            )
        value = Decimal(part)
        if value <= 0:
            raise PayoutError(f"payout {part} is not more than 0: every paid place gets a share")
        values.append(value)
    total = sum(values, ZERO)
    if total != 100:
        raise PayoutError(f"payouts {text.strip()[:40]} add up to {total}, not 100: e.g. 50/30/20")
    return tuple(values)


def format_payouts(percents: Sequence[Decimal]) -> str:
    """``50/30/20``.

    >>> format_payouts(payout_percents(20))
    '40/25/16/11/8'
    """
    return "/".join(str(p) for p in percents)
