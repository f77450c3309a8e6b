"""``omaha-tui console``: run a table one command per line (stdin in, one line out each).

Opens a new session from ``play``'s flags (``--game --blinds --players``...) or
continues one with ``--resume [ID]``. ``--json`` prints one JSON object per command.
The exit code is 0 unless the journal cannot be opened (2) or written (1).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from omaha_tui.cli import add_db_option, fail
from omaha_tui.cli.play import add_table_options

COMMANDS = "{commands}"
"""Where the console's description lists its commands, filled in from the session's
command table (:func:`omaha_tui.session.commands.usage`) only when help is shown."""


class _CommandsHelp(argparse.HelpFormatter):
    """The help of ``console``, its commands read from the one command table that the
    console itself answers with (so ``--help`` and ``help`` list the same words), loaded
    only when the help is asked for."""

    def add_text(self, text: str | None) -> None:
        if text is not None and COMMANDS in text:
            from omaha_tui.session.commands import usage

            text = text.replace(COMMANDS, usage())
        super().add_text(text)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser(
        "console",
        help="run the table as text: one command per line",
        description=(
            "Run the table as text, one command per line (for screen readers, typists and "
            f"scripts). Commands: {COMMANDS}."
        ),
        formatter_class=_CommandsHelp,
    )
    add_table_options(p)
    p.add_argument("--json", action="store_true", help="one JSON object per command")
    add_db_option(p)
    p.set_defaults(func=run)


def _fail(message: str, code: int = 2) -> int:
    return fail("console", message, code)


def run(args: argparse.Namespace) -> int:
    """Open or resume the session, then answer stdin line by line."""
    from omaha_tui.cli.play import resume_id, table_money, table_start
    from omaha_tui.console import Console, read_lines
    from omaha_tui.engine.decisions.requests import SetChipValue
    from omaha_tui.memory import settle_memory
    from omaha_tui.session import Session, SessionError
    from omaha_tui.store.journal import Journal, JournalError, SessionBusy

    try:
        setup = table_start(args)
        which = resume_id(args.resume)
        money = table_money(args)
    except ValueError as e:
        return _fail(str(e))
    if setup is None and args.resume is None:
        return _fail('give the table (--players "Ann:200,Bob:200" ...) or --resume [ID]')
    db = getattr(args, "db", None)
    try:
        # The page scan, whose time grows with the file, follows the first answer.
        journal = Journal.open(Path(db) if db else None, scan=False)
    except JournalError as e:
        return _fail(str(e))
    try:
        if setup is not None:
            # The board rows are read at the first all-in spot (console.report), not
            # before the first answer.
            events = setup.events()
            session = Session.create(journal, events, setup.name, setup.schedule, warm_rows=False)
        else:
            if which == "last":
                last = journal.last_unfinished()
                if last is None:
                    return _fail("no unfinished session to resume: give --players to start one")
                which = last.id
            session = Session.resume(journal, int(which or 0), warm_rows=False)
        settle_memory()  # loaded: from here on the collector looks only at what is new
        console = Console(session, sys.stdout, as_json=args.json)
        if setup is None and money is not None:  # R12.1: a value given on resuming
            value = SetChipValue(money.chips, money.money, money.currency, money.unit)
            console.print(session.request(value))
        check_log = True  # the whole record's check, once the first answer is out
        if sys.stdin.isatty() and not args.json:  # a person at the prompt: say where they are
            print(console.greeting())
            if (damage := session.damage()) is not None:
                print(f"refused: {damage}")
            check_log = False
        try:
            return console.run(read_lines(sys.stdin), check_log=check_log)
        finally:
            session.close()  # a journal written anew
    except SessionError as e:
        return _fail(str(e))
    except (JournalError, SessionBusy) as e:
        return _fail(str(e), 2)
    finally:
        journal.close()
