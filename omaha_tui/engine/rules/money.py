"""Money in cash games (R12.1, R12.3): chips given a value, exact to the currency's unit.

A session may say what its chips are worth: a :class:`ChipRate` (``100`` chips for
``10.00 EUR``, or one chip for ``0.25``). Money is counted in whole *units*, the
currency's smallest coin (default ``0.01``), as integers; :class:`Money` is such a count
with its currency and unit, shown with :func:`format_money`. What does not come out in
whole units (one chip at ``3 = 0.10``) is never rounded away silently: :meth:`ChipRate.units`
returns the whole units *and* the fraction left, and the ledger states it.

Everything here is pure arithmetic on ``int``, :class:`~decimal.Decimal` and
:class:`~fractions.Fraction`; the tournament rules (R11) use the same money.
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from omaha_tui.engine.records import frozen

DEFAULT_UNIT = Decimal("0.01")
"""R12.1: the currency's smallest unit unless the session says otherwise."""

MONEY_LIMIT = Decimal("1000000000")
"""More than any home game moves; a typed amount beyond it is a typo."""

CURRENCY_LIMIT = 8


class MoneyError(ValueError):
    """A money amount or rate that cannot be read; the message says what is allowed."""


def parse_money(
    text: str, what: str = "amount", *, unit: Decimal | None = None, zero: bool = False
) -> Decimal:
    """A typed amount of money as an exact decimal (``30``, ``30.00``, ``1,250.5``): the one
    reading of money for every prompt, word and flag (R11.2, R12.1).

    More than 0 (or 0 too with ``zero``, a freeroll's buy-in); with ``unit``, a whole
    number of it. ``what`` names the amount in the refusal, as the chip grammar does.

    >>> parse_money("30.00"), parse_money("1,250.5"), parse_money("2.50", unit=Decimal("0.01"))
    (Decimal('30.00'), Decimal('1250.5'), Decimal('2.50'))
    >>> parse_money("-3", "expense")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.money.MoneyError: expense "-3" is not an amount of money: type ...
    """
    shown = text.strip()
    body = shown.replace(",", "")
    if not shown:
        raise MoneyError(f"type the {what} in money, e.g. 30 or 12.50")
    digits = body.isascii() and all(ch.isdigit() or ch == "." for ch in body)
    if not digits or body.count(".") > 1 or not body.strip("."):
        raise MoneyError(
            f'{what} "{shown[:20]}" is not an amount of money: type digits, e.g. 30 or 12.50'
        )
    value = Decimal(body)  # ASCII digits and at most one point: always a number
    if value <= 0 and not (zero and value == 0):
        raise MoneyError(
            f"{what} {shown[:20]} is not more than 0: give an amount such as 30 or 12.50"
        )
    if value >= MONEY_LIMIT:
        raise MoneyError(f"{what} {shown[:20]} is more money than a home game moves: type less")
    if unit is not None and value % unit:
        raise MoneyError(f"{what} {shown[:20]} is not a whole number of the money unit {unit}")
    return value


def check_currency(text: str) -> str:
    """A currency's name as shown after amounts (``EUR``, ``$``, ``£``); may be empty.

    >>> check_currency(" eur ")
    'EUR'
    >>> check_currency("12")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.money.MoneyError: "12" is not a currency: use a code such as EUR ...
    """
    code = text.strip().upper()
    bad = len(code) > CURRENCY_LIMIT or any(
        ch.isdigit() or ch.isspace() or not ch.isprintable() or ch in ".,-+=" for ch in code
    )
    if bad:
        raise MoneyError(
            f'"{text.strip()}" is not a currency: use a code such as EUR or USD, '
            "or a sign such as $"
        )
    return code


def check_unit(unit: Decimal) -> Decimal:
    """A currency's smallest unit: a positive power of ten such as 1, 0.01 or 0.05.

    >>> check_unit(Decimal("0.05"))
    Decimal('0.05')
    """
    if not unit.is_finite() or unit <= 0 or unit >= MONEY_LIMIT:
        raise MoneyError(f"a money unit must be a positive amount such as 0.01, not {unit}")
    return unit


def in_units(amount: Decimal, unit: Decimal, what: str = "the amount") -> int:
    """``amount`` as a whole number of ``unit`` s, or MoneyError when it is not one.

    >>> in_units(Decimal("30.00"), Decimal("0.01"))
    3000
    >>> in_units(Decimal("0.125"), Decimal("0.01"))
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.money.MoneyError: the amount 0.125 is not a whole number of 0.01
    """
    count = amount / unit
    if count != count.to_integral_value():
        raise MoneyError(f"{what} {amount} is not a whole number of {unit}")
    return int(count)


def format_money(units: int | Fraction, currency: str = "", unit: Decimal = DEFAULT_UNIT) -> str:
    """``units`` of ``unit`` as text: ``12.50 EUR``, ``-3.00``, ``1,250.00 $``.

    A fraction of a unit (what does not divide, R12.1) is shown to three more places
    with an ellipsis, so it is seen as not exact.

    >>> format_money(1250, "EUR"), format_money(-300), format_money(125000, "$")
    ('12.50 EUR', '-3.00', '1,250.00 $')
    >>> format_money(Fraction(1, 3), "EUR")
    '0.0033… EUR'
    >>> format_money(7, "", Decimal("1"))
    '7'
    """
    exponent = unit.as_tuple().exponent
    places = max(0, -exponent) if isinstance(exponent, int) else 2
    with localcontext(prec=_precision(units, unit)):
        if isinstance(units, Fraction) and units.denominator != 1:
            value = Decimal(units.numerator) * unit / Decimal(units.denominator)
            text = f"{value:,.{places + 2}f}…"
        else:
            value = Decimal(int(units)) * unit
            text = f"{value:,.{places}f}"
    return f"{text} {currency}" if currency else text


def _precision(units: int | Fraction, unit: Decimal) -> int:
    """Digits enough for exact products of ``units`` and ``unit`` (an imported hand
    history may hold amounts beyond the default 28 digits)."""
    size = len(str(abs(units.numerator))) if isinstance(units, Fraction) else len(str(abs(units)))
    return max(28, size + len(unit.as_tuple().digits) + 8)


@frozen
class Money:
    """A whole number of ``unit`` s of ``currency``: how the ledger carries money."""

    units: int
    currency: str = ""
    unit: Decimal = DEFAULT_UNIT

    @property
    def amount(self) -> Decimal:
        """The exact decimal amount (``Decimal('12.50')``)."""
        with localcontext(prec=_precision(self.units, self.unit)):
            return Decimal(self.units) * self.unit

    def text(self, sign: bool = False) -> str:
        """``12.50 EUR`` (``+12.50 EUR`` with ``sign`` when positive)."""
        shown = format_money(self.units, self.currency, self.unit)
        return f"+{shown}" if sign and self.units > 0 else shown

    def plain(self) -> str:
        """The exact amount as a string with the unit's places (``"12.50"``), for files."""
        amount = self.amount
        if self.unit >= 1:
            return str(amount)
        with localcontext(prec=_precision(self.units, self.unit)):
            return str(amount.quantize(self.unit))

    def __str__(self) -> str:
        return self.text()


class ChipRate(BaseModel):
    """R12.1: ``chips`` chips are worth ``money`` of ``currency`` (smallest unit ``unit``).

    ``--chip-value 0.10`` is ``ChipRate(chips=1, money=0.10)``; ``--buy-in 200=20.00`` is
    ``ChipRate(chips=200, money=20.00)``: the same value, said as a buy-in.

    >>> rate = ChipRate(chips=100, money=Decimal("10.00"), currency="EUR")
    >>> rate.money_of(350).text(), rate.describe()
    ('35.00 EUR', '100 chips = 10.00 EUR')
    >>> ChipRate(chips=3, money=Decimal("0.10")).units(1)
    (3, Fraction(1, 3))
    """

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    chips: int = Field(gt=0)
    money: Decimal = Field(gt=0)
    currency: str = ""
    unit: Decimal = DEFAULT_UNIT

    def exact_units(self, chips: int) -> Fraction:
        """``chips`` in money units, exactly (3 chips at ``3 = 0.10``: 10)."""
        return Fraction(chips) * Fraction(self.money) / (self.chips * Fraction(self.unit))

    def units(self, chips: int) -> tuple[int, Fraction]:
        """``chips`` in whole money units (toward zero) and the fraction of a unit left.

        The fraction has the sign of ``chips`` and is 0 when the value is exact.
        """
        exact = self.exact_units(chips)
        whole = int(exact)  # toward zero
        return whole, exact - whole

    def exact(self, chips: int) -> bool:
        """True when ``chips`` are worth a whole number of units."""
        return self.units(chips)[1] == 0

    def money_of(self, chips: int) -> Money:
        """``chips`` as money, to the unit toward zero (see :meth:`units` for the rest)."""
        return Money(self.units(chips)[0], self.currency, self.unit)

    def line(self, paid_in: int, now: int) -> tuple[Money, Money, Money]:
        """R12.1: a ledger line in money, rounded once: paid-in and now each to the
        nearest unit (a half up), the net their difference, so the line subtracts as
        printed.

        >>> rate = ChipRate(chips=3, money=Decimal("0.10"))
        >>> [m.text() for m in rate.line(200, 250)]
        ['6.67', '8.33', '1.66']
        """

        def nearest(chips: int) -> int:
            whole, rest = self.units(chips)
            return whole + (1 if rest >= Fraction(1, 2) else -1 if rest <= -Fraction(1, 2) else 0)

        paid, held = nearest(paid_in), nearest(now)
        return self.of_units(paid), self.of_units(held), self.of_units(held - paid)

    def of_units(self, units: int) -> Money:
        """``units`` whole units in this rate's currency."""
        return Money(units, self.currency, self.unit)

    def describe(self) -> str:
        """``100 chips = 10.00 EUR`` or ``1 chip = 0.25``."""
        worth = format_money(in_units(self.money, self.unit), self.currency, self.unit)
        return f"{self.chips:,} chip{'s' * (self.chips != 1)} = {worth}"


def parse_rate(text: str, currency: str = "", unit: Decimal = DEFAULT_UNIT) -> ChipRate:
    """A rate as typed: ``0.10`` (one chip's value) or ``200=20.00`` (a buy-in's).

    >>> parse_rate("200=20.00", "eur").describe()
    '200 chips = 20.00 EUR'
    >>> parse_rate("0.25").describe()
    '1 chip = 0.25'
    >>> parse_rate("0.125")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    omaha_tui.engine.rules.money.MoneyError: a chip value of 0.125 is not a whole number of ...
    """
    code = check_currency(currency)
    unit = check_unit(unit)
    chips_text, sep, money_text = text.strip().partition("=")
    chips = 1
    if sep:
        body = chips_text.strip().replace(",", "")
        if not body.isascii() or not body.isdigit() or int(body) <= 0 or len(body) > 12:
            raise MoneyError(
                f'"{chips_text.strip()}" is not a number of chips: write CHIPS=MONEY, '
                "such as 200=20.00"
            )
        chips = int(body)
    else:
        money_text = chips_text
    money = parse_money(money_text, "chip value" if not sep else "buy-in")
    try:
        in_units(money, unit)
    except MoneyError:
        what = "a chip value" if not sep else "a buy-in"
        raise MoneyError(
            f"{what} of {money} is not a whole number of {unit}: give it in {unit} "
            "or as a buy-in rate such as 8=1.00"
        ) from None
    return ChipRate(chips=chips, money=money, currency=code, unit=unit)


class Expense(BaseModel):
    """R12.3: money spent for the table, paid by ``paid_by`` (empty: the host) and shared
    equally by ``among`` (the ledger's names, resolved when it was recorded)."""

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")
    amount: Decimal = Field(gt=0)
    what: str
    among: tuple[str, ...]
    paid_by: str = ""


def split_equally(units: int, ways: int) -> tuple[int, int]:
    """R12.3: an amount shared ``ways`` ways: each share and what does not divide.

    >>> split_equally(3000, 4), split_equally(1000, 3)
    ((750, 0), (333, 1))
    """
    if ways <= 0:
        raise MoneyError("an expense is shared by at least one player")
    return units // ways, units % ways


__all__ = [
    "DEFAULT_UNIT",
    "ChipRate",
    "Expense",
    "Money",
    "MoneyError",
    "check_currency",
    "check_unit",
    "format_money",
    "in_units",
    "parse_money",
    "parse_rate",
    "split_equally",
]
