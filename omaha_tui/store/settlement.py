"""The settle-up of a session in chips and money (R12.1-R12.3), as lines people read.

:func:`settlement` turns a :class:`~omaha_tui.store.ledger.Ledger` into who pays whom:
in money when the chips have a value (every net converted exactly to the currency's
unit, the shared expenses added), in chips otherwise (and the expenses, which are
money, settled on their own). The fewest transfers, or banker mode (R12.2). Nothing is
hidden: chips that do not balance, money that does not divide into whole units and the
odd units of an expense each get a line of their own.

:func:`settlement_lines` is the one text of it, for the ledger screen, the console, the
players' display and ``ledger --text`` (:func:`settlement_text`, short enough for a
group chat). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from omaha_tui.engine.labels import printable
from omaha_tui.engine.rules.money import (
    DEFAULT_UNIT,
    ChipRate,
    Expense,
    Money,
    format_money,
    in_units,
    split_equally,
)
from omaha_tui.engine.rules.settle import BANK, Transfer, banker, settle, unsettled
from omaha_tui.engine.state import TableState
from omaha_tui.engine.units import amount_text

from .ledger import Ledger, ledger


@dataclass(frozen=True)
class Part:
    """One settle-up: in chips, or (``in_money``) in whole units of the money."""

    nets: dict[str, int]
    transfers: list[Transfer]
    left: dict[str, int]
    in_money: bool = False
    currency: str = ""
    unit: Decimal = DEFAULT_UNIT
    decimals: int = 0
    """How the table counts its chips (0.25/0.50: 2), for a part in chips."""

    def amount(self, value: int) -> str:
        """A value of this part as text: ``35`` chips (``0.35`` at a table that counts
        in hundredths) or ``3.50 EUR``."""
        if not self.in_money:
            return amount_text(value, self.decimals)
        return format_money(value, self.currency, self.unit)

    def money(self, value: int) -> Money | None:
        """A value of this part as :class:`Money` (``None`` for chips)."""
        return Money(value, self.currency, self.unit) if self.in_money else None


@dataclass(frozen=True)
class Settlement:
    """A session's settle-up: its parts (one, or chips then expenses) and what is stated.

    ``odd`` holds the sentences about money that does not divide (R12.1, R12.3).
    """

    book: Ledger
    parts: tuple[Part, ...]
    banker: bool = False
    odd: tuple[str, ...] = ()
    expense_lines: tuple[str, ...] = field(default=())

    @property
    def transfers(self) -> list[Transfer]:
        return [t for p in self.parts for t in p.transfers]

    @property
    def balanced(self) -> bool:
        return all(not p.left for p in self.parts)


def expense_nets(
    expenses: tuple[Expense, ...], unit: Decimal = DEFAULT_UNIT, currency: str = ""
) -> tuple[dict[str, int], list[str], list[str]]:
    """R12.3: each expense credits who paid (the bank when nobody is named) and debits an
    equal share from each player sharing it, in money units; with the sentences saying
    each expense and what does not divide (the payer bears it, and it is said).

    >>> e = Expense(amount=Decimal("10.00"), what="pizza", among=("Ann", "Bob", "Cy"),
    ...             paid_by="Ann")
    >>> nets, said, odd = expense_nets((e,))
    >>> nets
    {'Ann': 666, 'Bob': -333, 'Cy': -333}
    >>> print(*odd)
    pizza: 0.01 does not divide three ways; Ann, who paid, bears it
    """
    nets: dict[str, int] = {}
    said: list[str] = []
    odd: list[str] = []
    ways = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
    for e in expenses:
        units = in_units(e.amount, unit)
        share, rest = split_equally(units, len(e.among))
        payer = e.paid_by or BANK
        nets[payer] = nets.get(payer, 0) + share * len(e.among)
        for name in e.among:
            nets[name] = nets.get(name, 0) - share
        who = ", ".join(printable(n) for n in e.among)
        said.append(
            f"{printable(e.what)} {format_money(units, currency, unit)} paid by "
            f"{printable(payer)}, shared by {who}: {format_money(share, currency, unit)} each"
        )
        if rest:
            n = len(e.among)
            odd.append(
                f"{printable(e.what)}: {format_money(rest, currency, unit)} does not divide "
                f"{ways.get(n, f'{n}')} ways; {printable(payer)}, who paid, bears it"
            )
    return nets, said, odd


def money_nets(book: Ledger, rate: ChipRate) -> tuple[dict[str, int], list[str]]:
    """R12.1: each player's net in whole money units, as their ledger line prints it
    (paid-in and now each rounded once, the net their difference), and the sentences
    saying what rounding changed.

    Rounding must not make the money disagree with the chips (R12.2 keeps "does not
    balance" for miscounted chips): when the rounded nets add up to more or less than
    the chips' total is worth, the units lost to rounding are taken, one each, from
    the nets that rounding favoured most (largest remainders), so every net stays
    within one unit of its exact value however many players there are, and the
    odd-money line says whose net moved.

    >>> from omaha_tui.engine.state import LedgerLine
    >>> rate = ChipRate(chips=3, money=Decimal("0.10"))
    >>> book = Ledger((LedgerLine("Ann", 30, stack=34), LedgerLine("Bob", 30, stack=26)))
    >>> nets, odd = money_nets(book, rate)
    >>> nets
    {'Ann': 13, 'Bob': -13}
    >>> print(*odd)  # doctest: +NORMALIZE_WHITESPACE
    not a whole number of 0.01 at 3 chips = 0.10: Ann +4 chips = 0.1333… (0.13 settled),
    Bob -4 chips = -0.1333… (-0.13 settled)
    >>> lines = [LedgerLine(n, 30, stack=31) for n in ("Ann", "Bob", "Cy")]
    >>> nets, odd = money_nets(Ledger((*lines, LedgerLine("Dee", 30, stack=27))), rate)
    >>> nets, sum(nets.values())
    ({'Ann': 4, 'Bob': 3, 'Cy': 3, 'Dee': -10}, 0)
    >>> print(odd[-1])
    0.01 lost to rounding: Ann gets 0.01 more
    """
    nets: dict[str, int] = {}
    exacts: dict[str, Fraction] = {}
    parts: list[str] = []
    for line in book.lines:
        whole = rate.line(line.paid_in, line.stack + line.cashed_out)[2].units
        nets[line.name] = whole
        exact = rate.exact_units(line.net)
        exacts[line.name] = exact
        if exact != whole:
            parts.append(
                f"{printable(line.name)} {line.net:+,} chips = "
                f"{format_money(exact, rate.currency, rate.unit)} "
                f"({format_money(whole, rate.currency, rate.unit)} settled)"
            )
    odd = (
        [f"not a whole number of {rate.unit} at {rate.describe()}: " + ", ".join(parts)]
        if parts
        else []
    )
    worth = rate.units(sum(line.net for line in book.lines))[0]  # what the chips' total is
    residue = sum(nets.values()) - worth
    if residue:
        odd.append(_rounding(nets, exacts, residue, rate))
    return nets, odd


def _rounding(
    nets: dict[str, int], exacts: Mapping[str, Fraction], residue: int, rate: ChipRate
) -> str:
    """Move ``residue`` units (the rounded nets' sum less what the chips are worth) one
    each off the nets that rounding favoured most in that direction, the largest
    remainders first (the biggest net breaks a tie); the sentence saying whose net
    moved. Taking them all off one side (say, the one winner of a five-player game)
    could move a net several units from its exact value; this way none moves more
    than one unit from it."""
    sign = 1 if residue > 0 else -1
    order = sorted(nets, key=lambda n: (-(nets[n] - exacts[n]) * sign, -abs(nets[n])))
    moved: dict[str, int] = {}
    for i in range(abs(residue)):
        name = order[i % len(order)]
        nets[name] -= sign
        moved[name] = moved.get(name, 0) + 1
    said = ", ".join(_moved_words(n, nets[n], k * sign, rate) for n, k in moved.items())
    return f"{format_money(abs(residue), rate.currency, rate.unit)} lost to rounding: {said}"


def _moved_words(name: str, net: int, taken: int, rate: ChipRate) -> str:
    """``Dee pays 0.01 less`` / ``Ann gets 0.01 more``: a net moved by ``taken`` units
    (positive: taken off the net) said as the player sees it."""
    pays = net < 0
    more = (taken > 0) == pays
    verb = "pays" if pays else "gets"
    amount = format_money(abs(taken), rate.currency, rate.unit)
    return f"{printable(name)} {verb} {amount} {'more' if more else 'less'}"


def _add(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for k, v in b.items():
        out[k] = out.get(k, 0) + v
    return out


def _part(
    nets: dict[str, int],
    bank_mode: bool,
    in_money: bool,
    currency: str,
    unit: Decimal,
    decimals: int = 0,
) -> Part:
    players = {k: v for k, v in nets.items() if k != BANK}
    transfers = banker(players) if bank_mode else settle(nets)
    left = unsettled(nets, transfers)
    return Part(nets, transfers, left, in_money, currency, unit, decimals)


def settlement(book: Ledger, *, bank: bool = False) -> Settlement:
    """The settle-up of ``book``: fewest transfers, or banker mode with ``bank`` (R12.2).

    >>> from omaha_tui.engine.state import LedgerLine
    >>> rate = ChipRate(chips=100, money=Decimal("10.00"), currency="EUR")
    >>> book = Ledger((LedgerLine("Ann", 200, stack=550), LedgerLine("Bob", 200, stack=0),
    ...                LedgerLine("Cy", 200, stack=50)), money=rate)
    >>> [str(t) for t in settlement(book).transfers]
    ['Bob pays Ann 2000', 'Cy pays Ann 1500']
    >>> settlement_lines(settlement(book, bank=True))[1:]
    ['Bob pays the bank 20.00 EUR', 'Cy pays the bank 15.00 EUR', 'the bank pays Ann 35.00 EUR']
    """
    rate = book.money
    currency, unit = (rate.currency, rate.unit) if rate is not None else ("", DEFAULT_UNIT)
    extra, said, odd = expense_nets(book.expenses, unit, currency)
    if rate is not None:
        nets, odd_rate = money_nets(book, rate)
        parts: tuple[Part, ...] = (_part(_add(nets, extra), bank, True, currency, unit),)
        odd = odd_rate + odd
    else:
        chips = {line.name: line.net for line in book.lines}
        parts = (_part(chips, bank, False, "", unit, book.decimals),)
        if extra:
            parts += (_part(extra, bank, True, "", unit),)
    return Settlement(book, parts, bank, tuple(odd), tuple(said))


def _left_text(part: Part) -> str | None:
    if not part.left:
        return None
    bits = []
    for name, n in part.left.items():
        shown = part.amount(abs(n))
        if name == BANK:
            bits.append(f"the bank is {shown} {'short' if n > 0 else 'over'}")
        elif n > 0:
            bits.append(f"{printable(name)} is still owed {shown} that nobody lost")
        else:
            bits.append(f"{printable(name)} still owes {shown} that nobody won")
    return "not settled: " + "; ".join(bits) + " (the chips do not balance)"


def settlement_lines(plan: Settlement) -> list[str]:
    """The settle-up as lines: a heading, one line per payment, then what is stated
    apart (expenses, odd units, what does not balance). The players' display shows these.

    >>> from omaha_tui.engine.state import LedgerLine
    >>> settlement_lines(settlement(Ledger((LedgerLine("Ann", 100, stack=135),
    ...                                     LedgerLine("Bob", 100, stack=65)))))
    ['Settle-up in chips (fewest payments):', 'Bob pays Ann 35']
    """
    rate = plan.book.money
    mode = "through the bank" if plan.banker else "fewest payments"
    head = f"Settle-up at {rate.describe()} ({mode}):" if rate else f"Settle-up in chips ({mode}):"
    lines = [head]
    for i, part in enumerate(plan.parts):
        if i:
            lines.append(f"Expenses, in money ({mode}):")
        for t in part.transfers:
            lines.append(f"{printable(t.payer)} pays {printable(t.payee)} {part.amount(t.amount)}")
        if not part.transfers:
            lines.append("nobody owes anything")
        left = _left_text(part)
        if left is not None:
            lines.append(left)
    lines += [f"expense: {s}" for s in plan.expense_lines]
    lines += [f"odd money: {s}" for s in plan.odd]
    return lines


def session_settlement(state: TableState, *, bank: bool = False) -> list[str]:
    """The settlement lines of a table as it stands (the players' display's end screen).

    >>> from tests.tables import quick_table
    >>> session_settlement(quick_table())
    ['Settle-up in chips (fewest payments):', 'nobody owes anything']
    """
    return settlement_lines(settlement(ledger(state), bank=bank))


def settlement_text(plan: Settlement, title: str = "") -> str:
    """The settle-up as a short text to paste into a group chat: the nets, who pays whom,
    then the expenses and what is stated apart.

    >>> from omaha_tui.engine.state import LedgerLine
    >>> rate = ChipRate(chips=1, money=Decimal("0.10"), currency="EUR")
    >>> print(settlement_text(settlement(Ledger((LedgerLine("Ann", 100, stack=135),
    ...     LedgerLine("Bob", 100, stack=65)), money=rate)), "Friday"))
    Friday (1 chip = 0.10 EUR)
    Ann +3.50 EUR, Bob -3.50 EUR
    Bob pays Ann 3.50 EUR
    """
    rate = plan.book.money
    head = title or "Settle-up"
    out = [f"{printable(head)} ({rate.describe()})" if rate else printable(head)]
    nets = []
    for line in plan.book.lines:
        if rate is not None:
            net = rate.line(line.paid_in, line.stack + line.cashed_out)[2]  # R12.1
            nets.append(f"{printable(line.name)} {net.text(sign=True)}")
        else:
            nets.append(f"{printable(line.name)} {line.net:+,}")
    out.append(", ".join(nets))
    body = settlement_lines(plan)[1:]
    out += [b for b in body if b != "nobody owes anything"] or ["nobody owes anything"]
    return "\n".join(out)


def money_of(book: Ledger, chips: int) -> Money | None:
    """``chips`` in the book's money (toward zero), or ``None`` when chips have no value."""
    return book.money.money_of(chips) if book.money is not None else None


__all__ = [
    "Part",
    "Settlement",
    "expense_nets",
    "money_nets",
    "money_of",
    "session_settlement",
    "settlement",
    "settlement_lines",
    "settlement_text",
]
