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

    Payouts follow a table by the number of entries: a custom table is used once there
    are entries for every place it pays; with fewer entries than its places, R11.2's
    default table for that number of entries is used (never the extra places' shares
    silently added to first). :func:`custom_short` says when that is so.

    >>> payout_percents(9)
    (Decimal('50'), Decimal('30'), Decimal('20'))
    >>> payout_percents(2, (Decimal(50), Decimal(30), Decimal(20)))
    (Decimal('100'),)
    >>> payout_percents(6, (Decimal(50), Decimal(30), Decimal(20)))
    (Decimal('50'), Decimal('30'), Decimal('20'))
    """
    if custom is not None and not custom_short(entries, custom):
        return tuple(custom)
    table = tuple(Decimal(p) for p in DEFAULT_PAYOUTS[0][1])
    for fewest, percents in DEFAULT_PAYOUTS:
        if entries >= fewest:
            table = tuple(Decimal(p) for p in percents)
    return table


def custom_short(entries: int, custom: Sequence[Decimal] | None) -> bool:
    """Whether a custom table pays more places than there are entries (R11.2): it then
    waits for them, and R11.2's default table for the entries so far is used.

    >>> custom_short(2, (Decimal(50), Decimal(30), Decimal(20))), custom_short(3, (Decimal(100),))
    (True, False)
    """
    return custom is not None and len(custom) > max(1, entries)


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
    """Read a custom table such as ``50/30/20``: percentages by place adding up to 100,
    no place paying more than a better one (R11.2).

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
    why = descending_refusal(values)
    if why:
        raise PayoutError(why)
    return tuple(values)


def descending_refusal(percents: Sequence[Decimal]) -> str:
    """R11.2: why a custom table is refused because a place pays more than a better one,
    or ``""``.

    >>> descending_refusal((Decimal("33.3"), Decimal("33.3"), Decimal("33.4")))[:45]
    'payouts 33.3/33.3/33.4: 3rd pays more than 2n'
    """
    names = {1: "1st", 2: "2nd", 3: "3rd"}
    for i in range(1, len(percents)):
        if percents[i] > percents[i - 1]:
            worse, better = names.get(i + 1, f"{i + 1}th"), names.get(i, f"{i}th")
            return (
                f"payouts {format_payouts(percents)}: {worse} pays more than {better}; no place "
                "may pay more than a better one, e.g. 50/30/20 (R11.2)"
            )
    return ""


def format_payouts(percents: Sequence[Decimal]) -> str:
    """``50/30/20``.

    >>> format_payouts(payout_percents(20))
    '40/25/16/11/8'
    """
    return "/".join(str(p) for p in percents)
