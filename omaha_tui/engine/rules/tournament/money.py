"""Money arithmetic shared by the tournament rules: exact decimals rounded down to a unit.

Amounts of money (buy-ins, the pool, prizes) are :class:`~decimal.Decimal` and never
floats, read by the one :func:`~omaha_tui.engine.rules.money.parse_money`; every
division is rounded *down* to the money unit, and the rules that divide say where what
is left goes (R11.2, R11.3, R11.5).
"""

from __future__ import annotations

from decimal import ROUND_FLOOR, Decimal
from fractions import Fraction

from omaha_tui.engine.rules.money import parse_money

ZERO = Decimal(0)


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


def parse_unit(text: str) -> Decimal:
    """Read a money unit: a positive amount such as ``1``, ``0.01`` or ``5`` (to a
    millionth).

    >>> parse_unit("0.01")
    Decimal('0.01')
    """
    return parse_money(text, "money unit", unit=Decimal("1e-6"))
