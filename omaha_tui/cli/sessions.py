"""``omaha-tui sessions``: list the sessions recorded in the journal."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from datetime import UTC, datetime
from typing import Any

from omaha_tui.cli import add_db_option, fail
from omaha_tui.engine.labels import printable

HELP = "list recorded sessions (resume one with: play --resume ID)"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("sessions", help=HELP, description=HELP + ".")
    parser.add_argument("--json", action="store_true", help="print the list as JSON")
    add_db_option(parser)
    parser.set_defaults(func=run)


def local_time(stamp: str) -> str:
    """A journal time (ISO 8601, UTC) in this machine's time zone, to the minute.

    >>> import os, time
    >>> os.environ["TZ"] = "Europe/Paris"; time.tzset()
    >>> local_time("2026-01-05T21:30:12+00:00"), local_time("2026-07-05T21:30:12")
    ('2026-01-05 22:30', '2026-07-05 23:30')
    >>> del os.environ["TZ"]; time.tzset()
    """
    try:
        when = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp[:16].replace("T", " ")
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.read_only import open_journal
    from omaha_tui.store.journal import JournalError
    from omaha_tui.store.paths import resolve_db_path

    db = resolve_db_path(getattr(args, "db", None))
    if not db.exists():
        if args.json:
            print("[]")
        else:
            print(printable(f"no sessions yet (no journal at {db})"))
        return 0
    try:
        with open_journal(args) as journal:
            infos = journal.sessions()
            last = journal.last_unfinished()
    except JournalError as e:
        return fail("sessions", str(e), 1)
    if args.json:
        print(json.dumps([asdict(i) for i in infos], indent=1))
        return 0
    from rich.console import Console
    from rich.table import Table

    from omaha_tui.cli.shown import plain

    console = Console()
    if not infos:
        console.print(plain(f"no sessions yet in {db}"), soft_wrap=True)
        return 0
    table = Table(title=plain(f"sessions in {db}"), title_justify="left")
    zone = datetime.now().astimezone().strftime("%Z") or "local time"
    columns = ("id", "title", f"started ({zone})", f"last event ({zone})", "hands", "events")
    for column in (*columns, "status"):
        table.add_column(column, justify="right" if column in ("id", "hands", "events") else "left")
    for i in infos:
        status = "finished" if i.finished else "open"
        if last is not None and i.id == last.id:
            status = "open (resume: play --resume)"
        table.add_row(
            str(i.id),
            plain(i.title),
            local_time(i.created),
            local_time(i.updated),
            str(i.hands),
            str(i.event_count),
            status,
        )
    console.print(table)
    return 0
