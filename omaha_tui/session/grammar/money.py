"""How a dealer types money (R12): an amount, a chip value and a shared expense, for the
console's ``value`` and ``expense`` words, the palette's questions and the flags.

``0.10 EUR`` or ``200=20.00 EUR`` (or ``off``) values the chips; ``30.00 pizza [NAME ...]
[by NAME]`` shares an expense: the words up to the first player's name say what it was,
the names that follow share it (everyone at the table when none is named), ``by NAME``
paid it (the bank when nobody is named). Money itself is read by the engine's one rule
(:func:`~omaha_tui.engine.rules.money.parse_money`, exact decimals). Pure: text in, a
request out, or :class:`MoneyWordError` (a :class:`GrammarError`) saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from omaha_tui.engine.decisions import requests as rq
from omaha_tui.engine.labels import identity
from omaha_tui.engine.rules.money import DEFAULT_UNIT, MoneyError, parse_money, parse_rate
from omaha_tui.engine.state import TableState

from .numbers import GrammarError

VALUE_USAGE = "MONEY [CURRENCY] or CHIPS=MONEY [CURRENCY], e.g. 0.10 EUR or 200=20.00 EUR; off"
EXPENSE_USAGE = "MONEY WHAT [NAME ...] [by NAME], e.g. 30.00 pizza Ann Bob by Cy"


class MoneyWordError(GrammarError):
    """Typed money that cannot be used; the message says what is allowed."""


def parse_value(state: TableState, words: Sequence[str]) -> rq.SetChipValue:
    """R12.1: ``0.10 EUR``, ``200=20.00 EUR`` or ``off`` as a request.

    >>> from tests.tables import quick_table
    >>> parse_value(quick_table(), ["200=20", "eur"])
    SetChipValue(chips=200, money=Decimal('20'), currency='EUR', unit=Decimal('0.01'))
    """
    if len(words) == 1 and words[0].lower() == "off":
        return rq.SetChipValue(0, Decimal(0))
    if len(words) not in (1, 2):
        raise MoneyWordError(f"give the chips' value: {VALUE_USAGE}")
    unit = state.money.unit if state.money is not None else DEFAULT_UNIT
    try:
        rate = parse_rate(words[0], words[1] if len(words) > 1 else "", unit)
    except MoneyError as e:
        raise MoneyWordError(f"{e} ({VALUE_USAGE})") from None
    return rq.SetChipValue(rate.chips, rate.money, rate.currency, rate.unit)


def parse_expense(state: TableState, words: Sequence[str]) -> rq.ShareExpense:
    """R12.3: ``30.00 pizza [NAME ...] [by NAME]`` as a request.

    >>> from tests.tables import quick_table
    >>> parse_expense(quick_table(), "12 the room p1 P2 by p0".split())
    ShareExpense(amount=Decimal('12'), what='the room', among=('p1', 'P2'), paid_by='p0')
    """
    if len(words) < 2:
        raise MoneyWordError(f"say how much and what: {EXPENSE_USAGE}")
    try:
        money = parse_money(words[0], "expense")
    except MoneyError as e:
        raise MoneyWordError(f"{e} ({EXPENSE_USAGE})") from None
    rest = list(words[1:])
    paid_by = ""
    if len(rest) >= 2 and rest[-2].lower() == "by":
        paid_by, rest = rest[-1], rest[:-2]
    names = {identity(e.name) for e in state.ledger}
    what: list[str] = []
    among: list[str] = []
    for token in rest:
        if among or (what and identity(token) in names):
            among.append(token)
        else:
            what.append(token)
    if not what:
        raise MoneyWordError(f"say what the expense was: {EXPENSE_USAGE}")
    return rq.ShareExpense(money, " ".join(what), tuple(among), paid_by)


__all__ = [
    "EXPENSE_USAGE",
    "VALUE_USAGE",
    "MoneyWordError",
    "parse_expense",
    "parse_money",
    "parse_value",
]
