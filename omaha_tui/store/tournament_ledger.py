"""A tournament's ledger (R11, R12.2): each player's entries, rebuys and add-ons and what
they cost, the fee, the deal and each prize, every net, and the payments that settle them
up (the fewest, or through the bank).

Money is exact decimal, said in the money unit's places throughout; the settle-up runs
on whole money units through the cash game's settle-up. The fee is paid to the house,
and money a deal kept back for a winner not yet known is held as kept (R11.5), each as
a payee of its own, so every net adds up and nothing hides in anyone's result.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from decimal import Decimal

from omaha_tui.engine.narration.tournament import money, ordinal
from omaha_tui.engine.rules.settle import banker, settle
from omaha_tui.engine.rules.tournament.money import ZERO, units_in
from omaha_tui.engine.state import TableState

HOUSE = "the fee"
KEPT = "the winner's kept money"
UNWON = "the pool still to be won"


@dataclass(frozen=True)
class MoneyLine:
    """One player's money in a tournament: entries (the first and re-entries), rebuys
    and add-ons with what they cost, the prize won and the best finish."""

    name: str
    entries: int
    paid: Decimal
    prize: Decimal
    best: int | None
    rebuys: int = 0
    add_ons: int = 0
    entry_money: Decimal = ZERO
    rebuy_money: Decimal = ZERO
    add_on_money: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.prize - self.paid


@dataclass(frozen=True)
class MoneyTransfer:
    payer: str
    payee: str
    amount: Decimal
    unit: Decimal = Decimal(1)

    def __str__(self) -> str:
        return f"{self.payer} pays {self.payee} {money(self.amount, self.unit)}"


@dataclass(frozen=True)
class Prize:
    """A place paid: the place (shared by ``tied``), who, how much."""

    place: int
    name: str
    amount: Decimal
    tied: int = 1


@dataclass(frozen=True)
class TournamentBook:
    """The tournament's ledger: the lines, the fee, the pool and how it was made up, the
    deal and its kept money, the prizes by place, and what is not won yet."""

    lines: tuple[MoneyLine, ...]
    fee: Decimal
    pool: Decimal
    finished: bool
    unit: Decimal
    buy_in: Decimal = ZERO
    rebuy_cost: Decimal = ZERO
    add_on_cost: Decimal = ZERO
    deal: tuple[tuple[str, Decimal], ...] | None = None
    kept: Decimal = ZERO
    prizes: tuple[Prize, ...] = ()
    ended: bool = False

    @property
    def unwon(self) -> Decimal:
        """The pool not yet won by anyone (the places still playing, or what a deal kept)."""
        return self.pool - sum((x.prize for x in self.lines), ZERO)

    def m(self, amount: Decimal) -> str:
        """Money in the unit's places."""
        return money(amount, self.unit)

    def _nets(self) -> dict[str, int]:
        nets = {x.name: _units(x.net, self.unit) for x in self.lines}
        if self.fee:
            nets[HOUSE] = units_in(self.fee, self.unit)
        if self.unwon:  # R11.5: a deal's kept money is held until the winner is known
            nets[KEPT if self.deal is not None else UNWON] = _units(self.unwon, self.unit)
        return nets

    def transfers(self, *, bank: bool = False) -> list[MoneyTransfer]:
        """The fewest payments that settle every net, or through the bank (R12.2): the fee
        to the house, a deal's kept money held for its winner."""
        nets = self._nets()
        done = banker(nets) if bank else settle(nets)
        return [MoneyTransfer(t.payer, t.payee, t.amount * self.unit, self.unit) for t in done]

    def pool_words(self) -> str:
        """``pool 125 = 5 entries × 20 + 1 rebuy × 20 + 1 add-on × 10 − fee 5``."""
        entries = sum(x.entries for x in self.lines)
        rebuys = sum(x.rebuys for x in self.lines)
        add_ons = sum(x.add_ons for x in self.lines)
        parts = [f"{entries} entr{'y' if entries == 1 else 'ies'} × {self.m(self.buy_in)}"]
        if rebuys:
            parts.append(f"{rebuys} rebuy{'s' * (rebuys != 1)} × {self.m(self.rebuy_cost)}")
        if add_ons:
            parts.append(f"{add_ons} add-on{'s' * (add_ons != 1)} × {self.m(self.add_on_cost)}")
        text = f"prize pool {self.m(self.pool)} = " + " + ".join(parts)
        return text + (f" − fee {self.m(self.fee)}" if self.fee else "")

    def deal_words(self) -> str | None:
        """``deal: Ann 29, Bob 10, Cy 20, Dee 20`` (R11.5; what it kept is said apart,
        :meth:`unwon_words`, and once won is in the winner's prize)."""
        if self.deal is None:
            return None
        shares = ", ".join(f"{name} {self.m(a)}" for name, a in self.deal)
        return f"deal: {shares}"

    def prize_words(self) -> str:
        """``prizes: 1st Ann 30, 2nd Bob 10`` (``=`` for a shared place, R11.3)."""
        if not self.prizes:
            return "prizes: none yet"
        return "prizes: " + ", ".join(
            f"{ordinal(p.place)}{'=' if p.tied > 1 else ''} {p.name} {self.m(p.amount)}"
            for p in self.prizes
        )

    def unwon_words(self) -> str | None:
        """What is not won yet, said as what it is (R11.5 kept money, or still playing)."""
        if not self.unwon:
            return None
        if self.deal is not None:
            if self.ended and not self.finished:
                return (
                    f"the session ended before a winner: {self.m(self.unwon)} is kept "
                    "for the winner (R11.5)"
                )
            return f"{self.m(self.unwon)} kept for the winner until there is one (R11.5)"
        return f"{self.m(self.unwon)} still to be won: the tournament is still playing"

    def summary(self) -> list[str]:
        """The lines under the table: the pool, the deal, the prizes, what is not won."""
        out = [self.pool_words()]
        if (deal := self.deal_words()) is not None:
            out.append(deal)
        if self.prizes or self.deal is None:
            out.append(self.prize_words())
        if (unwon := self.unwon_words()) is not None:
            out.append(unwon)
        return out


def _units(amount: Decimal, unit: Decimal) -> int:
    return units_in(amount, unit) if amount >= 0 else -units_in(-amount, unit)


def tournament_book(state: TableState) -> TournamentBook | None:
    """The ledger of the tournament at this table, ``None`` at a cash table."""
    t = state.tournament
    if t is None:
        return None
    config = t.config
    won: dict[str, Decimal] = {}
    best: dict[str, int] = {}
    entries: dict[str, int] = {}
    add_ons: dict[str, int] = {}
    for name in t.entries:
        entries[name] = entries.get(name, 0) + 1
    for entry in t.add_ons:
        name = t.entries[entry - 1]
        add_ons[name] = add_ons.get(name, 0) + 1
    prizes_won = t.prizes_won()
    for entry, prize in prizes_won.items():
        name = t.entries[entry - 1]
        won[name] = won.get(name, ZERO) + prize
    placings = t.placings()
    for p in placings:
        name = t.entries[p.entry - 1]
        best[name] = min(best.get(name, p.place), p.place)
    add_on_cost = config.add_on.money if config.add_on is not None else ZERO
    lines = []
    for name, paid in t.paid:
        entry_money = config.buy_in * entries.get(name, 0)
        add_on_money = add_on_cost * add_ons.get(name, 0)
        rebuy_money = paid - entry_money - add_on_money
        rebuys = units_in(rebuy_money, config.rebuy_cost) if config.rebuy_cost else 0
        lines.append(
            MoneyLine(
                name,
                entries.get(name, 0),
                paid,
                won.get(name, ZERO),
                best.get(name),
                rebuys,
                add_ons.get(name, 0),
                entry_money,
                rebuy_money,
                add_on_money,
            )
        )
    prizes = tuple(
        Prize(p.place, t.entries[p.entry - 1], prizes_won.get(p.entry, ZERO), p.tied)
        for p in placings
        if prizes_won.get(p.entry, ZERO)
    )
    deal = None
    if t.deal is not None:
        deal = tuple((t.entries[e - 1], a) for e, a in t.deal)
    return TournamentBook(
        tuple(lines),
        config.fee,
        t.pool,
        t.finished,
        config.money_unit,
        buy_in=config.buy_in,
        rebuy_cost=config.rebuy_cost,
        add_on_cost=add_on_cost,
        deal=deal,
        kept=t.kept,
        prizes=prizes,
        ended=state.ended,
    )


def book_json(book: TournamentBook, *, bank: bool = False) -> str:
    """The ledger as JSON: money as exact decimal text in the unit's places."""
    m = book.m
    return json.dumps(
        {
            "tournament": True,
            "pool": m(book.pool),
            "fee": m(book.fee),
            "buy_in": m(book.buy_in),
            "rebuy": m(book.rebuy_cost),
            "add_on": m(book.add_on_cost),
            "finished": book.finished,
            "players": [
                {
                    "name": x.name,
                    "entries": x.entries,
                    "rebuys": x.rebuys,
                    "add_ons": x.add_ons,
                    "entry_money": m(x.entry_money),
                    "rebuy_money": m(x.rebuy_money),
                    "add_on_money": m(x.add_on_money),
                    "paid": m(x.paid),
                    "prize": m(x.prize),
                    "net": m(x.net),
                    "best_finish": x.best,
                }
                for x in book.lines
            ],
            "deal": None
            if book.deal is None
            else {"amounts": {n: m(a) for n, a in book.deal}, "kept": m(book.kept)},
            "prizes": [
                {"place": p.place, "name": p.name, "prize": m(p.amount), "tied": p.tied}
                for p in book.prizes
            ],
            "kept": m(book.unwon) if book.deal is not None else m(ZERO),
            "unwon": m(book.unwon),
            "banker": bank,
            "settle_up": [
                {"payer": t.payer, "payee": t.payee, "amount": m(t.amount)}
                for t in book.transfers(bank=bank)
            ],
        }
    )


CSV_COLUMNS = (
    "player",
    "entries",
    "rebuys",
    "add_ons",
    "entry_money",
    "rebuy_money",
    "add_on_money",
    "paid",
    "prize",
    "net",
    "best_finish",
)


def book_csv(book: TournamentBook) -> str:
    """The ledger as CSV: a row per player, then the fee, the kept money and each prize
    as rows of their own (``kind``), so a spreadsheet adds every net up."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(("kind", *CSV_COLUMNS))
    m = book.m
    for x in book.lines:
        w.writerow(
            (
                "player",
                x.name,
                x.entries,
                x.rebuys,
                x.add_ons,
                m(x.entry_money),
                m(x.rebuy_money),
                m(x.add_on_money),
                m(x.paid),
                m(x.prize),
                m(x.net),
                "" if x.best is None else x.best,
            )
        )
    empty = ("",) * 6
    if book.fee:
        w.writerow(("fee", HOUSE, *empty, "", m(book.fee), m(book.fee), ""))
    if book.deal is not None and book.unwon:
        w.writerow(("kept", KEPT, *empty, "", m(book.unwon), m(book.unwon), ""))
    for name, amount in book.deal or ():
        w.writerow(("deal", name, *empty, "", m(amount), "", ""))
    for p in book.prizes:
        w.writerow(("prize", p.name, *empty, "", m(p.amount), "", p.place))
    return out.getvalue()


def book_text(book: TournamentBook, title: str, *, bank: bool = False) -> str:
    """A short settlement to paste into a group chat: the nets, the pool, the deal, the
    prizes, what is kept, and who pays whom."""
    out = [title]
    out.append(", ".join(f"{x.name} {_signed(book, x.net)}" for x in book.lines))
    out += book.summary()
    transfers = book.transfers(bank=bank)
    out += [str(t) for t in transfers] or ["nobody owes anything"]
    return "\n".join(out)


def _signed(book: TournamentBook, amount: Decimal) -> str:
    text = book.m(abs(amount))
    return f"+{text}" if amount > 0 else (f"-{text}" if amount < 0 else text)
