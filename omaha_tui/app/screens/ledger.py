"""The ledger screen: who bought in for what, who is up or down, and who pays whom.

The App computes the ledger and the settle-up with the store and hands this screen
plain data (anything with the attributes of :class:`LedgerRow` and
:class:`TransferRow`), so the screen never imports the store. Nets carry their sign
and a word ("up"/"down"), so they read without colour. When the chips do not balance,
what the settle-up cannot pay has a line of its own ("Not settled: ..."), as in the
CLI. Given :class:`Settlements` (the store's settlement lines in both modes, R12.2), the
screen shows them in money when the chips have a value (R12.1), ``b`` switches between
the fewest payments and banker mode, and ``c`` copies the settlement text to the
clipboard for the group chat. Every name is shown as text, never as markup. The screen
changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from omaha_tui.engine.labels import printable
from omaha_tui.engine.state import TableState, ledger_lines
from omaha_tui.engine.units import amount_text
from omaha_tui.session.view import shown


class LedgerRow(Protocol):
    """One player's money over the session (the store's ``LedgerLine`` fits)."""

    @property
    def name(self) -> str: ...
    @property
    def buy_in(self) -> int: ...
    @property
    def rebuys(self) -> int: ...
    @property
    def corrections(self) -> int: ...
    @property
    def cashed_out(self) -> int: ...
    @property
    def stack(self) -> int: ...
    @property
    def net(self) -> int: ...


class TransferRow(Protocol):
    """One payment of the settle-up (the store's ``Transfer`` fits)."""

    @property
    def payer(self) -> str: ...
    @property
    def payee(self) -> str: ...
    @property
    def amount(self) -> int: ...


@dataclass(frozen=True)
class Settlements:
    """The settle-up as the store says it: ``lines`` and chat ``text`` per mode (``True``:
    banker mode), the mode shown first and ``money`` (each net in money, or empty)."""

    lines: Mapping[bool, Sequence[str]]
    text: Mapping[bool, str]
    bank: bool = False
    money: str = ""


COLUMNS = ("Player", "Buy-in", "Rebuys", "Corr.", "Cashed out", "Stack", "Net")


def net_markup(net: int, decimals: int = 0) -> str:
    """``[$success]+35 up[/]`` / ``[$error]-20 down[/]`` / ``even``."""
    if net > 0:
        return f"[$text-success]{amount_text(net, decimals, sign=True)} up[/]"
    if net < 0:
        return f"[$text-error]{amount_text(net, decimals)} down[/]"
    return "even"


def transfer_text(t: TransferRow, decimals: int = 0) -> str:
    """``Bob pays Ann 35``."""
    return shown(f"{t.payer} pays {t.payee} {amount_text(t.amount, decimals)}")


def ledger_table(lines: Sequence[LedgerRow], decimals: int = 0) -> str:
    """The ledger as aligned markup rows (theme colours on the net column only), amounts
    as the table counts them (``decimals``)."""

    def m(chips: int, sign: bool = False) -> str:
        return amount_text(chips, decimals, sign=sign)

    width = max([len(COLUMNS[0]), *(len(printable(line.name)) for line in lines)])
    sizes = (width, 8, 7, 6, 10, 8)

    def row(cells: Sequence[str]) -> str:
        first = printable(cells[0]).ljust(sizes[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], sizes[1:], strict=False)]
        return "  ".join([shown(first), *rest])

    out = [f"[b]{row(COLUMNS[:-1])}  {COLUMNS[-1]}[/b]"]
    totals = [0] * 5
    for line in lines:
        amounts = (line.buy_in, line.rebuys, line.corrections, line.cashed_out, line.stack)
        totals = [a + b for a, b in zip(totals, amounts, strict=True)]
        cells = [
            line.name,
            m(line.buy_in),
            m(line.rebuys) if line.rebuys else "-",
            m(line.corrections, True) if line.corrections else "-",
            m(line.cashed_out) if line.cashed_out else "-",
            m(line.stack),
        ]
        out.append(f"{row(cells)}  {net_markup(line.net, decimals)}")
    net_total = sum(line.net for line in lines)
    cells = ["Total", *(m(t) for t in totals)]
    out.append(f"[dim]{row(cells)}  {m(net_total, True)}[/dim]")
    return "\n".join(out)


class LedgerScreen(Screen[None]):
    """The session ledger and the fewest payments that settle it."""

    CSS_PATH = "ledger.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "close", "Back"),
        Binding("b", "switch_mode", "Banker / fewest"),
        Binding("c", "copy", "Copy settlement"),
    ]

    def __init__(
        self,
        lines: Sequence[LedgerRow] | TableState,
        transfers: Sequence[TransferRow] | None = None,
        balance: str = "",
        title: str = "Ledger",
        unsettled: str | None = None,
        decimals: int = 0,
        settle: Settlements | None = None,
    ) -> None:
        """Show ``lines`` (the store's ``Ledger.lines``), ``transfers`` (its settle-up),
        ``balance`` (``Ledger.explain()``) and ``unsettled`` (the store's
        ``imbalance_text``: chips the settle-up cannot pay because they do not balance).

        Given a ``TableState`` instead, the lines come from the engine's ledger and the
        settle-up is left out unless ``transfers`` is given (it lives in the store).
        ``settle`` (R12): the store's settlement in both modes, shown instead of
        ``transfers`` and ``unsettled``.
        """
        super().__init__()
        self._decimals = decimals
        if isinstance(lines, TableState):
            if lines.config is not None:
                self._decimals = lines.config.decimals
            lines = ledger_lines(lines)
            if not balance:
                off = sum(line.net for line in lines)
                total = amount_text(off, self._decimals, sign=True)
                balance = (
                    "the chips balance: the nets add up to 0"
                    if off == 0
                    else f"the chips do not balance: the nets add up to {total}"
                )
        self._lines = tuple(lines)
        self._transfers = None if transfers is None else tuple(transfers)
        self._balance = balance
        self._unsettled = unsettled
        self._title = title
        self._settle = settle
        self._bank = settle.bank if settle is not None else False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="ledger"):
            yield Static(self._title, id="ledger-title")
            yield Static(ledger_table(self._lines, self._decimals), id="ledger-table")
            if self._balance:
                balanced = self._balance.startswith("the chips balance")
                yield Static(
                    shown(self._balance[:1].upper() + self._balance[1:]),
                    id="balance",
                    classes="ok" if balanced else "off",
                )
            if self._settle is not None:
                if self._settle.money:
                    yield Static(shown(self._settle.money), id="money")
                yield Static("Settle up", classes="section")
                yield Static(self._settle_markup(), id="settlement")
                yield Static(
                    "[dim]b: banker mode / fewest payments   c: copy for the group chat[/dim]",
                    id="settle-keys",
                )
                yield Footer()
                return
            yield Static("Settle up", classes="section")
            if self._transfers is None:
                yield Static("[dim]Settle-up not available here.[/dim]", id="transfers")
            elif self._transfers:
                yield Static(
                    "\n".join(transfer_text(t, self._decimals) for t in self._transfers),
                    id="transfers",
                )
            elif not self._unsettled:
                yield Static("Nobody owes anybody anything.", id="transfers")
            if self._unsettled:  # never folded quietly into one player's payment
                text = self._unsettled[:1].upper() + self._unsettled[1:]
                yield Static(shown(text), id="unsettled", classes="off")
        yield Footer()

    def _settle_markup(self) -> str:
        assert self._settle is not None
        out = []
        for line in self._settle.lines[self._bank]:
            text = shown(line)
            if line.startswith(("not settled", "odd money")):
                text = f"[$text-error][b]{text}[/b][/]"  # never folded into one payment
            out.append(text)
        return "\n".join(out)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``b`` and ``c`` exist only where there is a settlement to switch or copy."""
        if action in ("switch_mode", "copy"):
            return self._settle is not None
        return True

    def action_switch_mode(self) -> None:
        """R12.2: show the settle-up through the bank, or by the fewest payments."""
        if self._settle is None:
            return
        self._bank = not self._bank
        self.query_one("#settlement", Static).update(self._settle_markup())

    def action_copy(self) -> None:
        """Copy the settlement text (the mode shown) to the clipboard for the group chat."""
        if self._settle is None:
            return
        self.app.copy_to_clipboard(self._settle.text[self._bank])
        mode = "through the bank" if self._bank else "fewest payments"
        self.notify(f"Settlement ({mode}) copied: paste it into the group chat.")

    def action_close(self) -> None:
        self.dismiss(None)


def ledger_screen(state: TableState, title: str, bank: bool = False) -> LedgerScreen:
    """The ledger screen of a table: its lines, both settle-ups (fewest payments and
    through the bank, R12.2) with their texts to copy, and the nets in money (R12.1)."""
    from omaha_tui.store.ledger import ledger
    from omaha_tui.store.settlement import settlement, settlement_lines, settlement_text

    book = ledger(state)
    plans = {mode: settlement(book, bank=mode) for mode in (False, True)}
    shown_plans = Settlements(
        {m: tuple(settlement_lines(p)) for m, p in plans.items()},
        {m: settlement_text(p, title) for m, p in plans.items()},
        bank,
        _money_line(book),
    )
    return LedgerScreen(
        book.lines, balance=book.explain(), settle=shown_plans, decimals=book.decimals
    )


def _money_line(book: Any) -> str:
    """R12.1: every player's net in money, for the ledger screen (empty without a value)."""
    rate = book.money
    if rate is None:
        return ""
    nets = ", ".join(
        f"{x.name} {rate.line(x.paid_in, x.stack + x.cashed_out)[2].text(sign=True)}"
        for x in book.lines
    )
    return f"At {rate.describe()}: {nets}"
