"""Money events (R12): the chips' value and the shared expenses.

Neither moves a chip: the chips' value (``ChipValueSet``) is a table setting changed
between hands, and an expense (``ExpenseShared``) is money spent for the table, added
to the settle-up. Each is journaled, so undo, resume and the history come for free.
"""

from __future__ import annotations

from decimal import Decimal

from omaha_tui.engine.errors import RuleError
from omaha_tui.engine.events import ChipValueSet, ExpenseShared
from omaha_tui.engine.labels import identity, printable
from omaha_tui.engine.reducer.options import between_hands
from omaha_tui.engine.rules.money import (
    DEFAULT_UNIT,
    MONEY_LIMIT,
    ChipRate,
    Expense,
    MoneyError,
    check_currency,
    check_unit,
    in_units,
)
from omaha_tui.engine.state import TableState, evolve


def apply_chip_value_set(state: TableState, ev: ChipValueSet) -> TableState:
    """R12.1: chips worth money from now on (the whole session is valued at it), or not.

    >>> from tests.tables import quick_table
    >>> s = apply_chip_value_set(quick_table(), ChipValueSet(chips=100, money=Decimal("10"),
    ...                          currency="EUR"))
    >>> s.money.describe()
    '100 chips = 10.00 EUR'
    """
    between_hands(state, "change what the chips are worth")
    if state.tournament is not None and ev.chips:
        # R12.1 values a cash game's chips; a tournament's money is its buy-ins and
        # prizes (R11.1, R11.2), its chips are only chips.
        raise RuleError(
            "a tournament's chips have no money value (R12.1 is for cash games): "
            "its money is the buy-ins and the prizes (R11)"
        )
    if ev.chips == 0:
        if ev.money:
            raise RuleError("a chip value needs a number of chips: 0 chips are worth nothing")
        return evolve(state, money=None)
    try:
        currency = check_currency(ev.currency)
        unit = check_unit(ev.unit)
        if not ev.money.is_finite() or not 0 < ev.money < MONEY_LIMIT:
            raise MoneyError(f"{ev.chips} chips must be worth a positive amount, not {ev.money}")
        in_units(ev.money, unit, "the chips' value")
        for e in state.expenses:
            in_units(e.amount, unit, f"the expense {printable(e.what)!r} of")
    except MoneyError as e:
        raise RuleError(str(e)) from None
    rate = ChipRate(chips=ev.chips, money=ev.money, currency=currency, unit=unit)
    return evolve(state, money=rate)


def _ledger_name(state: TableState, name: str) -> str:
    key = identity(name)
    for entry in state.ledger:
        if identity(entry.name) == key:
            return entry.name
    known = ", ".join(e.name for e in state.ledger) or "nobody yet"
    raise RuleError(f'"{printable(name)}" has not played this session: name one of {known}')


def apply_expense_shared(state: TableState, ev: ExpenseShared) -> TableState:
    """R12.3: an expense paid by a player (or the host), shared equally by the players
    named, or by everyone at the table when none is named.

    >>> from tests.tables import quick_table
    >>> s = apply_expense_shared(quick_table(), ExpenseShared(amount=Decimal("30.00"),
    ...                          what="pizza", paid_by="p1"))
    >>> s.expenses[0].among, s.expenses[0].paid_by
    (('P0', 'P1', 'P2'), 'P1')
    """
    state.session_config()
    if state.tournament is not None:
        # R12.3 adds an expense to a cash game's settle-up; a tournament's settle-up is
        # its buy-ins and prizes (R11), where the expense would be lost.
        raise RuleError(
            "a shared expense is added to a cash game's settle-up (R12.3): "
            "a tournament settles its buy-ins and prizes only"
        )
    unit = state.money.unit if state.money is not None else DEFAULT_UNIT
    what = ev.what.strip()
    if not what or printable(what) != what:
        raise RuleError("say what the expense was in plain words, such as pizza or the room")
    try:
        if not ev.amount.is_finite() or not 0 < ev.amount < MONEY_LIMIT:
            raise MoneyError(f"an expense must be a positive amount of money, not {ev.amount}")
        in_units(ev.amount, unit, "the expense")
    except MoneyError as e:
        raise RuleError(str(e)) from None
    if ev.among:
        among = tuple(_ledger_name(state, n) for n in ev.among)
        if len({identity(n) for n in among}) != len(among):
            raise RuleError("a player is named twice: name each player who shares it once")
    else:
        among = tuple(s.name for s in state.seats if s is not None) or tuple(
            e.name for e in state.ledger
        )
        if not among:
            raise RuleError("nobody has played yet: seat the players before sharing an expense")
    paid_by = _ledger_name(state, ev.paid_by) if ev.paid_by.strip() else ""
    expense = Expense(amount=Decimal(ev.amount), what=what, among=among, paid_by=paid_by)
    return evolve(state, expenses=(*state.expenses, expense))


__all__ = ["apply_chip_value_set", "apply_expense_shared"]
