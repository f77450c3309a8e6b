"""``omaha-tui backup [ID] FILE``: a consistent copy of the journal, even while in use.

Uses SQLite's online backup, so what is still in the write-ahead log is included and
a table being played is copied as it stands. With ``ID``, the copy holds that session
only. The copy is a journal of its own: ``--db FILE`` reads or resumes it.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from omaha_tui.cli import add_db_option, fail, path_name, session_id

HELP = "copy the journal (or one session) to FILE safely, even while a table is played"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("backup", help=HELP, description=HELP + ".")
    parser.add_argument(
        "target", nargs="+", metavar="[ID] FILE", type=path_name, help="session id, then file"
    )
    parser.add_argument("--force", action="store_true", help="replace an existing FILE")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.read_only import open_journal
    from omaha_tui.cli.shown import printable
    from omaha_tui.store.backup import backup
    from omaha_tui.store.files import FileRefused
    from omaha_tui.store.journal import JournalError

    words = list(args.target)
    if len(words) > 2:
        return fail("backup", "give at most a session id and a file name", 2)
    sid = None
    if len(words) == 2:
        try:
            sid = session_id(words[0])
        except argparse.ArgumentTypeError as e:
            return fail("backup", str(e), 2)
    target = Path(words[-1])
    try:
        with open_journal(args) as journal:
            copied = backup(journal, target, sid, force=args.force)
    except (JournalError, FileRefused) as e:
        return fail("backup", str(e), 1)
    what = f"session {sid}" if sid is not None else f"{copied} session{'s' * (copied != 1)}"
    print(printable(f"copied {what} to {target}"))
    return 0
