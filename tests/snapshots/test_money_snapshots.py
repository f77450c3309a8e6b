"""SVG snapshot of the ledger screen settling in money with an expense and an odd cent (R12)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from omaha_tui.app.screens.ledger import LedgerScreen, Settlements
from omaha_tui.engine.rules.money import ChipRate, Expense
from omaha_tui.engine.state import LedgerLine
from omaha_tui.store.ledger import Ledger
from omaha_tui.store.settlement import settlement, settlement_lines, settlement_text
from tests.app.screen_harness import ScreenHost


def test_ledger_in_money_100x30(snap_compare: Any) -> None:
    rate = ChipRate(chips=100, money=Decimal("10.00"), currency="EUR")
    pizza = Expense(amount=Decimal("10.00"), what="pizza", among=("Ann", "Bob", "Cy"), paid_by="Cy")
    book = Ledger(
        (
            LedgerLine("Ann", 200, stack=350, seat=0),
            LedgerLine("Bob", 200, 100, stack=0, seat=1),
            LedgerLine("Cy", 200, cashed_out=350),
        ),
        money=rate,
        expenses=(pizza,),
    )
    plans = {m: settlement(book, bank=m) for m in (False, True)}
    settle = Settlements(
        {m: tuple(settlement_lines(p)) for m, p in plans.items()},
        {m: settlement_text(p, "Friday") for m, p in plans.items()},
        False,
        "At 100 chips = 10.00 EUR: Ann +15.00 EUR, Bob -30.00 EUR, Cy +15.00 EUR",
    )
    screen = LedgerScreen(book.lines, balance=book.explain(), settle=settle)
    assert snap_compare(ScreenHost(screen), terminal_size=(100, 30))
