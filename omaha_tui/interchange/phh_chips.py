"""PHH amounts as the engine's whole chips: the scale a hand's amounts need, and exact
conversion both ways.

A file's amounts may be decimals (``1259450.25``); :func:`amount_scale` finds the power
of ten that makes every amount of a hand an integer, so the engine only ever sees whole
chips, and :func:`from_chips` writes them back in the file's units. All arithmetic is
exact (:data:`~omaha_tui.interchange.phh.EXACT`); nothing here uses floats except
:func:`json_number`, which writes an exact decimal as JSON does.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from .phh import EXACT, PhhError, PhhHand, parse_amount


def hand_amounts(hand: PhhHand) -> list[Decimal]:
    """Every amount in a hand, including ``cbr`` amounts inside the actions."""
    values = [*hand.starting_stacks, *hand.antes, *hand.blinds_or_straddles]
    values += [v for v in (hand.min_bet, hand.small_bet, hand.big_bet) if v is not None]
    for line in hand.actions:
        words = line.split("#", 1)[0].split()
        if len(words) == 3 and words[1] == "cbr":
            try:
                values.append(parse_amount(words[2], "cbr"))
            except PhhError:
                continue  # named with its line when the action is read
    return values


def amount_scale(values: Iterable[Decimal]) -> int:
    """The smallest power of ten that makes every amount a whole number of chips.

    >>> amount_scale([Decimal("1259450.25"), Decimal("678473.5"), Decimal(500)])
    100
    """
    exponent = 0
    for v in values:
        e = v.normalize(EXACT).as_tuple().exponent
        if isinstance(e, int) and e < 0:
            exponent = max(exponent, -e)
    return int(10**exponent)


def to_chips(value: Decimal, scale: int) -> int:
    """A file amount in integer chips (exact; refuses amounts finer than ``scale``).

    >>> to_chips(Decimal("678473.5"), 100)
    67847350
    """
    try:
        chips = EXACT.multiply(value, Decimal(scale))
    except ArithmeticError:
        raise PhhError(f"amount {value} cannot be counted in whole chips") from None
    if chips != chips.to_integral_value():
        raise PhhError(f"amount {value} is finer than 1/{scale} of a unit")
    return int(chips)


def from_chips(chips: int, scale: int) -> Decimal:
    """Integer chips back in the file's units, without trailing zeros.

    >>> str(from_chips(193792375, 100)), str(from_chips(4000000, 1))
    ('1937923.75', '4000000')
    """
    d = EXACT.divide(Decimal(chips), Decimal(scale))
    if d == d.to_integral_value():
        return d.quantize(Decimal(1), context=EXACT)
    return Decimal(f"{d.normalize(EXACT):f}")


def json_number(value: Decimal) -> int | float:
    """A decimal as a JSON number: an int when whole, else the (exact) shortest float."""
    return int(value) if value == value.to_integral_value() else float(value)
