"""Money arithmetic shared by the tournament rules: exact decimals rounded down to a unit.

Amounts of money (buy-ins, the pool, prizes) are :class:`~decimal.Decimal` and never
floats; every division is rounded *down* to the money unit, and the rules that divide
say where what is left goes (R11.2, R11.3, R11.5).
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal, InvalidOperation
from fractions import Fraction

ZERO = Decimal(0)


class MoneyError(ValueError):
    """Text that is not an amount of money; the message names what is allowed."""


def floor_to(amount: Decimal | Fraction, unit: Decimal) -> Decimal:
    """``amount`` rounded down to a whole number of ``unit`` (R11.2).

    >>> floor_to(Decimal("33.337"), Decimal("0.01")), floor_to(Fraction(100, 3), Decimal(1))
    (Decimal('33.33'), Decimal('33'))
    """
    units = Fraction(amount) / Fraction(unit)
    whole = units.numerator // units.denominator
    return Decimal(whole) * unit


def units_in(amount: Decimal, unit: Decimal) -> int:
    """How many whole ``unit`` make ``amount`` (rounded down).

    >>> units_in(Decimal("0.07"), Decimal("0.01"))
    7
    """
    return int((amount / unit).to_integral_value(rounding=ROUND_FLOOR))


def parse_money(text: str, what: str = "amount", *, unit: Decimal = Decimal(1)) -> Decimal:
    """Read ``text`` as money: 0 or more, a whole number of ``unit``.

    >>> parse_money("20"), parse_money("2.50", unit=Decimal("0.01"))
    (Decimal('20'), Decimal('2.50'))
    >>> parse_money("2.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.tournament.money.MoneyError: amount 2.5 is not a whole number ...
    """
    raw = text.strip()
    if not raw:
        raise MoneyError(f"type the {what} in money, e.g. 20")
    if not all(ch.isascii() and (ch.isdigit() or ch == ".") for ch in raw) or raw.count(".") > 1:
        raise MoneyError(
            f'{what} "{raw[:20]}" is not an amount of money: type digits, e.g. 20 or 2.50'
        )
    try:
        value = Decimal(raw)
    except InvalidOperation:
        raise MoneyError(f'{what} "{raw[:20]}" is not an amount of money: e.g. 20') from None
    if value > Decimal(10) ** 12:
        raise MoneyError(f"{what} {raw[:20]} is more than 1,000,000,000,000: type less")
    if value % unit:
        raise MoneyError(f"{what} {raw} is not a whole number of the money unit {unit}")
    return value


def parse_unit(text: str) -> Decimal:
    """Read a money unit: a positive amount such as ``1``, ``0.01`` or ``5``.

    >>> parse_unit("0.01")
    Decimal('0.01')
    """
    unit = parse_money(text, "money unit", unit=Decimal("1e-6"))
    if unit <= 0:
        raise MoneyError("the money unit must be more than 0, e.g. 1 or 0.01")
    return unit
