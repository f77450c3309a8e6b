"""The ledger and its settle-up as JSON (``omaha-tui ledger --json``): amounts exact as
the table counts them, money beside them when the chips have a value (R12).
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict
from decimal import Decimal

from omaha_tui.engine.rules.money import Money
from omaha_tui.engine.state import LedgerLine
from omaha_tui.engine.units import unit_value

from .ledger import Ledger, money_cells, settle_up, unsettled
from .settlement import settlement, settlement_lines

_AMOUNTS = ("buy_in", "rebuys", "corrections", "cashed_out", "stack", "net")


def ledger_dict(ledger: Ledger, *, bank: bool = False) -> dict[str, object]:
    """The ledger and its settle-up as JSON-ready data, amounts as the table counts
    them (exact :class:`~decimal.Decimal`) and the table's smallest amount in ``unit``.

    With a chip value or expenses (R12), money is exact decimal strings beside its
    currency: each player's money cells, ``money`` (the rate), ``expenses``, and the
    settle-up (by fewest payments, or through the bank with ``bank``) in money;
    ``settlement`` holds the lines people read.
    """

    def v(chips: int) -> Decimal:
        return unit_value(chips, ledger.decimals)

    def player(x: LedgerLine) -> dict[str, object]:
        row: dict[str, object] = {**asdict(x), "seated": x.seated, "net": x.net}
        cells = {k: v(n) if k in _AMOUNTS and isinstance(n, int) else n for k, n in row.items()}
        return {**cells, **money_cells(ledger, x)}

    pay = settle_up(ledger)
    base = {
        "unit": unit_value(1, ledger.decimals),
        "players": [player(x) for x in ledger.lines],
        "balanced": ledger.balanced,
        "discrepancy": v(ledger.discrepancy),
        "balance": ledger.explain(),
        "settle_up": [
            {
                "payer": t.payer,
                "payee": t.payee,
                "amount": v(t.amount),
                "text": ledger.transfer_text(t),
            }
            for t in pay
        ],
        "unsettled": {name: v(n) for name, n in unsettled(ledger, pay).items()},
    }
    return {**base, **_money_dict(ledger, bank)}


def _money_dict(ledger: Ledger, bank: bool) -> dict[str, object]:
    """R12: the rate, the expenses and the settle-up in money (see :func:`ledger_dict`)."""
    plan = settlement(ledger, bank=bank)
    rate = ledger.money
    out: dict[str, object] = {
        "money": None
        if rate is None
        else {
            "chips": rate.chips,
            "money": str(rate.money),
            "currency": rate.currency,
            "unit": str(rate.unit),
            "rate": rate.describe(),
        },
        "expenses": [
            {"what": e.what, "money": str(e.amount), "paid_by": e.paid_by, "among": list(e.among)}
            for e in ledger.expenses
        ],
        "banker": bank,
        "settlement": settlement_lines(plan),
    }
    if rate is None and not ledger.expenses and not bank:
        return out
    payments: list[dict[str, object]] = []
    for part in plan.parts:
        for t in part.transfers:
            text = f"{t.payer} pays {t.payee} {part.amount(t.amount)}"
            money = part.money(t.amount)
            if money is None:
                amount = unit_value(t.amount, ledger.decimals)
                payments.append(
                    {"payer": t.payer, "payee": t.payee, "amount": amount, "text": text}
                )
            else:
                payments.append(
                    {
                        "payer": t.payer,
                        "payee": t.payee,
                        "money": money.plain(),
                        "currency": money.currency,
                        "text": text,
                    }
                )
    out["settle_up"] = payments
    out["unsettled_money"] = {
        k: Money(n, p.currency, p.unit).plain()
        for p in plan.parts
        if p.in_money
        for k, n in p.left.items()
    }
    return out


_NUMBER = re.compile(r'"\\u0000(-?[0-9.]+)\\u0000"')


def _exact(data: object) -> object:
    """Decimals marked so that :func:`ledger_json` writes their exact digits as numbers."""
    if isinstance(data, Decimal):
        return f"\0{data}\0"
    if isinstance(data, dict):
        return {k: _exact(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_exact(v) for v in data]
    return data


def ledger_json(ledger: Ledger, *, bank: bool = False) -> str:
    """:func:`ledger_dict` as indented JSON text, every amount its exact decimal digits.

    >>> book = Ledger((LedgerLine("Ann", 100, stack=103), LedgerLine("Cy", 100, stack=97)), 2)
    >>> data = json.loads(ledger_json(book), parse_float=Decimal)
    >>> data["unit"], data["settle_up"][0]["amount"], data["settle_up"][0]["text"]
    (Decimal('0.01'), Decimal('0.03'), 'Cy pays Ann 0.03')
    """
    return _NUMBER.sub(r"\1", json.dumps(_exact(ledger_dict(ledger, bank=bank)), indent=2))
