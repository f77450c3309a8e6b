"""``omaha-tui check [ID]``: is the journal sound, is each session's record whole.

Reads the journal only. One line for the file, then one per session (or for ``ID``):
its events, whether their chain of hashes is intact, and where resuming starts. The
exit status is 1 when anything is damaged.
"""

from __future__ import annotations

import argparse
from typing import Any

from omaha_tui.cli import add_db_option, fail, session_id

HELP = "check the journal's health: the file, each session's events and their chain"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("check", help=HELP, description=HELP + ".")
    parser.add_argument("session", type=session_id, nargs="?", metavar="ID", help="default: all")
    add_db_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from omaha_tui.cli.read_only import open_journal
    from omaha_tui.cli.shown import printable
    from omaha_tui.store.health import report
    from omaha_tui.store.journal import JournalError

    try:
        with open_journal(args) as journal:
            findings = report(journal, args.session)
    except JournalError as e:
        return fail("check", str(e), 1)
    for finding in findings:
        print(printable(finding.text))
    return 0 if all(f.ok for f in findings) else 1
