"""A tournament's ledger (R11, R12.2): each player's money in and prize out, their net,
and the fewest payments that settle them up.

Money is exact decimal; the settle-up runs on whole money units (the tournament's money
unit) through the cash game's :func:`~omaha_tui.store.ledger.settle`. The fee is paid to
the house, so it settles as one more payee rather than hiding in anyone's result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import Decimal

from omaha_tui.engine.rules.settle import settle
from omaha_tui.engine.rules.tournament.money import ZERO, units_in
from omaha_tui.engine.state import TableState

HOUSE = "the fee"


@dataclass(frozen=True)
class MoneyLine:
    """One player's money in a tournament."""

    name: str
    entries: int
    paid: Decimal
    prize: Decimal
    best: int | None

    @property
    def net(self) -> Decimal:
        return self.prize - self.paid


@dataclass(frozen=True)
class MoneyTransfer:
    payer: str
    payee: str
    amount: Decimal

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {self.amount:,}"


@dataclass(frozen=True)
class TournamentBook:
    """The tournament's ledger: the lines, the fee, the pool, what is still owed."""

    lines: tuple[MoneyLine, ...]
    fee: Decimal
    pool: Decimal
    finished: bool
    unit: Decimal

    def transfers(self) -> list[MoneyTransfer]:
        """The fewest payments that settle every net (R12.2), the fee to the house."""
        nets = {
            x.name: units_in(x.net, self.unit) if x.net >= 0 else -units_in(-x.net, self.unit)
            for x in self.lines
        }
        if self.fee:
            nets[HOUSE] = units_in(self.fee, self.unit)
        return [MoneyTransfer(t.payer, t.payee, t.amount * self.unit) for t in settle(nets)]


def tournament_book(state: TableState) -> TournamentBook | None:
    """The ledger of the tournament at this table, ``None`` at a cash table."""
    t = state.tournament
    if t is None:
        return None
    won: dict[str, Decimal] = {}
    best: dict[str, int] = {}
    entries: dict[str, int] = {}
    for name in t.entries:
        entries[name] = entries.get(name, 0) + 1
    for entry, prize in t.prizes_won().items():
        name = t.entries[entry - 1]
        won[name] = won.get(name, ZERO) + prize
    for p in t.placings():
        name = t.entries[p.entry - 1]
        best[name] = min(best.get(name, p.place), p.place)
    lines = tuple(
        MoneyLine(name, entries.get(name, 0), paid, won.get(name, ZERO), best.get(name))
        for name, paid in t.paid
    )
    return TournamentBook(lines, t.config.fee, t.pool, t.finished, t.config.money_unit)


def book_json(book: TournamentBook) -> str:
    """The ledger as JSON: money as exact decimal text."""
    return json.dumps(
        {
            "tournament": True,
            "pool": str(book.pool),
            "fee": str(book.fee),
            "finished": book.finished,
            "players": [
                {
                    "name": x.name,
                    "entries": x.entries,
                    "paid": str(x.paid),
                    "prize": str(x.prize),
                    "net": str(x.net),
                    "best_finish": x.best,
                }
                for x in book.lines
            ],
            "settle_up": [
                {"payer": t.payer, "payee": t.payee, "amount": str(t.amount)}
                for t in book.transfers()
            ],
        }
    )
