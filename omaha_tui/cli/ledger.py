"""``omaha-tui ledger [ID]``: buy-ins, rebuys, cash-outs and nets, the balance check and
who pays whom (the fewest transfers, or ``--banker``: through the bank, R12.2), in money
too when the chips have a value (R12.1), with the shared expenses (R12.3). ``--csv`` and
``--json`` print machine-readable forms, ``--text`` a short settlement for a group chat.
Without an id, the most recently updated session is shown.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from omaha_tui.cli import add_db_option, fail, journal_exit, session_id

if TYPE_CHECKING:
    from rich.text import Text

HELP = "a session's ledger, balance check and settle-up"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("ledger", help=HELP, description=HELP + ".")
    parser.add_argument("session", type=session_id, nargs="?", metavar="ID", help="default: latest")
    form = parser.add_mutually_exclusive_group()
    form.add_argument("--csv", action="store_true", help="print the ledger as CSV")
    form.add_argument("--json", action="store_true", help="print ledger and settle-up as JSON")
    parser.add_argument(
        "--until-damage",
        action="store_true",
        help="read a damaged session up to its first damaged event (see: check)",
    )
    form.add_argument(
        "--text", action="store_true", help="print a short settlement to paste into a group chat"
    )
    parser.add_argument(
        "--banker",
        action="store_true",
        help="settle through the bank: every loser pays it, it pays every winner (R12.2)",
    )
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.read_only import open_journal
    from omaha_tui.engine.errors import RuleError
    from omaha_tui.engine.rules.money import format_money
    from omaha_tui.store.journal import JournalError
    from omaha_tui.store.ledger import imbalance_text, ledger, ledger_csv, settle_up
    from omaha_tui.store.ledger_json import ledger_json
    from omaha_tui.store.settlement import settlement, settlement_lines, settlement_text

    try:
        with open_journal(args) as journal:
            infos = journal.sessions()
            if args.session is None:
                if not infos:
                    return fail("ledger", f"no sessions yet in {journal.path}", 1)
                info = max(infos, key=lambda i: (i.updated, i.id))
            else:
                info = journal.session(args.session)
            state = journal.load_state(info.id, until_damage=args.until_damage)
            book = ledger(state)
            found = journal.check_chain(info.id) if args.until_damage else None
    except (JournalError, RuleError) as e:
        fail("ledger", str(e))
        return journal_exit(e)
    if found is not None and found.bad is not None:
        fail(
            "ledger",
            f"session {info.id} as it stood before damaged event "
            f"{found.bad} (its first {found.good} events)",
        )
    from omaha_tui.store.tournament_ledger import tournament_book

    money = tournament_book(state)
    if money is not None:  # R11: money in and prizes out, not chips
        return _tournament(money, args, f"session {info.id}: {info.title}")
    if args.csv:
        sys.stdout.write(ledger_csv(book))
        return 0
    if args.json:
        sys.stdout.write(ledger_json(book, bank=args.banker) + "\n")
        return 0
    plan = settlement(book, bank=args.banker)
    if args.text:
        sys.stdout.write(settlement_text(plan, info.title) + "\n")
        return 0
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    console = Console()
    # Light rules and short headers that wrap at a space, so 80 columns hold every
    # column whole: no header or name is cut to "corre…" (a long name folds instead).
    table = Table(
        title=plain(f"session {info.id}: {info.title}"),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    rate = book.money
    columns = ["player", "buy-in", "rebuys", "chips corrected", "cashed out", "stack", "net"]
    if rate is not None:
        cur = f" {rate.currency}" if rate.currency else ""
        columns += [f"paid in{cur}", f"net{cur}"]
    names = max((len(plain(x.name).plain) for x in book.lines), default=6)
    for column in columns:
        player = column == "player"
        table.add_column(
            column,
            justify="left" if player else "right",
            min_width=min(names, 24) if player else None,
        )
    from omaha_tui.engine.units import amount_text

    def amount(chips: int, sign: str = "") -> str:
        return amount_text(chips, book.decimals, sign=bool(sign))

    for x in book.lines:
        net = amount(x.net, "+")
        row: list[Text | str] = [
            plain(x.name),
            amount(x.buy_in),
            amount(x.rebuys),
            amount(x.corrections, "+") if x.corrections else "0",
            amount(x.cashed_out),
            amount(x.stack) if x.seated else "-",
            f"[green]{net}[/]" if x.net > 0 else (f"[red]{net}[/]" if x.net else "0"),
        ]
        if rate is not None:
            paid, _, won = rate.line(x.paid_in, x.stack + x.cashed_out)  # R12.1: subtracts
            row += [format_money(paid.units, "", rate.unit), format_money(won.units, "", rate.unit)]
            if won.units > 0:
                row[-1] = f"+{row[-1]}"
        table.add_row(*row)
    console.print(table)
    style = "green" if book.balanced else "bold red"
    console.print(plain(book.explain(), style))
    if rate is None and not book.expenses and not args.banker:
        transfers = settle_up(book)
        if transfers:
            console.print("settle-up:")
            for t in transfers:
                console.print(plain(f"  {book.transfer_text(t)}"))
        else:
            console.print("settle-up: nobody owes anything")
        leftover = imbalance_text(book, transfers)
        if leftover is not None:
            console.print(plain(leftover, "bold red"))
        return 0
    lines = settlement_lines(plan)
    console.print(plain(lines[0].removesuffix(":").replace("Settle-up", "settle-up") + ":"))
    for line in lines[1:]:
        bad = line.startswith(("not settled", "odd money"))
        console.print(plain(f"  {line}" if not bad else line, "bold red" if bad else ""))
    return 0


def _tournament(book: Any, args: argparse.Namespace, title: str) -> int:
    """A tournament's ledger in every mode (R11, R12.2): entries, rebuys and add-ons and
    what they cost, prizes, nets and best finishes, the pool and the fee, the deal and
    each prize, what a deal kept, and the settle-up (the fewest payments, or ``--banker``
    through the bank); ``--json``, ``--csv`` and ``--text`` say the same."""
    from omaha_tui.store.tournament_ledger import book_csv, book_json, book_text

    if args.json:
        sys.stdout.write(book_json(book, bank=args.banker) + "\n")
        return 0
    if args.csv:
        sys.stdout.write(book_csv(book))
        return 0
    if args.text:
        sys.stdout.write(book_text(book, title, bank=args.banker) + "\n")
        return 0
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    m = book.m
    console = Console()
    table = Table(title=plain(title), title_justify="left")
    columns = ("player", "entries", "rebuys", "add-ons", "paid", "prize", "net", "best finish")
    for column in columns:
        table.add_column(column, justify="left" if column == "player" else "right")
    for x in book.lines:
        net = ("+" if x.net > 0 else "") + m(x.net)
        table.add_row(
            plain(x.name),
            str(x.entries),
            str(x.rebuys),
            str(x.add_ons),
            m(x.paid),
            m(x.prize),
            f"[green]{net}[/]" if x.net > 0 else (f"[red]{net}[/]" if x.net else "0"),
            "-" if x.best is None else str(x.best),
        )
    console.print(table)
    for line in book.summary():
        console.print(plain(line))
    transfers = book.transfers(bank=args.banker)
    mode = " (through the bank)" if args.banker else ""
    console.print(f"settle-up{mode}:" if transfers else "settle-up: nobody owes anything")
    for t in transfers:
        console.print(plain(f"  {t}"))
    return 0
