"""Who bought in for what, who leaves with what, and who pays whom at the end.

A session's money is a few plain numbers per player: buy-in, rebuys, the dealer's
corrections, and the chips they cashed out (or hold now). The table balances when the
nets add up to zero once the chips still in the middle of a hand are counted; anything
else is a *discrepancy*, named with the corrections that may explain it. The settle-up
uses the fewest transfers of :mod:`omaha_tui.engine.rules.settle` (R12.2: exact for a
few players, a greedy match beyond). Everything here is pure arithmetic on integers (chips) except
:func:`ledger`, which reads the lines the reducer keeps in the table state.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from omaha_tui.engine.labels import printable
from omaha_tui.engine.rules.money import ChipRate, Expense
from omaha_tui.engine.rules.settle import Transfer, settle
from omaha_tui.engine.state import LedgerLine, TableState, ledger_lines
from omaha_tui.engine.units import amount_text, unit_text, unit_value


@dataclass(frozen=True)
class Ledger:
    """A session's ledger: one line per player name, in order of first seating."""

    lines: tuple[LedgerLine, ...]
    decimals: int = 0
    money: ChipRate | None = None
    """What the chips are worth (R12.1); the settle-up in money is :mod:`.settlement`."""
    expenses: tuple[Expense, ...] = ()
    """The shared expenses (R12.3)."""
    """How the table counts amounts (:attr:`~omaha_tui.engine.config.TableConfig.decimals`)."""

    def amount(self, chips: int, *, sign: bool = False) -> str:
        """An amount as the table counts it (:func:`~omaha_tui.engine.units.amount_text`)."""
        return amount_text(chips, self.decimals, sign=sign)

    def transfer_text(self, t: Transfer) -> str:
        """``Cy pays Ann 0.03``: one settle-up line as the table counts it."""
        return f"{t.payer} pays {t.payee} {self.amount(t.amount)}"

    @property
    def discrepancy(self) -> int:
        """Chips that appeared (positive) or vanished (negative); 0 when balanced."""
        return sum(line.net for line in self.lines)

    @property
    def balanced(self) -> bool:
        return self.discrepancy == 0

    def explain(self) -> str:
        """One sentence on the balance, naming the corrections when it is off.

        >>> Ledger((LedgerLine("Ann", 100, stack=130), LedgerLine("Bob", 100, stack=70))).explain()
        'the chips balance: the nets add up to 0'
        >>> Ledger((LedgerLine("Ann", 100, corrections=5, stack=105),)).explain()
        'the chips do not balance: 5 more chips than were bought (corrections: Ann +5)'
        """
        d = self.discrepancy
        if d == 0:
            return "the chips balance: the nets add up to 0"
        m = self.amount
        what = f"{m(d)} more chips than were bought" if d > 0 else f"{m(-d)} chips missing"
        fixes = [f"{x.name} {m(x.corrections, sign=True)}" for x in self.lines if x.corrections]
        hint = f" (corrections: {', '.join(fixes)})" if fixes else " (no corrections recorded)"
        return f"the chips do not balance: {what}{hint}"


def ledger(state: TableState) -> Ledger:
    """The ledger of a table as the reducer keeps it (chips in a running hand count)."""
    decimals = state.config.decimals if state.config is not None else 0
    return Ledger(ledger_lines(state), decimals, state.money, state.expenses)


def settle_up(ledger: Ledger) -> list[Transfer]:
    """The settle-up of a ledger (see :func:`settle`)."""
    return settle({line.name: line.net for line in ledger.lines})


def unsettled(ledger: Ledger, transfers: Iterable[Transfer]) -> dict[str, int]:
    """What the transfers leave owed (positive) or owing (negative) per player.

    Empty when the table balances. On an unbalanced table the chips that appeared or
    vanished cannot be paid by anyone; they are shown on a line of their own
    (:func:`imbalance_text`) rather than quietly dropped from one player's due.

    >>> book = Ledger((LedgerLine("Ann", 100, stack=160), LedgerLine("Bob", 100, stack=65)))
    >>> unsettled(book, settle_up(book))
    {'Ann': 25}
    """
    left = {line.name: line.net for line in ledger.lines}
    for t in transfers:
        left[t.payer] += t.amount
        left[t.payee] -= t.amount
    return {name: n for name, n in left.items() if n}


def imbalance_text(ledger: Ledger, transfers: Iterable[Transfer]) -> str | None:
    """The settle-up's own line for chips nobody can pay, or ``None`` when balanced.

    >>> book = Ledger((LedgerLine("Ann", 100, stack=160), LedgerLine("Bob", 100, stack=65)))
    >>> imbalance_text(book, settle_up(book))
    'not settled: Ann is still owed 25 that nobody lost (the chips do not balance)'
    """
    left = unsettled(ledger, transfers)
    if not left:
        return None
    m = ledger.amount
    parts = [
        f"{name} is still owed {m(n)} that nobody lost"
        if n > 0
        else f"{name} still owes {m(-n)} that nobody won"
        for name, n in left.items()
    ]
    return "not settled: " + "; ".join(parts) + " (the chips do not balance)"


# ---------------------------------------------------------------------- export

CSV_FIELDS = (
    "name",
    "buy_in",
    "rebuys",
    "corrections",
    "cashed_out",
    "stack",
    "seated",
    "net",
    "unit",
)


def ledger_csv(ledger: Ledger) -> str:
    """The ledger as CSV, one row per player, amounts as the table counts them and the
    table's smallest amount in ``unit`` (``1`` for whole chips, ``0.01`` for cents).

    >>> print(ledger_csv(Ledger((LedgerLine("Ann", 100, stack=135, seat=0),))).strip())
    name,buy_in,rebuys,corrections,cashed_out,stack,seated,net,unit
    Ann,100,0,0,0,135,yes,35,1
    >>> print(ledger_csv(Ledger((LedgerLine("Ann", 5000, stack=5075, seat=0),), 2)).strip())
    name,buy_in,rebuys,corrections,cashed_out,stack,seated,net,unit
    Ann,50.00,0.00,0.00,0.00,50.75,yes,0.75,0.01
    """

    def v(chips: int) -> Decimal:
        return unit_value(chips, ledger.decimals)

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    extra = (*(f"{k}_money" for k in MONEY_FIELDS), "currency") if ledger.money else ()
    writer.writerow((*CSV_FIELDS, *extra))
    for x in ledger.lines:
        seated = "yes" if x.seated else "no"
        row: tuple[object, ...] = (
            csv_text(x.name),
            v(x.buy_in),
            v(x.rebuys),
            v(x.corrections),
            v(x.cashed_out),
            v(x.stack),
            seated,
            v(x.net),
            unit_text(ledger.decimals),
        )
        cells = money_cells(ledger, x)
        if cells:
            row += (*(cells[k] for k in extra[:-1]), csv_text(cells["currency"]))
        writer.writerow(row)
    return out.getvalue()


MONEY_FIELDS = ("paid_in", "taken", "net")
"""With a chip value (R12.1): money paid in (buy-in and rebuys), taken (cashed out and
held) and the net, exact decimals to the unit, plus the currency."""


def money_cells(ledger: Ledger, line: LedgerLine) -> dict[str, str]:
    """A line's money as exact decimal strings (empty when the chips have no value).

    A value that is not a whole number of units is given toward zero here; the
    settle-up states the rest (:mod:`omaha_tui.store.settlement`).

    >>> book = Ledger((LedgerLine("Ann", 200, stack=350),), 0,
    ...               ChipRate(chips=100, money=Decimal("10"), currency="EUR"))
    >>> money_cells(book, book.lines[0])
    {'paid_in_money': '20.00', 'taken_money': '35.00', 'net_money': '15.00', 'currency': 'EUR'}
    """
    rate = ledger.money
    if rate is None:
        return {}
    values = rate.line(line.paid_in, line.cashed_out + line.stack)  # R12.1: rounded once
    cells = {f"{k}_money": n.plain() for k, n in zip(MONEY_FIELDS, values, strict=True)}
    return {**cells, "currency": rate.currency}


def csv_text(text: str) -> str:
    r"""A name as a CSV cell that a spreadsheet shows as text and never runs.

    Control characters are written as escapes (``\x1b``) and a cell a spreadsheet
    would read as a formula (starting with ``= + - @``, tab or carriage return) gets a
    leading apostrophe. Numbers are written as numbers and never pass through here.

    >>> print(csv_text('=HYPERLINK("http://x")'))
    '=HYPERLINK("http://x")
    >>> print(csv_text("Ann\x1b[31m"))
    Ann\x1b[31m
    >>> print(csv_text("Bob"))
    Bob
    """
    shown = printable(text)
    return "'" + shown if text[:1] in ("=", "+", "-", "@", "\t", "\r") else shown
